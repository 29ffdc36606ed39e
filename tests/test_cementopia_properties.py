"""Cementopia invariants over random attempts: undo/redo, card places, legality, records."""

import json

from hypothesis import given, settings, strategies as st

from game.cementopia import Action, CementopiaState
from game.cementopia import record as cementopia
from game.core.errors import IllegalAction
from sessions import pick, play_random, record_round_trip, undo_all_then_redo_all

SEEDS = st.integers(0, 2**31)
SOLO = [{"name": "Solo", "seat": "human"}]


def brute_force_legal(state):
    """Every action why_illegal accepts, trying each spot near the network from scratch."""
    xs = [x for _, x, _ in state.placed]
    ys = [y for _, _, y in state.placed]
    found = set()
    for card in state.hand:
        for x in range(min(xs) - 1, max(xs) + 2):
            for y in range(min(ys) - 5, max(ys) + 6):
                for other, _, _ in state.neighbours(x, y):
                    action = Action(card, x, y, other)
                    if state.why_illegal(action) is None:
                        found.add(action)
    return found


def same_caches(state, expected):
    assert state.adj == expected.adj and state.front == expected.front


@settings(max_examples=25, deadline=None)
@given(SEEDS, st.data())
def test_undo_all_then_redo_all_returns_the_same_states(seed, data):
    session = cementopia.new_session(seed, SOLO)
    seen = play_random(session, data)
    undo_all_then_redo_all(session, seen, same_caches)


@settings(max_examples=25, deadline=None)
@given(SEEDS, st.data())
def test_every_card_is_in_exactly_one_place_and_turns_add_up(seed, data):
    session = cementopia.new_session(seed, SOLO)
    for state in play_random(session, data):
        assert sorted(state.places()) == list(range(32))
        placed = len(state.placed)
        assert sum(state.counters) == 15 - (placed - 1)
        assert min(state.counters) >= 0
        if state.outcome != "complete":
            assert len(state.hand) == 4
        cells = [(x, r) for _, x, y in state.placed for r in range(y, y + 5)]
        assert len(cells) == len(set(cells))  # no overlaps
    final = session.state
    assert final.is_over()
    assert (final.outcome == "complete") == (len(final.placed) == 16)
    assert 0 <= final.score() <= len(final.placed)


@settings(max_examples=8, deadline=None)
@given(SEEDS, st.data())
def test_legal_actions_are_exactly_what_the_rules_accept(seed, data):
    session = cementopia.new_session(seed, SOLO)
    seen = play_random(session, data, limit=data.draw(st.integers(0, 15)))
    state = seen[-1]
    assert set(state.legal_actions()) == (set() if state.is_over() else brute_force_legal(state))
    assert state.is_over() == (not state.legal_actions())


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.data())
def test_legal_actions_are_accepted_and_illegal_ones_change_nothing(seed, data):
    session = cementopia.new_session(seed, SOLO)
    state = play_random(session, data, limit=data.draw(st.integers(0, 14)))[-1]
    if state.is_over():
        return
    action = pick(data, state.legal_actions())
    bad = data.draw(st.sampled_from([
        action._replace(x=action.x + 40),
        action._replace(x=state.placed[0][1], y=state.placed[0][2]),  # on the first card
        action._replace(count_with=action.card),
        action._replace(card=state.placed[0][0]),
    ]))
    before = state.clone()
    assert state.why_illegal(bad) is not None
    try:
        state.apply(bad)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{bad} was accepted")
    assert state == before
    state.apply(action)
    assert len(state.placed) == len(before.placed) + 1


@settings(max_examples=25, deadline=None)
@given(SEEDS, st.data(), st.booleans())
def test_record_round_trip(seed, data, finish):
    session = cementopia.new_session(seed, SOLO)
    play_random(session, data, limit=None if finish else data.draw(st.integers(0, 10)))
    record_round_trip(session)


@settings(max_examples=25, deadline=None)
@given(SEEDS, st.data())
def test_views_hide_the_order_and_samples_agree_with_them(seed, data):
    session = cementopia.new_session(seed, SOLO)
    state = play_random(session, data, limit=data.draw(st.integers(0, 12)))[-1]
    view = state.view(0)
    assert view.unseen == tuple(sorted(state.setup.deck[state.deck_pos:]))
    assert "deck" not in json.dumps(view.to_json()).replace("deck_count", "")
    import random
    sample = view.sample_state(random.Random(data.draw(SEEDS)))
    assert sample.view(0) == view
    assert sample.adj == state.adj and sample.front == state.front
    assert sorted(sample.legal_actions()) == sorted(state.legal_actions())
    assert CementopiaState.rebuild(state.setup, state.deck_pos, state.hand, state.placed,
                                   state.counters, state.outcome) == state
