"""Issue 11, items 9 and 10: hostile or odd input to the command line gets one line on stderr and
exit status 2 (never a traceback, an "internal error", a hang), and messages say the right thing."""

import io
import json
import os
import subprocess
import sys
import time

import pytest

from game import cli, records
from game.assemble.record import new_session

ARABIC_3 = "\u0663"  # ARABIC-INDIC DIGIT THREE: str.isdigit() and int() both take it


def run(capsys, *args, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", stdin if not isinstance(stdin, str) else io.StringIO(stdin))
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_app_args(capsys, *args):
    """The entry point with app options, in this process (options are refused before any window)."""
    from scenes import main
    code = main.run(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(code, err, needle):
    assert code == 2, err
    assert err.count("\n") == 1, err
    assert needle in err, err
    assert "Traceback" not in err and "internal error" not in err, err


def record_text(**changes) -> str:
    rec = {"format": "alice-record", "version": 1, "game": "assemble", "seed": 1, "actions": []}
    rec.update(changes)
    return json.dumps(rec)


def finished_record():
    import random
    s = new_session(2, [{"name": "A", "seat": "human"}, {"name": "B", "seat": "easy"}])
    rng = random.Random(1)
    while not s.state.is_over():
        s.play(rng.choice(s.state.legal_actions()))
    return records.record_of(s)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def no_play(monkeypatch):
    """Selfplay must refuse before any game is played."""
    import game.play

    def refuse(*_a, **_k):
        raise AssertionError("a game was played")
    monkeypatch.setattr(game.play, "play_out", refuse)


# --- 9: records that blow up the JSON reader -------------------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 5000


@pytest.mark.parametrize("command", ["verify", "replay"])
@pytest.mark.parametrize("text, needle", [
    (record_text(actions=["@"]).replace('"@"', DEEP), "nested too deeply"),
    (record_text().replace('"seed": 1', f'"seed": {HUGE}'), "too long"),
    (record_text(actions=["@"]).replace('"@"', '{"lane": 0, "take": ' + HUGE + '}'), "too long"),
], ids=["deep-action", "huge-seed", "huge-action"])
def test_hostile_records_are_one_line(capsys, tmp_path, command, text, needle):
    code, out, err = run(capsys, command, write(tmp_path, "r.json", text))
    one_line(code, err, needle)
    assert out == ""


# --- 9: numbers on the command line -----------------------------------------------------------

# --- 9: files and folders ---------------------------------------------------------------------

def verify_in_process_or_subprocess(path):
    """A file that would hang or eat memory if read: a separate process with a time limit."""
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "verify", str(path)],
                          capture_output=True, text=True, timeout=30)
    return proc.returncode, proc.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_verify_of_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    code, err = verify_in_process_or_subprocess(fifo)
    one_line(code, err, "not a regular file")
    assert err.count(str(fifo)) == 1


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_verify_of_dev_zero_is_refused():
    code, err = verify_in_process_or_subprocess("/dev/zero")
    one_line(code, err, "not a regular file")


def test_verify_of_a_folder_and_of_a_too_large_file(capsys, tmp_path):
    code, _, err = run(capsys, "verify", str(tmp_path))
    one_line(code, err, "not a regular file")
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(17 * 1024 * 1024)  # sparse: no disk used
    code, _, err = run(capsys, "verify", str(big))
    one_line(code, err, "too large")


# --- 10: wording -----------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["verify", "replay"])
def test_paths_are_named_once(capsys, tmp_path, command):
    missing = str(tmp_path / "missing.json")
    code, _, err = run(capsys, command, missing)
    one_line(code, err, "no such file")
    assert err.count(missing) == 1


def test_a_record_with_a_byte_order_mark_verifies(capsys, tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(finished_record()).encode("utf-8"))
    code, out, err = run(capsys, "verify", str(path))
    assert code == 0 and json.loads(out) == {"verified": 1}, err
    assert records.parse_record("\ufeff" + record_text())["game"] == "assemble"


def test_player_names_are_capped_where_records_are_read(tmp_path):
    rec = finished_record()
    rec["players"][0]["name"] = "\x1b[31m" + "A" * 1_000_000 + "\n"
    rec["players"][1]["name"] = "\u200b\x07"  # nothing printable is left
    path = write(tmp_path, "r.json", json.dumps(rec))
    loaded = records.read_record(path)
    names = [p["name"] for p in loaded["players"]]
    assert names[0] == "[31m" + "A" * 20 and names[1] == "Player 2"
    assert all(len(n) <= records.NAME_LEN and n.isprintable() for n in names)
    session = records.replay(loaded)
    assert [p["name"] for p in session.meta["players"]] == names
    from scenes.config import GameConfig
    assert [s.name for s in GameConfig.from_record(loaded).seats] == names
