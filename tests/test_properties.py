"""Invariants over random games of every player count and rule set."""

from hypothesis import given, settings, strategies as st

from game.assemble import AssembleState, Rules
from game.assemble.record import new_session
from game.assemble.setup import Action
from game.core.commands import Play
from game.core.errors import IllegalAction
from sessions import play_random, record_round_trip, seats, undo_all_then_redo_all

PLAYERS = st.sampled_from([2, 3, 4])
RULES = st.builds(Rules, st.booleans(), st.booleans())
SEEDS = st.integers(0, 2**31)


@settings(max_examples=40, deadline=None)
@given(PLAYERS, RULES, SEEDS, st.data())
def test_undo_all_then_redo_all_returns_the_same_states(players, rules, seed, data):
    session = new_session(seed, seats(players), rules)
    seen = play_random(session, data)
    undo_all_then_redo_all(session, seen)


@settings(max_examples=40, deadline=None)
@given(PLAYERS, RULES, SEEDS, st.data())
def test_every_card_is_in_exactly_one_place_at_every_step(players, rules, seed, data):
    session = new_session(seed, seats(players), rules)
    for state in play_random(session, data):
        assert sorted(state.places()) == list(range(32))


@settings(max_examples=60, deadline=None)
@given(PLAYERS, RULES, SEEDS, st.data())
def test_random_games_end_with_full_lines(players, rules, seed, data):
    session = new_session(seed, seats(players), rules)
    play_random(session, data)
    state = session.state
    per_lane = 10 if players == 3 else 8
    assert state.is_over()
    assert [len(line) for line in state.lines] == [per_lane] * state.n_lanes
    assert state.bench == [None] * state.n_lanes and state.field == []
    assert all(c >= 0 for c in state.capacity)
    assert set(state.winners()) <= set(range(players)) and state.winners()


@settings(max_examples=40, deadline=None)
@given(PLAYERS, RULES, SEEDS, st.data(), st.booleans())
def test_record_round_trip(players, rules, seed, data, finish):
    session = new_session(seed, seats(players), rules)
    play_random(session, data, limit=None if finish else data.draw(st.integers(0, 40)))
    record_round_trip(session)


@settings(max_examples=80, deadline=None)
@given(PLAYERS, RULES, SEEDS, st.data())
def test_an_illegal_command_leaves_the_state_untouched(players, rules, seed, data):
    session = new_session(seed, seats(players), rules)
    play_random(session, data, limit=data.draw(st.integers(0, 70)))
    state = session.state
    action = Action(data.draw(st.sampled_from(["take", "place"])), data.draw(st.integers(-1, 4)),
                    data.draw(st.integers(-2, 33)))
    before = state.clone()
    actions_before = list(session.history.actions)
    if action in state.legal_actions():
        return
    outcome = None
    try:
        session.do(Play(action))
    except IllegalAction as exc:
        outcome = str(exc)
    assert outcome  # refused, with a reason
    assert session.state == before
    assert session.history.actions == actions_before


def test_random_playout_fast_path_matches_the_rules():
    import random
    for seed in range(30):
        state = AssembleState.new(seed, 2 + seed % 3, Rules(seed % 2 == 0, seed % 4 < 2))
        rng = random.Random(seed)
        state.random_playout(rng)
        assert state.is_over()
        per_lane = 10 if state.players == 3 else 8
        assert all(len(line) == per_lane for line in state.lines)
