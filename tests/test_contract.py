"""Every registered game meets game.core.contract at run time: its declaration names its modules,
the module has what GameModule lists, the state has what GameState lists, and random games through
apply() give Events and a Result.
(mypy checks the signatures: see the TYPE_CHECKING block in game/core/registry.py.)"""

import random

import pytest

from game.core.contract import Event, GameModule, GameState, Result
from game.core.registry import GAMES, bot_module, game_module

IDS = [game.id for game in GAMES]

STATE_METHODS = ("legal_actions", "why_illegal", "apply", "apply_unchecked", "clone", "is_over",
                 "current_player", "scores", "result", "view")


def protocol_members(protocol) -> set[str]:
    methods = {name for name, value in vars(protocol).items()
               if callable(value) and not name.startswith("_")}
    return methods | set(protocol.__annotations__)


def test_the_listed_state_methods_are_the_protocol_s():
    assert protocol_members(GameState) == set(STATE_METHODS) | {"game"}


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_game_module_has_every_protocol_member(game):
    module = game_module(game.id)
    missing = [m for m in sorted(protocol_members(GameModule)) if not hasattr(module, m)]
    assert not missing, f"{game.record} lacks {missing}"
    assert game.default_players in game.player_counts and len(set(IDS)) == len(IDS)


@pytest.mark.parametrize("name", IDS)
def test_bot_module_lists_levels_that_build_bots(name):
    levels = bot_module(name).LEVELS
    assert "random" in levels
    for level, make in levels.items():
        bot = make(seed=1, think=None, iterations=1)
        assert callable(bot.decide), level


def players_of(count: int) -> list[dict]:
    return [{"name": f"P{i + 1}", "seat": "random"} for i in range(count)]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_random_games_meet_the_state_protocol(game):
    name = game.id
    module = game_module(name)
    rng = random.Random(name)
    for seed in range(4):
        count = game.player_counts[seed % len(game.player_counts)]
        state = module.new_session(seed, players_of(count), snapshots=False).state
        for method in STATE_METHODS:
            assert callable(getattr(state, method, None)), f"{type(state).__name__}.{method}"
        assert state.game == name
        fast = state.clone()  # the same game through apply_unchecked
        assert type(fast) is type(state) and fast == state
        while not state.is_over():
            player = state.current_player()
            assert isinstance(player, int) and 0 <= player < count
            assert state.view(player) is not None
            action = rng.choice(state.legal_actions())
            assert state.why_illegal(action) is None
            events = state.apply(action)
            assert isinstance(events, list) and events, action
            assert all(isinstance(event, Event) for event in events)
            assert fast.apply_unchecked(action) is None
            assert fast == state
        assert state.current_player() is None and state.legal_actions() == []
        result = state.result()
        assert isinstance(result, Result)
        assert result.scores == tuple(state.scores()) and len(result.scores) == count
        assert set(result.winners) <= set(range(count))
        assert result.winners or count == 1  # a solo game can be lost (Cementopia stuck)
        assert isinstance(result.record, dict)
        assert fast.result() == result
