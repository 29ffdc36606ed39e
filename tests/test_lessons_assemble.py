"""Learn to play, Alice Assemble (issue 14): the script against the engine, the lesson played
through the real scenes with synthesized mouse and keys, wrong moves, leaving and resuming, the
first start's offer, the final scoring walk-through, and that a lesson keeps no game data."""

from __future__ import annotations

import json
from contextlib import contextmanager
import os
import subprocess
import sys

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.assemble.record import new_session
from game.assemble.setup import TAKE
from game.bots import make_bot
from game.core.commands import Play
from game.core.messages import shown
from game.tutorial import SCRIPTS
from game.storage import lesson_places as store
from game.assemble.lesson import SCRIPT
from game.tutorial.lesson import BotMove, Do, Free, Lesson, Note

from tests import lesson_helpers
from tests.lesson_helpers import demo_shots, walk
from tests.storage_helpers import contents, edit, settings_kept
from tests.ui_helpers import click, drag, frames, key, players_files, tick
from tests.waiting import HANG_S
from tests.strategies import any_text


def top(app):
    return app.stack.top


# --- the script and the engine --------------------------------------------------------------

def play_headless():
    """The lesson headless, the easy bot choosing for both seats in the free part: (session,
    lesson, {step key: the state when it came up})."""
    return walk(SCRIPT, lambda state, n: make_bot("easy", "assemble", n).decide(
        state.view(state.current_player()), state.legal_actions()))


def test_the_script_plays_through_the_engine_to_the_end_of_the_game():
    session, lesson, seen = play_headless()
    assert lesson.done and session.state.is_over()
    steps = [s.key for s in SCRIPT.steps if not isinstance(s, BotMove)]
    assert list(seen)[:len(steps)] == steps  # every step of the guided part, in order
    assert "last" in seen  # the free part says when the last round comes


def test_the_guided_part_says_what_the_board_shows():
    """The words name this deal's facts: checked against the engine at each step."""
    session = new_session(SCRIPT.seed, [{"name": n, "seat": k} for n, k in SCRIPT.players])
    state = session.state
    assert state.counters[0] == 1 and state.counters[1] == 3  # "doll A's shows 1", "B's shows 3"
    assert 31 in state.field
    lesson = Lesson(SCRIPT)
    facts = {}
    while not lesson.free():
        if lesson.reading():
            facts[lesson.step.key] = session.state.clone()
            lesson.next()
            continue
        action = lesson.expected() or lesson.bot_move()
        before = session.state.clone()
        outcome = session.run(Play(action))
        lesson.played(before, action, outcome.events, session.state)
    assert facts["capacity"].capacity[0] == 2  # doll A gained capacity with 31
    assert facts["order"].turn_order()[:1] == [1]  # doll B's 18 plays first
    assert facts["capacity-b"].capacity[1] == 2
    assert facts["module"].lines[0] == [16, 31] and facts["module"].lane_key(0)[0] == 25
    weaker = facts["weaker"]
    assert weaker.lane_key(0)[0] == 25 and weaker.lane_key(1)[0] == 16 and weaker.scores()[0] == 16


def test_a_different_move_is_explained_not_played_and_a_note_waits_for_next():
    lesson = Lesson(SCRIPT)
    session = new_session(SCRIPT.seed, [{"name": n, "seat": k} for n, k in SCRIPT.players])
    assert "Next" in str(lesson.refusal(session.state, TAKE[0][18]))  # a note is up
    lesson.next()
    lesson.next()
    why = lesson.refusal(session.state, TAKE[0][18])
    assert why is not None and "31" in why and "five rows" in why
    assert lesson.refusal(session.state, TAKE[0][31]) is None


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | any_text(8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text(8), inner, max_size=4),
                    max_leaves=20))
