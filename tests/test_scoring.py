"""Hand-worked scoring examples (cards are left-edge gear masks, row 0 = 16 ... row 4 = 1)."""

import random

import pytest

from game.assemble.scoring import explain_line, lane_key, module_sizes, score_line
from game.core.cards import parse_card


def sizes(line):
    return sorted(module_sizes(line), reverse=True)


def test_single_cards():
    assert sizes([31]) == [5] and score_line([31], 1) == 25
    assert sizes([0]) == [] and score_line([0], 3) == 0
    assert sizes([16]) == [1] and score_line([16], 1) == 1
    # #-#-# is three separate gears: three size-1 modules
    assert sizes([21]) == [1, 1, 1]
    assert score_line([21], 1) == 1 and score_line([21], 2) == 2 and score_line([21], 3) == 3


def test_size_counts_rows_not_cells():
    # three top gears in a row: one module of 3 cells, but it touches one row: 1 point
    assert sizes([16, 16, 16]) == [1] and score_line([16, 16, 16], 1) == 1


def test_five_row_staircase_is_one_module():
    line = [parse_card("##---"), parse_card("-##--"), parse_card("--##-"), parse_card("---##")]
    assert line == [24, 12, 6, 3]
    assert sizes(line) == [5] and score_line(line, 1) == 25


def test_diagonals_do_not_connect():
    assert sizes([16, 8, 4, 2, 1]) == [1, 1, 1, 1, 1]
    assert score_line([16, 8, 4, 2, 1], 2) == 2


def test_gears_joined_through_a_neighbouring_column():
    # #---# then ##### : both gears of the first card join the full column: one size-5 module
    assert sizes([17, 31]) == [5]
    # a blank column between them splits it: the lone gears stay size 1
    assert sizes([17, 0, 31]) == [5, 1, 1]


def test_split_modules_and_capacity():
    line = [28, 0, 7]  # ###-- | ----- | --###
    assert sizes(line) == [3, 3]
    assert score_line(line, 1) == 9
    assert score_line(line, 2) == 18
    assert score_line(line, 5) == 18  # capacity larger than the module count scores them all


def test_capacity_smaller_than_module_count_picks_the_best():
    line = [28, 1, 16, 2]  # size 3, then three lone gears
    assert sizes(line) == [3, 1, 1, 1]
    assert score_line(line, 1) == 9
    assert score_line(line, 2) == 10


def test_the_flaw_subtracts_unscored_modules():
    line = [28, 0, 7, 1, 16]  # sizes 3, 3 (7 and 1 join on row 4), 1
    assert sizes(line) == [3, 3, 1]
    assert score_line(line, 2, flaw=False) == 18
    assert score_line(line, 2, flaw=True) == 17
    assert score_line(line, 1, flaw=True) == 9 - 9 - 1
    assert score_line(line, 3, flaw=True) == 19


def test_explanation_marks_the_scored_modules_with_cells():
    lane = explain_line([28, 0, 7, 1, 16], 2)
    assert lane.score == 18
    assert [m.size for m in lane.modules] == [3, 3, 1]
    assert [m.scored for m in lane.modules] == [True, True, False]
    assert lane.modules[0].cells == ((0, 0), (0, 1), (0, 2))
    assert set(lane.modules[1].cells) == {(2, 2), (2, 3), (2, 4), (3, 4)}
    assert lane.modules[2].cells == ((4, 0),)
    assert lane.key == (18, 3, 2, -1)


def test_fast_and_explained_paths_agree_on_random_lines():
    rng = random.Random(7)
    for _ in range(3000):
        line = rng.sample(range(32), rng.randint(0, 10))
        cap = rng.randint(1, 9)
        flaw = rng.random() < 0.5
        lane = explain_line(line, cap, flaw)
        assert sorted(module_sizes(line)) == sorted(m.size for m in lane.modules)
        assert lane_key(module_sizes(line), cap, flaw) == lane.key


@pytest.mark.parametrize("text", ["32", "-1", "abc", "#-#", "#####x"])
def test_unknown_cards_are_refused(text):
    with pytest.raises(ValueError):
        parse_card(text)
