"""Shared pieces of the property tests: hypothesis plays a session, undo/redo walk it back."""

import json

from hypothesis import strategies as st

from game.core import records
from game.core.commands import Play, Redo, Undo


def seats(n):
    return [{"name": f"P{i}", "seat": "human"} for i in range(n)]


# one strategy for every choice: hypothesis spends far more building a strategy than drawing from
# it, and an index shrinks as well (towards the first legal action)
INDEX = st.integers(0, 2**16)


def pick(data, options: list):
    """One of `options`, chosen (and shrunk) by hypothesis."""
    return options[data.draw(INDEX) % len(options)]


def play_random(session, data, limit=None):
    """Play with hypothesis choosing every action; return the states seen."""
    seen = [session.state.clone()]
    while not session.state.is_over() and (limit is None or len(seen) <= limit):
        session.do(Play(pick(data, session.state.legal_actions())))
        seen.append(session.state.clone())
    return seen


def undo_all_then_redo_all(session, seen, check=None):
    """Undo back to the start and redo to the end, expecting exactly the states `seen`;
    `check(state, expected)` adds a game's own comparison after each undo."""
    for expected in reversed(seen[:-1]):
        session.do(Undo())
        assert session.state == expected
        if check:
            check(session.state, expected)
    assert not session.history.can_undo()
    for expected in seen[1:]:
        session.do(Redo())
        assert session.state == expected
    assert not session.history.can_redo()


def record_round_trip(session):
    """Write the session's record as text, read it back and replay it: the same state and the
    same record, a `result` exactly when the game is over, and it verifies. Returns the record."""
    record = records.record_of(session)
    text = json.dumps(record)
    again = records.replay(records.parse_record(text))
    assert again.state == session.state
    assert records.record_of(again) == record
    assert ("result" in record) == session.state.is_over()
    records.verify(json.loads(text))
    return record