def test_any_kept_progress_is_a_place_in_the_lesson_or_refused_cleanly(data):
    try:
        lesson = Lesson.from_json(SCRIPT, data)
    except ValueError:
        return
    assert 0 <= lesson.index <= len(SCRIPT.steps)
    assert Lesson.from_json(SCRIPT, lesson.to_json()) == lesson


@pytest.mark.parametrize("data", [
    {"index": 3, "pending": [[[], {}]]},  # an unhashable key
    {"index": 3, "pending": [["last", {"x": "a\u0000b"}]]},  # a NUL the font cannot draw
    {"index": 3, "pending": [["last", {"x": 10 ** 400}]]},
    {"index": 10 ** 30}, {"index": -1}, {"index": True}, {"index": 1.5}, {"index": 99},
    {"index": 3, "seen": [["last"]]}, {"index": 3, "seen": "last"},
])
def test_a_tampered_progress_is_refused_with_a_value_error(data):
    with pytest.raises(ValueError):
        Lesson.from_json(SCRIPT, data)


def test_progress_round_trips_at_every_step():
    session, lesson, _notes = play_headless()
    assert Lesson.from_json(SCRIPT, json.loads(json.dumps(lesson.to_json()))) == lesson


# --- through the real scenes -----------------------------------------------------------------

def open_from_title(app):
    return lesson_helpers.open_from_title(app, "assemble")


def settle(app, table, limit=600):
    """Frames until nothing flies and the lesson waits for the player (or it is over); only the
    settled one is drawn, the ones between only wait."""
    for n in range(limit):
        coach = table.coach
        if table.motion.flights or (coach is not None and coach.lesson.bot_move() is not None) \
                or (not table.state.is_over() and table.state.current_player() not in table.humans
                    and coach is not None and coach.lesson.free()):
            tick(app, 0.1)
            continue
        if n:
            app.draw()
        return
    raise AssertionError("the table never settled")


def perform(app, table, action):
    """Make a move as a player does: drag a field card onto the bench, or the bench card into
    the line at the gap that means `action`'s position."""
    lane = action.lane
    lay = table.layout.lanes[lane]
    bench = (int(lay.bench.x + lay.bench.w / 2), int(lay.bench.y + lay.bench.h / 2))
    if action.kind == "take":
        x, y, w, h = table.field_rect(action.value)
        drag(app, (int(x + w / 2), int(y + h / 2)), bench)
        return
    y = int(lay.line.y + lay.line.h / 2)
    for x in range(int(lay.box.x), int(lay.box.x + lay.box.w), 2):
        if table.insertion_at(lane, x) == action.value and table.geo.over_lane((x, y), lane):
            drag(app, bench, (x, y))
            return
    raise AssertionError(f"no spot for {action}")


def wrong_move(table):
    """A legal move that is not the one the step wants."""
    wanted = table.coach.lesson.expected()
    return next(a for a in table.state.legal_actions() if a != wanted)


def play_lesson(app, table, enter_every=2, until=None):
    """Read every note (Next by click, every other one by Enter), make every wanted move by drag;
    in the free part the easy bot's choice, by drag too. Returns the notes read."""
    read = []
    for n in range(400):
        settle(app, table)
        coach = table.coach
        if until is not None and until(table):
            return read
        if table.state.is_over():
            return read
        lesson = coach.lesson
        if lesson.reading():
            read.append(lesson.step.key)
            if len(read) % enter_every == 0:
                key(app, pygame.K_RETURN)
            else:
                click(app, coach.next_b.rect.center)
            continue
        wanted = lesson.expected()
        if wanted is None:  # the free part: the player's own move
            state = table.state
            wanted = make_bot("easy", "assemble", n).decide(state.view(state.current_player()),
                                                           state.legal_actions())
        before = len(table.session.history)
        perform(app, table, wanted)
        assert len(table.session.history) == before + 1, (lesson.step, wanted)
    raise AssertionError("the lesson did not end")


