"""The first start after release 0.1's JSON files (issue 38, point 7), from a data folder that
release wrote itself (tests/fixtures/legacy-0.1.0): everything comes in once, in one transaction,
the old files stay where they are, a file that cannot be read is named in one line, and a second
start (or a second window starting at the same moment) brings in nothing twice."""

import datetime
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest

from game.stats import compute
from game.storage import Store, legacy
from tests.storage_helpers import contents
from tests.ui_helpers import click, frames, top
from tests.waiting import HANG_S

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "legacy-0.1.0"
OLD_RECORD_TIME = 1_788_272_000  # 2026-09-01T14:13:20Z: the record without finished_at (README)
TODAY = datetime.date(2026, 11, 27)  # the daily streak as the old release counted it


@pytest.fixture
def old_folder(data_dir):
    shutil.copytree(FIXTURE / "data", data_dir)
    os.utime(data_dir / "records" / "assemble-20260901-120000.json", (OLD_RECORD_TIME,) * 2)
    return data_dir


def files_of(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith("alice.sqlite3")}


def holds(new, old) -> bool:
    """Every figure the old release gave is there with the same value (later figures may be
    added beside them)."""
    if isinstance(old, dict):
        return isinstance(new, dict) and all(k in new and holds(new[k], v) for k, v in old.items())
    return new == old


def start(size=(1280, 720)):
    from scenes.app.window import App, AppOptions
    app = App(AppOptions(size=size))
    app.stack.push(app.make("title"))
    from game.storage import legacy as old
    if old.pending(app.store):  # as App.run does
        app.stack.push(app.make("bring_in")).worker.join()  # the records replayed, in its thread
    frames(app, 2)
    assert top(app).name == "title"
    return app


def close(app):
    app.stack.close_all()
    app.store.close()
    pygame.display.quit()


def test_the_first_start_brings_in_everything_once_and_leaves_the_files(old_folder):
    before = files_of(old_folder)
    app = start()
    try:
        said = [str(m) for m, _t in app.toasts]
        assert any("10 games brought in" in line for line in said)  # nine finished, one in play
        assert [line for line in said if "was not brought in" in line] == [
            line for line in said if "broken-by-hand.json" in line]  # the one broken file, named
        # the settings as the old file held them, in force from now on
        assert app.settings["speed"] == 1.5 and app.settings["sound"] is False
        assert app.settings["a_future_key"] == {"kept": True}  # a later version's, kept
        assert app.speed == 1.5
        # the game in progress: Continue lists it at its last move, played when the file was written
        title = top(app)
        assert title.cont.enabled
        click(app, title.cont.rect.center)
        listed = top(app)
        [saved] = listed.games
        autosave = json.loads((old_folder / "autosave.json").read_text())
        assert saved.game == "assemble" and saved.actions == len(autosave["actions"]) == 12
        from game.records import utc_stamp
        assert saved.updated_at == utc_stamp(os.stat(old_folder / "autosave.json").st_mtime)
        # the finished games count as the old release counted them
        figures = json.loads(json.dumps(compute(app.store.entries(), TODAY)))
        old = json.loads((FIXTURE / "stats-before.json").read_text())
        assert holds(figures["games"], old["games"])
        assert figures["records"] == 9 and old["records"] == 10 and old["unreadable"] == 1
        # the lesson left at its sixth step, and the bests
        from game.tutorial import store as lessons
        from game.tutorial.assemble import SCRIPT
        _session, lesson, problem = lessons.load(app.store, SCRIPT)
        assert problem is None and lesson.index == 5
        assert app.store.bests() == json.loads((old_folder / "cementopia-best.json").read_text())
    finally:
        close(app)
    assert files_of(old_folder) == before  # every old file left where it was, as it was
    brought = contents()
    again = start()  # the second start: nothing to bring in, nothing changed
    try:
        assert not any("brought in" in str(m) for m, _t in again.toasts)
        assert not legacy.pending(again.store)
    finally:
        close(again)
    assert contents() == brought


