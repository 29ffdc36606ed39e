"""Long Grayblock records (issue 40): replaying a match of thousands of hands costs time and memory
linear in its length, wherever a record is replayed (verify and replay, the command line, the
History's reader, the replay viewer), and the viewer keeps a bounded number of positions.

Nothing here reads a clock: each test compares the work (peak memory, or the states kept) of
records of 10, 200 and 800 hands: what a hand more costs must not grow with the match.
"""

from __future__ import annotations

import copy
import functools
import gc
import json
import tracemalloc

import pytest

from game import cli, records
from game.grayblock.perf import long_record
from game.grayblock.state import GrayblockState
from game.history import entry_of

TINY, SMALL, LARGE = 10, 200, 800  # hands
LINEAR = 2.0  # growth(): about 1 when linear, about 5 when quadratic
POSITIONS = 128  # the most full positions the replay viewer may hold, however long the record


@functools.cache
def _record(hands: int) -> str:
    return json.dumps(long_record(hands))


def record(hands: int) -> dict:
    """A finished match of about `hands` hands (a fresh copy: readers may change what they are given)."""
    return json.loads(_record(hands))


def peak(work) -> int:
    """The most memory `work()` held at once, in bytes."""
    gc.collect()
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def growth(work_of) -> float:
    """How much more a hand costs in a long match than in a short one (peak memory): the cost
    from SMALL to LARGE hands over the cost from TINY to SMALL, each per hand added (what the
    work loads the first time, modules and fonts, loaded beforehand). About 1 when the cost is
    linear in the hands; about (LARGE + SMALL) / (SMALL + TINY), near 5, when quadratic."""
    work_of(TINY)()
    hands = {n: len(record(n)["hands"]) for n in (TINY, SMALL, LARGE)}
    cost = {n: peak(work_of(n)) for n in (TINY, SMALL, LARGE)}
    small = (cost[SMALL] - cost[TINY]) / (hands[SMALL] - hands[TINY])
    large = (cost[LARGE] - cost[SMALL]) / (hands[LARGE] - hands[SMALL])
    return large / small


def test_the_records_are_long_finished_matches():
    for hands in (SMALL, LARGE):
        rec = record(hands)
        assert hands <= len(rec["hands"]) < hands * 1.1 and rec["result"]["champion"] is not None
        records.verify(rec)


def test_verify_is_linear():
    def work_of(hands):
        rec = record(hands)
        return lambda: records.verify(rec)
    assert growth(work_of) < LINEAR


def test_replay_with_undo_is_linear():
    """A replayed session that can undo every move (a resumed game): a snapshot before each move,
    each as small as a hand, not as the whole match."""
    def work_of(hands):
        rec = record(hands)
        return lambda: records.replay(rec)
    assert growth(work_of) < LINEAR


def test_every_position_of_a_replay_kept_is_linear():
    """The positions History.replay yields (a table tells its log from them), all kept: each one
    shares the match's finished hands instead of copying them."""
    def work_of(hands):
        rec = record(hands)

        def work():
            session = records.replay(rec, snapshots=False)
            kept = []
            for before, _action, _events, after in session.history.replay():
                kept.append(before)
            kept.append(after.clone())
        return work
    assert growth(work_of) < LINEAR


@pytest.mark.parametrize("command", ["verify", "replay"])
def test_the_command_line_is_linear(tmp_path, capsys, command):
    def work_of(hands):
        path = tmp_path / f"{hands}.json"
        records.write_record(path, record(hands))

        def work():
            assert cli.main([command, str(path)]) == 0
        return work
    assert growth(work_of) < LINEAR
    capsys.readouterr()


def test_the_history_reader_is_linear():
    """What History and Statistics keep of a game is made by replaying its record once."""
    def work_of(hands):
        rec = record(hands)

        def work():
            entry = entry_of(rec, records.utc_stamp(0))
            assert len(entry.hands) == len(rec["hands"]) and entry.over
        return work
    assert growth(work_of) < LINEAR