def test_the_lesson_by_mouse_and_keys_to_the_scoring_walk_through_and_a_real_game(app, data_dir):
    players_files(data_dir)  # a game in progress, settings and a record of the player's own
    before = contents()
    table = open_from_title(app)
    frames(app, 2)
    assert "Welcome" in shown(table.coach.lesson.words(table.state))
    # a click on the table while a note is up does nothing but say to read it
    x, y, w, h = table.field_rect(31)
    click(app, (int(x + w / 2), int(y + h / 2)))
    assert len(table.session.history) == 0 and "Read this first" in shown(table.coach.problem)
    read = play_lesson(app, table)
    assert read[:2] == ["welcome", "field"] and "weaker" in read
    frames(app, 120, 0.05)
    scoring = top(app)
    assert scoring.name == "scoring" and scoring.coach is not None
    frames(app, 2)
    assert scoring.coach_box.w > 0
    assert not scoring.coach_box.colliderect(scoring.line_rect())
    for _ in range(4 * 12):  # Next through every doll's modules to the results
        if scoring.phase == "summary":
            break
        key(app, pygame.K_RETURN)
    assert scoring.phase == "summary"
    frames(app, 2)
    after = contents()
    assert after["lessons"]["assemble"] is None  # the lesson is done: nothing to resume
    assert {k: v for k, v in after.items() if k != "lessons"} == \
        {k: v for k, v in before.items() if k != "lessons"}  # nothing but the lesson's place
    # the lesson's last words: this game's counting dolls and the result
    said = shown(SCRIPT.finale(scoring.state, "summary"))
    assert str(scoring.state.scores()[0]) in said
    assert scoring.again_btn.label == "Play a game"
    click(app, scoring.again_btn.rect.center)
    game = top(app)
    assert game.name == "table" and game.coach is None and game.saves.service.enabled
    assert game.config.lesson is None and len(game.session.history) == 0
    assert [s.kind for s in game.config.seats] == ["human", "easy"]


def test_a_wrong_move_is_explained_and_the_right_one_then_plays(app, data_dir):
    table = open_from_title(app)
    for _ in range(2):  # welcome, field
        click(app, table.coach.next_b.rect.center)
    assert table.coach.lesson.expected() == TAKE[0][31]
    perform(app, table, TAKE[0][18])  # a legal move, not the lesson's
    frames(app, 2)
    assert len(table.session.history) == 0 and 18 in table.state.field
    assert "For this lesson take 31" in shown(table.coach.problem)
    assert table.coach.panel.w > 0
    perform(app, table, TAKE[0][31])
    assert table.state.bench[0] == 31 and table.coach.problem is None
    # Undo is off in a lesson, and says why instead of doing nothing
    settle(app, table)
    click(app, table.buttons[0].rect.center)
    assert any("only goes forward" in str(m) for m, _t in app.toasts)
    assert table.state.bench[0] == 31


def test_show_me_plays_the_wanted_move(app, data_dir):
    table = open_from_title(app)
    for _ in range(2):
        click(app, table.coach.next_b.rect.center)
    frames(app, 2)
    click(app, table.coach.show_b.rect.center)
    assert table.state.bench[0] == 31


def test_leave_and_resume_at_the_same_step_and_position(app, data_dir):
    table = open_from_title(app)
    play_lesson(app, table, until=lambda t: t.coach.lesson.step.key == "module")
    index, moves = table.coach.lesson.index, list(table.session.history.actions)
    frames(app, 2)
    click(app, table.coach.leave_b.rect.center)
    frames(app, 2)
    assert top(app).name == "title"
    kept = contents()
    assert kept["games"] == kept["finished"] == [] and kept["settings"] == {}
    assert kept["lessons"]["assemble"] is not None
    click(app, top(app).learn.rect.center)
    chooser = top(app)
    resume = chooser.rows[0][1][0]
    assert resume.label == "Resume"
    click(app, resume.rect.center)
    again = top(app)
    assert again.coach.lesson.index == index and list(again.session.history.actions) == moves
    assert again.coach.lesson.step.key == "module"
    # start over: the lesson's first step on a fresh deal of the same cards
    click(app, again.coach.leave_b.rect.center)
    click(app, top(app).learn.rect.center)
    click(app, top(app).rows[0][1][1].rect.center)
    fresh = top(app)
    assert fresh.coach.lesson.index == 0 and len(fresh.session.history) == 0


