"""Play the Grayblock table with synthesized mouse drags, clicks and keys (SDL dummy driver)."""


import pygame
import pytest

from game.core import records
from game.core.commands import History, Session
from game.grayblock.setup import LEFT, RIGHT, Action, Rules
from game.grayblock.state import GrayblockState
from scenes.config import GameConfig, Seat
from scenes.grayblock.table import START, GrayblockScene
from scenes.grayblock.draw import result_lines
from scenes.grayblock.geometry import end_zone
from storage_helpers import finished_records, has_game_in_progress, latest_saved
from ui_helpers import (answer, click, drag, frames, key, move, resize, resume_latest, run_demo,
                        settle, spy_texts, top, wait_for)

# Hand 1 of the crafted match: with each player playing their first legal card, 12 cards go
# down, then Ada (player 0) has nothing that fits and must pass: a block win for Bo.
DEAL = ((2, 5, 8, 9, 18, 23, 26, 31), (3, 4, 10, 11, 19, 22, 24, 25))


def seats(*kinds):
    names = ["Ada", "Bo", "Cy", "Di"]
    return [Seat(names[i], kind, i) for i, kind in enumerate(kinds)]


def crafted(config, deal=DEAL, first=0):
    state = GrayblockState.new(7, len(config.seats), config.rules, config.target, deals=(deal,),
                               first=first)
    return Session(History(state), {"game": "grayblock", "seed": 7,
                                     "players": [seat.to_json() for seat in config.seats]})


def open_table(app, config, session=None):
    scene = GrayblockScene(app, config, session)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def centre(rect):
    return int(rect[0] + rect[2] / 2), int(rect[1] + rect[3] / 2)


def end_point(scene, end):
    """A point over the row where a drop goes to `end`."""
    row = scene.state.row
    if not row:
        return scene.layout.row.center
    xs, y, cw, ch = scene.layout.row_geometry(len(row))
    x = xs[0] - 0.1 * cw if end == LEFT else xs[-1] + 0.9 * cw
    return int(x), int(y + ch / 2)


def drag_play(app, scene, action):
    start = centre(scene.hand_rects()[action.card])
    drag(app, start, end_point(scene, action.end or START))


def past_the_moment(app, scene):
    """A hot-seat move lands and shows a moment, every hand face down, before the pass screen."""
    settle(app, scene, busy=lambda s: s.motion.flights or s.moment is not None)


def confirm_if_asked(app, scene):
    """The pass-to screen: nothing of anyone's hand shows until the right human confirms."""
    past_the_moment(app, scene)
    who = scene.seat.pass_screen_for()
    if who is None:
        return
    assert scene.visible_hand is None
    assert not scene.hand_cards()[1]  # drawn face down
    click(app, scene.seat.screen.button.rect.center)
    assert scene.seat.pass_screen_for() is None and scene.visible_hand == who


