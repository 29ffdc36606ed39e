"""Tooltips on the tables (issue 14 point 4): resting the mouse on the counter card, a capacity
figure, a turn-order chip, a module chip or the deck explains it in a small panel, in English and
in Japanese, inside the window; a click hides it, and it never shows over a drag."""

import random

import pygame
import pytest

from game.assemble import Rules
from game.assemble.record import new_session
from scenes.assemble.table import TableScene
from scenes.config import GameConfig, Seat
from scenes.menus.settings import use_language
from scenes.table import look
from scenes.widgets import ui
from tests.ui_helpers import frames, move, post, resize, settle, wait

SIZES = [(640, 360), (1280, 720), (1920, 1080)]
NAMES = ["Ada", "Bo", "Cy", "Di"]


def assemble_table(app, players=3, size=(1280, 720), rounds=3):
    session = new_session(9, [{"name": NAMES[i], "seat": "human"} for i in range(players)], Rules())
    rng = random.Random(9)
    state = session.state
    while not ((state.round >= rounds or state.last_round) and state.phase == "place"):
        session.play(rng.choice(state.legal_actions()))
        state = session.state
    table = TableScene(app, GameConfig([Seat(NAMES[i], "human", i) for i in range(players)],
                                       Rules(), 7), session)
    app.stack.push(table)
    resize(app, size)
    frames(app, 2)
    settle(app, table)
    return table


def rest(app, pos, seconds=0.5):
    """The mouse moves to `pos` and stays still for `seconds`."""
    move(app, pos)
    wait(app, seconds)


def tip_at(app, table, pos):
    rest(app, pos)
    return table.tooltip.words, table.tooltip.rect


def inside(app, rect, pos):
    window = app.screen.get_rect()
    assert window.contains(rect), (rect, window)
    assert app.stack.top.tooltip.complete  # no word cut off
    assert not rect.collidepoint(pos)  # clear of the cursor


def test_counter_card_tip_after_a_rest_and_gone_on_click(app):
    table = assemble_table(app)
    spot = look.frect(table.layout.lanes[0].indicator).center
    move(app, spot)
    frames(app, 6)  # 0.1 s: not yet
    assert table.tooltip.rect is None
    words, rect = tip_at(app, table, spot)
    assert words is not None and "Counter card of Ada" in words
    assert f"capacity {table.state.capacity[0]}" in words
    inside(app, rect, spot)
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    post(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    frames(app, 40)
    assert table.tooltip.rect is None and table.tooltip.words is None


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("text_size", ["normal", "larger"])
def test_every_assemble_tip_fits_the_window(app, size, language, text_size):
    use_language(language)
    ui.set_text_size(text_size)
    try:
        table = assemble_table(app, players=4, size=size)
        spots = [look.frect(table.layout.deck).center,
                 look.frect(table.layout.lanes[1].indicator).center]
        spots += [rect.center for rect, _what in table.tip_spots]
        seen = set()
        for pos in spots:
            words, rect = tip_at(app, table, pos)
            assert words, pos
            inside(app, rect, pos)
            seen.add(words)
        kinds = {what[0] for _rect, what in table.tip_spots}
        assert {"capacity", "module", "turn"} <= kinds
        assert len(seen) >= 5
        if language == "ja":
            assert all(any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in w)
                       for w in seen)
    finally:
        use_language("en")
        ui.set_text_size("normal")


def test_assemble_tips_say_what_things_mean_in_english(app):
    table = assemble_table(app)
    state = table.state
    deck = tip_at(app, table, look.frect(table.layout.deck).center)[0]
    assert f"{state.deck_count} cards left" in deck and "last" in deck
    hud = [rect for rect, what in table.tip_spots if what == ("deck",)]
    assert hud and tip_at(app, table, hud[0].center)[0] == deck  # "Round 3 • deck 16" says the same
    chips = [(rect, what) for rect, what in table.tip_spots if what[0] == "turn"]
    rect, (_kind, lane, _k) = chips[-1]
    words = tip_at(app, table, rect.center)[0]
    assert f"bench card is {state.bench[lane]}" in words and "lowest" in words
    modules = [(rect, what) for rect, what in table.tip_spots if what[0] == "module"]
    rect, (_kind, size, scored, _cap) = modules[0]
    words = tip_at(app, table, rect.center)[0]
    assert f"size {size}" in words and (f"{size * size} points" in words if scored else True)


