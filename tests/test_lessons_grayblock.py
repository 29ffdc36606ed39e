"""Learn to play, Grayblock (issue 14): the script against the engine, the lesson played through the
real scene with synthesized mouse and keys (Next by click and Enter, the cards by drag and click,
the pass by its button), wrong moves, leaving and resuming, and that a lesson keeps no game data."""

from __future__ import annotations

import json

import pygame
import pytest

from game.core.commands import Play
from game.grayblock.setup import LEFT, RIGHT, Action, one_gear_apart
from game.grayblock.state import BLOCK, explain_hand
from game.core.messages import shown
from game.tutorial import SCRIPTS
from game.storage import lesson_places as store
from game.grayblock.lesson import SCRIPT
from game.tutorial.lesson import BotMove, Do, Lesson, Note

from tests import lesson_helpers
from tests.lesson_helpers import demo_shots, walk
from tests.test_grayblock_scene import centre, end_point
from tests.storage_helpers import contents, only_lesson_places, without_lessons
from tests.ui_helpers import click, drag, frames, key, players_files, spy_texts, wait_for


def top(app):
    return app.stack.top




def test_the_script_plays_the_first_hand_through_the_engine_to_a_block():
    session, lesson, shown_on = walk(SCRIPT)
    assert lesson.done
    assert list(shown_on) == [s.key for s in SCRIPT.steps if not isinstance(s, BotMove)]
    state = session.state
    assert state.players == 2 and not state.rules.water_veins and not state.is_over()
    (result,) = state.results  # the first hand is over; the second is dealt, nothing played yet
    assert result.winner == 1 and result.kind == BLOCK and result.points == 15
    assert state.totals == [0, 15] and state.log == []
    assert SCRIPT.players == (("You", "human"), ("Bellows", "easy"))


def test_the_words_say_what_the_table_shows():
    """Every number the script names, checked against the engine at the step that names it."""
    _session, _lesson, on = walk(SCRIPT)
    assert on["open"].row == [] and on["open"].current_player() == 0  # you start the hand
    assert 29 == max(on["open"].hand(0))  # "29, your highest card"
    left = on["left"]
    assert left.row == [25, 29] and one_gear_apart(25, 29) and 25 < 29  # 25: one gear less
    assert one_gear_apart(25, 27) and 27 > 25 and not one_gear_apart(27, 29)  # fits left only
    assert max(a.card for a in left.legal_actions()) == 27  # your highest card that fits
    right = on["right"]
    assert right.row[-1] == 29 and one_gear_apart(21, 29) and 21 < 29
    assert {a.card for a in right.legal_actions()} == {13, 21}  # "21 rather than 13"
    passing = on["pass"]
    assert passing.ends() == (10, 21) and passing.legal_actions() == [Action(0, None, None)]
    points = on["points"]
    why = explain_hand(points.results[0])
    step = next(s for s in SCRIPT.steps if getattr(s, "key", "") == "points")
    words = step.say.format(**step.fields(points))
    assert (why.highs, why.lowest_high, why.bonus, why.points) == ({0: 13, 1: 23}, 13, 2, 15)
    assert "your 13, Bellows' 23" in words and "The lowest, 13" in words and "15 points" in words


def test_every_move_of_yours_has_another_the_lesson_explains():
    """Each card step has a legal move other than the wanted one, and its words say why not."""
    session, lesson = lesson_helpers.fresh_session(SCRIPT), Lesson(SCRIPT)
    explained = 0
    while not lesson.done:
        state = session.state
        if lesson.reading():
            lesson.next()
            continue
        wanted = lesson.expected() or lesson.bot_move()
        others = [a for a in state.legal_actions() if a != wanted]
        if isinstance(lesson.step, Do) and wanted.card is not None:
            assert others, lesson.step.key
            why = lesson.refusal(state, others[0])
            assert why is not None and str(wanted.card) in why
            explained += 1
        before = state.clone()
        outcome = session.run(Play(wanted))
        lesson.played(before, wanted, outcome.events, session.state)
    assert explained == 3


def test_progress_round_trips_at_every_step():
    lesson = Lesson(SCRIPT)
    for index in range(len(SCRIPT.steps) + 1):
        lesson.index = index
        assert Lesson.from_json(SCRIPT, json.loads(json.dumps(lesson.to_json()))) == lesson
    with pytest.raises(ValueError):
        Lesson.from_json(SCRIPT, {"index": len(SCRIPT.steps) + 1})


# --- through the real scene ------------------------------------------------------------------


