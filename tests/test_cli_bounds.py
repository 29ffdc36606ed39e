"""Issue 40: what the command line reads is bounded. An endless --batch line, a verify of many
large records, booleans where a record has numbers, an empty path: one line and a non-zero exit,
never a hang, a MemoryError or a silent nothing."""

import io
import json
import os
import subprocess
import sys

import pytest

from cli_helpers import one_line, run
from waiting import HANG_S
from game.services import cli


# --- item 4: score --batch reads a line of at most MAX_LINE -------------------------------------

class Zeros(io.RawIOBase):
    """/dev/zero in this process, counting what was read from it."""

    def __init__(self):
        self.given = 0

    def readable(self):
        return True

    def readinto(self, buffer):
        n = len(buffer)
        buffer[:n] = bytes(n)
        self.given += n
        return n


class Stdin:
    """A stdin whose bytes are `raw` (as sys.stdin.buffer is)."""

    def __init__(self, raw):
        self.buffer = io.BufferedReader(raw)


def test_batch_of_an_endless_line_stops_at_the_bound(capsys, monkeypatch):
    zeros = Zeros()
    code, out, err = run(capsys, "score", "--batch", stdin=Stdin(zeros), monkeypatch=monkeypatch)
    one_line(code, err, "line 1 is longer than")
    assert zeros.given <= cli.MAX_LINE + 64 * 1024  # read up to the bound, not on and on
    results = [json.loads(x) for x in out.splitlines()]
    assert len(results) == 1 and results[0]["error"].startswith("line 1: longer than")


def test_an_over_long_line_ends_the_batch_after_the_lines_before(capsys, monkeypatch):
    """Its end could only be found by reading on without a bound (/dev/zero has none): the batch
    stops there, the lines before it scored and the line named."""
    lines = ('{"line": [31]}\n{"line": [1' + " " * cli.MAX_LINE + ']}\n{"line": [1]}\n')
    code, out, err = run(capsys, "score", "--batch", stdin=lines, monkeypatch=monkeypatch)
    one_line(code, err, "line 2 is longer than")
    results = [json.loads(x) for x in out.splitlines()]
    assert len(results) == 2 and results[0]["score"] == 25
    assert results[1]["error"].startswith("line 2: longer than")


def test_a_line_of_exactly_the_bound_is_read(capsys, monkeypatch):
    body = '{"line": [31]}'
    line = body + " " * (cli.MAX_LINE - len(body))
    code, out, err = run(capsys, "score", "--batch", stdin=line + "\n" + body + "\n",
                         monkeypatch=monkeypatch)
    assert code == 0, err
    assert [json.loads(x)["score"] for x in out.splitlines()] == [25, 25]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_batch_from_dev_zero_is_one_line():
    with open("/dev/zero", "rb") as zero:
        proc = subprocess.run([sys.executable, "-m", "scenes.main", "score", "--batch"],
                              stdin=zero, capture_output=True, text=True, timeout=HANG_S)
    one_line(proc.returncode, proc.stderr, "line 1 is longer than")


# --- item 5: verify holds one record at a time --------------------------------------------------

def test_verify_holds_one_parsed_record_at_a_time(capsys, monkeypatch, tmp_path):
    """Ten copies of a 15 MB record once took 1.2 GB: each file is read, verified and dropped
    before the next is read."""
    import weakref
    from helpers import finished_record
    from game.core import records

    class Tracked(dict):
        pass

    alive = [0]
    most = [0]
    read = records.read_record

    def counted(path):
        record = Tracked(read(path))
        alive[0] += 1
        most[0] = max(most[0], alive[0])
        weakref.finalize(record, lambda: alive.__setitem__(0, alive[0] - 1))
        return record
    monkeypatch.setattr(records, "read_record", counted)
    paths = []
    for n in range(4):
        path = tmp_path / f"r{n}.json"
        records.write_record(path, finished_record())
        paths.append(str(path))
    code, out, err = run(capsys, "verify", *paths)
    assert code == 0 and json.loads(out) == {"verified": 4}, err
    assert most[0] == 1


def test_verify_stops_at_the_first_file_that_fails(capsys, tmp_path):
    """Checked in order: an unreadable file after a wrong one is not reached (exit 1), and one
    before it is (exit 2); either way one line naming the file."""
    from helpers import finished_record
    from game.core import records
    good, wrong, broken = tmp_path / "good.json", tmp_path / "wrong.json", tmp_path / "broken.json"
    records.write_record(good, finished_record())
    record = finished_record()
    record["result"]["winners"] = [9]
    records.write_record(wrong, record)
    broken.write_text("{", encoding="utf-8")
    code, out, err = run(capsys, "verify", str(good), str(wrong), str(broken))
    assert code == 1 and out == "" and err.count("\n") == 1 and "wrong.json" in err, err
    code, out, err = run(capsys, "verify", str(good), str(broken), str(wrong))
    one_line(code, err, "broken.json")
    assert out == ""


# --- item 8: booleans are not numbers, anywhere in a record -------------------------------------

