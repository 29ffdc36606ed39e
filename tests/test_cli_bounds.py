"""Issue 40: what the command line reads is bounded. An endless --batch line, a verify of many
large records, booleans where a record has numbers, an empty path: one line and a non-zero exit,
never a hang, a MemoryError or a silent nothing."""

import io
import json
import os
import subprocess
import sys

import pytest

from waiting import HANG_S
from game import cli


def run(capsys, *args, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", stdin if not isinstance(stdin, str) else io.StringIO(stdin))
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(code, err, needle):
    assert code == 2, err
    assert err.count("\n") == 1, err
    assert needle in err, err
    assert "Traceback" not in err and "internal error" not in err, err


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
    from game import records

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
    from game import records
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
