"""Alicematic rule examples worked by hand: war then seizure, halved bonus, city sizes, monster
forests, domestic affairs and Megalomania, each scoring rule and its ties, the game's end."""

import pytest

from alicematic_boards import FOREST_HEX, board, city, facility, hold, put, table, take
from game.alicematic.scoring import final_scores, most_wins, tile_majority
from game.alicematic import words
from game.alicematic.setup import Action
from game.alicematic.state import DOMESTIC, EXPEDITION, TRIM, AlicematicState
from game.core.contract import NOT_AN_ACTION, Refusal
from game.core.errors import IllegalAction

TWO = [(0, 0), (1, 0)]  # tile A centred on (0, 0), tile B centred on (2, 1)


def card(state, name, colour=None):
    return next(c.id for c in state.cards if c.name == name and c.colour in (colour, None)
                or c.name == name and colour is None)


def give(state, player, *cards):
    for c in cards:
        take(state, c)
        state.hands[player].append(c)


def kinds(state, h):
    return sorted(a.kind for a in state.legal_actions() if a.hex == h)


def at_turn(state, player, phase=EXPEDITION):
    state.turn, state.phase = player, phase


# --- war, seizure, invasion --------------------------------------------------------------

def test_an_expedition_short_of_strength_goes_to_war_and_the_next_one_takes_the_hex():
    b = board(TWO, {(1, 0): facility("red", 3)})
    state = table(b)
    hold(state, 0, (0, 0))
    put(state, 0, "red", 2)
    assert kinds(state, (1, 0)) == ["war"]  # strength 2 of 3, no red resource
    state.apply(Action("war", hex=(1, 0)))
    assert state.war == {(1, 0): 0} and state.supply[0] == 14 and state.turn == 1
    at_turn(state, 0)
    assert kinds(state, (1, 0)) == ["conquer"]
    events = state.apply(Action("conquer", hex=(1, 0)))
    assert state.war == {} and state.holders[(1, 0)] == (0,) and state.supply[0] == 14
    assert state.resource(0, "red") == 2  # the full bonus: 2 red cards, 2 red resources
    assert "conquered" in [e.kind for e in events]


def test_resources_can_pay_the_missing_strength_or_be_kept_by_going_to_war():
    b = board(TWO, {(1, 0): facility("red", 3)})
    state = table(b)
    hold(state, 0, (0, 0))
    put(state, 0, "red", 2)
    state.resources[0][0] = 1
    assert kinds(state, (1, 0)) == ["conquer", "war"]
    state.apply(Action("conquer", hex=(1, 0)))
    assert state.resource(0, "red") == 2  # paid 1, then the bonus of 2


def test_another_player_s_hex_at_war_is_taken_only_by_a_full_expedition():
    b = board(TWO)
    state = table(b)
    hold(state, 0, (0, 0))
    hold(state, 1, (2, 1))
    state.war[(1, 0)] = 1
    state.supply[1] -= 1
    assert kinds(state, (1, 0)) == []  # no strength: cannot take it, may not join the war
    put(state, 0, "red", 1)
    assert kinds(state, (1, 0)) == ["conquer"]
    events = state.apply(Action("conquer", hex=(1, 0)))
    assert state.holders[(1, 0)] == (0,) and (1, 0) not in state.war
    assert state.supply[1] == 15  # their face-down chit came back
    assert ("chit_returned", 1) in [(e.kind, e.player) for e in events]


def test_land_cut_off_from_its_owner_s_bases_can_be_invaded_for_half_the_bonus():
    b = board(TWO, {(3, 0): facility("white", 1), (1, 0): facility("white", 1)})
    state = table(b)
    hold(state, 0, (0, 0))
    hold(state, 1, (2, 1), (2, 0), (3, 0))  # (2, 0) and (3, 0) join player 1's city
    hold(state, 2, (1, -1), (1, 0))  # player 2 has no city: both hexes cut off
    put(state, 0, "red", 1)
    put(state, 0, "white", 3)
    state.resources[0][2] = 5
    assert kinds(state, (3, 0)) == [] and kinds(state, (2, 0)) == []
    assert kinds(state, (1, 0)) == ["conquer"]
    state.apply(Action("conquer", hex=(1, 0)))
    assert state.vp[0] == 1  # 3 white cards, halved, rounded down
    assert state.holders[(1, 0)] == (0,) and state.supply[2] == 15


# --- cities ------------------------------------------------------------------------------

