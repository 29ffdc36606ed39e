"""Learn to play, Cementopia (issue 14): the script against the engine, the lesson played through
the real table with synthesized mouse and keys (drags, the count-choice popup), wrong spots and
wrong counters, Show me, leaving and resuming, the coach stepping aside at the end, and that a
lesson keeps no game data (no autosave, records, best scores or settings)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.cementopia.bots import EasyBot, HardBot
from game.cementopia.setup import Action
from game.core.messages import shown
from game.tutorial import SCRIPTS
from game.storage import lesson_places as store
from game.cementopia.lesson import SCRIPT
from game.tutorial.lesson import Do, Lesson, Note

from tests import lesson_helpers
from tests.lesson_helpers import demo_shots, walk
from tests.storage_helpers import contents, without_lessons
from tests.ui_helpers import click, drag, frames, key, players_files

GAME = "cementopia"


def top(app):
    return app.stack.top




# --- the script and the engine --------------------------------------------------------------

@pytest.mark.slow
def test_the_script_is_registered_and_plays_through_the_engine():
    assert SCRIPTS[GAME] is SCRIPT and SCRIPT.finale is None  # it ends with its last note
    assert SCRIPT.players == (("You", "human"),)
    session, lesson, seen = walk(SCRIPT)
    assert lesson.done and list(seen) == [s.key for s in SCRIPT.steps]
    state = session.state
    assert not state.is_over() and len(state.placed) == 6  # the player finishes it
    # the guided start leaves a puzzle that can still be completed (the hard bot does, even
    # guessing two deck orders a move instead of twelve)
    bot = HardBot(seed=1, iterations=2)
    while not state.is_over():
        action = bot.decide(state.view(0), state.legal_actions())
        state.apply(action)
    assert state.outcome == "complete"


def test_the_words_say_what_the_board_shows():
    _session, _lesson, seen = walk(SCRIPT)
    first = seen["welcome"]
    assert first.placed == [(19, 0, 0)] and set(first.hand) == {2, 16, 29, 9}
    assert first.counters == [4, 4, 4, 3]
    assert seen["paid-4"].counters == [4, 4, 4, 2]  # "counter 4 ... has 2 uses left"

    def options(state, action):
        """The counts a spot offers for the card: {neighbour: connection count}."""
        return {a.count_with: state.connection_count(a) for a in state.legal_actions()
                if (a.card, a.x, a.y) == (action.card, action.x, action.y)}

    wanted = {s.key: s.expect for s in SCRIPT.steps if isinstance(s, Do)}
    assert options(seen["place-9"], wanted["place-9"]) == {19: 4}
    assert options(seen["place-2"], wanted["place-2"]) == {19: 2}
    assert options(seen["place-16"], wanted["place-16"]) == {2: 3, 9: 1}
    assert options(seen["place-7"], wanted["place-7"]) == {9: 3}
    assert options(seen["place-31"], wanted["place-31"]) == {7: 2, 19: 1}
    # two neighbours with the same count pay the same counter: the table asks no question
    # and plays the first; the script never wants the other one
    for step, action in wanted.items():
        counts = options(seen[step], action)
        assert list(counts.values()).count(counts[action.count_with]) == 1, step


def test_a_different_spot_or_counter_is_explained_not_played():
    lesson = Lesson(SCRIPT)
    state = lesson_helpers.fresh_session(SCRIPT).state
    assert "Next" in shown(lesson.refusal(state, Action(9, -1, -1, 19)))  # a note is up
    lesson.next()
    lesson.next()
    other = next(a for a in state.legal_actions() if a.card == 9 and a != Action(9, -1, -1, 19))
    why = shown(lesson.refusal(state, other))
    assert "left of 19, one row higher" in why and "counter 4" in why
    assert lesson.refusal(state, Action(9, -1, -1, 19)) is None
    at = next(i for i, s in enumerate(SCRIPT.steps) if s.key == "place-16")
    why = shown(Lesson(SCRIPT, at).refusal(state, Action(16, 0, -5, 9)))
    assert "count 2" in why and "counter 3" in why


def test_progress_round_trips_at_every_step():
    lesson = Lesson(SCRIPT)
    for index in range(len(SCRIPT.steps) + 1):
        lesson.index = index
        assert Lesson.from_json(SCRIPT, json.loads(json.dumps(lesson.to_json()))) == lesson


# --- through the real scenes -----------------------------------------------------------------


def settle(app, table, limit=300):
    for _ in range(limit):
        if not table.motion.flights and table.cam.goal is None:
            return
        frames(app, 1, 0.05)
    raise AssertionError("the table never settled")


def centre(rect):
    return (int(rect.centerx), int(rect.centery))


def spot_point(table, x, y):
    """Where on the screen a player drops a card for the spot (x, y): its rows' middle."""
    return centre(table.cam.band_rect(table.lay.board, x, y))


