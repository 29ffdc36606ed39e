"""The replay viewer (issue 15): each game's record opened, stepped through by keys and buttons
(the table shows exactly the position that replaying that many moves gives), by round or hand,
autoplay, the end screens; --replay and a dropped file, good and bad; the demo; the fit."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core import records, registry
from game.assemble.record import new_session as assemble_session
from scenes.replay.viewer import open_replay
from tests.storage_helpers import contents
from tests.ui_helpers import click, frames, key
from tests.waiting import HANG_S

PLAYERS = [{"name": "Ada", "seat": "human", "colour": 0}, {"name": "Bo", "seat": "easy", "colour": 1},
           {"name": "Cy", "seat": "hard", "colour": 2}]


def played(session, seed, limit=10_000):
    rng = random.Random(seed)
    for _ in range(limit):
        if session.state.is_over():
            break
        session.play(rng.choice(session.state.legal_actions()))
    return records.record_of(session)


def make_record(game: str) -> dict:
    """A finished game, Ada (a human) and bots at the game's usual table (three at most);
    random moves."""
    module = registry.game_module(game)
    return played(module.new_session(5, PLAYERS[:min(module.DEFAULT_PLAYERS, len(PLAYERS))]), 3)


GAMES = registry.ids()  # every registered game


@pytest.fixture
def record_file(tmp_path):
    def write(game: str, record: dict | None = None):
        path = tmp_path / f"{game}-record.json"
        records.write_record(path, record if record is not None else make_record(game))
        return path
    return write


def prefix_state(record: dict, n: int):
    """The position after the record's first n moves, replayed from scratch."""
    return prefix_states(record)[n]


def prefix_states(record: dict) -> list:
    """The position after each number of the record's moves (0 to all): replayed from scratch
    once, then taken back a move at a time, each position a copy."""
    session = records.replay(record)
    states = [session.state.clone()]
    while len(session.history):
        session.history.undo()
        states.append(session.state.clone())
    return states[::-1]


def opened(app, path):
    app.stack.push(app.make("title"))
    frames(app)
    viewer = open_replay(app, path)
    assert viewer is not None and app.stack.top is viewer
    frames(app)
    return viewer


@pytest.mark.parametrize("game", GAMES)
def test_keys_step_through_the_whole_game_and_back(app, record_file, game):
    path = record_file(game)
    record = records.read_record(path)
    viewer = opened(app, path)
    total = viewer.total
    assert total == len(records.replay(record).history) > 5
    assert viewer.cursor == 0 and viewer.position_words() == f"Move 0 of {total}"
    expected = prefix_states(record)
    for n in range(1, total + 1):
        key(app, pygame.K_RIGHT)
        assert viewer.cursor == n and viewer.table.state == expected[n]
    assert viewer.log_entries()[-1][1]  # the current move's line is the lit one
    if app.stack.top is viewer:  # the end shows on the table itself (Grayblock's match result)
        assert viewer.table.playback.cover() is not None
    else:  # or its end screen over the viewer
        assert app.stack.top.name in ("replay_scoring", "replay_end")
        app.stack.pop()
    for n in range(total - 1, -1, -1):
        key(app, pygame.K_LEFT)
        assert viewer.cursor == n and viewer.table.state == expected[n]
    key(app, pygame.K_END)
    assert viewer.table.state == expected[-1]
    while app.stack.top is not viewer:
        app.stack.pop()
    key(app, pygame.K_HOME)
    assert viewer.cursor == 0 and viewer.table.state == expected[0]


@pytest.mark.parametrize("game", GAMES)
def test_buttons_step_forward_and_back(app, record_file, game):
    viewer = opened(app, record_file(game))
    record = viewer.record
    first, back, forward, last = viewer.controls[0], viewer.controls[2], viewer.controls[3], viewer.controls[5]
    assert not back.enabled and forward.enabled
    click(app, forward.rect.center)
    click(app, forward.rect.center)
    assert viewer.cursor == 2 and viewer.table.state == prefix_state(record, 2)
    click(app, back.rect.center)
    assert viewer.cursor == 1 and viewer.table.state == prefix_state(record, 1)
    click(app, last.rect.center)
    assert viewer.cursor == viewer.total
    while app.stack.top is not viewer:
        app.stack.pop()
    key(app, pygame.K_LEFT)  # (at the end Grayblock's match result covers the buttons)
    frames(app)
    click(app, first.rect.center)
    assert viewer.cursor == 0 and viewer.table.state == prefix_state(record, 0)


