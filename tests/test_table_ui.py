"""Play the table scene with synthesized mouse drags, clicks and keys (SDL dummy driver)."""

import random

import pygame
import pytest

from game.core import records
from game.assemble.setup import Rules
from scenes.config import GameConfig, Seat
from scenes.art.metrics import STRIP
from scenes.app.stack import Scene
from scenes.assemble.table import TableScene
from scenes.table import look
from storage_helpers import finished_records, has_game_in_progress, latest_saved
from ui_helpers import answer, click, drag, frames, key, move, resize, settle, wait, wait_for


def centre(rect):
    if hasattr(rect, "center"):
        x, y = rect.center
    else:
        x, y = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
    return int(x), int(y)


def line_point(table, lane, pos):
    line = table.layout.lanes[lane].line
    return int(line.x + pos * STRIP * table.layout.card_width + 2), int(line.y + line.h / 2)


def drag_action(app, table, action):
    lane = table.state.active
    if action.kind == "take":
        drag(app, centre(table.field_rect(action.value)), centre(table.layout.lanes[lane].bench))
    else:
        drag(app, centre(table.layout.lanes[lane].bench), line_point(table, lane, action.value))


def hot_seat(app, seed=21, rules=Rules(), players=2):
    seats = [Seat(n, "human", i) for i, n in enumerate(["Ada", "Bo", "Cy", "Di"][:players])]
    table = TableScene(app, GameConfig(seats, rules, seed))
    app.stack.push(table)
    frames(app, 2)
    return table


def test_full_two_player_hot_seat_game_by_drags_with_undo_and_redo(app, data_dir, monkeypatch):
    finished = {}

    class Done(Scene):  # stands in for the scoring scene: records what the table hands over
        def __init__(self, app, session, config, game_id=None):  # (the game's row: its review)
            super().__init__(app)
            finished["session"] = session

    monkeypatch.setitem(__import__("scenes.registry").registry.SCENES, "scoring", Done)
    table = hot_seat(app)
    rng = random.Random(4)
    played = 0
    while not table.state.is_over():
        settle(app, table)
        action = rng.choice(table.state.legal_actions())
        before = len(table.session.history.actions)
        drag_action(app, table, action)
        assert table.session.history.actions[-1] == action
        assert len(table.session.history.actions) == before + 1
        played += 1
        if played == 10:  # Ctrl+Z then Ctrl+Y, then the buttons
            state_after = table.state.clone()
            key(app, pygame.K_z, pygame.KMOD_CTRL)
            answer(app)  # if the move was the other human's, they agree
            assert len(table.session.history.actions) == 9
            key(app, pygame.K_y, pygame.KMOD_CTRL)
            assert table.state == state_after
            click(app, table.buttons[0].rect.center)
            answer(app)
            assert len(table.session.history.actions) == 9
            click(app, table.buttons[1].rect.center)
            assert table.state == state_after
    assert [len(line) for line in table.state.lines] == [8, 8, 8, 8]
    frames(app, 120)
    assert "session" in finished
    kept = finished_records()
    assert len(kept) == 1
    record = kept[0]
    records.verify(record)
    assert record["result"]["winners"] == table.state.winners()
    assert len(record["actions"]) == played
    assert not has_game_in_progress()  # the finished game is in History, not offered as Continue


def test_click_takes_a_field_card_then_click_to_select_and_place(app):
    table = hot_seat(app, seed=3)
    card = table.state.field[2]
    lane = table.state.active
    click(app, centre(table.field_rect(card)))  # one click takes it, as the rules page says
    assert table.state.bench[lane] == card and table.selected is None
    assert [f.card for f in table.motion.flights] == [card]  # flying from the field to the bench
    assert table.motion.flights[0].start == pytest.approx(table.field_rect(card))
    # finish the draft, then place by clicking the bench card and a spot in the line
    while table.state.phase == "draft":
        settle(app, table)
        click(app, centre(table.field_rect(table.state.field[0])))
    settle(app, table)
    lane = table.state.active
    click(app, centre(table.layout.lanes[lane].bench))
    assert table.selected == ("bench", lane)
    click(app, line_point(table, lane, 0))
    assert len(table.state.lines[lane]) == 1 and table.state.phase == "take"


def test_keyboard_only_turn(app):
    table = hot_seat(app, seed=5)
    for _ in range(4):  # the draft: Right selects a field card, Enter takes it
        settle(app, table)
        key(app, pygame.K_RIGHT)
        assert table.selected and table.selected[0] == "field"
        key(app, pygame.K_RETURN)
    settle(app, table)
    assert table.state.phase == "place"
    lane = table.state.active
    key(app, pygame.K_RIGHT)
    assert table.cursor == 0
    key(app, pygame.K_RETURN)
    assert table.state.lines[lane] and table.state.phase == "take"


def test_identity_refuses_the_rightmost_drop_visibly_and_keeps_the_state(app):
    table = hot_seat(app, seed=8, rules=Rules(identity=True))
    while not (table.state.phase == "place" and table.state.lines[table.state.active]
               and table.state.capacity[table.state.active] == 1):
        settle(app, table)
        table.play(table.state.legal_actions()[0])
    settle(app, table)
    lane = table.state.active
    n = len(table.state.lines[lane])
    before = table.state.clone()
    start = centre(table.layout.lanes[lane].bench)
    end = line_point(table, lane, n)
    drag(app, start, end)
    assert table.state == before
    assert any("Identity" in message for message, _ in app.toasts)
    assert not table.position_is_legal(lane, n)


