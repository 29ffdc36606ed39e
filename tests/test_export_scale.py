"""Issue 56 items 11 and 12: an export of many games. 100,000 games reached 6 GB (every record
was read before any was written); records without dates all took one name and the next free one
was searched file by file, giving up at 9,999 and ending the whole export; a killed export left
its hidden temp file; a second export wrote every game again."""

import gc
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from game.services import cli
from game.tools.history_perf import varied
from game.storage import Store, data_dir
from game.storage import exchange


def filled(folder, count, dated=True):
    store = Store.open(folder)
    items = list(varied(count))
    if not dated:  # as `selfplay --out` writes them
        for _name, record, _when in items:
            record.pop("finished_at", None)
            record.pop("started_at", None)
    report = store.finished.add(items)
    assert not report.problems
    return store


def export_peak(tmp_path, count) -> int:
    store = filled(tmp_path / f"data{count}", count)
    try:
        gc.collect()  # garbage an earlier test left is not this export's memory
        tracemalloc.start()
        report = exchange.export_games(store, tmp_path / f"out{count}")
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    finally:
        store.close()
    assert report.written == count
    return peak


def test_an_exports_memory_does_not_grow_with_the_games(tmp_path):
    # in a fresh interpreter: the process-wide table of interned names (pathlib interns each file
    # name) grows by megabytes at once at a size that the tests run before this one decide
    code = ("import sys, pathlib; sys.path[:0] = sys.argv[1:3]; import test_export_scale as t; "
            "p = pathlib.Path(sys.argv[3]); print(t.export_peak(p, 200), t.export_peak(p, 2000))")
    tests = str(Path(__file__).parent)
    done = subprocess.run([sys.executable, "-c", code, tests, str(Path(tests).parent), str(tmp_path)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    small, large = map(int, done.stdout.split())
    assert large < 1.5 * small, (small, large)  # read a page at a time: ten times the games, not ten times the memory


def run(capsys, *args):
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_records_without_dates_get_names_of_their_own_and_are_written_once(capsys, data_dir, tmp_path):
    filled(data_dir, 300, dated=False).close()
    code, out, err = run(capsys, "export", str(tmp_path / "out"))
    assert code == 0 and err == "" and json.loads(out)["exported"] == 300
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert len(names) == 300 and not [n for n in names if n.endswith("-2.json")]
    code, out, err = run(capsys, "export", str(tmp_path / "out"))  # again: nothing twice
    assert code == 0 and json.loads(out)["exported"] == 0 and json.loads(out)["already"] == 300
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == names


def test_one_file_that_fails_does_not_stop_the_others(capsys, data_dir, tmp_path, monkeypatch):
    filled(data_dir, 12).close()
    write_once, calls = exchange.write_once, []

    def disk_says_no_once(folder, stem, text, *rest):
        calls.append(stem)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return write_once(folder, stem, text, *rest)
    monkeypatch.setattr(exchange, "write_once", disk_says_no_once)
    code, out, err = run(capsys, "export", str(tmp_path / "out"))
    assert code == 2 and json.loads(out)["exported"] == 11 and json.loads(out)["not_exported"] == 1
    assert err.count("\n") == 1 and "No space left on device" in err and "Traceback" not in err
    assert len(list((tmp_path / "out").glob("*.json"))) == 11


def test_a_killed_exports_temp_files_go_at_the_next_export(capsys, data_dir, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (out / f".export-{dead}-k3j2h1.tmp").write_text('{"half": ')  # killed mid-write
    (out / ".export-a8s7d6.tmp").write_text("{")  # an older version's, without its pid
    mine = out / f".export-{__import__('os').getpid()}-running.tmp"  # a live writer's: kept
    mine.write_text("{")
    filled(data_dir, 3).close()
    code, _out, _err = run(capsys, "export", str(out))
    assert code == 0
    assert sorted(p.name for p in out.iterdir() if p.suffix == ".tmp") == [mine.name]


def test_names_are_found_at_once_whatever_is_in_the_folder(tmp_path):
    """A folder full of the old names (assemble.json, assemble-2.json, ...) costs nothing."""
    out = tmp_path / "out"
    out.mkdir()
    for n in range(1, 400):
        (out / ("assemble.json" if n == 1 else f"assemble-{n}.json")).write_text("x")
    record = next(varied(1))[1]
    record.pop("finished_at"), record.pop("started_at")
    path = exchange.export_record(record, out)
    assert path.name.startswith(f"{record['game']}-") and not path.stem.endswith("-2")
    assert exchange.export_record(record, out) == path  # the same game: that file


def test_the_export_panel_counts_the_games_as_it_writes_them(app, data_dir, tmp_path):
    from tests.ui_helpers import click, frames
    store = app.store
    store.finished.add(varied(40))
    ids = store.finished.ids()
    export = app.stack.push(app.make("export", ids=ids))
    frames(app, 1)
    export.folder.value = str(tmp_path / "out")
    click(app, export.go_b.rect.center)
    assert export.total == 40 and export.done >= 1
    for _ in range(2000):
        if app.stack.top is not export:
            break
        frames(app, 1)
    assert app.stack.top is not export
    assert len(list((tmp_path / "out").glob("*.json"))) == 40
    assert "Exported 40 games" in app.toasts[-1][0]


def test_an_export_killed_midway_then_run_again_leaves_every_game_once(data_dir, tmp_path):
    import os
    import signal
    from waiting import HANG_S, until
    filled(data_dir, 600).close()
    out = tmp_path / "out"
    command = [sys.executable, "-m", "scenes.main", "export", str(out)]
    env = dict(os.environ, ALICE_DATA_DIR=str(data_dir))
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    until(lambda: out.is_dir() and sum(1 for _ in os.scandir(out)) >= 20 or proc.poll() is not None,
          "the first files")
    proc.send_signal(signal.SIGKILL)  # (may have finished already: then nothing was left anyway)
    proc.wait(HANG_S)
    before = {p.name for p in out.glob("*.json")}
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=HANG_S)
    said = json.loads(again.stdout)
    assert again.returncode == 0 and said["already"] == len(before)
    assert said["exported"] + said["already"] == 600
    assert len(list(out.glob("*.json"))) == 600
    assert not [p for p in out.iterdir() if p.suffix == ".tmp"]  # the killed run's temp file went
