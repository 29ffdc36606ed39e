"""Long Grayblock records (issue 40): replaying a match of thousands of hands costs time and memory
linear in its length, wherever a record is replayed (verify and replay, the command line, the
History's reader, the replay viewer), and the viewer keeps a bounded number of positions.

Nothing here reads a clock: each test compares the work (peak memory, or the states kept) of
records of 10, 100 and 400 hands (10, 50 and 200 for the command line): what a hand more costs
must not grow with the match.
"""

from __future__ import annotations

import copy
import functools
import gc
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from game.services import cli
from game.core import records
from game.grayblock.perf import long_record
from game.grayblock.state import GrayblockState
from game.core.errors import IllegalAction
from game.storage.history import entry_of

TINY, SMALL, LARGE = 10, 100, 400  # hands
QUICKER = (10, 50, 200)  # for the command line (it reads and writes files too)
LINEAR = 2.0  # growth(): about 1 when linear, about 3 for the replays of issue 40
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


def growth(work_of, sizes: tuple[int, int, int] = (TINY, SMALL, LARGE)) -> float:
    """How much more a hand costs in a long match than in a short one (peak memory): the cost
    from the middle size to the largest over the cost from the smallest to the middle one, each
    per hand added (what the work loads the first time, modules and fonts, loaded beforehand).
    About 1 when the cost is linear in the hands; 3 for a replay that copied every hand before
    each move (what each move costs besides hides some of it: (LARGE + SMALL) / (SMALL + TINY)
    for a cost that were quadratic alone)."""
    tiny, small, large = sizes
    work_of(tiny)()
    hands = {n: len(record(n)["hands"]) for n in sizes}
    # What the test process held before is set apart from the collector (gc.freeze), so that the
    # collection before each measure looks at the new objects only: a whole collection of a
    # process that has run hundreds of tests took half a second each.
    gc.freeze()
    try:
        cost = {n: peak(work_of(n)) for n in sizes}
    finally:
        gc.unfreeze()
    return ((cost[large] - cost[small]) / (hands[large] - hands[small])) / \
        ((cost[small] - cost[tiny]) / (hands[small] - hands[tiny]))


def test_the_records_are_long_finished_matches():
    for hands in (SMALL, LARGE):
        rec = record(hands)
        assert hands <= len(rec["hands"]) < hands * 1.1 and rec["result"]["champion"] is not None