def settle(app, table, limit=400):
    """Frames until nothing flies, no scripted bot move is coming and a hand's end has shown its
    result (the lesson waits for the player)."""
    for _ in range(limit):
        assert table.seat.pass_screen_for() is None  # one human: never a hot-seat pass screen
        coach = table.coach
        if table.motion.flights or table.ending is not None or (
                coach is not None and coach.lesson.bot_move() is not None):
            frames(app, 1, 0.1)
            continue
        frames(app, 1)
        return
    raise AssertionError("the table never settled")


def perform(app, table, action, by_click=False):
    """A card move as a player makes it: dragged from the hand onto the end, or clicked and then
    the end clicked; a pass by the Pass button."""
    if action.card is None:
        assert table.pass_b.rect.w
        click(app, table.pass_b.rect.center)
        return
    card = centre(table.hand_rects()[action.card])
    if by_click:
        click(app, card)
        assert table.selected == action.card
        click(app, end_point(table, action.end))
    else:
        drag(app, card, end_point(table, action.end))


def play_lesson(app, table, until=None):
    """Read every note (Next by click, every other one by Enter), make every wanted move (by drag;
    the first one by click). Returns the notes read."""
    read = []
    for _ in range(60):
        settle(app, table)
        coach = table.coach
        if coach is None or (until is not None and until(table)):
            return read
        lesson = coach.lesson
        if lesson.reading():
            read.append(lesson.step.key)
            if len(read) % 2 == 0:
                key(app, pygame.K_RETURN)
            else:
                click(app, coach.next_b.rect.center)
            continue
        wanted = lesson.expected()
        assert wanted is not None, lesson.step
        assert coach.target is not None and coach.target.w > 0  # the ring is on something
        moves = len(table.session.history)
        perform(app, table, wanted, by_click=wanted.end is None)
        assert len(table.session.history) == moves + 1, (lesson.step, wanted)
    raise AssertionError("the lesson did not end")


def test_the_lesson_by_mouse_and_keys_to_its_end_then_the_match_is_the_players(app, data_dir):
    players_files(data_dir)  # a game in progress, settings and a record of the player's own
    before = without_lessons(contents())
    table = lesson_helpers.open_from_title(app, "grayblock")
    assert "Welcome to Grayblock" in shown(table.coach.lesson.words(table.state))
    assert table.coach.target is not None and table.coach.target.colliderect(table.layout.hand_cards)
    # a click on a card while a note is up does nothing but say to read it first
    click(app, centre(table.hand_rects()[29]))
    assert len(table.session.history) == 0 and "Read this first" in shown(table.coach.problem)
    read = play_lesson(app, table)
    assert read == ["welcome", "gears", "block", "points", "out", "veins", "yours"]
    played = [s.expect if isinstance(s, Do) else s.action for s in SCRIPT.steps
              if isinstance(s, (Do, BotMove))]
    assert list(table.session.history.actions) == played  # your pass too, by its button
    assert table.coach is None  # the lesson is over: the coach stepped aside
    assert any("Lesson complete" in str(m) for m, _t in app.toasts)
    assert table.overlay and table.state.results[0].points == 15 and table.state.totals == [0, 15]
    # nothing kept but the lessons file, which no longer holds this lesson
    kept = contents()
    assert kept["lessons"]["grayblock"] is None
    assert without_lessons(kept) == before
    # the match goes on as the player's own: Next hand, and Bellows (who starts) plays by itself
    click(app, table.next_b.rect.center)
    assert not table.overlay and table.state.current_player() == 1
    wait_for(app, lambda: table.state.log)  # the bot's move, after its visible delay
    assert table.state.log[0].player == 1
    assert not table.saves.service.enabled and table.config.lesson == "grayblock"
    assert without_lessons(contents()) == before


def test_a_different_move_is_explained_and_an_illegal_one_gets_the_tables_words(app, data_dir):
    table = lesson_helpers.open_from_title(app, "grayblock")
    play_lesson(app, table, until=lambda t: t.coach.lesson.step.key == "left")
    assert table.state.row == [25, 29]
    lit = table.hand_cards()[2]
    assert lit == {27}  # only the card the step asks for is lit
    assert table.lesson_move() == Action(0, 27, LEFT)
    # legal, but not the lesson's: 13 on the right end
    perform(app, table, Action(0, 13, RIGHT))
    assert table.state.row == [25, 29] and 13 in table.state.hand(0)
    assert "Play 27 at the left end" in shown(table.coach.problem)
    assert table.coach.panel.w > 0
    # not allowed at all: 27 on the right end (two gears from 29): the table's own reason
    perform(app, table, Action(0, 27, RIGHT))
    assert table.state.row == [25, 29]
    assert "does not differ by exactly one gear from card 29" in shown(table.coach.problem)
    # the right one plays
    perform(app, table, Action(0, 27, LEFT))
    assert table.state.row == [27, 25, 29] and table.coach.problem is None
    # Undo is off in a lesson and says why
    settle(app, table)
    click(app, table.buttons[0].rect.center)
    assert any("only goes forward" in str(m) for m, _t in app.toasts)
    assert table.state.row[0] in (27, 11)


