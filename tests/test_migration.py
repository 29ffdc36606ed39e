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
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from game.services.stats import compute
from game.storage import Store, legacy
from tests.storage_helpers import contents
from tests.ui_helpers import click, frames, spy_texts, top
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
        from game.core.records import utc_stamp
        assert saved.updated_at == utc_stamp(os.stat(old_folder / "autosave.json").st_mtime)
        # the finished games count as the old release counted them
        figures = json.loads(json.dumps(compute(app.store.finished.entries(), TODAY)))
        old = json.loads((FIXTURE / "stats-before.json").read_text())
        assert holds(figures["games"], old["games"])
        assert figures["records"] == 9 and old["records"] == 10 and old["unreadable"] == 1
        # the lesson left at its sixth step, and the bests
        from game.storage import lesson_places as lessons
        from game.assemble.lesson import SCRIPT
        _session, lesson, problem = lessons.load(app.store, SCRIPT)
        assert problem is None and lesson.index == 5
        assert app.store.bests.read("cementopia") == json.loads((old_folder / "cementopia-best.json").read_text())
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
        assert len(stores[0].finished.ids()) == 9 and len(stores[1].games.in_progress()) == 1
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
        assert len(brought.games.added) == 10 and store.settings.read() == ({}, [])
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


@dataclass
class Frame:
    scenes: list  # the stack, bottom first
    words: list  # every string drawn
    continue_listed: bool  # the title's Continue drawn as a button
    toasts: list
    text_px: int  # what text asked at 20 px gets (the text size setting)
    sound: bool


def first_start_frames(monkeypatch, shots: Path, size=(1280, 720), limit=120) -> list[Frame]:
    """The real App.run on the old folder, frame by frame until the bring-in is over (the bring-in's
    thread is waited for after the first frame: no frame count depends on the machine's speed);
    each frame's PNG in `shots`."""
    from scenes.app.window import App, AppOptions
    from scenes.widgets import ui
    drawn = spy_texts(monkeypatch)
    seen: list[Frame] = []
    real_draw = App.draw

    def draw(self):
        drawn.clear()
        real_draw(self)
        title = next((s for s in self.stack.scenes if s.name == "title"), None)
        names = [s.name for s in self.stack.scenes]
        seen.append(Frame(names, [str(w) for w, _rect in drawn],
                          title is not None and title.cont.rect.w > 0 and title.cont.label in
                          [str(w) for w, _r in drawn], [str(m) for m, _t in self.toasts],
                          ui.sized(20), self.sound.on))
        pygame.image.save(self.screen, str(shots / f"frame-{len(seen):03d}.png"))
        for scene in self.stack.scenes:
            worker = getattr(scene, "worker", None)
            if worker is not None:
                worker.join(HANG_S)
        if "bring_in" not in names and len(seen) > 1 or len(seen) >= limit:
            self.quit()
    monkeypatch.setattr(App, "draw", draw)
    shots.mkdir(parents=True, exist_ok=True)
    assert App(AppOptions(size=size)).run() == 0
    return seen


ENGLISH_TITLE = ("New game", "Continue", "Learn to play", "History", "Rules", "Settings", "Quit")


@pytest.mark.first_start  # the lesson offer as a real first start makes it
@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_first_frame_after_the_old_files_uses_the_old_settings(old_folder, monkeypatch,
                                                                   tmp_path, size, ja):
    settings = json.loads((old_folder / "settings.json").read_text())
    settings.update(language="ja", text_size="large", lesson_offered=True, sound=False)
    (old_folder / "settings.json").write_text(json.dumps(settings))
    seen = first_start_frames(monkeypatch, tmp_path / "shots", size)
    first, last = seen[0], seen[-1]
    for frame in (first, last):
        assert "confirm" not in frame.scenes  # no "New to Alice Assemble?" again
        assert not any("New to Alice" in w for w in frame.words)
        assert not set(ENGLISH_TITLE) & set(frame.words), frame.words  # no English beside Japanese
        assert frame.continue_listed and "続きから" in frame.words  # the game brought in
        assert frame.text_px == 22 and frame.sound is False  # large text, no sound
    assert any("ゲーム" in line for line in last.toasts)  # what was brought in, said in Japanese


def test_an_old_setting_that_cannot_be_used_is_said_once(old_folder, monkeypatch, tmp_path):
    settings = json.loads((old_folder / "settings.json").read_text())
    settings.update(volume="loud", text_size="large")
    (old_folder / "settings.json").write_text(json.dumps(settings))
    from scenes.widgets import ui
    try:
        seen = first_start_frames(monkeypatch, tmp_path / "shots")
    finally:
        ui.set_text_size("normal")  # as the other tests expect
    assert seen[0].text_px == 22  # the good ones in force from the first frame
    told = [line for line in seen[-1].toasts if "volume" in line]
    assert len(told) == 1 and "loud" in told[0]


def old_settings(folder: Path, **changes) -> None:
    settings = json.loads((folder / "settings.json").read_text())
    settings.update(changes)
    for name in [k for k, v in changes.items() if v is None]:
        del settings[name]
    (folder / "settings.json").write_text(json.dumps(settings))


@pytest.mark.first_start
def test_a_game_coming_in_is_not_met_by_the_lesson_offer(old_folder, monkeypatch, tmp_path):
    old_settings(old_folder, lesson_offered=None)  # never offered, but a game to continue
    first, *_rest, last = first_start_frames(monkeypatch, tmp_path / "shots")
    assert "confirm" not in first.scenes and "confirm" not in last.scenes
    assert first.continue_listed and last.continue_listed


@pytest.mark.first_start
def test_the_lesson_offer_to_a_newcomer_is_in_the_old_settings_language(old_folder, monkeypatch,
                                                                        tmp_path, ja):
    old_settings(old_folder, language="ja", lesson_offered=None)
    (old_folder / "autosave.json").unlink()  # nothing to continue: the offer is made
    first, *_rest, last = first_start_frames(monkeypatch, tmp_path / "shots")
    assert "confirm" not in first.scenes  # asked once the old files are in, on what they held
    assert last.scenes == ["title", "confirm"] and "アリスアセンブルは初めてですか？" in last.words
    for frame in (first, last):
        assert not set(ENGLISH_TITLE) & set(frame.words), frame.words
        assert not any("New to" in w for w in frame.words)


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
        figures = compute(store.finished.entries(), TODAY)["games"]["cementopia"]
        old = json.loads((FIXTURE / "stats-before.json").read_text())["games"]["cementopia"]
        assert figures["finished"] == old["finished"] + 1
    finally:
        store.close()
