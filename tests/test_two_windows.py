"""Two windows of the app on one data folder (issue 38): two real app processes (SDL dummy
driver, tests/two_windows.py). Neither loses the other's game or settings; a game open in one is
shown as open elsewhere in the other and cannot be played there; a killed window's game is taken
over at once."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


class Window:
    def __init__(self, data, clock_shift=0.0):
        env = dict(os.environ, ALICE_DATA_DIR=str(data), PYTHONPATH=str(ROOT),
                   SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   TWO_WINDOWS_CLOCK_SHIFT=str(clock_shift))
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.two_windows"], cwd=ROOT, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        assert self.read() == "ready"

    def read(self):
        line = self.proc.stdout.readline()
        assert line, self.proc.stderr.read()[-3000:]
        return json.loads(line)

    def __call__(self, *words):
        self.proc.stdin.write(" ".join(str(w) for w in words) + "\n")
        self.proc.stdin.flush()
        return self.read()

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=60)


@pytest.fixture
def windows(tmp_path):
    made = []

    def make(clock_shift=0.0):
        made.append(Window(tmp_path / "data", clock_shift))
        return made[-1]
    yield make
    for window in made:
        if window.proc.poll() is None:
            window.proc.kill()
            window.proc.wait()


def test_two_windows_keep_each_others_games_and_settings(windows):
    a, b = windows(), windows()
    a("new", "assemble", 2)
    a("play", 3)
    mine = a("state")
    assert mine["moves"] == 3 and mine["saved"]
    # B sees A's game as open elsewhere, and cannot take it
    assert b("listed") == [[mine["game_id"], "assemble", "elsewhere"]]
    refused = b("resume", mine["game_id"])
    assert not refused["table"] and "another window" in refused["toast"]
    # B plays a game of its own: A's is untouched
    b("new", "grayblock", 2)
    b("play", 2)
    theirs = b("state")
    assert theirs["game_id"] != mine["game_id"] and theirs["saved"]
    a("play", 1)
    assert a("state")["moves"] == 4 and a("state")["saved"]
    # a setting changed in either window is kept
    a("set", "sound", "false")
    b("set", "language", '"ja"')
    a("set", "volume", "40")
    assert sorted(b("listed")) == sorted([[mine["game_id"], "assemble", "elsewhere"],
                                          [theirs["game_id"], "grayblock", "mine"]])
    # A is killed with its game open: B takes it over at once, at its last move
    a.proc.send_signal(signal.SIGKILL)
    a.proc.wait()
    b("title")
    listed = b("listed")
    assert sorted(listed) == sorted([[mine["game_id"], "assemble", "free"],
                                     [theirs["game_id"], "grayblock", "free"]])
    resumed = b("resume", mine["game_id"])
    assert resumed["table"]
    assert b("state") == {"game_id": mine["game_id"], "moves": 4, "saved": True}
    b.close()
    c = windows()  # a third start: both games there once, and every setting both windows made
    assert sorted(c("listed")) == sorted([[mine["game_id"], "assemble", "free"],
                                          [theirs["game_id"], "grayblock", "free"]])
    kept = c("settings")
    assert kept["sound"] is False and kept["language"] == "ja" and kept["volume"] == 40
    c.close()


def test_windows_whose_clocks_differ_keep_their_own_games(windows):
    """Issue 56 item 3: the first window's clock is an hour behind (a laptop after sleep, NTP
    stepping): the second does not take its live game, and every later move of it is kept."""
    a, b = windows(-3600.0), windows()
    a("new", "assemble", 2)
    a("play", 3)
    mine = a("state")
    assert b("listed") == [[mine["game_id"], "assemble", "elsewhere"]]
    refused = b("resume", mine["game_id"])
    assert not refused["table"] and "another window" in refused["toast"]
    a("play", 2)
    assert a("state") == {"game_id": mine["game_id"], "moves": 5, "saved": True}
    a.close()  # it lets its game go: the second window may take it, at its last move
    assert b("listed") == [[mine["game_id"], "assemble", "free"]]
    assert b("resume", mine["game_id"])["table"]
    assert b("state") == {"game_id": mine["game_id"], "moves": 5, "saved": True}
    b.close()