def test_escape_opens_the_menu_whose_title_screen_keeps_the_lesson(app, data_dir):
    table = open_from_title(app)
    click(app, table.coach.next_b.rect.center)
    key(app, pygame.K_ESCAPE)
    menu = top(app)
    assert menu.name == "menu" and menu.restart_b not in menu.ring.widgets  # no restart/concede
    click(app, menu.title_b.rect.center)
    assert top(app).name == "title"
    assert store.has(app.store, "assemble")


def test_a_broken_or_foreign_lesson_place_starts_the_lesson_afresh(app, data_dir):
    session, lesson, _notes = play_headless()
    from game.core.records import record_of
    record = record_of(session)
    record["players"][1]["seat"] = "cmd:evil-program"  # never started from a lesson's place
    app.store.lessons.keep("assemble", {"record": record, "lesson": lesson.to_json()})
    table = lesson_helpers.open_from_title(app, "assemble", resume=True)  # the entry is there
    assert len(table.session.history) == 0 and table.coach.lesson.index == 0
    assert [s.kind for s in table.config.seats] == ["human", "easy"]
    assert any("starts afresh" in str(m) for m, _t in app.toasts)
    edit("INSERT OR REPLACE INTO lessons (game, entry) VALUES ('assemble', '{not json')")
    app.stack.clear_to(app.make("title"))
    toasts = len(app.toasts)
    table = lesson_helpers.open_from_title(app, "assemble", resume=True)  # a place is there...
    assert table.coach.lesson.index == 0  # ...that cannot be read: afresh, and said
    assert any("starts afresh" in str(m) for m, _t in app.toasts[toasts:])


def test_a_full_disk_never_stops_the_lesson(app, data_dir, monkeypatch):
    import sqlite3
    from game.storage import Store

    def full(*args, **kwargs):
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorname = "SQLITE_FULL"
        raise error
    monkeypatch.setattr(Store, "_write", full)
    table = open_from_title(app)
    click(app, table.coach.next_b.rect.center)
    click(app, table.coach.next_b.rect.center)
    perform(app, table, TAKE[0][31])
    assert table.state.bench[0] == 31
    assert any("the disk is full" in str(m) for m, _t in app.toasts)


@contextmanager
def started():
    """The app as a fresh start opens it: the title, and what it shows over it."""
    from scenes.app.window import App, AppOptions
    app = App(AppOptions(size=(1280, 720)))
    try:
        app.stack.push(app.make("title"))
        frames(app, 2)
        yield app
    finally:
        app.stack.close_all()
        pygame.display.quit()


@pytest.mark.first_start
def test_the_first_start_offers_the_lesson_once(data_dir):
    with started() as app:
        offer = top(app)
        assert offer.name == "confirm" and offer.yes_b.label == "Learn to play"
        assert settings_kept()["lesson_offered"] is True
        click(app, offer.no_b.rect.center)
        assert top(app).name == "title"
        assert any("whenever you want" in str(m) for m, _t in app.toasts)
        app.stack.clear_to(app.make("title"))  # back to the title later: not again
        frames(app, 2)
        assert top(app).name == "title"
    with started() as app:  # the next start: not again either
        assert top(app).name == "title"


@pytest.mark.first_start
def test_taking_the_offer_opens_the_lesson(data_dir):
    with started() as app:
        key(app, pygame.K_RETURN)  # the offer's focus is on Learn to play
        assert top(app).name == "table" and top(app).coach is not None


@pytest.mark.first_start
def test_no_offer_over_a_game_to_continue(data_dir):
    players_files(data_dir)
    with started() as app:
        assert top(app).name == "title" and top(app).has_save