def int_paths(data, path=()):
    """Where a record holds an integer (a bool is not one), as key paths."""
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield path
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from int_paths(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from int_paths(value, path + (index,))


def replaced(record, path, value):
    out = json.loads(json.dumps(record))
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def verdict(record):
    """None when the record reads and verifies; else the RecordError (anything else fails)."""
    from game.core import records
    try:
        records.verify(records.parse_record(json.dumps(record)))
    except records.RecordError as exc:
        return exc
    return None


def played_record(game: str, players: int) -> dict:
    """A finished game of random moves (Grayblock to a low target: a few hands, not dozens)."""
    import random
    from game.core import records, registry
    module = registry.game_module(game)
    names = [{"name": f"P{i}", "seat": "human"} for i in range(players)]
    extra = {"target": 30} if game == "grayblock" else {}
    session = module.new_session(7, names, module.parse_rules(""), **extra)
    rng = random.Random(3)
    while not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    return records.record_of(session)


def checked_paths(record):
    """Every integer but those in the middle of a long list (the moves, a hand's moves, the
    content's cards and tiles: each item is read by one from_json, so its first and last three
    stand for the rest, and keep the test quick)."""
    for path in int_paths(record):
        node, middle = record, False
        for key in path:
            if isinstance(node, list) and isinstance(key, int) and 3 <= key < len(node) - 3:
                middle = True
                break
            node = node[key]
        if not middle:
            yield path


def _game_counts():
    from game.core import registry
    return [(info.id, n) for info in registry.GAMES for n in info.player_counts]


@pytest.mark.parametrize("game, players", _game_counts())
def test_a_boolean_is_never_read_as_a_number(game, players):
    """`"version": true` was version 1 (True == 1), a result's winner false was player 0: each
    integer of a valid record of every registered game, made true or false, is refused wherever
    a string there would be (a field nobody reads may hold anything)."""
    record = played_record(game, players)
    assert verdict(record) is None
    slipped = []
    for path in checked_paths(record):
        taken = [value for value in (True, False) if verdict(replaced(record, path, value)) is None]
        if taken and verdict(replaced(record, path, "x")) is not None:  # read, yet a bool passes
            slipped.extend((path, value) for value in taken)
    assert slipped == []


def test_version_true_is_refused_in_one_line(capsys, tmp_path):
    from helpers import finished_record
    record = finished_record()
    record["version"] = True
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "verify", str(path))
    one_line(code, err, "record version true is not supported (only 1)")


# --- item 9: an empty path is refused, not taken as "none" or as "." ----------------------------

@pytest.fixture
def no_play(monkeypatch):
    import game.services.play

    def refuse(*_a, **_k):
        raise AssertionError("a game was played")
    monkeypatch.setattr(game.services.play, "play_out", refuse)


@pytest.mark.parametrize("args", [
    ["selfplay", "--out", ""],
    ["selfplay", "--out="],
    ["export", ""],
    ["export", "--game", "assemble", ""],
    ["import", ""],
    ["import", "some.json", ""],
    ["verify", ""],
    ["replay", ""],
], ids=lambda args: " ".join(repr(a) for a in args))
def test_an_empty_path_is_one_line(capsys, no_play, data_dir, monkeypatch, tmp_path, args):
    monkeypatch.chdir(tmp_path)  # "" once read as the working folder: export wrote, import read
    code, out, err = run(capsys, *args)
    one_line(code, err, "an empty path")
    assert out == "" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [["--demo", "--screenshots", ""], ["--replay", ""]])
def test_the_app_refuses_an_empty_path(capsys, monkeypatch, tmp_path, args):
    """"" was the working folder: the demo's pictures went there."""
    from scenes import main
    from scenes.app import window

    def no_window(*_a, **_k):
        raise AssertionError("a window was opened")
    monkeypatch.setattr(window, "App", no_window)
    monkeypatch.chdir(tmp_path)
    code = main.run(args)
    out, err = capsys.readouterr()
    one_line(code, err, "an empty path")
    assert out == "" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("module, args", [
    ("game.tools.ladder", ["--results", ""]),
    ("game.services.ratings", [""]),
    ("game.services.ratings", ["a.jsonl", ""]),
])
def test_developer_tools_refuse_an_empty_path(capsys, module, args):
    import importlib
    with pytest.raises(SystemExit) as exit:
        importlib.import_module(module).main(args)
    assert exit.value.code == 2
    assert "an empty path" in capsys.readouterr().err


# --- issue 56 item 13: every count from the command line has a ceiling -----------------------

@pytest.mark.parametrize("args, needle", [
    (["review", "RECORD", "--iterations", "1000000000000"], "--iterations"),
    (["review", "RECORD", "--iterations", str(cli.ITERATIONS_MAX + 1)], "--iterations"),
    (["selfplay", "--games", "1000000000000"], "--games"),
    (["selfplay", "--games", str(cli.GAMES_MAX + 1)], "--games"),
])
def test_an_endless_count_is_refused_in_one_line(capsys, tmp_path, args, needle):
    """review --iterations 10**12 searched on and on, growing without bound: refused like --think."""
    args = [str(tmp_path / "none.json") if a == "RECORD" else a for a in args]
    code, out, err = run(capsys, *args)
    one_line(code, err, needle)
    assert f"at most {cli.ITERATIONS_MAX if needle == '--iterations' else cli.GAMES_MAX}" in err
    assert out == ""


def test_the_ceilings_are_in_the_help(capsys):
    for command, words in (("review", f"N <= {cli.ITERATIONS_MAX}"),
                           ("selfplay", f"N <= {cli.GAMES_MAX}")):
        with pytest.raises(SystemExit):
            cli.main([command, "--help"])
        assert words in " ".join(capsys.readouterr().out.split())