def alive_states() -> int:
    gc.collect()
    return sum(1 for obj in gc.get_objects() if type(obj) is GrayblockState)


def test_the_replay_viewer_keeps_a_bounded_number_of_positions(app):
    kept = {}
    for hands in (SMALL, LARGE):
        rec = record(hands)
        before = alive_states()
        viewer = app.make("replay", record=rec)
        app.stack.push(viewer)
        viewer.end()
        viewer.step(-1)
        viewer.go(viewer.total // 2)
        kept[hands] = alive_states() - before
        app.stack.pop()
        del viewer
    assert kept[LARGE] <= POSITIONS and kept[SMALL] <= POSITIONS, kept


def test_the_replay_viewer_is_linear(app):
    def work_of(hands):
        rec = record(hands)

        def work():
            viewer = app.make("replay", record=rec)
            viewer.close()
        return work
    assert growth(work_of) < LINEAR


def test_the_replay_viewer_steps_through_a_long_record_exactly(app):
    rec = record(SMALL)
    session = records.replay(copy.deepcopy(rec), snapshots=False)
    expected = []
    for before, _action, _events, after in session.history.replay():
        if not expected:
            expected.append(before.clone())
        expected.append(after.clone())
    viewer = app.make("replay", record=rec)
    app.stack.push(viewer)
    total = viewer.total
    assert total == len(expected) - 1
    marks = sorted({0, 1, total - 1, total} | {n for k in range(1, 40) for n in
                                               (k * total // 40 - 1, k * total // 40, k * total // 40 + 1)})
    for n in reversed(marks):
        viewer.go(n)
        assert viewer.cursor == n and viewer.state == expected[n], n
    for n in marks:
        viewer.go(n)
        assert viewer.state == expected[n], n
    viewer.go(total)
    for n in range(total - 1, total - 60, -1):
        viewer.step(-1)
        assert viewer.cursor == n and viewer.state == expected[n], n
    for n in range(total - 59, total + 1):
        viewer.step(1)
        assert viewer.cursor == n and viewer.state == expected[n], n
    app.stack.pop()


# --- the list Grayblock's states share their finished hands through ---------------------------

def test_an_append_only_copy_shares_its_items_and_keeps_its_own():
    from game.appendonly import AppendOnly
    a = AppendOnly([1, 2])
    b = a.copy()
    a.append(3)  # as long as the backing list: in place
    assert list(a) == [1, 2, 3] and list(b) == [1, 2] and len(b) == 2 and b[-1] == 2
    assert b._items is a._items
    b.append(9)  # shorter than the backing list: a list of its own first
    assert list(a) == [1, 2, 3] and list(b) == [1, 2, 9] and b._items is not a._items
    c = a.copy()
    c.append(4)
    a.append(5)
    assert list(a) == [1, 2, 3, 5] and list(c) == [1, 2, 3, 4]
    with pytest.raises(IndexError):
        b[3]
    assert b[-3] == 1 and a[1:3] == [2, 3] and a[::-1] == [5, 3, 2, 1] and b[5:] == []
    assert a == [1, 2, 3, 5] and a == (1, 2, 3, 5) and a != [1, 2, 3] and a.copy() == a
    assert AppendOnly() == [] and not AppendOnly() and bool(b)
    assert list(reversed(c)) == [4, 3, 2, 1]
    shorter = c.copy()
    c.append(6)
    assert copy.deepcopy(shorter)._items == [1, 2, 3, 4]  # its own items only
    import pickle
    assert pickle.loads(pickle.dumps(shorter)) == [1, 2, 3, 4]


def test_a_clone_of_a_long_match_copies_none_of_its_hands():
    session = records.replay(record(SMALL), snapshots=False)
    state = session.state
    other = state.clone()
    assert other == state and other.results._items is state.results._items
    assert other.deals._items is state.deals._items
