"""Another program holding the data's write lock (issue 56 item 6: a backup tool, a sync client,
the sqlite3 shell in `BEGIN EXCLUSIVE`): a real second process holds it. No frame waits for it:
Statistics opens with its figures, a setting changes at once, the screen says within a second
that another program holds the data, and what changed is kept once it lets go. The CLI says so on
stderr after a second."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import given, strategies as st

from game.core import records
from game.storage import Store, connection as store_module, data_dir

from tests.storage_helpers import HeldLock, keep_in_progress, settings_kept
from tests.test_history_screen import make_records, open_history
from tests.test_settings import open_settings, right_part
from tests.ui_helpers import click, frames, key, spy_texts, wait_for
from tests.test_fuzz import ON_DISK as FUZZ_ON_DISK
from tests.waiting import HANG_S, finishes, until

ROOT = Path(__file__).resolve().parent.parent
HELD = "Another program is holding your data"


@pytest.fixture
def held(app, data_dir, monkeypatch):
    """Finished games and one in progress, then the lock held by another process until the test
    lets it go. A write that waits for the lock waits as long as it is held (BUSY_S raised to the
    hang limit), so a frame that waited would not come back before the test lets go: no clock
    decides."""
    from game.assemble.record import new_session
    make_records(data_dir)
    session = new_session(3, [{"name": "Ada", "seat": "human"}, {"name": "Bot", "seat": "easy"}])
    session.play(session.state.legal_actions()[0])
    keep_in_progress(records.record_of(session))
    monkeypatch.setattr(store_module, "BUSY_S", HANG_S)
    lock = HeldLock(data_dir)
    yield lock
    lock.release()


def toasted(app, words):
    return any(words in message for message, _until in app.toasts)


def test_statistics_open_with_their_figures_while_another_program_holds_the_data(held, app,
                                                                                   monkeypatch):
    scene = open_history(app)  # History reads: in WAL mode a writer does not keep readers out
    finishes(click, app, scene.stats_b.rect.center)  # the frame that opens Statistics returns
    page = app.stack.top
    assert page.name == "stats" and held.holding()
    assert page.player_c.value == "Ada"
    said = spy_texts(monkeypatch)
    wait_for(app, lambda: toasted(app, HELD), limit=60)  # within a second of game time
    frames(app, 1)
    words = [t for t, _rect in said]
    assert "Games" in words and "Best score" in words  # the figures, worked out from the games
    assert held.holding()


def test_a_setting_changed_while_another_program_holds_the_data_is_kept_once_it_lets_go(held, app):
    _title, settings = finishes(open_settings, app)
    finishes(click, app, right_part(settings.speed.rect))
    assert app.speed == 1.5 and held.holding()  # in force at once
    wait_for(app, lambda: toasted(app, HELD), limit=60)
    assert "speed" not in settings_kept()  # not written yet: the lock is still held
    finishes(click, app, right_part(settings.magnify.rect))  # a second change while it waits
    held.release()

    def kept() -> bool:
        app.step(1 / 60)
        return toasted(app, "Your data is free again")
    until(kept, "the settings written once the lock was let go")
    assert not app.keeper.pending()
    assert settings_kept()["speed"] == 1.5 and settings_kept()["hover_magnify"] is False


def test_continue_says_at_once_that_the_game_cannot_be_opened_yet_then_opens_it(held, app):
    app.stack.push(app.make("title"))
    scene = app.stack.push(app.make("continue"))
    frames(app, 1)
    [game] = scene.games
    finishes(scene.resume, game.id)  # taking the game is a write: refused, not waited for
    assert app.stack.top is scene and held.holding()
    assert toasted(app, "This game cannot be resumed")
    wait_for(app, lambda: toasted(app, HELD), limit=60)
    held.release()
    scene.resume(game.id)
    from scenes.table.base import GameTable
    assert isinstance(app.stack.top, GameTable)  # the table, at its move
    assert len(app.stack.top.session.history) == 1


def test_a_file_dropped_while_another_program_holds_the_data_is_refused_at_once(held, app, tmp_path):
    from tests.helpers import finished_record
    dropped = tmp_path / "game.json"
    dropped.write_text(json.dumps(finished_record()))
    app.stack.push(app.make("title"))
    frames(app, 1)

    def drop() -> None:
        app.dispatch(pygame.event.Event(pygame.DROPFILE, file=str(dropped)))
        frames(app, 1)
        key(app, pygame.K_RETURN)  # Import
    finishes(drop)  # the import is a write: refused, not waited for
    assert held.holding() and toasted(app, "Could not import the game")
    assert app.stack.top.name == "title"
    held.release()
    drop()
    assert app.stack.top.name == "replay"  # imported now, and opened


def test_leaving_a_game_while_another_program_holds_the_data_asks_at_once_and_stay_keeps_it(held, app):
    from game.core.registry import game_module
    from scenes.config import GameConfig, Seat
    from scenes.menus.pause import leave_game
    seats = [Seat("Ada", "human", 0), Seat("Bo", "human", 1)]
    config = GameConfig(seats, game_module("assemble").parse_rules(""), 5, "assemble")
    table = app.stack.push(app.make(config.scene, config=config))
    frames(app, 1)
    table.play(table.state.legal_actions()[0])

    def said() -> bool:  # the save waits in its own thread: said once it has waited a second
        app.step(1 / 60)
        return toasted(app, HELD)
    until(said, "the held lock said")
    to_title = lambda: app.stack.clear_to(app.make("title"))  # noqa: E731
    finishes(leave_game, app, to_title)  # asked at once, not after a wait for the lock
    ask = app.stack.top
    assert ask.name == "confirm" and "another program is holding your data" in ask.detail
    ask.no()  # Stay
    assert app.stack.top is table and held.holding()
    held.release()

    def saved() -> bool:
        app.step(1 / 60)
        return table.saves.service.saved and table.saves.service.game_id is not None
    until(saved, "the game written once the lock was let go")
    leave_game(app, to_title)
    app.stack.top.yes()  # hot seat: Leave
    assert app.stack.top.name == "title"
    with closing(Store.open(data_dir())) as db:
        kept = {g.id: g.actions for g in db.games.in_progress()}
    assert kept[table.saves.service.game_id] == 1


def test_leaving_anyway_while_another_program_holds_the_data_keeps_the_game_once_it_lets_go(
        held, app):
    """Leave anyway (and the window's end) never waits on the frame loop for the lock, and the
    game's last position is not lost: its save waits in the background until the data is free."""
    from game.core.registry import game_module
    from scenes.config import GameConfig, Seat
    from scenes.menus.pause import leave_game
    from scenes.table.saving import wait_for_saves
    seats = [Seat("Ada", "human", 0), Seat("Bo", "human", 1)]
    config = GameConfig(seats, game_module("assemble").parse_rules(""), 5, "assemble")
    table = app.stack.push(app.make(config.scene, config=config))
    frames(app, 1)
    for _ in range(3):
        table.play(table.state.legal_actions()[0])

    def said() -> bool:
        app.step(1 / 60)
        return toasted(app, HELD)
    until(said, "the held lock said")
    saver = table.saves.service
    to_title = lambda: app.stack.clear_to(app.make("title"))  # noqa: E731
    finishes(leave_game, app, to_title)
    ask = app.stack.top
    assert ask.name == "confirm" and "another program is holding your data" in ask.detail
    frames(app, 1)
    finishes(click, app, ask.also_b.rect.center)  # Leave anyway: at once
    assert app.stack.top.name == "title" and held.holding()  # left while it still holds
    held.release()
    wait_for_saves(lambda: None)  # (what the window does as it closes)
    with closing(Store.open(data_dir())) as db:
        kept = {g.id: (g.actions, g.held) for g in db.games.in_progress()}
    assert kept[saver.game_id] == (3, "free")  # the last position, and let go


def test_the_cli_says_on_stderr_that_another_program_holds_the_data(data_dir):
    make_records(data_dir)
    env = dict(os.environ, PYTHONPATH=str(ROOT), ALICE_DATA_DIR=str(data_dir))
    with HeldLock(data_dir) as held:
        # stats does not wait: the figures are worked out and given, not kept
        stats = subprocess.run([sys.executable, "-m", "scenes.main", "stats", "--json"], cwd=ROOT,
                               env=env, capture_output=True, text=True, timeout=HANG_S)
        assert held.holding()
        assert stats.returncode == 0, stats.stderr
        assert json.loads(stats.stdout)["games"]["assemble"]["finished"] >= 1
        assert stats.stderr.count("\n") == 1 and "another program is holding your data" in stats.stderr
        # a write waits, saying so after a second; once the lock is let go it is made
        source = data_dir.parent / "in"
        source.mkdir()
        code = subprocess.run([sys.executable, "-m", "scenes.main", "selfplay", "--players", "2",
                               "--seat", "random", "--seat", "random", "--seed", "77", "--games",
                               "1", "--out", str(source)], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=HANG_S)
        assert code.returncode == 0, code.stderr
        importing = subprocess.Popen([sys.executable, "-m", "scenes.main", "import", str(source)],
                                     cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        line = importing.stderr.readline()
        assert "another program is holding your data" in line and held.holding(), line
    out, err = importing.communicate(timeout=HANG_S)
    assert importing.returncode == 0, err
    assert json.loads(out)["added"] == 1 and err == ""


# --- the held-lock class (issue 56's deliverable: the fuzz suite widened) -------------------------

# an App and a second process per example; the fixtures (monkeypatch, a folder factory) hold for all
ON_DISK = settings(FUZZ_ON_DISK, suppress_health_check=list(FUZZ_ON_DISK.suppress_health_check)
                   + [HealthCheck.function_scoped_fixture])

SCREENS = ("history", "stats", "continue", "settings", "lessons", "setup", "menu")
CHANGES = (("speed", st.sampled_from([1.0, 1.5, 2.5])), ("volume", st.integers(0, 10).map(lambda v: 10 * v)),
           ("sound", st.booleans()), ("think", st.sampled_from([0.3, 2.0])),
           ("hover_magnify", st.booleans()))
STEP = st.one_of(
    st.tuples(st.just("move"), st.integers(1, 3)),
    st.one_of(*[st.tuples(st.just("set"), st.just(name), values) for name, values in CHANGES]),
    st.tuples(st.just("screen"), st.sampled_from(SCREENS)))


@ON_DISK
@given(game=st.sampled_from(["assemble", "grayblock"]), steps=st.lists(STEP, min_size=1, max_size=8))
def test_while_another_program_holds_the_data_nothing_is_lost_once_it_lets_go(tmp_path_factory,
                                                                             monkeypatch, game, steps):
    """A game played, settings changed and screens opened over it while another process holds the
    lock: every frame comes back while it is held, and once it lets go the game (every move) and
    every setting are in the data."""
    from game.core.registry import game_module
    from scenes.app.window import App, AppOptions
    from scenes.config import GameConfig, Seat
    from scenes.menus.pause import leave_game

    monkeypatch.setattr(store_module, "BUSY_S", HANG_S)
    folder = tmp_path_factory.mktemp("held")
    monkeypatch.setenv("ALICE_DATA_DIR", str(folder))
    lock = HeldLock(folder)
    app = App(AppOptions(size=(1280, 720)))
    try:
        seats = [Seat(f"P{i + 1}", "human", i) for i in range(2)]
        config = GameConfig(seats, game_module(game).parse_rules(""), 5, game)
        table = app.make(config.scene, config=config)
        wanted: dict = {}

        def play() -> None:
            app.stack.clear_to(table)
            app.step(1 / 60)
            for step in steps:
                if step[0] == "move":
                    for _ in range(step[1]):
                        if not table.state.is_over():
                            table.play(table.state.legal_actions()[0])
                elif step[0] == "set":
                    app.settings[step[1]] = wanted[step[1]] = step[2]
                    app.save_settings()
                else:  # over the table (leaving it writes the game: after the lock is let go)
                    app.stack.push(app.make(step[1]))
                    frames(app, 3)
                    while app.stack.top is not table:
                        app.stack.pop()
                frames(app, 2)
        finishes(play)  # no frame waited for the lock
        assert lock.holding()
        moves = len(table.session.history)
        lock.release()
        leave_game(app, lambda: app.stack.clear_to(app.make("title")))
        if app.stack.top.name == "confirm":  # hot seat asks: "Leave"
            app.stack.top.yes()
        until(lambda: (app.step(1 / 60), not app.keeper.pending())[1], "the settings written")
    finally:
        lock.release()
        app.stack.close_all()
        app.keeper.close()
        app.store.close()
    with closing(Store.open(folder)) as db:
        kept = db.settings.read()[0]
        assert {k: kept.get(k) for k in wanted} == wanted
        if moves:
            saved = db.games.in_progress()
            finished = db.finished.entries()
            if saved:
                assert len(saved) == 1 and len(records.replay(db.games.record(saved[0].id)).history) == moves
            else:  # played to its end
                assert len(finished) == 1
