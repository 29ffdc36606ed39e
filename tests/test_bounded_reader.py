"""Issue 40, item 1: every file the app reads from the player (records, old-format imports, ladder
results) goes through one bounded reader, game.core.files.read_bounded: regular files only (a
FIFO would block, /dev/zero never ends), at most a limit of bytes. Only the app's own assets are
read otherwise, and a source test keeps it so."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from waiting import HANG_S
from game.core import records
from game.core import files

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def spied(monkeypatch):
    """read_bounded, noting each path it is asked for."""
    asked = []
    real = files.read_bounded

    def spy(path, limit):
        asked.append((Path(path), limit))
        return real(path, limit)
    monkeypatch.setattr(files, "read_bounded", spy)
    return asked


def test_records_are_read_by_the_bounded_reader(spied, tmp_path):
    from helpers import finished_record
    path = tmp_path / "r.json"
    records.write_record(path, finished_record())
    assert records.read_record(str(path))["game"] == "assemble"
    assert spied == [(path, records.MAX_BYTES)]


@pytest.mark.parametrize("make, needle", [
    (lambda p: p.mkdir(), "not a regular file"),
    (lambda p: None, "no such file"),
    (lambda p: p.write_bytes(b'{"a": "\xff"}'), "not UTF-8 text (byte 8)"),
], ids=["folder", "missing", "not-utf8"])
def test_a_record_that_cannot_be_read_says_why(tmp_path, make, needle):
    path = tmp_path / "r.json"
    make(path)
    with pytest.raises(records.RecordError, match=needle.replace("(", r"\(").replace(")", r"\)")):
        records.read_record(path)


def test_a_record_over_the_limit_is_too_large(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as fh:
        fh.truncate(records.MAX_BYTES + 1)  # sparse: no disk used
    with pytest.raises(records.RecordError, match="too large to be a record"):
        records.read_record(path)


def test_ladder_results_are_read_by_the_bounded_reader(spied, tmp_path, monkeypatch):
    from game.services import ratings
    if hasattr(ratings, "read_bounded"):  # imported by name: the spy there too
        monkeypatch.setattr(ratings, "read_bounded", files.read_bounded)
    path = tmp_path / "games.jsonl"
    path.write_text('{"levels": ["easy", "hard"], "keys": [[1], [2]]}\n', encoding="utf-8")
    assert len(ratings.read_results([str(path)])) == 1
    assert [p for p, _limit in spied] == [path]


def test_ladder_results_over_the_limit_are_refused(tmp_path, monkeypatch):
    from game.services import ratings
    path = tmp_path / "games.jsonl"
    path.write_text('{"levels": ["easy", "hard"], "keys": [[1], [2]]}\n' * 10, encoding="utf-8")
    monkeypatch.setattr(ratings, "MAX_RESULTS_BYTES", 100)
    with pytest.raises(ValueError, match=f"cannot read {path}: it is larger than"):
        ratings.read_results([str(path)])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_ratings_of_a_fifo_do_not_hang(tmp_path):
    fifo = tmp_path / "games.jsonl"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-m", "game.services.ratings", str(fifo)],
                          capture_output=True, text=True, timeout=HANG_S)
    assert proc.returncode == 2 and "not a regular file" in proc.stderr, proc.stderr


# --- no other reader ----------------------------------------------------------------------------

# The modules that may read a file otherwise than through read_bounded, and why.
ALLOWED = {
    "game/core/files.py": "read_bounded itself",
    "game/core/cards.py": "the app's own card data (assets/cards.json)",
    "game/core/i18n.py": "the app's own catalogue (assets/locale)",
    "game/services/ratings.py": "the app's own assets/bot-ratings.json (ladder results: read_bounded)",
    "game/assemble/value.py": "the app's own learned weights (assets/learned)",
    "scenes/assemble/perf.py": "a benchmark's own note, written by the app it started in a temp folder",
    # (issue 56) the kernel's table of file locks, and a log's first 56 bytes, its header, read
    # before SQLite opens the data (a prefix, where read_bounded reads a whole file)
    "game/storage/guard.py": "/proc/locks and the first bytes of a -wal, bounded reads",
    "game/storage/connection.py": "/proc/PID/stat's start time of a lease's process (4 KB at most)",
}
WRITE_MODES = set("wax")


def reads(tree):
    """(line, what) of each call that reads a file: open() or x.open() in a mode that does not
    write, .read_text(), .read_bytes(), json.load()."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in ("read_text", "read_bytes"):
            yield node.lineno, f".{func.attr}()"
        elif isinstance(func, ast.Attribute) and func.attr == "load" \
                and isinstance(func.value, ast.Name) and func.value.id == "json":
            yield node.lineno, "json.load()"
        elif (isinstance(func, ast.Name) and func.id == "open") or (
                isinstance(func, ast.Attribute) and func.attr == "open"
                and not (isinstance(func.value, ast.Name) and func.value.id in ("Store", "self"))):
            args = node.args[1:2] if isinstance(func, ast.Name) or (
                isinstance(func.value, ast.Name) and func.value.id in ("io", "os", "codecs")) \
                else node.args[:1]
            mode = next((k.value for k in node.keywords if k.arg == "mode"), args[0] if args else None)
            if isinstance(mode, ast.Constant) and isinstance(mode.value, str) \
                    and WRITE_MODES & set(mode.value):
                continue  # a write
            where = node.args[0] if node.args else None
            if isinstance(where, ast.Attribute) and where.attr == "devnull":
                continue  # os.devnull: no file of anyone's
            yield node.lineno, "open()"


def test_no_module_reads_a_file_but_through_the_bounded_reader():
    found = []
    for folder in ("game", "scenes"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name in ALLOWED:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"), name)
            found += [f"{name}:{line}: {what}" for line, what in reads(tree)]
    assert found == [], "read these through game.core.files.read_bounded:\n" + "\n".join(found)


def test_the_source_test_sees_each_kind_of_read():
    source = ("open(p)\nopen(p, 'rb')\nPath(p).open()\np.read_text()\np.read_bytes()\n"
              "json.load(fh)\nio.open(p)\nopen(p, 'w')\nopen(p, mode='a')\nStore.open()\n"
              "os.fdopen(fd, 'w')\nos.open(os.devnull, os.O_WRONLY)\n")
    assert [line for line, _what in reads(ast.parse(source))] == [1, 2, 3, 4, 5, 6, 7]


def test_the_allowed_modules_still_read():
    """An allowed module that no longer reads anything is taken off the list."""
    for name in ALLOWED:
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"), name)
        assert list(reads(tree)), f"{name} reads nothing now: take it off ALLOWED"