def test_a_city_takes_as_many_players_as_its_size_and_each_holder_has_a_base():
    # a third tile C at tile position (0, 1), centred on (-1, 3): player 0's base
    b = board(TWO + [(0, 1)], {(2, 1): city(size=2, strength=1), (0, 0): city(size=1)})
    state = table(b)
    hold(state, 0, (-1, 3))
    hold(state, 1, (0, 0))
    hold(state, 2, (2, 1))
    put(state, 0, "red", 1)
    state.resources[0][2] = 3  # food: (-1, 3) to (2, 1) is 3 steps
    assert kinds(state, (0, 0)) == []  # size 1: full
    assert kinds(state, (2, 1)) == ["conquer"]  # room for one more; a city is never a war
    state.resources[0][2] = 2
    assert kinds(state, (2, 1)) == []  # a failed expedition to a city is not offered
    state.resources[0][2] = 3
    state.apply(Action("conquer", hex=(2, 1)))
    assert state.holders[(2, 1)] == (2, 0) and state.bases(0) == [(2, 1), (-1, 3)]
    at_turn(state, 1)
    assert kinds(state, (2, 1)) == []  # now full


# --- monster forests ---------------------------------------------------------------------

FOREST = (1, 0)  # neighbours on the two tiles: (0, 0), (1, -1), (0, 1) on A; (2, 0), (1, 1) on B


def test_a_forest_opens_when_surrounded_and_only_to_those_holding_most_around_it():
    b = board(TWO, {FOREST: FOREST_HEX})
    state = table(b)
    assert state.board.hexes[FOREST].strength == 5
    hold(state, 0, (0, 0), (1, -1), (0, 1))
    hold(state, 1, (2, 0))
    put(state, 0, "red", 4)
    state.resources[0][0] = 1
    assert kinds(state, FOREST) == []  # (1, 1) is nobody's yet
    hold(state, 1, (1, 1))
    # 3 against 2; strength 4 + 1 resource (or war, keeping the resource)
    assert kinds(state, FOREST) == ["conquer", "war"]
    at_turn(state, 1)
    assert kinds(state, FOREST) == []
    at_turn(state, 0)
    state.apply(Action("conquer", hex=FOREST))
    assert final_scores(state)[0].forests == 5


def test_a_forest_at_war_cannot_be_seized_by_a_player_who_may_not_enter_it():
    b = board(TWO, {FOREST: FOREST_HEX})
    state = table(b)
    hold(state, 0, (0, 0), (1, -1), (0, 1))  # A holds 3 of the forest's 5 neighbours
    hold(state, 1, (2, 0), (1, 1), (2, 1))  # B holds 2, and the city of tile B as a base
    state.apply(Action("war", hex=FOREST))  # A is short of strength 5: a war
    assert state.war == {FOREST: 0}
    at_turn(state, 1)
    put(state, 1, "red", 4)
    state.resources[1] = [5, 0, 5]  # strength and food to spare
    assert not state.forest_open(1, FOREST)
    assert kinds(state, FOREST) == []  # B holds fewer neighbours: no seizure
    with pytest.raises(IllegalAction):
        state.apply(Action("conquer", hex=FOREST))
    assert state.war == {FOREST: 0}
    at_turn(state, 0)
    assert kinds(state, FOREST) == ["conquer"]  # A finishes its own war


def test_a_forest_wall_counts_as_surrounded_and_ties_for_most_both_may_go():
    b = board(TWO, {FOREST: FOREST_HEX, (1, 1): FOREST_HEX})
    state = table(b)
    hold(state, 0, (0, 0), (1, -1))
    hold(state, 1, (0, 1), (2, 0))
    assert state.forest_open(0, FOREST) and state.forest_open(1, FOREST)
    assert not state.forest_open(2, FOREST)


# --- domestic affairs and Megalomania ----------------------------------------------------

def test_summoning_needs_dp_from_yellow_cards_and_yellow_resources():
    state = table(board(TWO))
    at_turn(state, 0, DOMESTIC)
    dodo = card(state, "Dodo Alice")  # DP 4
    give(state, 0, dodo)
    put(state, 0, "yellow", 3)
    assert Action("summon", card=dodo) not in state.legal_actions()
    state.resources[0][1] = 1
    state.apply(Action("summon", card=dodo))
    assert state.resource(0, "yellow") == 0 and state.area(0, "yellow")[-1] == (dodo, True)
    assert state.phase == EXPEDITION


