"""Decisions 22-25 (issue 60 item 1): the forest's condition on every way into a forest, the
forest_lenient variant that plays the other reading, off-centre cities refused in content, and
the first base's fallback when every edge city is full."""

import pytest

from alicematic_boards import FOREST_HEX, board, hold, put, table
from game.alicematic import words
from game.alicematic.content import Content, ContentError, current
from game.alicematic.setup import Action
from game.alicematic.state import BASES, EXPEDITION, AlicematicState, decisions
from game.alicematic.variants import Variants
from game.core.errors import IllegalAction

TWO = [(0, 0), (1, 0)]
FOREST = (1, 0)  # on tile A; neighbours (0, 0), (1, -1), (0, 1) on A and (2, 0), (1, 1) on B


def kinds(state, h):
    return sorted(a.kind for a in state.legal_actions() if a.hex == h)


def _cut_off_forest():
    """Player 2 holds the forest, cut off from any city; A holds 1 of its 5 neighbours, B 4."""
    state = table(board(TWO, {FOREST: FOREST_HEX}))
    hold(state, 0, (0, 0))
    hold(state, 1, (1, -1), (0, 1), (2, 0), (1, 1))
    hold(state, 2, FOREST)
    put(state, 0, "red", 4)
    state.resources[0][0] = 2
    return state


def test_a_held_forest_cut_off_from_its_holder_is_invaded_only_by_those_holding_most_around_it():
    state = _cut_off_forest()
    assert kinds(state, FOREST) == []  # A holds 1 neighbour against B's 4
    refusal = state.why_illegal(Action("conquer", hex=FOREST))
    assert refusal is not None and refusal.code == words.FOREST_NOT_MOST
    with pytest.raises(IllegalAction):
        state.apply(Action("conquer", hex=FOREST))
    assert state.holders[FOREST] == (2,)


def test_forest_lenient_lets_anyone_invade_a_cut_off_forest():
    state = _cut_off_forest()
    state.rules = Variants(forest_lenient=True)
    assert "conquer" in kinds(state, FOREST)
    state.apply(Action("conquer", hex=FOREST))
    assert state.holders[FOREST] == (0,)


def _own_war_after_the_forest_closed():
    state = table(board(TWO, {FOREST: FOREST_HEX}))
    hold(state, 0, (0, 0), (1, -1), (0, 1))
    hold(state, 1, (2, 0), (1, 1))
    state.apply(Action("war", hex=FOREST))  # A holds most: a war (short of strength 5)
    assert state.war == {FOREST: 0}
    state.holders[(0, 1)] = (1,)  # now B holds 3 of the 5: the forest is closed to A
    state.turn, state.phase = 0, EXPEDITION
    return state


def test_one_s_own_war_on_a_forest_is_not_finished_once_the_forest_has_closed_to_one():
    state = _own_war_after_the_forest_closed()
    assert kinds(state, FOREST) == []
    assert state.why_illegal(Action("conquer", hex=FOREST)).code == words.FOREST_NOT_MOST
    state.turn = 1
    hold(state, 1, (2, 1))  # B's base, 2 steps away
    put(state, 1, "red", 4)
    state.resources[1] = [1, 0, 2]
    assert "conquer" in kinds(state, FOREST)  # B, holding most, may seize it


def test_forest_lenient_finishes_one_s_own_war_whoever_holds_most():
    state = _own_war_after_the_forest_closed()
    state.rules = Variants(forest_lenient=True)
    assert kinds(state, FOREST) == ["conquer"]


def test_forest_lenient_is_a_draft_variant_of_the_command_line_and_the_record():
    assert Variants.parse("forest-lenient") == Variants(forest_lenient=True)
    assert Variants.from_json({"forest_lenient": True}).forest_lenient


def _with_ring_city(data):
    data["tiles"][0]["ring"][2] = {"kind": "city", "colour": "", "strength": 2, "city_size": 2}
    return data


def test_content_with_a_city_off_a_tile_s_centre_is_refused():
    data = _with_ring_city(current().to_json())
    with pytest.raises(ContentError, match="only at the centre"):
        Content.from_json(data)


def test_when_every_edge_city_is_full_the_first_base_goes_on_any_city_with_room():
    state = AlicematicState.new(1, 3)
    assert state.phase == BASES
    b = state.board
    edge = {b.centres[t] for t in b.outer}
    inner = [h for h in b.cities() if h not in edge]
    assert inner
    for h in edge:
        state.holders[h] = tuple(range(b.hexes[h].kind.city_size))
    assert state.base_choices(state.turn) == inner


def test_the_decisions_name_the_four_points_the_review_found_open():
    listed = decisions()
    assert len(listed) == 25
    assert "every way into a forest" in listed[21]
    assert "centre" in listed[23] and "edge city" in listed[24]
