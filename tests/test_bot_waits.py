"""No waiting without a reason (issue 57, item 5): a bot thinks while the last move's cards are
still flying, so its turn costs the longer of the animation and its delay, not both; and it never
moves before those cards have landed. Over every registered game with more than one seat, Ada
against random bots (which decide at once in tests: conftest.bots_at_once), by game time."""

import math

import pytest

from game.core import registry
from scenes.config import GameConfig, Seat
from scenes.table.bots import VISIBLE_DELAY
from ui_helpers import frames, wait_for

TABLES = [game for game in registry.GAMES if max(game.player_counts) > 1]
FRAME = 1 / 60


def against_bots(game) -> GameConfig:
    seats = [Seat("Ada", "human", 2)] + [Seat(f"Bot {i}", "random", (2 + i) % 6)
                                         for i in range(1, min(game.player_counts))]
    return GameConfig(seats, registry.rules_of(game.id, {}), 5, game.id)


@pytest.mark.parametrize("game", TABLES, ids=[g.id for g in TABLES])
def test_a_bot_moves_as_soon_as_the_cards_land_and_its_delay_is_over(app, game):
    config = against_bots(game)
    table = app.stack.push(app.make(config.scene, config=config))
    frames(app, 2)
    checked = 0
    for _ in range(6):  # a few of Ada's moves, each followed by a bot's
        wait_for(app, lambda: table.state.is_over() or (
            table.state.current_player() in table.humans and table.can_act()), limit=3000)
        if table.state.is_over():
            break
        assert table.play(table.state.legal_actions()[0])
        played = len(table.session.history.actions)
        if table.state.is_over() or table.state.current_player() in table.humans:
            continue  # Ada moves again (a bot's turn comes later)
        flying = 0
        while table.motion.busy:
            app.step(FRAME)
            flying += 1
            assert len(table.session.history.actions) == played, "a bot moved over flying cards"
        waited = flying
        while len(table.session.history.actions) == played:
            app.step(FRAME)
            waited += 1
            assert waited < 3000
        # the delay ran while the cards flew: the longer of the two, and a frame to play
        assert waited <= max(flying, math.ceil(VISIBLE_DELAY / FRAME)) + 2, (flying, waited)
        checked += 1
    assert checked, "no bot moved after Ada"