def test_hot_seat_hand_by_drags_with_pass_screens_a_forced_pass_undo_and_redo(app, data_dir):
    config = GameConfig(seats("human", "human"), Rules(), 7, "grayblock", 100)
    scene = open_table(app, config, crafted(config))
    shown_to = []
    played = 0
    while scene.result_index is None:
        settle(app, scene)
        confirm_if_asked(app, scene)
        player = scene.state.current_player()
        assert scene.visible_hand == player  # never another human's hand
        shown_to.append(player)
        action = scene.state.legal_actions()[0]
        before = len(scene.session.history.actions)
        if action.card is None:  # nothing fits: a clear Pass button, and a visible message
            assert scene.must_pass() and "must pass" in scene.prompt()
            frames(app)
            assert scene.pass_b.rect.w > 0
            click(app, scene.pass_b.rect.center)
            assert scene.session.history.actions[-1] == action
            assert any("Ada passes" in entry for entry in scene.log[-3:]) and player in scene.bubbles
            break
        drag_play(app, scene, action)
        assert scene.session.history.actions[-1] == action
        assert len(scene.session.history.actions) == before + 1
        played += 1
        if played == 5:  # Bo, at the screen now, presses Ctrl+Z: back to Ada's move, hidden
            settle(app, scene)
            confirm_if_asked(app, scene)
            assert scene.visible_hand == 1
            after = scene.state.clone()
            key(app, pygame.K_z, pygame.KMOD_CTRL)
            assert len(scene.session.history.actions) == 5  # Ada's move: Ada is asked first
            assert answer(app)
            assert len(scene.session.history.actions) == 4
            assert scene.seat.pass_screen_for() == 0 and scene.visible_hand is None
            confirm_if_asked(app, scene)
            click(app, scene.buttons[1].rect.center)  # Redo
            assert scene.state == after
            assert scene.seat.pass_screen_for() == 1 and scene.visible_hand is None
    assert played == 12 and set(shown_to) == {0, 1}
    result = scene.state.results[0]
    assert (result.winner, result.kind, result.points) == (1, "block", 29)
    assert 29 == min(max(cards) for cards in result.left) + min(result.left[1])  # winner counted
    frames(app, 120)
    assert scene.overlay and scene.visible_hand is None
    rows, formula, total = result_lines(scene, result)
    assert "block bonus" in formula and total.startswith("29 points")
    click(app, scene.next_b.rect.center)  # the next hand: hands hidden again until confirmed
    assert not scene.overlay and scene.result_index is None
    assert scene.state.number == 1 and scene.state.row == []
    assert scene.visible_hand is None and scene.seat.pass_screen_for() == scene.state.current_player()
    scene.saves.service.flush()  # written off the frame
    session, record = latest_saved()
    assert session.state == scene.state


def after_an_8_started_the_row(app):
    """Two players at one computer; the first has started the row with the 8, the second's
    turn is confirmed: the table waits for their card."""
    config = GameConfig(seats("human", "human"), Rules(), 7, "grayblock", 100)
    scene = open_table(app, config, crafted(config))
    confirm_if_asked(app, scene)
    drag_play(app, scene, Action(0, 8, None))
    settle(app, scene)
    confirm_if_asked(app, scene)
    return scene


@pytest.mark.parametrize("end", [LEFT, RIGHT])
def test_the_log_the_pass_screen_the_board_and_the_record_name_the_same_end(app, monkeypatch, end):
    """A card dropped on an end: the log's line, the next player's pass-to news, the number
    over that end of the board and the record all say the end it went to (issue 39: a log said
    right for a card the board, the pass screen and the record put on the left)."""
    scene = after_an_8_started_the_row(app)
    drag_play(app, scene, Action(1, 10, end))  # 10 is 8 with one gear more: it fits either end
    settle(app, scene)
    assert scene.state.row == ([10, 8] if end == LEFT else [8, 10])
    line = f"Bo plays 10 on the {end} end."
    assert scene.log[-1] == line
    assert records.record_of(scene.session)["hands"][0]["actions"][-1] == \
        {"player": 1, "play": 10, "end": end}
    past_the_moment(app, scene)
    drawn = spy_texts(monkeypatch)
    frames(app)
    assert scene.seat.pass_screen_for() == 0 and line in [text for text, _rect in drawn]
    confirm_if_asked(app, scene)
    drawn.clear()
    frames(app)
    texts = [text for text, _rect in drawn]
    assert line in texts  # the log panel
    assert ("\u25c0 10" if end == LEFT else "10 \u25b6") in texts  # the number over that end


@pytest.mark.parametrize("keys, end", [((), LEFT), ((pygame.K_r,), RIGHT), ((pygame.K_UP,), RIGHT)])
def test_enter_plays_the_selected_card_at_the_end_the_board_shows_it(app, keys, end):
    """A card selected, the mouse resting on the row's left end: the board shows it there, and
    Enter plays it there, as the log then says; a key for the end moves what the board shows,
    mouse or not. (Enter once played the keys' end, right by default, while the board showed the
    mouse's: issue 39's "plays 3 on the right end" for a card shown on the left.)"""
    scene = after_an_8_started_the_row(app)
    click(app, centre(scene.hand_rects()[10]))  # 10 fits 8 at either end
    move(app, end_point(scene, LEFT))
    for k in keys:
        key(app, k)
    frames(app)
    assert scene.considered() == (10, end)  # drawn at that end
    key(app, pygame.K_RETURN)
    assert scene.state.row == ([10, 8] if end == LEFT else [8, 10])
    assert scene.log[-1] == f"Bo plays 10 on the {end} end."


