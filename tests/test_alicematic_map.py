"""The map as the draft builds it (2-3-2 tiles, plus top and bottom for 3 players, plus two
beside each 2-row for 4-5), base order, and food counted in steps from a base."""

import pytest

from alicematic_boards import FOREST_HEX, board, city, hold, table
from game.alicematic.hexmap import connected, food_needed, tile_neighbours
from game.alicematic.setup import Setup, positions_for
from game.alicematic.state import AlicematicState


@pytest.mark.parametrize("players, tiles, outer", [(3, 9, 8), (4, 13, 12), (5, 13, 12)])
def test_the_map_has_the_draft_s_tiles_and_only_the_centre_is_inside(players, tiles, outer):
    state = AlicematicState.new(7, players)
    b = state.board
    assert len(b.positions) == tiles and len(b.hexes) == 7 * tiles  # no hex laid twice
    assert len(set(b.tiles)) == tiles
    assert len(b.outer) == outer and 3 not in b.outer  # position 3 is the centre (0, 0)
    placed = set(b.positions)
    for position in b.positions:  # every tile touches another: one map
        assert any(n in placed for n in tile_neighbours(position))


def test_rows_of_tiles_are_2_3_2_with_one_above_and_below_and_two_beside_each_2_row():
    rows: dict[int, int] = {}
    for q, r in positions_for(5):
        rows[r] = rows.get(r, 0) + 1
    assert [rows[r] for r in sorted(rows)] == [1, 4, 3, 4, 1]
    rows = {}
    for q, r in positions_for(3):
        rows[r] = rows.get(r, 0) + 1
    assert [rows[r] for r in sorted(rows)] == [1, 2, 3, 2, 1]


def test_bases_go_clockwise_then_counter_clockwise():
    setup = Setup.deal(3, 4)
    p = setup.parent
    assert setup.base_order() == tuple((p + i) % 4 for i in (0, 1, 2, 3, 3, 2, 1, 0))


def test_base_choices_are_edge_cities_with_room_and_one_chit_per_player():
    state = AlicematicState.new(5, 3)
    first = state.turn
    choices = state.base_choices(first)
    assert len(choices) == 8 and state.board.centres[3] not in choices
    state.apply(state.legal_actions()[0])
    # play the bases out: nobody ever holds one city twice, no city holds more than its size
    while state.phase == "bases":
        state.apply(state.legal_actions()[0])
    for h, owners in state.holders.items():
        assert len(set(owners)) == len(owners) <= state.board.hexes[h].kind.city_size
    assert all(len(state.bases(p)) == 2 for p in range(3))


# Two tiles side by side: A centred on (0, 0), B at tile position (1, 0), centred on (2, 1).
# The goal (3, 0) on B is 3 steps from A's city: (1, 0), (2, 0), (3, 0).
GOAL = (3, 0)


def test_food_is_the_steps_from_the_base():
    b = board([(0, 0), (1, 0)])
    assert food_needed(b, 0, GOAL, [(0, 0)], {}) == 3


def test_monster_forests_are_walked_round():
    b = board([(0, 0), (1, 0)], {(1, 0): FOREST_HEX})
    # round the forest: (0, 1), (1, 1), (2, 0), (3, 0)
    assert food_needed(b, 0, GOAL, [(0, 0)], {}) == 4


def test_each_hex_of_another_player_s_land_crossed_costs_one_more():
    b = board([(0, 0), (1, 0)], {(1, 0): FOREST_HEX})
    theirs = {(1, 1): (1,), GOAL: (1,)}  # the goal's own holder costs nothing extra
    assert food_needed(b, 0, GOAL, [(0, 0)], theirs) == 5
    assert food_needed(b, 0, GOAL, [(0, 0)], {(1, 1): (0, 1)}) == 4  # shared: also mine


def test_no_food_on_a_tile_with_one_s_base_and_the_nearest_base_counts():
    b = board([(0, 0), (1, 0), (2, 0)], {(4, 2): city()})
    state = table(b)
    hold(state, 0, (0, 0))
    # strength 1 needed, none in red: every conquest costs a red resource; give two
    state.resources[0][0] = 2
    state.resources[0][2] = 0
    plans = {a.hex: p for a, p in state.expeditions(0) if a.kind == "conquer"}
    assert plans[(1, 0)].green == 0  # on the base's own tile: no food at all
    assert GOAL not in plans  # 3 food needed, no green cards or resources
    state.resources[0][2] = 3
    plans = {a.hex: p for a, p in state.expeditions(0) if a.kind == "conquer"}
    assert plans[GOAL].green == 3 and plans[GOAL].red == 1


def test_land_cut_off_from_its_bases_is_not_joined():
    b = board([(0, 0), (1, 0)])
    holders = {(0, 0): (1,), (1, 0): (1,), (3, 0): (1,)}
    assert connected(b, 1, holders) == {(0, 0), (1, 0)}