def test_by_round_in_assemble(app, record_file):
    viewer = opened(app, record_file("assemble"))
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    first = viewer.cursor
    assert first > 1 and viewer.state.round == 1 and viewer.segments[first - 1] == 0
    key(app, pygame.K_PAGEDOWN)
    assert viewer.state.round == 2 and viewer.segments[viewer.cursor - 1] == 1
    click(app, viewer.controls[1].rect.center)  # at a round's start: to the one before
    assert viewer.cursor == first
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert viewer.cursor == 0


def test_by_hand_in_grayblock_shows_the_hand_result(app, record_file):
    viewer = opened(app, record_file("grayblock"))
    key(app, pygame.K_PAGEDOWN)
    assert len(viewer.state.results) == 1 and viewer.table.overlay  # the hand's result shows
    ended = viewer.cursor
    assert viewer.cover_b.label == "Continue"
    click(app, viewer.cover_b.rect.center)
    assert viewer.cursor == ended + 1 and not viewer.table.overlay
    key(app, pygame.K_PAGEUP)
    assert viewer.cursor == ended  # the second hand's start


def test_autoplay_advances_at_its_speed(app, record_file):
    viewer = opened(app, record_file("assemble"))
    key(app, pygame.K_SPACE)
    assert viewer.playing
    frames(app, 70)  # a little over a second at 1x
    assert viewer.cursor == 1
    click(app, viewer.speed_b.rect.center)  # 2x
    click(app, viewer.speed_b.rect.center)  # 4x
    assert viewer.speed == 4.0
    at = viewer.cursor
    frames(app, 61)
    assert viewer.cursor >= at + 3
    key(app, pygame.K_SPACE)
    at = viewer.cursor
    frames(app, 120)
    assert not viewer.playing and viewer.cursor == at


def test_the_end_shows_each_games_final_figures(app, record_file):
    viewer = opened(app, record_file("assemble"))
    key(app, pygame.K_END)
    scoring = app.stack.top
    assert scoring.name == "replay_scoring"
    scoring.skip()
    frames(app)
    assert scoring.again_btn.label == "Back to replay" and scoring.title_btn.label == "Close the replay"
    click(app, scoring.again_btn.rect.center)
    assert app.stack.top is viewer
    key(app, pygame.K_RIGHT)  # at the end: the scoring again
    again = app.stack.top
    assert again.name == "replay_scoring" and again is not scoring
    again.skip()
    frames(app)
    click(app, again.title_btn.rect.center)  # Close the replay: back where it was opened from
    assert app.stack.top.name == "title"


def test_cementopia_end_and_grayblock_match_end(app, record_file):
    viewer = opened(app, record_file("cementopia"))
    key(app, pygame.K_END)
    end = app.stack.top
    assert end.name == "replay_end"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is viewer
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "title"
    viewer = open_replay(app, record_file("grayblock"))
    key(app, pygame.K_END)
    assert viewer.table.overlay and viewer.table.match_over_shown()
    assert viewer.cover_b.label == "Close the replay"
    click(app, viewer.cover_b.rect.center)
    assert app.stack.top.name == "title"


def test_a_replay_writes_nothing(app, record_file, data_dir):
    path = record_file("assemble", played(assemble_session(9, PLAYERS), 4, limit=12))  # unfinished
    before = contents()
    viewer = opened(app, path)
    key(app, pygame.K_END)
    key(app, pygame.K_HOME)
    frames(app, 5)
    assert app.stack.top is viewer  # an unfinished game: no end screen
    assert contents() == before and before["games"] == before["finished"] == []