def growth_apart(works: str, *args: str) -> float:
    """growth() of `works` (an expression over this module) in a fresh interpreter. Python 3.11's
    tracemalloc can crash when it starts or stops while another thread takes the GIL (CPython
    gh-128679, fixed in 3.12.9): a test process holds threads of its own and of earlier tests, a
    fresh one holds none."""
    code = ("import sys; sys.path[:0] = sys.argv[1:3]; import test_long_records as t; "
            "print(t.growth(*eval(sys.argv[3], vars(t))))")
    tests = Path(__file__).parent
    done = subprocess.run([sys.executable, "-c", code, str(tests), str(tests.parent), works, *args],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return float(done.stdout.split()[-1])


def verify_work(hands):
    rec = record(hands)
    return lambda: records.verify(rec)


def replay_work(hands):
    """A replayed session that can undo every move (a resumed game): a snapshot before each move,
    each as small as a hand, not as the whole match."""
    rec = record(hands)
    return lambda: records.replay(rec)


def command_line_work(folder: Path):
    def work_of(hands):
        path = folder / f"{hands}.json"
        records.write_record(path, record(hands))

        def work():
            assert cli.main(["verify", str(path)]) == 0
            assert cli.main(["replay", str(path)]) == 0
        return work
    return work_of


def history_work(hands):
    """What History and Statistics keep of a game is made by replaying its record once."""
    rec = record(hands)

    def work():
        entry = entry_of(rec, records.utc_stamp(0))
        assert len(entry.own_field("hands")) == len(rec["hands"]) and entry.over
    return work


def test_verify_is_linear():
    assert growth_apart("(verify_work,)") < LINEAR


def test_replay_with_undo_is_linear():
    assert growth_apart("(replay_work,)") < LINEAR


def test_the_command_line_is_linear(tmp_path):
    assert growth_apart("(command_line_work(Path(sys.argv[4])), QUICKER)", str(tmp_path)) < LINEAR


def test_the_history_reader_is_linear():
    assert growth_apart("(history_work,)") < LINEAR


def alive_states() -> int:
    gc.collect()
    return sum(1 for obj in gc.get_objects() if type(obj) is GrayblockState)


def test_the_replay_viewer_keeps_a_bounded_number_of_positions(app):
    rec = record(SMALL)
    before = alive_states()
    viewer = app.make("replay", record=rec)
    app.stack.push(viewer)
    viewer.end()
    viewer.step(-1)
    viewer.go(viewer.total // 2)
    kept = alive_states() - before
    assert kept <= POSITIONS and kept < viewer.total // 5, (kept, viewer.total)
    app.stack.pop()


# --- the list Grayblock's states share their finished hands through ---------------------------

def test_an_append_only_copy_shares_its_items_and_keeps_its_own():
    from game.core.appendonly import AppendOnly
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


# --- the replay viewer's positions ----------------------------------------------------------------

def replayed(hands: int):
    """The record's start, its actions, and every position along them (all kept: a test's)."""
    session = records.replay(record(hands), snapshots=False)
    expected = [session.history.start.clone()]
    expected += [after.clone() for _b, _a, _e, after in session.history.replay()]
    return session.history.start, session.history.actions, expected


def test_the_positions_kept_are_bounded_however_long_the_match():
    from game.core.positions import LIMIT, SPACING, Positions
    for hands in (SMALL, LARGE):
        session = records.replay(record(hands), snapshots=False)
        positions = Positions(session.history.start, session.history.actions)
        for _step in positions.walk():
            pass
        assert len(positions.kept) <= LIMIT and positions.every >= SPACING
        assert len(positions.kept) == positions.total // positions.every + 1


def test_a_position_is_played_again_exactly_from_the_one_kept_before(monkeypatch):
    from game.core.positions import Positions
    start, actions, expected = replayed(SMALL)
    total = len(actions)
    positions = Positions(start, actions, limit=9)  # nothing walked: kept on the way
    every = positions.every
    assert every == -(-total // 8)
    applied = []
    checked = []  # the moves played with the rules' check: each once, the first time it is met
    apply, unchecked = GrayblockState.apply, GrayblockState.apply_unchecked
    monkeypatch.setattr(GrayblockState, "apply",
                        lambda self, action: checked.append(1) or applied.append(1) or apply(self, action))
    monkeypatch.setattr(GrayblockState, "apply_unchecked",
                        lambda self, action: applied.append(1) or unchecked(self, action))
    assert positions.at(total) == expected[total] and len(applied) == len(checked) == total
    assert len(positions.kept) == total // every + 1 <= 9
    for n in sorted({0, 1, total - 1, total} | {k * every + d for k in range(9) for d in (-1, 0, 1)}):
        if 0 <= n <= total:
            applied.clear()
            assert positions.at(n) == expected[n], n
            assert len(applied) < every  # from the position kept before it
    state = positions.at(total - 1)
    applied.clear()
    assert positions.at(total, state, total - 1) is state == expected[total] and len(applied) == 1
    state = positions.at(3)
    assert positions.at(2, state, 3) is not state and positions.at(2) == expected[2]
    assert positions.at(-5) == expected[0] and positions.at(total + 5) == expected[total]
    assert len(checked) == total  # played again, a move is not checked again


def test_a_move_the_rules_refuse_is_refused_however_the_position_is_reached():
    from game.core.positions import Positions
    start, actions, expected = replayed(SMALL)
    bad = start.clone()
    illegal = next(a for a in actions if bad.why_illegal(a) is not None)  # a move not legal at the start
    positions = Positions(start, [illegal] + actions)
    with pytest.raises(IllegalAction):
        positions.at(1)
    with pytest.raises(IllegalAction):  # not passed as checked by the try before
        positions.at(5)
    assert positions.at(0) == expected[0]


def test_the_replay_viewer_steps_through_a_long_record_exactly(app):
    _start, _actions, expected = replayed(SMALL)
    viewer = app.make("replay", record=record(SMALL))
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
    for n in range(total - 58, total + 1):
        viewer.step(1)
        assert viewer.cursor == n and viewer.state == expected[n], n
    app.stack.pop()