def test_the_headless_commands_bring_the_old_files_in_too(old_folder):
    env = dict(os.environ, ALICE_DATA_DIR=str(old_folder))
    done = subprocess.run([sys.executable, "-m", "scenes.main", "saves", "--json"], env=env,
                          capture_output=True, text=True, timeout=HANG_S)
    assert done.returncode == 0
    [saved] = json.loads(done.stdout)["in_progress"]
    assert saved["players"] == ["Ada", "Bot"] and saved["actions"] == 12
    assert done.stderr.count("\n") == 1 and "broken-by-hand.json" in done.stderr
    again = subprocess.run([sys.executable, "-m", "scenes.main", "stats", "--json"], env=env,
                           capture_output=True, text=True, timeout=HANG_S)
    assert again.returncode == 0 and again.stderr == ""  # brought in once: nothing said again
    assert json.loads(again.stdout)["games"]["assemble"]["finished"] == 4


def test_two_windows_starting_at_once_bring_everything_in_once(old_folder):
    stores = [Store.open(old_folder), Store.open(old_folder)]
    results: list = [None, None]
    gate = threading.Barrier(2)

    def bring(i):
        gate.wait()
        results[i] = legacy.bring_in(stores[i])
    threads = [threading.Thread(target=bring, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert sorted(r is None for r in results) == [False, True]  # one did it, the other nothing
        assert len(stores[0].finished_ids()) == 9 and len(stores[1].in_progress()) == 1
    finally:
        for store in stores:
            store.close()


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "folder", "garbage"])
def test_an_old_file_that_cannot_be_read_is_named_and_left_the_rest_comes_in(old_folder, kind):
    path = old_folder / "settings.json"
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "/dev/zero":
        os.symlink("/dev/zero", path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_bytes(b"\xff\xfe{ not json")
    store = Store.open(old_folder)
    try:
        brought = legacy.bring_in(store)
        names = [name for name, _why in brought.problems]
        assert sorted(names) == ["broken-by-hand.json", "settings.json"]
        assert all("\n" not in why for _name, why in brought.problems)
        assert len(brought.games.added) == 10 and store.settings() == ({}, [])
    finally:
        store.close()
    assert os.path.lexists(path)  # left where it was


def test_a_record_whose_name_is_not_utf8_comes_in_like_any_other(old_folder):
    record = (old_folder / "records" / "assemble-20260901-120000.json").read_bytes()
    odd = os.path.join(os.fsencode(old_folder / "records"), b"caf\xe9-\xff.json")
    with open(odd, "wb") as fh:
        fh.write(record.replace(b'"seed": 19', b'"seed": 99'))  # another game
    store = Store.open(old_folder)
    try:
        brought = legacy.bring_in(store)
        assert len(brought.games.added) == 11 and [n for n, _w in brought.problems] == [
            "broken-by-hand.json"]
        assert not legacy.pending(store)  # and said once: a second start reads nothing again
    finally:
        store.close()


def test_two_attempts_at_the_daily_deal_played_the_same_way_both_come_in(old_folder):
    """Issue 56 item 4: the old release kept each attempt in a file of its own; each is a game
    (Statistics count both), told apart by when it was played."""
    daily = old_folder / "records" / "cementopia-20261127-135143.json"
    record = json.loads(daily.read_text())
    again = dict(record, started_at="2026-09-25T15:58:20Z", finished_at="2026-09-25T16:13:20Z")
    (old_folder / "records" / "cementopia-20261127-161320.json").write_text(json.dumps(again))
    store = Store.open(old_folder)
    try:
        brought = legacy.bring_in(store)
        assert len(brought.games.added) == 11 and brought.games.already == 0
        figures = compute(store.entries(), TODAY)["games"]["cementopia"]
        old = json.loads((FIXTURE / "stats-before.json").read_text())["games"]["cementopia"]
        assert figures["finished"] == old["finished"] + 1
    finally:
        store.close()