def place(app, table, action, how="drag"):
    """Put `action`'s card on its spot as a player does (a drag, or a click on the card then on
    the spot) and, when the count-choice popup asks, click the button that counts its neighbour."""
    settle(app, table)
    card = centre(table.hand_rect(action.card))
    spot = spot_point(table, action.x, action.y)
    if how == "drag":
        drag(app, card, spot)
    else:
        click(app, card)
        assert table.selected == action.card
        click(app, spot)
    if table.popup is not None:
        button = next(b for b, (_a, _c, names) in zip(table.popup.ring.widgets, table.popup.choices)
                      if action.count_with in names)
        click(app, centre(button.rect))


def read_note(app, table, by_key):
    if by_key:
        key(app, pygame.K_RETURN)
    else:
        click(app, centre(table.coach.next_b.rect))


def play_lesson(app, table, until=None):
    """Every note read (Next by click and by Enter in turn), every move made by hand."""
    read, n = [], 0
    while table.coach is not None:
        lesson = table.coach.lesson
        if until is not None and lesson.step.key == until:
            return read
        settle(app, table)
        if lesson.reading():
            read.append(lesson.step.key)
            read_note(app, table, by_key=len(read) % 2 == 0)
            continue
        before = len(table.session.history)
        place(app, table, lesson.expected(), "click" if n % 2 else "drag")
        n += 1
        assert len(table.session.history) == before + 1, lesson.step.key
    return read


def only_lessons_file(data_dir):
    """Nothing in the player's data but lesson places: no game, setting or best."""
    kept = contents()
    return kept["games"] == kept["finished"] == [] and kept["settings"] == {} and kept["bests"] == {}


@pytest.mark.slow
def test_the_lesson_by_mouse_and_keys_to_its_end_then_the_puzzle_goes_on(app, data_dir, monkeypatch):
    from game.storage.bests import Bests
    wrote = []
    monkeypatch.setattr(Bests, "keep", lambda *a, **k: wrote.append(a) or (None, False))
    table = lesson_helpers.open_from_title(app, GAME)
    assert "puzzle for one" in shown(table.coach.lesson.words(table.state))
    assert table.coach.target == table.marks.anchor(("card", 19))
    # a click on a hand card while a note is up does nothing but say to read it
    click(app, centre(table.hand_rect(9)))
    assert table.selected is None and "Read this first" in shown(table.coach.problem)
    read_note(app, table, by_key=False)
    read_note(app, table, by_key=True)
    assert table.coach.lesson.step.key == "place-9"
    frames(app, 1)
    assert table.coach.target == table.hand_rect(9)  # first the hand card...
    click(app, centre(table.hand_rect(9)))
    frames(app, 1)
    spot = table.cam.card_rect(table.lay.board, -1, -1).clip(table.lay.board)
    assert table.coach.target == spot  # ...then, picked up, the spot it goes to
    assert not table.coach.panel.colliderect(spot)
    click(app, spot_point(table, -1, -1))
    assert table.state.position(9) == (-1, -1) and table.state.counters[3] == 2
    read = play_lesson(app, table, until="place-16")
    # the count choice: the popup asks, the ring shows the button that counts 2
    settle(app, table)
    drag(app, centre(table.hand_rect(16)), spot_point(table, 0, -5))
    assert table.popup is not None and len(table.popup.choices) == 2
    frames(app, 1)
    button = next(b for b, (_a, _c, names) in zip(table.popup.ring.widgets, table.popup.choices) if 2 in names)
    assert table.coach.target == button.rect
    key(app, pygame.K_1 if table.popup.choices[0][2] == (2,) else pygame.K_2)  # the popup's keys
    assert table.state.position(16) == (0, -5) and table.state.counters[2] == 3
    read += play_lesson(app, table)
    assert read == ["paid-4", "spent", "stuck", "score", "limits", "yours"]
    # the lesson is over: the coach steps aside, nothing is left to resume, the puzzle goes on
    assert table.coach is None and not store.has(app.store, GAME)
    assert any("Lesson complete" in str(m) for m, _t in app.toasts)
    assert only_lessons_file(data_dir)
    settle(app, table)
    before = len(table.session.history)
    st, board = table.state, table.lay.board
    counts = {}
    for a in st.legal_actions():
        counts.setdefault(a[:3], set()).add(st.connection_count(a))
    action = next(a for a in st.legal_actions() if len(counts[a[:3]]) == 1
                  and board.contains(table.cam.band_rect(board, a.x, a.y)))
    place(app, table, action)  # the player's own move, no coach in the way
    assert len(table.session.history) == before + 1
    # to the end: nothing kept, no best score, whatever the outcome (the easy bot gets there)
    bot = EasyBot(seed=1)
    while not table.state.is_over():
        table.play(bot.decide(table.state.view(0), table.state.legal_actions()))
    frames(app, 60, 0.05)
    assert top(app).name == "cementopia_end"
    assert wrote == [] and only_lessons_file(data_dir)


