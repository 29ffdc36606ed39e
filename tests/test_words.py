"""Words a player reads: Grayblock's log when a hand is blocked, and the rules pages."""

import pygame
import pytest

from game.grayblock.setup import Rules, one_gear_apart
from game.grayblock.state import BLOCK, GrayblockState, winner_could_play
from scenes.config import GameConfig, Seat
from scenes.menus.rules_text import PAGES
from ui_helpers import frames


def first_blocked_hand(seed, players):
    """Play each player's first legal move until hand 1 ends; (actions, that hand's result)."""
    state = GrayblockState.new(seed, players, Rules(), 100)
    actions = []
    while not state.results:
        actions.append(state.legal_actions()[0])
        state.apply(actions[-1])
    assert state.results[0].kind == BLOCK
    return actions, state.results[0]


def fits_an_end(result):
    ends = (result.row[0], result.row[-1])
    return any(one_gear_apart(end, card) for end in ends for card in result.left[result.winner])


# seed, players: the first hand ends by block with the winner able to play on, or not
COULD_PLAY = [(0, 2), (1, 3)]
STUCK_TOO = [(1, 2), (0, 3)]


@pytest.mark.parametrize("seed,players", COULD_PLAY + STUCK_TOO)
def test_winner_could_play_says_whether_a_card_of_theirs_fit(seed, players):
    _actions, result = first_blocked_hand(seed, players)
    assert winner_could_play(result, False) == fits_an_end(result) == ((seed, players) in COULD_PLAY)


def log_after_block(app, seed, players):
    names = ["Ada", "Bo", "Cy"]
    config = GameConfig([Seat(names[i], "human", i) for i in range(players)], Rules(), seed,
                        "grayblock", 100)
    table = app.stack.push(app.make("grayblock", config=config))
    frames(app, 2)
    actions, result = first_blocked_hand(seed, players)
    for action in actions:
        assert table.play(action)
    return table, names[result.winner]


@pytest.mark.parametrize("seed,players", COULD_PLAY)
def test_grayblock_log_says_the_others_passed_when_the_winner_could_play(app, seed, players):
    table, who = log_after_block(app, seed, players)
    line = next(entry for entry in table.log if "wins hand 1" in entry)
    assert "nobody can play" not in line
    assert "Everyone else passed" in line and f"{who} could still play" in line
    assert table.flash[0].startswith("Everyone else passed!")


@pytest.mark.parametrize("seed,players", STUCK_TOO)
def test_grayblock_log_says_nobody_can_play_when_nobody_could(app, seed, players):
    table, who = log_after_block(app, seed, players)
    line = next(entry for entry in table.log if "wins hand 1" in entry)
    assert line.startswith("Blocked: nobody can play.") and f"{who} wins hand 1 by block" in line
    assert table.flash[0].startswith("Blocked!")
