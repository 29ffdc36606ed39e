"""Fault injection: kill a process while it saves, many times, at random moments (issue 11).

A child process plays a game and saves it after every action (saves.save_game: a temp file, then
a rename). It is killed with SIGKILL at a random moment, then the next "start" checks the folder:
the autosave is always whole and loads (absent only before the first save ever), nothing but the
autosave and temp files of killed writes is there, and clean_leftovers removes those.
"""

import os
import random
import subprocess
import sys
import time
from pathlib import Path

from game import saves

KILLS = 50
ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import random, sys
from game import saves
from game.assemble.record import new_session
from game.assemble.setup import Rules
from game.records import record_of

rng = random.Random(int(sys.argv[1]))
players = [{"name": f"P{i}", "seat": "human"} for i in range(4)]
print("ready", flush=True)
first = True
while True:  # game after game, the record growing by one action per save
    session = new_session(rng.randrange(10 ** 6), players, Rules())
    while True:
        session.play(rng.choice(session.state.legal_actions()))
        if session.state.is_over():
            break  # a finished game is archived, not autosaved: start another
        problem = saves.save_game(record_of(session))
        if problem:
            sys.exit(problem)
        if first:
            print("saved", flush=True)
            first = False
"""


def test_killing_a_saving_process_never_leaves_a_broken_autosave(data_dir):
    rng = random.Random(11)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    report = {"kills": 0, "mid_write": 0, "loaded": 0}
    started, saved = time.monotonic(), False
    for n in range(KILLS):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(n)], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout.readline() == "ready\n", child.stderr.read()
        time.sleep(rng.uniform(0.0, 0.1))  # from before the first save to deep into a game
        child.kill()
        out, err = child.communicate(timeout=10)
        assert child.returncode == (-9 if os.name == "posix" else 1), err
        saved = saved or "saved" in out
        inspect(data_dir, saved, report)
    print(f"kill loop: {report} in {time.monotonic() - started:.1f} s")
    assert report["kills"] == KILLS and report["loaded"] >= KILLS - 5  # most kills came after a save
    assert report["mid_write"] >= 1  # and some landed inside a write


def inspect(folder: Path, saved: bool, report: dict) -> None:
    """What the next start of the app finds after a kill."""
    names = sorted(p.name for p in folder.iterdir()) if folder.exists() else []
    temps = [n for n in names if saves.LEFTOVER.match(n)]
    whole = ["autosave.json"] if saved else []  # absent only before the first save ever
    assert [n for n in names if n not in temps] == whole, names  # no other garbage
    report["kills"] += 1
    report["mid_write"] += bool(temps)
    if saved:
        session, record, message = saves.load_autosave()
        assert message is None and session is not None, message
        report["loaded"] += 1
    assert sorted(p.name for p in saves.clean_leftovers(older_than=0)) == temps  # nobody writes now
    assert sorted(p.name for p in folder.iterdir()) == whole