def test_refused_drop_click_select_and_keyboard_play(app):
    config = GameConfig(seats("human", "human"), Rules(), 7, "grayblock", 100)
    scene = open_table(app, config, crafted(config))
    confirm_if_asked(app, scene)
    # keyboard: Right selects a card, Enter plays it to start the row
    key(app, pygame.K_RIGHT)
    card = scene.selected
    assert card in scene.state.hand(0)
    key(app, pygame.K_RETURN)
    assert scene.state.row == [card]
    settle(app, scene)
    confirm_if_asked(app, scene)
    # a card that does not fit is refused with a message, and nothing changes
    bad = next(c for c in scene.state.hand(1) if not scene.fits(c, LEFT) and not scene.fits(c, RIGHT))
    before = scene.state.clone()
    drag(app, centre(scene.hand_rects()[bad]), end_point(scene, LEFT))
    assert scene.state == before
    assert any("gear" in message for message, _ in app.toasts)
    # click a fitting card, then click the end
    good = next(a for a in scene.state.legal_actions() if a.card is not None)
    click(app, centre(scene.hand_rects()[good.card]))
    assert scene.selected == good.card
    click(app, end_point(scene, good.end))
    assert scene.session.history.actions[-1] == good


def test_bots_play_after_a_visible_delay_and_there_is_no_pass_screen(app):
    config = GameConfig(seats("human", "easy", "random"), Rules(), 3, "grayblock", 100, "free")
    scene = open_table(app, config, crafted(config, DEAL + ((0, 1, 6, 7, 12, 13, 28, 29),), first=1))
    assert scene.seat.pass_screen_for() is None and scene.visible_hand == 0
    count = len(scene.session.history.actions)
    frames(app, 10)  # well under the delay: nothing yet, but frames keep coming
    assert len(scene.session.history.actions) == count
    assert "thinking" in scene.prompt()
    wait_for(app, lambda: scene.state.current_player() == 0 or scene.result_index is not None)
    assert len(scene.session.history.actions) >= 2
    assert scene.visible_hand in (0, None) and scene.seat.pass_screen_for() is None
    # free undo against bots goes back to the human's previous decision, and that is help
    if scene.result_index is None:
        settle(app, scene)
        action = scene.state.legal_actions()[0]
        if action.card is None:
            click(app, scene.pass_b.rect.center)
        else:
            drag_play(app, scene, action)
        settle(app, scene)
        mine = len(scene.session.history.actions)
        wait_for(app, lambda: len(scene.session.history.actions) > mine or scene.result_index is not None)
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert scene.state.current_player() == 0 and len(scene.session.history.actions) == mine - 1
        assert scene.session.meta["assisted"] and scene.session.meta["helps"] == ["undo"]


def test_hint_shows_a_legal_suggestion_and_plays_nothing(app):
    config = GameConfig(seats("human", "human"), Rules(), 7, "grayblock", 100)
    scene = open_table(app, config, crafted(config))
    confirm_if_asked(app, scene)
    drag_play(app, scene, scene.state.legal_actions()[0])
    settle(app, scene)
    confirm_if_asked(app, scene)
    before = scene.state.clone()
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hints.turns.hint is not None)
    action, reason, _ = scene.hints.turns.hint
    assert action in scene.state.legal_actions() and reason
    assert scene.hint_action() == action
    frames(app, 5)
    assert scene.state == before
    who = scene.name_of(scene.state.current_player())  # hot seat: whose hint it is
    assert any(entry.startswith(f"Hint for {who}: ") for entry in scene.log)