def test_show_me_plays_the_wanted_move(app, data_dir):
    table = lesson_helpers.open_from_title(app, "grayblock")
    for _ in range(2):
        click(app, table.coach.next_b.rect.center)
    frames(app, 2)
    click(app, table.coach.show_b.rect.center)
    assert table.state.row == [29]


def test_leave_and_resume_at_the_same_step_and_position(app, data_dir):
    table = lesson_helpers.open_from_title(app, "grayblock")
    play_lesson(app, table, until=lambda t: t.coach.lesson.step.key == "right")
    index, moves = table.coach.lesson.index, list(table.session.history.actions)
    click(app, table.coach.leave_b.rect.center)
    frames(app, 2)
    assert top(app).name == "title"
    assert only_lesson_places()  # no game in progress or finished, no settings
    again = lesson_helpers.open_from_title(app, "grayblock", resume=True)
    assert again.coach.lesson.index == index and list(again.session.history.actions) == moves
    assert again.coach.lesson.step.key == "right" and again.state.row == [11, 27, 25, 29]
    play_lesson(app, again)
    assert again.coach is None and again.state.results[0].points == 15


def test_a_lesson_left_after_the_hand_resumes_on_its_result(app, data_dir):
    table = lesson_helpers.open_from_title(app, "grayblock")
    play_lesson(app, table, until=lambda t: t.coach.lesson.step.key == "points")
    assert table.overlay
    click(app, table.coach.leave_b.rect.center)
    again = lesson_helpers.open_from_title(app, "grayblock", resume=True)
    assert again.overlay and again.result_index == 0  # the hand's result shows again
    assert again.coach.lesson.step.key == "points"
    assert again.coach.target == again.result_rects["breakdown"]
    assert "your 13, Bellows' 23" in shown(again.coach.lesson.words(again.state))
    # start over: the first step on the same deal
    click(app, again.coach.leave_b.rect.center)
    click(app, top(app).learn.rect.center)
    click(app, dict(top(app).rows)["grayblock"][1].rect.center)
    fresh = top(app)
    assert fresh.coach.lesson.index == 0 and len(fresh.session.history) == 0
    assert fresh.state.hand(0) == [1, 4, 7, 12, 13, 21, 27, 29]


def test_the_lesson_in_japanese_and_a_small_window(app, data_dir, ja):
    from tests.ui_helpers import resize
    table = lesson_helpers.open_from_title(app, "grayblock")
    resize(app, (640, 360))
    frames(app, 2)
    play_lesson(app, table, until=lambda t: t.coach.lesson.step.key == "pass")
    words = shown(table.coach.lesson.words(table.state))
    assert "パス" in words and "Nothing" not in words
    panel, target = table.coach.panel, table.coach.target
    assert target == table.pass_b.rect and not panel.colliderect(target)
    assert pygame.Rect(0, 0, 640, 360).contains(panel)


@pytest.mark.slow
def test_the_demo_plays_the_lesson_to_its_end_with_a_screenshot_per_step(tmp_path):
    names = demo_shots(tmp_path, "grayblock")
    steps = [s.key for s in SCRIPT.steps if isinstance(s, (Note, Do))]
    assert [n.split("-", 1)[1] for n in names] == ["title.png"] + [
        f"lesson-{i:02d}-{step}.png" for i, step in enumerate(steps, 1)]


def test_grayblock_is_listed_in_learn_to_play(app, data_dir):
    assert "grayblock" in SCRIPTS and not store.has(app.store, "grayblock")
    app.stack.push(app.make("title"))
    click(app, top(app).learn.rect.center)
    assert "grayblock" in dict(top(app).rows)


def test_after_the_lesson_the_menu_says_its_game_is_not_saved_and_offers_no_concede(app, data_dir,
                                                                                   monkeypatch):
    table = lesson_helpers.open_from_title(app, "grayblock")
    play_lesson(app, table)
    assert table.coach is None and any("Lesson complete" in str(m) for m, _t in app.toasts)
    table.open_menu()
    menu = top(app)
    assert menu.name == "menu"
    assert menu.concede_b not in menu.ring.widgets and menu.restart_b not in menu.ring.widgets
    said = spy_texts(monkeypatch)
    frames(app, 1)
    assert any("this game is not saved" in t for t, _rect in said)
    click(app, menu.title_b.rect.center)
    assert top(app).name == "title"
    assert only_lesson_places()
