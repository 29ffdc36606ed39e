"""Legality is one decision, stated two ways: in random positions of every game an action is in
legal_actions() exactly when why_illegal() gives None, and every refusal is a reason code its
game words, in English and in Japanese, with every field filled in, and what apply() raises."""

import importlib
import random

import pytest
from hypothesis import given, settings, strategies as st

from game.core import i18n
from game.alicematic.content import COLOURS
from game.alicematic.setup import KINDS, Action as AlicematicAction
from game.assemble.setup import PLACE, TAKE
from game.assemble.setup import Action as AssembleAction
from game.cementopia.setup import Action as CementopiaAction
from game.core.contract import Refusal
from game.core.errors import IllegalAction
from game.grayblock.setup import Action as GrayblockAction
from game.core.messages import shown
from game.core.registry import game_module, ids

SEEDS = st.integers(0, 2**31 - 1)


RULES = {"assemble": "flaw,identity", "grayblock": "water-veins"}  # on odd seeds


def position(name: str, seed: int, share: float):
    """A random game `share` of the way through (the end included)."""
    module = game_module(name)
    counts = module.PLAYER_COUNTS
    players = [{"name": f"P{i}", "seat": "random"} for i in range(counts[seed % len(counts)])]
    rules = [module.parse_rules(RULES[name])] if name in RULES and seed % 2 else []
    start = module.new_session(seed, players, *rules, snapshots=False).state
    rng, state, moves = random.Random(seed), start.clone(), []
    while not state.is_over():
        moves.append(rng.choice(state.legal_actions()))
        state.apply_unchecked(moves[-1])
    for action in moves[:round(share * len(moves))]:
        start.apply_unchecked(action)
    return start


def candidates(state, data) -> list:
    """Actions of the game's own kind, legal and not, drawn around the position (one strategy
    built per position and drawn as a list: building strategies is what costs hypothesis most)."""
    if state.game == "assemble":
        lanes = st.one_of(st.just(state.active), st.integers(0, state.n_lanes - 1))  # mostly its own
        action = st.one_of(st.builds(lambda lane, card: TAKE[lane][card], lanes, st.integers(0, 31)),
                           st.builds(lambda lane, pos: PLACE[lane][pos], lanes, st.integers(0, 32)),
                           st.builds(AssembleAction, st.just("swap"), lanes, st.integers(0, 3)))
        count = 30
    elif state.game == "grayblock":
        players = st.one_of(st.just(state.turn or 0), st.integers(0, state.players - 1))
        action = st.builds(GrayblockAction, players, st.one_of(st.none(), st.integers(-1, 32)),
                           st.sampled_from([None, "left", "right", "middle"]))
        count = 30
    elif state.game == "cementopia":
        xs = [x for _, x, _ in state.placed]
        ys = [y for _, _, y in state.placed]
        cards = st.sampled_from(state.hand + [state.placed[0][0], 31 - state.placed[0][0]])
        near = st.sampled_from([card for card, _, _ in state.placed] + [99])
        action = st.builds(CementopiaAction, cards, st.integers(min(xs) - 2, max(xs) + 2),
                           st.integers(min(ys) - 6, max(ys) + 6), near)
        count = 30
    else:
        hand = state.hands[state.turn] if state.turn is not None else []
        hexes = list(state.board.hexes) + [(40, 40)]
        action = st.builds(AlicematicAction, st.sampled_from(KINDS),
                           st.one_of(st.none(), st.sampled_from(hand + [89]) if hand else st.just(89)),
                           st.one_of(st.none(), st.sampled_from(COLOURS)),
                           st.one_of(st.none(), st.sampled_from(hexes)))
        count = 12
    return data.draw(st.lists(action, min_size=count, max_size=count))


def check_words(name: str, refusal) -> None:
    words = importlib.import_module(f"game.{name}.words").refusal_words(refusal)
    english = str(words)
    assert english.endswith(".") and "{" not in english, english
    i18n.set_language("ja")
    try:
        japanese = shown(words)
    finally:
        i18n.set_language("en")
    assert japanese and japanese != english and "{" not in japanese, (refusal, japanese)


@pytest.mark.parametrize("name", ids())
@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, share=st.floats(0, 1), data=st.data())
def test_an_action_is_legal_exactly_when_why_illegal_says_none(name, seed, share, data):
    state = position(name, seed, share)
    legal = state.legal_actions()
    for action in legal[:5] + candidates(state, data) + legal[-5:] + [tuple(a) for a in legal[:1]]:
        refusal = state.why_illegal(action)
        # (a plain tuple equal to a legal action is not one: no game takes it)
        assert (action in legal and type(action) is not tuple) == (refusal is None), (action, refusal)
        if refusal is None:
            continue
        assert isinstance(refusal, Refusal)
        check_words(name, refusal)
        before = state.clone()
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert info.value.refusal == refusal and state == before