def test_autosave_after_every_command_resumes_exactly(app, data_dir):
    table = hot_seat(app, seed=13)
    for _ in range(7):
        settle(app, table)
        table.play(table.state.legal_actions()[-1])
    table.saves.service.flush()  # written off the frame: wait for the disk
    session, record = latest_saved()
    assert session.state == table.state
    assert record["players"][1]["colour"] == 1


def test_bots_play_their_turns_after_a_visible_delay(app):
    seats = [Seat("You", "human", 0), Seat("Bot", "easy", 1)]
    table = TableScene(app, GameConfig(seats, Rules(), 2))
    app.stack.push(table)
    # play until it is the bot's turn
    while table.state.current_player() != 1:
        settle(app, table)
        table.play(table.state.legal_actions()[0])
    settle(app, table)
    count = len(table.session.history.actions)
    frames(app, 10)  # well under the delay: nothing yet, but frames keep coming
    assert len(table.session.history.actions) == count
    assert "thinking" in table.prompt()
    wait_for(app, lambda: len(table.session.history.actions) > count)


@pytest.mark.parametrize("size", [(640, 360), (1920, 1080), (3840, 2160), (1000, 900)])
def test_table_draws_at_every_window_size(app, size):
    from ui_helpers import resize
    table = hot_seat(app, players=4)
    for _ in range(12):
        settle(app, table)
        table.play(table.state.legal_actions()[0])
    resize(app, size)
    frames(app, 3)
    assert app.screen.get_size() == size
    for lane in table.layout.lanes:
        assert table.layout.area.contains(lane.box)


def test_hint_shows_the_strong_bots_choice_and_plays_nothing(app):
    table = hot_seat(app, seed=9)
    settle(app, table)
    before = table.state.clone()
    key(app, pygame.K_h)
    wait_for(app, lambda: table.hints.turns.hint is not None)
    action, reason, _ = table.hints.turns.hint
    assert action in table.state.legal_actions() and reason
    assert table.state == before  # a hint never plays for you
    assert any(line.startswith("Hint for ") for line in table.log)
    table.play(action)
    assert table.hints.turns.hint is None  # it was about that position only


def test_undo_cancels_a_bot_that_is_thinking(app):
    seats = [Seat("You", "human", 0), Seat("Bot", "easy", 1)]
    table = TableScene(app, GameConfig(seats, Rules(), 2))
    app.stack.push(table)
    while table.state.current_player() != 1 or not table.session.history.actions:
        settle(app, table)
        if table.state.current_player() == 0:
            table.play(table.state.legal_actions()[0])
        else:
            wait_for(app, lambda: table.state.current_player() == 0)
    settle(app, table)
    frames(app, 2)
    assert table.hints.turns.ticket is not None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.hints.turns.ticket is None and table.state.current_player() == 0


@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080)])
def test_turn_order_shows_every_seat_at_every_window_size(app, size):
    names = ["Wilhelmina Clockwork", "Bartholomew", "Ratchet", "Maximiliane von Zahnrad"]
    seats = [Seat(n, "human", i) for i, n in enumerate(names)]
    table = TableScene(app, GameConfig(seats, Rules(), 5))
    app.stack.push(table)
    resize(app, size)
    seen_full = 0
    for _ in range(40):  # the draft, then rounds with bench numbers on the chips
        frames(app, 1)
        box = look.frect(table.layout.turn_order)
        order = table.state.turn_order()
        assert len(table.turn_chip_rects) == len(order)  # nobody dropped
        assert all(box.contains(r) for r in table.turn_chip_rects)
        assert all(a.right <= b.left for a, b in zip(table.turn_chip_rects, table.turn_chip_rects[1:]))
        seen_full += len(order) == 4 and any(b is not None for b in table.state.bench)
        table.play(table.state.legal_actions()[0])
    assert seen_full


def test_the_magnifier_waits_after_a_drop_and_while_bots_move(app):
    seats = [Seat("You", "human", 0), Seat("Bot", "easy", 1)]
    table = TableScene(app, GameConfig(seats, Rules(), 2))
    app.stack.push(table)
    wait_for(app, lambda: table.state.current_player() == 0 and not table.motion.flights)
    card = table.state.field[0]
    centre = pygame.Rect(table.field_rect(card)).center
    move(app, centre)
    wait(app, 1.2)  # a long hover on your turn: the card is magnified
    assert table.magnified == card
    bench = pygame.Rect(table.layout.lanes[table.state.active].bench.as_tuple()).center
    drag(app, centre, bench)
    assert len(table.session.history.actions) >= 1 and table.magnified is None
    settle(app, table)
    move(app, (bench[0] + 3, bench[1] + 2))  # the hand rests (and jitters) on the card just dropped
    for _ in range(90):  # resting on the card just dropped, and while the bot moves: nothing pops up
        frames(app, 1)
        assert table.magnified is None
    wait_for(app, lambda: table.state.current_player() == 0 and not table.motion.flights)
    move(app, (5, 5))  # away, and back onto a card on your turn: it magnifies again
    card = table.state.field[0]
    move(app, pygame.Rect(table.field_rect(card)).center)
    wait(app, 1.2)
    assert table.magnified == card