@pytest.mark.parametrize("size", [(640, 360), (3840, 2160), (1000, 900)])
def test_the_table_and_the_result_draw_at_every_window_size(app, size):
    config = GameConfig(seats("human", "easy", "normal", "hard"), Rules(), 11, "grayblock", 100)
    scene = open_table(app, config)
    while len(scene.state.row) < 10 and scene.result_index is None:
        scene.play(scene.state.legal_actions()[0])
        settle(app, scene)
    resize(app, size)
    frames(app, 3)
    assert app.screen.get_size() == size and scene.layout.size == size
    window = pygame.Rect((0, 0), size)
    L = scene.layout
    regions = [L.side, L.row, L.hand] + list(L.seats.values())
    for i, rect in enumerate(regions):
        assert window.contains(rect)
        assert not any(rect.colliderect(other) for other in regions[i + 1:])
    xs, y, cw, ch = scene.layout.row_geometry(len(scene.state.row))
    for end in (LEFT, RIGHT):  # both ends (and the card about to join) stay in view
        assert scene.layout.row.contains(end_zone(scene.layout, xs, y, cw, ch, end))
    for button in scene.buttons:
        assert window.contains(button.rect) and button.rect.h >= 18
    while scene.result_index is None:  # (no waiting for each card to land: big windows draw slowly)
        scene.play(scene.state.legal_actions()[0])
    frames(app, 12, dt=0.2)
    assert scene.overlay and window.contains(scene.next_b.rect)


def test_continue_from_the_autosave_resumes_the_same_position_behind_a_pass_screen(app, data_dir):
    config = GameConfig(seats("human", "human"), Rules(), 7, "grayblock", 100)
    scene = open_table(app, config, crafted(config))
    for _ in range(5):
        confirm_if_asked(app, scene)
        drag_play(app, scene, scene.state.legal_actions()[0])
        settle(app, scene)
    state = scene.state.clone()
    app.stack.clear_to(app.make("title"))
    frames(app, 2)
    resume_latest(app)
    frames(app, 2)
    resumed = top(app)
    assert isinstance(resumed, GrayblockScene) and resumed.state == state
    assert [s.name for s in resumed.config.seats] == ["Ada", "Bo"]
    assert resumed.seat.pass_screen_for() == 1 and resumed.visible_hand is None


def play_match_through(app, scene) -> None:
    """Every hand of the match with the first legal move, each hand's result clicked on, to the
    match's end on screen."""
    while not scene.state.is_over():
        if scene.result_index is not None:
            frames(app, 100)
            click(app, scene.next_b.rect.center)
            continue
        confirm_if_asked(app, scene)
        scene.play(scene.state.legal_actions()[0])
        settle(app, scene)
    frames(app, 100)


def test_the_match_end_archives_the_record_and_offers_play_again(app, data_dir):
    config = GameConfig(seats("human", "human"), Rules(), 5, "grayblock", 10)
    scene = open_table(app, config)
    play_match_through(app, scene)
    assert scene.overlay and scene.match_over_shown()
    scene.saves.service.flush()  # archived off the frame
    assert not has_game_in_progress()
    kept = finished_records()
    assert len(kept) == 1
    record = kept[0]
    records.verify(record)
    assert record["result"]["champion"] == scene.state.champion
    click(app, scene.again_b.rect.center)
    again = top(app)
    assert isinstance(again, GrayblockScene) and again is not scene and not again.state.results


def test_demo_plays_a_grayblock_hand_and_exits_0(tmp_path):
    run_demo(tmp_path, "--game", "grayblock", "--players", "3")  # the player's files untouched


