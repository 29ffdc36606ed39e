"""kill -9 at any instant loses no game (issue 38): 50 kills of a process that plays, saves and
finishes games of every kind (tests/kill_loop.py; `python -m tests.kill_loop` runs 1,000)."""

import pytest

from tests.kill_loop import foreign, run

pytestmark = pytest.mark.slow  # run first (tests/conftest.py)

KILLS = 50


def test_killing_a_process_that_saves_and_finishes_games_loses_none(tmp_path):
    tally = run(KILLS, seed=11, folder=tmp_path / "data", report=lambda _line: None)
    print(f"kill loop: {tally}")
    assert tally["kills"] == KILLS
    assert tally["playing"] >= 10  # most kills fell mid-game...
    assert tally["finished"] >= 5  # ...and the children finished games between kills


def test_the_log_of_a_killed_process_of_other_data_changes_no_game_beside_good_data(tmp_path):
    tally = foreign(20, seed=12, folder=tmp_path, report=lambda _line: None)
    print(f"foreign-log kill loop: {tally}")
    assert tally["kills"] == 20 and tally["set_aside"] >= 5  # most kills left frames in the log


def test_a_data_folder_deleted_at_any_instant_mid_game_loses_no_game(tmp_path):
    """Issue 56: the folder deleted, emptied or its file deleted while the child plays, the child's
    next write, then the kill: every game it finished and the one it was playing are there."""
    from tests.kill_loop import removed
    tally = run(20, seed=12, folder=tmp_path / "data", report=lambda _line: None, hostile=removed)
    print(f"kill loop, folder removed: {tally}")
    assert tally["kills"] == 20 and tally["playing"] >= 5