def test_assemble_tips_in_japanese(app, ja):
    table = assemble_table(app)
    words = tip_at(app, table, look.frect(table.layout.lanes[0].indicator).center)[0]
    assert "表示器" in words and "処理能力" in words and "Ada" in words
    deck = tip_at(app, table, look.frect(table.layout.deck).center)[0]
    assert "山札" in deck and "最終ラウンド" in deck


def test_no_tip_while_dragging_a_card(app):
    table = assemble_table(app)
    bench = look.frect(table.layout.lanes[table.state.active].bench).center
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bench, button=1))
    deck = look.frect(table.layout.deck).center
    move(app, deck, buttons=(1, 0, 0))
    frames(app, 40)
    assert table.drag is not None
    assert table.tooltip.rect is None


def test_nothing_to_explain_no_panel(app):
    table = assemble_table(app)
    words, rect = tip_at(app, table, (2, app.screen.get_height() // 2))
    assert words is None and rect is None


# --- Cementopia and Grayblock -------------------------------------------------------------------

def cementopia_table(app, size):
    from scenes.cementopia.table import CementopiaScene
    scene = app.stack.push(CementopiaScene(app, GameConfig([Seat("Ada")], None, 8, "cementopia")))
    resize(app, size)
    frames(app, 3)
    return scene


def grayblock_table(app, size):
    from game.grayblock.setup import Rules as GrayRules
    from scenes.grayblock.table import GrayblockScene
    seats = [Seat(name, kind, i) for i, (name, kind) in enumerate(
        [("Ada", "human"), ("Bo", "easy"), ("Cy", "easy")])]
    scene = app.stack.push(GrayblockScene(app, GameConfig(seats, GrayRules(), 5, "grayblock", 100)))
    resize(app, size)
    frames(app, 3)
    return scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "ja"])
def test_cementopia_counters_and_deck(app, size, language):
    use_language(language)
    ui.set_text_size("larger" if size == (640, 360) else "normal")
    try:
        table = cementopia_table(app, size)
        words, rect = tip_at(app, table, table.lay.counters[3].center)
        inside(app, rect, table.lay.counters[3].center)
        uses = table.state.counters[3]
        if language == "en":
            assert words.startswith("Counter 4: it pays for a card that meets a neighbour with 4 facing pairs.")
            assert f"{uses} uses left" in words
        else:
            assert words.startswith("カウンター4：") and f"残り{uses}回" in words
        words, rect = tip_at(app, table, table.lay.deck.center)
        inside(app, rect, table.lay.deck.center)
        n = table.state.deck_count
        assert (f"Deck: {n} cards left." if language == "en" else f"山札：残り{n}枚。") in words
    finally:
        use_language("en")
        ui.set_text_size("normal")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "ja"])
def test_grayblock_seats_say_cards_held_and_standing(app, size, language):
    use_language(language)
    try:
        table = grayblock_table(app, size)
        fan = table.layout.fans[1]
        words, rect = tip_at(app, table, fan.center)
        inside(app, rect, fan.center)
        assert words.startswith("Bo holds" if language == "en" else "Boの手札は")
        seat = table.layout.seats[2]
        spot = (seat.x + 4, seat.centery)
        words, rect = tip_at(app, table, spot)
        inside(app, rect, spot)
        assert ("Cy has 0 of 100 points" if language == "en" else "Cyは0点（100点先取）") in words
        post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
        assert table.tooltip.rect is None
    finally:
        use_language("en")


def test_the_deck_tip_tells_the_last_round(app):
    table = assemble_table(app, players=2, rounds=99)  # stops at the last round's placing
    assert table.state.last_round
    words = tip_at(app, table, look.frect(table.layout.deck).center)[0]
    assert words.startswith("The deck is empty: this is the last round.")


def test_no_tip_until_the_mouse_moves_over_the_table(app):
    """The demo's screenshots show no panel: nothing rests until a real mouse moves."""
    table = assemble_table(app)
    frames(app, 60)
    assert table.tooltip.rect is None
    words, rect = tip_at(app, table, look.frect(table.layout.deck).center)
    assert rect is not None
    post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    frames(app, 60)  # a key hides it until the mouse moves again
    assert table.tooltip.rect is None


def test_the_pause_menu_hides_the_tip(app):
    table = assemble_table(app)
    assert tip_at(app, table, look.frect(table.layout.deck).center)[1] is not None
    table.open_menu()
    frames(app, 60)
    assert app.stack.top is not table and table.tooltip.rect is None