def test_a_wrong_spot_or_counter_is_explained_and_not_played(app, data_dir):
    table = lesson_helpers.open_from_title(app, GAME)
    play_lesson(app, table, until="place-9")
    spots = table.spots_for(9)
    other = next(p for p in spots if p != (-1, -1) and table.cam.band_rect(table.lay.board, *p).colliderect(
        table.lay.board) and not table.coach.panel.collidepoint(spot_point(table, *p)))
    drag(app, centre(table.hand_rect(9)), spot_point(table, *other))
    assert table.popup is None and table.state.position(9) is None and len(table.session.history) == 0
    assert "left of 19, one row higher" in shown(table.coach.problem)
    frames(app, 2)
    assert table.coach.panel.w > 0
    place(app, table, Action(9, -1, -1, 19))
    assert table.state.position(9) == (-1, -1) and table.coach.problem is None
    play_lesson(app, table, until="place-16")
    settle(app, table)
    drag(app, centre(table.hand_rect(16)), spot_point(table, 0, -5))
    nine = next(b for b, (_a, _c, names) in zip(table.popup.ring.widgets, table.popup.choices) if 9 in names)
    click(app, centre(nine.rect))  # count 9: legal, not the lesson's
    assert table.state.position(16) is None and table.popup is None
    assert "count 2" in shown(table.coach.problem)
    # Undo is off in a lesson, and says why
    click(app, centre(table.buttons[0].rect))
    assert any("only goes forward" in str(m) for m, _t in app.toasts)
    place(app, table, Action(16, 0, -5, 2))
    assert table.state.position(16) == (0, -5)


def test_show_me_plays_the_wanted_move_even_with_the_popup_open(app, data_dir):
    table = lesson_helpers.open_from_title(app, GAME)
    play_lesson(app, table, until="place-16")
    settle(app, table)
    drag(app, centre(table.hand_rect(16)), spot_point(table, 0, -5))
    assert table.popup is not None
    frames(app, 1)
    click(app, centre(table.coach.show_b.rect))
    assert table.state.position(16) == (0, -5) and table.popup is None
    assert table.state.counters[2] == 3  # counted 2: counter 3 paid
    assert table.coach.lesson.step.key == "place-7"


def test_leave_and_resume_at_the_same_step_and_position(app, data_dir):
    players_files(data_dir)  # a game in progress, settings and a record of the player's own
    before = contents()
    table = lesson_helpers.open_from_title(app, GAME)
    play_lesson(app, table, until="place-7")
    index, moves = table.coach.lesson.index, list(table.session.history.actions)
    click(app, centre(table.coach.leave_b.rect))
    frames(app, 2)
    assert top(app).name == "title"
    after = contents()
    assert without_lessons(after) == without_lessons(before)
    assert after["lessons"][GAME] is not None
    again = lesson_helpers.open_from_title(app, GAME, resume=True)
    assert again.coach.lesson.index == index and list(again.session.history.actions) == moves
    assert again.coach.lesson.step.key == "place-7" and again.state.position(16) == (0, -5)
    # start over: the lesson's first step on the same deal
    click(app, centre(again.coach.leave_b.rect))
    click(app, top(app).learn.rect.center)
    click(app, dict(top(app).rows)[GAME][1].rect.center)
    fresh = top(app)
    assert fresh.coach.lesson.index == 0 and len(fresh.session.history) == 0
    assert fresh.state.placed == [(19, 0, 0)]


def test_the_lesson_at_640x360_keeps_its_panel_off_what_it_points_at(data_dir):
    from scenes.app.window import App, AppOptions
    app = App(AppOptions(size=(640, 360)))
    try:
        table = lesson_helpers.open_from_title(app, GAME)
        while table.coach is not None:
            frames(app, 1)
            target, panel = table.coach.target, table.coach.panel
            if target is not None:
                assert not panel.colliderect(target), table.coach.lesson.step.key
            assert pygame.Rect(0, 0, 640, 360).contains(panel)
            if table.coach.lesson.reading():
                key(app, pygame.K_RETURN)
            else:
                settle(app, table)
                click(app, centre(table.coach.show_b.rect))
    finally:
        app.stack.close_all()
        pygame.display.quit()


@pytest.mark.slow
def test_the_demo_plays_the_lesson_to_its_end_with_a_screenshot_per_step(tmp_path):
    names = demo_shots(tmp_path, GAME)
    steps = [s.key for s in SCRIPT.steps if isinstance(s, (Note, Do))]
    assert [n.split("-", 3)[-1][:-4] for n in names if "-lesson-" in n] == steps