BAD = {
    "corrupt": lambda good: good.replace('"actions"', '"actionz"').replace('"hands"', '"handz"'),
    "wrong game": lambda good: json.dumps(dict(json.loads(good), game="chess")),
    "truncated": lambda good: good[: len(good) // 2],
    "not JSON": lambda good: "hello, world\n",
    "illegal move": lambda good: good.replace('"take":', '"take":9').replace('"play":', '"play":9'),
}


@pytest.mark.parametrize("fault", list(BAD))
def test_a_bad_file_is_one_toast_and_nothing_changes(app, record_file, tmp_path, fault):
    good = record_file("grayblock" if fault == "illegal move" else "assemble").read_text()
    bad = tmp_path / "bad.json"
    bad.write_text(BAD[fault](good))
    app.stack.push(app.make("title"))
    frames(app)
    scenes = app.stack.scenes
    assert open_replay(app, bad) is None
    assert app.stack.scenes == scenes
    assert len(app.toasts) == 1 and "\n" not in app.toasts[0][0] and "bad.json" in app.toasts[0][0]
    frames(app)


def test_a_dropped_record_opens_and_a_bad_drop_changes_nothing(app, record_file, tmp_path):
    app.stack.push(app.make("title"))
    frames(app)
    bad = tmp_path / "notes.txt"
    bad.write_text("{not a record")
    app.dispatch(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    frames(app)
    assert app.stack.top.name == "title" and len(app.toasts) == 1
    dropped = record_file("cementopia")
    app.dispatch(pygame.event.Event(pygame.DROPFILE, file=str(dropped)))
    frames(app)
    ask = app.stack.top
    assert ask.name == "confirm" and ask.question == "Import this game?"
    click(app, ask.also_b.rect.center)  # Only look: opened, not kept
    assert app.stack.top.name == "replay" and app.stack.top.game == "cementopia"
    assert contents()["finished"] == []
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "title"
    for _ in range(2):  # Import: kept once, however often it is dropped
        app.dispatch(pygame.event.Event(pygame.DROPFILE, file=str(dropped)))
        frames(app)
        key(app, pygame.K_RETURN)
        assert app.stack.top.name == "replay" and app.stack.top.game == "cementopia"
        key(app, pygame.K_ESCAPE)
    [(_id, kept)] = contents()["finished"]
    assert kept["actions"] == json.loads(dropped.read_text())["actions"]
    assert "already kept" in str(app.toasts[-1][0])


def run_app(args, data):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ALICE_DATA_DIR=str(data))
    return subprocess.run([sys.executable, "-m", "scenes.main", *args], env=env, capture_output=True,
                          text=True, timeout=HANG_S)


@pytest.mark.parametrize("fault", ["not JSON", "wrong game", "truncated"])
def test_replay_flag_with_a_bad_file_is_one_line_and_exit_2(tmp_path, record_file, fault):
    bad = tmp_path / "bad.json"
    bad.write_text(BAD[fault](record_file("assemble").read_text()))
    proc = run_app(["--replay", str(bad)], tmp_path / "data")
    assert proc.returncode == 2
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("alice-assemble: error: --replay")


@pytest.mark.parametrize("game", GAMES)
def test_the_demo_steps_through_a_record_and_exits_0(tmp_path, record_file, game):
    shots = tmp_path / "shots"
    data = tmp_path / "data"
    proc = run_app(["--demo", "--replay", str(record_file(game)), "--screenshots", str(shots),
                    "--exit-after", "0.3"], data)
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = sorted(p.name.split("-", 1)[1] for p in shots.glob("*.png"))
    assert names == ["replay-0.png", "replay-1.png", "replay-2.png", "replay-3.png", "replay-4.png",
                     "scoring.png"]
    assert all(p.stat().st_size > 10_000 for p in shots.glob("*.png"))
    assert not data.exists() or not list(data.iterdir())  # the demo keeps nothing


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_the_viewer_fits_a_small_window(data_dir, record_file, lang, game, tmp_path):
    from scenes.app.window import App, AppOptions
    from scenes.menus.settings import use_language
    from scenes.widgets import ui
    from tests.test_fit import english_messages, problems_of
    app = App(AppOptions(size=(640, 360), lang=lang))
    shots = Path(os.environ.get("REPLAY_SHOTS", tmp_path))
    try:
        viewer = opened(app, record_file(game))
        found = []
        for n in (0, 1, viewer.total // 2, viewer.total - 1):
            viewer.go(n)
            with ui.noting_texts() as noted:
                app.draw()
            found += problems_of(noted, lang, english_messages())
        viewer.end()  # and the end screen, its buttons worded for a replay
        end = app.stack.top
        if hasattr(end, "skip"):
            end.skip()
        frames(app, 30)
        with ui.noting_texts() as noted:
            app.draw()
        found += [f"end: {p}" for p in problems_of(noted, lang, english_messages())]
        pygame.image.save(app.screen, str(shots / f"{game}-{lang}-end.png"))
        assert not found, "\n".join(sorted(set(found)))
    finally:
        app.stack.close_all()
        pygame.display.quit()
        use_language("en")


def test_the_demo_of_an_unfinished_game_ends_at_its_last_move(tmp_path, record_file):
    path = record_file("assemble", played(assemble_session(9, PLAYERS), 4, limit=12))
    shots = tmp_path / "shots"
    proc = run_app(["--demo", "--replay", str(path), "--screenshots", str(shots), "--exit-after", "0.2"],
                   tmp_path / "data")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert sorted(p.name.split("-", 1)[1] for p in shots.glob("*.png"))[-1] == "replay-4.png"