@pytest.mark.slow
def test_the_demo_plays_the_lesson_to_its_end_with_a_screenshot_per_step(tmp_path):
    names = demo_shots(tmp_path, "assemble")
    shown_steps = [s.key for s in SCRIPT.steps if isinstance(s, (Note, Do, Free))]
    for step in shown_steps:
        assert any(n.endswith(f"-{step}.png") for n in names), step
    assert sum("scoring-lanes" in n for n in names) == 4 and any("scoring-summary" in n for n in names)


def test_the_tutorial_option_refuses_an_unknown_game():
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "--demo", "--tutorial", "chess"],
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy"), capture_output=True,
                          text=True, timeout=HANG_S)
    assert proc.returncode == 2 and "--tutorial" in proc.stderr and proc.stderr.count("\n") <= 3


def test_every_lesson_is_listed_in_learn_to_play(app, data_dir):
    app.stack.push(app.make("title"))
    click(app, top(app).learn.rect.center)
    assert [game for game, _buttons in top(app).rows] == [g for g in ("assemble", "cementopia", "grayblock")
                                                           if g in SCRIPTS]
    key(app, pygame.K_ESCAPE)
    assert top(app).name == "title"


def test_a_demo_lesson_that_cannot_go_on_exits_with_an_error(data_dir, monkeypatch):
    """--demo --tutorial exits 0 only at the lesson's end: one stuck on a move the rules refuse
    gives up with status 1."""
    import dataclasses
    import game.tutorial as tutorial
    from scenes.app.window import App, AppOptions
    from scenes.tutorial.start import open_lesson
    broken = dataclasses.replace(SCRIPT, steps=(Do("stuck", "Take 7.", TAKE[0][7], "Take 7."),))
    monkeypatch.setitem(tutorial.SCRIPTS, "assemble", broken)
    monkeypatch.setattr("scenes.tutorial.start.SCRIPTS", tutorial.SCRIPTS)
    app = App(AppOptions(size=(640, 360), demo=True, tutorial="assemble", exit_after=0.1))
    try:
        app.stack.push(app.make("title"))
        open_lesson(app, "assemble")
        for _ in range(400):
            if not app.running:
                break
            app.step(0.5)
        assert not app.running and app.exit_code == 1
        assert len(app.stack.top.session.history) == 0
    finally:
        app.stack.close_all()
        pygame.display.quit()


def test_what_the_rules_refuse_is_explained_in_the_panel_too(app, data_dir):
    table = open_from_title(app)
    play_lesson(app, table, until=lambda t: t.coach.lesson.step.key == "place-b1")
    settle(app, table)
    x, y, w, h = table.field_rect(30)
    click(app, (int(x + w / 2), int(y + h / 2)))  # a field card while the bench card must go first
    assert "Place your bench card into the line first" in shown(table.coach.problem)
    assert len(table.session.history) == 4 and not app.toasts


def test_the_coach_speaks_the_language_switched_to_mid_lesson(app, data_dir):
    from scenes.menus.settings import use_language
    table = open_from_title(app)
    english = shown(table.coach.lesson.words(table.state))
    try:
        use_language("ja")
        frames(app, 2)
        assert shown(table.coach.lesson.words(table.state)) != english
        assert "人形" in shown(table.coach.lesson.words(table.state))
        assert table.coach.next_b.label == "Next" and table.coach.title().startswith("遊び方")
    finally:
        use_language("en")


def test_the_tutorial_option_alone_opens_the_app_not_the_headless_commands(monkeypatch):
    """`alice-assemble --tutorial assemble` is a window option, as --demo and --lang are."""
    import scenes.main as entry
    opened = []
    monkeypatch.setattr(entry, "_open_app", lambda argv: opened.append(argv) or 0)
    assert entry.run(["--tutorial", "assemble"]) == 0 and opened == [["--tutorial", "assemble"]]