def test_a_refused_summon_says_why_and_so_does_a_move_of_another_phase():
    state = table(board(TWO, {(1, 0): facility("red", 3)}))
    at_turn(state, 0, DOMESTIC)
    dodo = card(state, "Dodo Alice")  # DP 4, yellow
    give(state, 0, dodo)
    assert state.why_illegal(Action("summon", card=dodo)) == Refusal(words.NOT_ENOUGH_DP,
                                                                     {"card": dodo, "dp": 4})
    put(state, 0, "yellow", 4)
    refusal = state.why_illegal(Action("summon", card=dodo))
    assert refusal == Refusal(words.AREA_FULL, {"card": dodo})
    with pytest.raises(IllegalAction, match="^That card's colour area is full: 4 cards at most.$"):
        state.apply(Action("summon", card=dodo))
    not_held = next(c for c in range(90) if c not in state.hands[0])
    assert state.why_illegal(Action("summon", card=not_held)) == Refusal(words.NOT_IN_HAND,
                                                                         {"card": not_held})
    assert state.why_illegal(Action("end")) == Refusal(words.MUST_SUMMON_OR_HIRE, {"player": 0})
    assert str(words.refusal_words(Refusal(words.MUST_SUMMON_OR_HIRE, {"player": 0}))) == \
        "Player 1 must summon or hire now (domestic affairs)."
    assert state.why_illegal(("end",)) == Refusal(NOT_AN_ACTION, {"action": "('end',)"})
    hold(state, 0, (0, 0))
    at_turn(state, 0, EXPEDITION)
    # the engine names the rule that stops it (the table, the CLI and apply() all say it)
    refusal = state.why_illegal(Action("conquer", hex=(1, 0)))
    assert refusal == Refusal(words.SHORT_OF_STRENGTH, {"player": 0, "hex": (1, 0), "need": 3, "have": 0,
                                                        "resources": 0})
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action("conquer", hex=(1, 0)))
    assert "strength" in str(refused.value) and refused.value.refusal == refusal
    assert state.why_illegal(Action("war", hex=(9, 9))) == Refusal(words.NOT_ON_THE_MAP, {"hex": (9, 9)})


def test_hiring_puts_a_card_face_down_anywhere_and_draws_one():
    state = table(board(TWO))
    at_turn(state, 0, DOMESTIC)
    hand = list(state.hands[0])
    state.apply(Action("hire", card=hand[0], colour="green"))
    assert state.area(0, "green") == [(hand[0], False)] and len(state.hands[0]) == 5
    view = state.view(1)
    assert view.areas[0][3] == ((None, False),)  # others see a face-down card, not which


def test_an_empty_hand_draws_three_and_the_turn_passes():
    state = table(board(TWO))
    at_turn(state, 0, DOMESTIC)
    state.deck.extend(state.hands[0])
    state.hands[0] = []
    assert state.legal_actions() == [Action("refill")]
    state.apply(Action("refill"))
    assert len(state.hands[0]) == 3 and state.turn == 1


def test_a_power_is_ignored_while_the_same_name_is_in_play_except_girl_alice():
    state = table(board(TWO))
    dreamers = [c.id for c in state.cards if c.name == "Dreamer Alice"]  # summon: +2 yellow
    girls = [c.id for c in state.cards if c.name == "Girl Alice" and c.colour == "yellow"]  # +1
    fillers = [c.id for c in state.cards if c.colour == "yellow"
               and c.name not in ("Dreamer Alice", "Girl Alice")][:2]
    for c in fillers:
        take(state, c)
    # two face-down yellow cards pay the DP: the chits count only what the powers give
    for first, second, expected in ((dreamers[0], dreamers[1], 2), (girls[0], girls[1], 2)):
        assert state.cards[first].dp <= 2
        state.resources[0][1] = 0
        state.areas[0][2] = [(c, False) for c in fillers]
        for c in (first, second):
            at_turn(state, 0, DOMESTIC)
            give(state, 0, c)
            state.apply(Action("summon", card=c))
        assert state.resource(0, "yellow") == expected, state.cards[first].name


def test_recruiting_past_four_is_cut_back_at_the_end_of_the_turn():
    state = table(board(TWO))
    soldier = card(state, "Tin Soldier Alice")  # summon: recruit 1 face down
    put(state, 0, "red", 4)
    state.areas[0][0].pop()
    put(state, 0, "yellow", 2)
    at_turn(state, 0, DOMESTIC)
    give(state, 0, soldier)
    state.apply(Action("summon", card=soldier))
    assert len(state.area(0, "red")) == 5
    state.apply(Action("end"))
    assert state.phase == TRIM and state.turn == 0
    with pytest.raises(IllegalAction):
        state.apply(Action("end"))
    state.apply(Action("discard", card=state.area(0, "red")[0][0]))
    assert len(state.area(0, "red")) == 4 and state.turn == 1 and len(state.discard) == 1


def test_always_powers_add_strength():
    b = board(TWO, {(1, 0): facility("blue", 2)})
    state = table(b)
    hold(state, 0, (0, 0))
    put(state, 0, "red", 1)
    assert kinds(state, (1, 0)) == ["war"]
    put(state, 0, "red", 1, up=True, card=card(state, "Lancer Alice"))  # always: strength +1
    assert kinds(state, (1, 0)) == ["conquer"]


