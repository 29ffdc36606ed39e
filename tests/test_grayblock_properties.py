"""Grayblock invariants over random matches of every player count and rule set."""

from hypothesis import given, settings, strategies as st

from game.core.errors import IllegalAction
from game.grayblock import Action, Rules
from game.grayblock.record import new_session
from sessions import pick, play_random, record_round_trip, seats, undo_all_then_redo_all

PLAYERS = st.sampled_from([2, 3, 4])
RULES = st.builds(Rules, st.booleans())
SEEDS = st.integers(0, 2**31)
TARGETS = st.sampled_from([30, 60, 100])


@settings(max_examples=25, deadline=None)
@given(PLAYERS, RULES, SEEDS, TARGETS, st.data())
def test_undo_all_then_redo_all_returns_the_same_states(players, rules, seed, target, data):
    session = new_session(seed, seats(players), rules, target)
    seen = play_random(session, data)
    undo_all_then_redo_all(session, seen)


@settings(max_examples=30, deadline=None)
@given(PLAYERS, RULES, SEEDS, TARGETS, st.data())
def test_every_card_is_in_exactly_one_place_and_the_rules_hold(players, rules, seed, target,
                                                               data):
    session = new_session(seed, seats(players), rules, target)
    for state in play_random(session, data):
        assert sorted(state.places()) == list(range(32))
        assert sum(state.hand_sizes()) + len(state.row) == 8 * players
        for a, b in zip(state.row, state.row[1:]):
            assert (a ^ b).bit_count() == 1  # neighbours differ by one gear
        if rules.water_veins:
            assert all(r.actions[0].card != 0 for r in state.results)
            assert not state.log or state.log[0].card != 0
        legal = state.legal_actions()
        if not state.is_over():
            passing = [a for a in legal if a.card is None]
            assert not passing or legal == passing  # a pass only when nothing is playable
    final = session.state
    assert final.is_over() and max(final.scores()) >= target
    assert [s for s in final.scores() if s >= target] == [final.scores()[final.champion]]


@settings(max_examples=30, deadline=None)
@given(PLAYERS, RULES, SEEDS, st.data())
def test_illegal_actions_are_refused_and_change_nothing(players, rules, seed, data):
    session = new_session(seed, seats(players), rules, 60)
    play_random(session, data, limit=data.draw(st.integers(0, 30)))
    state = session.state
    if state.is_over():
        return
    legal = set(state.legal_actions())
    candidates = [Action(p, c, e) for p in range(players) for c in [None, *range(32)]
                  for e in (None, "left", "right")]
    action = pick(data, candidates)
    before = state.clone()
    done = len(session.history.actions)
    if action in legal:
        assert state.why_illegal(action) is None
        return
    assert state.why_illegal(action)
    try:
        session.play(action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{action} was accepted")
    assert session.state == before and len(session.history.actions) == done


@settings(max_examples=30, deadline=None)
@given(PLAYERS, RULES, SEEDS, TARGETS, st.data(), st.booleans())
def test_record_round_trip_and_verify(players, rules, seed, target, data, finish):
    session = new_session(seed, seats(players), rules, target)
    play_random(session, data, limit=None if finish else data.draw(st.integers(0, 60)))
    record = record_round_trip(session)
    flat = [a for hand in record["hands"] for a in hand["actions"]]
    assert flat == [a.to_json() for a in session.history.actions]