def test_hot_seat_never_shows_a_hand_while_another_human_is_to_move(app):
    """Random plays, undos, redos, confirmations and hand changes among 2 humans and a bot."""
    import random
    config = GameConfig(seats("human", "easy", "human"), Rules(), 4, "grayblock", 60)
    scene = open_table(app, config)
    rng = random.Random(5)
    for _ in range(300):
        if scene.state.is_over():
            break
        current = scene.state.current_player()
        if current in scene.humans and scene.visible_hand is not None:
            assert scene.visible_hand == current
        if scene.visible_hand is not None and current not in scene.humans:
            assert scene.visible_hand == scene.viewer  # the last human to confirm, while a bot moves
        roll = rng.random()
        if scene.result_index is not None:
            scene._open_overlay()
            scene.undoing.undo() if roll < 0.2 else scene.next_hand()
        elif scene.seat.pass_screen_for() is not None:
            scene.undoing.undo() if roll < 0.15 else scene.seat.confirm_viewer()
        elif roll < 0.12:
            scene.undoing.undo()
        elif roll < 0.2:
            scene.undoing.redo()
        else:
            scene.play(rng.choice(scene.state.legal_actions()))
    frames(app, 2)


@pytest.mark.parametrize("size", [(640, 360), (1280, 720)])
def test_the_block_winners_cards_stay_apart_beside_their_long_note(app, size, monkeypatch):
    """Hand 1 of this match ends by block with a six-card winner, whose note ("highest 31;
    lowest 2: block bonus") once squeezed their cards into one unreadable smear."""
    import random
    from scenes.widgets import ui
    resize(app, size)
    config = GameConfig(seats("human", "human", "human"), Rules(True), 5, "grayblock", 40)
    scene = open_table(app, config)
    n = 0
    while scene.result_index is None:
        scene.play(random.Random(n).choice(scene.state.legal_actions()))
        n += 1
    result = scene.state.results[0]
    assert "block bonus" in result_lines(scene, result)[0][result.winner][2]
    drawn = []
    real = ui.text

    def spy(surface, string, px, pos, colour=ui.TEXT, anchor="topleft", *args, **kwargs):
        rect = real(surface, string, px, pos, colour, anchor, *args, **kwargs)
        if anchor == "center" and colour == ui.INK and string.isdigit():
            drawn.append((rect.centery, rect))
        return rect
    frames(app, 12, dt=0.2)
    monkeypatch.setattr(ui, "text", spy)
    frames(app, 1)  # one frame's drawing
    rows: dict = {}
    for y, rect in drawn:
        rows.setdefault(y, []).append(rect)
    assert len(rows) >= 3
    for rects in rows.values():
        rects.sort(key=lambda r: r.x)
        assert all(a.right <= b.left for a, b in zip(rects, rects[1:])), rects


def test_hot_seat_shows_the_move_on_the_board_before_the_pass_screen(app, monkeypatch):
    """Issue 41, item 15: the card Ada drags lands on the row and shows there a moment, every
    hand face down, before Bo's pass screen covers the table; Enter (or a click) skips the rest
    of the moment."""
    from scenes.grayblock.table import MOMENT
    from ui_helpers import wait
    config = GameConfig(seats("human", "human"), Rules(), 7, "grayblock", 100)
    scene = open_table(app, config, crafted(config))
    confirm_if_asked(app, scene)
    drag_play(app, scene, Action(0, 8, None))
    settle(app, scene)  # landed
    drawn = spy_texts(monkeypatch)
    frames(app)
    texts = [text for text, _rect in drawn]
    assert scene.state.row == [8] and scene.seat.pass_screen_for() is None
    assert "Pass to Bo" not in texts and "Waiting for Bo" in texts and "Ada starts the row with 8." in texts
    assert scene.visible_hand is None and not scene.hand_cards()[1]  # face down: Bo may be looking
    wait(app, MOMENT)
    assert scene.seat.pass_screen_for() == 1
    confirm_if_asked(app, scene)
    drag_play(app, scene, Action(1, 10, LEFT))
    settle(app, scene)
    assert scene.seat.pass_screen_for() is None
    key(app, pygame.K_RETURN)  # seen: on to Ada's pass screen
    assert scene.seat.pass_screen_for() == 0 and scene.visible_hand is None