# --- scoring -----------------------------------------------------------------------------

@pytest.mark.parametrize("held, alices, expected", [
    ([3, 1, 0], [0, 9, 9], [6, 0, 0]),  # a lone leader: 6, nobody second
    ([2, 2, 0], [3, 1, 5], [6, 3, 0]),  # tied leaders ranked by Alices
    ([2, 2, 2], [3, 3, 1], [3, 3, 0]),  # tied firsts: 3 each, no second
    ([2, 2, 2], [4, 1, 1], [6, 0, 0]),  # tied seconds: nothing
    ([0, 0, 0], [1, 1, 1], [0, 0, 0]),
])
def test_tile_majority(held, alices, expected):
    assert tile_majority(held, alices) == expected


def test_most_wins_shares_ties_and_needs_at_least_one():
    assert most_wins([2, 2, 1]) == [2, 2, 0] and most_wins([0, 0, 0]) == [0, 0, 0]


def test_final_scoring_adds_every_part():
    b = board(TWO, {(1, 0): FOREST_HEX})
    state = table(b)
    hold(state, 0, (0, 0), (1, 0), (0, 1))  # tile A: 3 hexes, a city, a forest (5 around)
    hold(state, 1, (2, 1), (2, 0))  # tile B: 2 hexes, a city
    hold(state, 2, (3, 0), (3, 1))  # tile B: 2 hexes, no Alices
    put(state, 1, "blue", 2, up=True)
    put(state, 0, "blue", 1, up=True)
    state.vp[2] = 4
    scores = final_scores(state)
    # p1 and p2 tie on B; p1 has more Alices: 6, p2 3. Reach: p1 and p0... p0 1 tile, p1 1, p2 1
    assert [s.tiles for s in scores] == [6, 6, 3]
    assert [s.cities for s in scores] == [3, 3, 0]
    assert [s.forests for s in scores] == [5, 0, 0]
    assert [s.reach for s in scores] == [1, 1, 1]
    assert [s.colours for s in scores] == [0, 2, 0]  # blue: p1 has the most Alices
    powers = [s.powers for s in scores]
    assert [s.total for s in scores] == [15 + powers[0], 12 + powers[1], 8 + powers[2]]
    assert state.scores() == [s.total for s in scores]


def test_final_powers_count_what_they_name():
    state = table(board(TWO))
    hold(state, 0, (0, 0), (2, 1))
    put(state, 0, "white", 1, up=True, card=card(state, "Governor Alice"))  # 1 VP per city
    put(state, 0, "white", 1, up=True, card=card(state, "Queen of Hearts Alice"))  # 6 VP
    assert final_scores(state)[0].powers == 2 + 6


def test_equal_vp_goes_to_more_alices_then_is_shared():
    state = table(board(TWO))
    put(state, 0, "red", 1, up=True)
    put(state, 1, "red", 1, up=True)
    put(state, 2, "blue", 1, up=True)
    assert state.scores() == [1, 1, 1] and state.result().winners == (0, 1, 2)
    put(state, 1, "white", 1)  # face down: no VP, no Alice
    put(state, 0, "green", 1, up=True)  # 1 VP for green
    state.vp[1] = 1
    assert state.scores() == [2, 2, 1] and state.result().winners == (0,)  # 2 Alices to 1


# --- the game's end ----------------------------------------------------------------------

def test_the_game_ends_after_round_14():
    import random
    state = AlicematicState.new(3, 4)
    rng = random.Random(3)
    while not state.is_over():
        assert state.round <= 14
        state.apply(rng.choice(state.legal_actions()))
    assert state.round == 14 and state.current_player() is None


def test_the_game_ends_with_the_round_in_which_every_city_is_held():
    state = table(board(TWO))
    state.setup = state.setup.__class__(state.setup.seed, 3, 0, state.setup.tiles, state.setup.deck)
    hold(state, 1, (0, 0))
    hold(state, 2, (2, 1))
    at_turn(state, 1)
    state.apply(Action("end"))
    assert state.turn == 2 and not state.is_over()
    at_turn(state, 2)
    state.apply(Action("end"))
    assert state.is_over()


@pytest.mark.parametrize("card", [None, "3", 2.0, True, [1]])
def test_a_record_whose_deck_holds_a_card_that_is_no_number_is_refused_in_one_line(card):
    # found by tests/test_fuzz.py: None in the deck made sorted() raise TypeError
    from game.core import records
    from game.core.errors import RecordError
    from game.alicematic.record import new_session
    session = new_session(3, [{"name": f"P{i}", "seat": "human"} for i in range(3)])
    record = records.record_of(session)
    record["setup"]["deck"][0] = card
    with pytest.raises(RecordError, match="setup.deck must hold each card"):
        records.verify(record)
