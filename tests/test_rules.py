"""Turn order, capacity gains, the last round, set-aside cards, tiebreakers, advanced rules."""

import pytest

from game.assemble import AssembleState, Rules, Setup
from game.assemble.setup import Action
from game.assemble import words
from game.core.contract import GAME_OVER, NOT_AN_ACTION, NOT_YOUR_TURN, Refusal
from game.core.errors import IllegalAction
from helpers import finished, place, setup_with, take


def drafted_4p():
    # counters per lane: lane0=3, lane1=1, lane2=4, lane3=2 -> draft order lanes 1, 3, 0, 2
    state = AssembleState.start(setup_with([3, 7, 12, 25, 9, 1, 30, 14], (3, 1, 4, 2)))
    assert state.phase == "draft" and state.field == [3, 7, 12, 25]
    order = []
    for card in (25, 3, 12, 7):
        order.append(state.active)
        take(state, card)
    assert order == [1, 3, 0, 2]
    return state


def test_initial_draft_follows_counters_and_benches_stand_upright():
    state = drafted_4p()
    assert state.bench == [12, 25, 7, 3]
    assert state.upright == [True] * 4
    assert state.field == [9, 1, 30, 14]  # replenished after the draft
    assert state.deck_count == 32 - 8


def test_round_one_capacity_gain_and_turn_order_by_bench_index():
    state = drafted_4p()
    assert state.round == 1
    assert state.capacity == [1, 2, 1, 1]  # lane 1 holds 25, the largest bench card
    assert state.turn_order() == [3, 2, 0, 1]  # benches 3, 7, 12, 25
    assert state.active == 3 and state.phase == "place"
    place(state, 0)
    assert state.phase == "take" and state.bench[3] is None
    take(state, 1)
    assert state.bench[3] == 1 and state.upright[3] is False
    # the sideways card 1 does not act again this round: lane 2 (bench 7) is next
    assert state.active == 2
    for lane, card in ((2, 30), (0, 9), (1, 14)):
        assert state.active == lane
        place(state, 0)
        take(state, card)
    # round 2: benches 9, 14, 30, 1 -> lane 2 (30) gains, lane 3 (1) starts
    assert state.round == 2
    assert state.bench == [9, 14, 30, 1] and state.upright == [True] * 4
    assert state.capacity == [1, 2, 2, 1]
    assert state.turn_order() == [3, 0, 1, 2]


def test_placement_positions_insert_into_the_line():
    state = drafted_4p()
    place(state, 0)
    take(state, 1)
    state.lines[3] = [20, 21]  # pretend the line already holds two cards
    for lane in (2, 0, 1):
        place(state, 0)
        take(state, state.field[0])
    assert state.active == 3
    assert [a.value for a in state.legal_actions()] == [0, 1, 2]
    place(state, 1)  # between the two: slide 21 right, tuck card 1 under it
    assert state.lines[3] == [20, 1, 21]


def test_last_round_has_no_acquisition_and_the_game_ends_with_empty_benches():
    state = AssembleState.new(11, 4)
    while not state.last_round:
        state.apply(state.legal_actions()[0])
    assert state.deck_count == 0 and state.field == [] and state.round == 8
    assert all(card is not None for card in state.bench)
    for _ in range(4):
        assert state.phase == "place"
        assert all(a.kind == "place" for a in state.legal_actions())
        with pytest.raises(IllegalAction):
            state.apply(Action("take", state.active, 0))
        state.apply(state.legal_actions()[0])
    assert state.is_over() and state.bench == [None] * 4
    assert [len(line) for line in state.lines] == [8] * 4
    assert state.legal_actions() == []


def test_three_players_set_two_cards_aside_that_never_appear():
    state = AssembleState.new(5, 3)
    aside = set(state.setup.set_aside)
    assert len(aside) == 2 and len(state.setup.deck) == 30
    assert len(state.field) == 3 and state.n_lanes == 3
    seen_view_fields = set()
    while not state.is_over():
        assert not aside & set(state.field)
        view = state.view(state.current_player()).to_json()
        assert "set_aside" not in view and "deck" not in view
        seen_view_fields.update(view)
        state.apply(state.legal_actions()[-1])
    assert [len(line) for line in state.lines] == [10, 10, 10]
    assert not aside & {c for line in state.lines for c in line}
    assert state.round == 10


def test_view_hides_deck_order_and_which_cards_are_set_aside():
    a = Setup(3, tuple(range(30)), (30, 31), (0, 1, 2), (1, 2, 3))
    # same first three cards revealed, rest of the deck and the set-aside cards shuffled about
    b = Setup(3, (0, 1, 2, 31) + tuple(range(4, 29)) + (30,), (3, 29), (0, 1, 2), (1, 2, 3))
    sa, sb = AssembleState.start(a), AssembleState.start(b)
    assert sa.view(0) == sb.view(0)
    assert sa.view(0).unseen == tuple(range(3, 32))


def test_sampled_state_agrees_with_the_view_but_not_the_real_order():
    import random
    state = AssembleState.new(3, 3)
    for _ in range(9):
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    guesses = {tuple(view.sample_state(random.Random(i)).setup.deck[state.deck_pos:])
               for i in range(20)}
    for i in range(5):
        guess = view.sample_state(random.Random(i))
        assert guess.view(0) == view
        assert guess.legal_actions() == state.legal_actions()
    assert len(guesses) > 1


def test_two_players_own_two_lanes_each_and_draft_into_the_active_lane():
    state = AssembleState.start(setup_with([4, 8, 15, 16], (2, 4, 1, 3), players=2))
    assert state.owners == (0, 0, 1, 1)
    assert state.active == 2 and state.current_player() == 1  # counter 1 is on lane 2
    take(state, 16)
    assert state.bench[2] == 16
    assert state.active == 0 and state.current_player() == 0  # counter 2
    take(state, 4)
    assert state.active == 3 and state.current_player() == 1
    with pytest.raises(IllegalAction, match="lane 3's turn"):
        state.apply(Action("take", 2, 8))


# --- final scoring and tiebreakers ----------------------------------------------------------

def test_highest_score_wins():
    state = finished(4, [[31], [28], [14], [16]], [1, 1, 1, 1])
    assert state.scores() == [25, 9, 9, 1] and state.winners() == [0]


def test_tiebreaker_1_larger_best_scored_module():
    # A: modules 3+3 at capacity 2 = 18; B: 4+1+1 at capacity 3 = 18
    state = finished(3, [[28, 1, 7], [30, 1, 16], [0]], [2, 3, 1])
    assert state.scores()[:2] == [18, 18]
    assert state.winners() == [1]


def test_tiebreaker_2_more_scored_modules():
    # A: 3,1,1,1,1,1 at capacity 6 = 14; B: 3,2,1 at capacity 3 = 14
    state = finished(3, [[28, 1, 21, 0, 10], [28, 3, 16], [0]], [6, 3, 1])
    assert state.scores()[:2] == [14, 14]
    assert state.winners() == [0]


def test_tiebreaker_3_fewer_unscored_modules():
    state = finished(3, [[28, 3], [28], [0]], [1, 1, 1])
    assert state.scores()[:2] == [9, 9]
    assert state.winners() == [1]


def test_full_tie_is_a_shared_win():
    state = finished(4, [[28], [14], [7], [16]], [1, 1, 1, 1])
    assert state.winners() == [0, 1, 2]


def test_two_players_compare_the_counting_doll():
    # player 0 has the best lane (25) but a weak second lane (1): player 1's weaker lane is 9
    state = finished(2, [[31], [16], [28], [14]], [1, 1, 1, 1])
    assert state.scores() == [1, 9] and state.winners() == [1]
    assert state.counting_lane(0) == 1


def test_two_player_counting_doll_on_equal_scores_is_the_weaker_by_tiebreakers():
    state = finished(2, [[28, 3], [28], [14], [7]], [1, 1, 1, 1])
    assert state.counting_lane(0) == 0  # same score, but lane 0 has an unscored module
    assert state.winners() == [1]  # player 1's 9 with no unscored module beats it


def test_the_flaw_changes_scores_and_winner():
    lines = [[28, 0, 7], [30, 1]]
    plain = finished(3, lines + [[16]], [1, 1, 1])
    flawed = finished(3, lines + [[16]], [1, 1, 1], Rules(flaw=True))
    assert plain.scores() == [9, 16, 1]
    assert flawed.scores() == [0, 15, 1]


# --- The Identity ---------------------------------------------------------------------------

def identity_state():
    state = AssembleState.start(setup_with([3, 7, 12, 25, 9, 1, 30, 14], (3, 1, 4, 2)),
                                Rules(identity=True))
    for card in (25, 3, 12, 7):
        take(state, card)
    return state


def test_identity_first_card_of_a_line_is_free():
    state = identity_state()
    assert state.active == 3 and state.capacity[3] == 1
    assert [a.value for a in state.legal_actions()] == [0]
    place(state, 0)
    assert state.capacity[3] == 1


def test_identity_rightmost_is_illegal_at_capacity_1():
    state = identity_state()
    state.lines[3] = [20, 21]
    assert [a.value for a in state.legal_actions()] == [0, 1]
    before = state.clone()
    with pytest.raises(IllegalAction, match="Identity") as info:
        state.apply(Action("place", 3, 2))
    assert info.value.refusal == Refusal(words.IDENTITY)
    assert state == before


def test_identity_rightmost_at_capacity_2_costs_one():
    state = identity_state()
    state.lines[3] = [20, 21]
    state.capacity[3] = 2
    assert [a.value for a in state.legal_actions()] == [0, 1, 2]
    place(state, 2)
    assert state.lines[3] == [20, 21, 3] and state.capacity[3] == 1


def test_without_identity_rightmost_is_free():
    state = drafted_4p()
    state.lines[3] = [20, 21]
    place(state, 2)
    assert state.capacity[3] == 1


# --- why a move is refused --------------------------------------------------------------------

def test_each_refusal_has_its_code_and_fields():
    state = identity_state()  # lane 3 places its bench card; the field has been taken
    assert state.why_illegal(Action("take", 3, 9)) == Refusal(words.PLACE_FIRST)
    assert state.why_illegal(Action("place", 1, 0)) == Refusal(NOT_YOUR_TURN, {"turn": 3, "tried": 1})
    assert state.why_illegal(Action("place", 3, 2)) == Refusal(words.OFF_THE_LINE,
                                                               {"position": 2, "size": 0})
    assert state.why_illegal(("place", 3, 0)) == Refusal(NOT_AN_ACTION, {"action": "('place', 3, 0)"})
    place(state, 0)
    assert state.phase == "take" and state.field == [9, 1, 30, 14]
    refusal = state.why_illegal(Action("take", 3, 12))
    assert refusal == Refusal(words.NOT_ON_THE_FIELD, {"card": 12, "field": (1, 9, 14, 30)})
    assert str(words.refusal_words(refusal)) == "Card 12 is not on the field (the field holds 1, 9, 14, 30)."
    assert state.why_illegal(Action("place", 3, 0)) == Refusal(words.MUST_TAKE)
    assert state.why_illegal(Action("swap", 3, 0)) == Refusal(words.UNKNOWN_KIND, {"kind": "'swap'"})
    done = finished(3, [[28, 0, 7], [30, 1], [16]], [1, 1, 1])
    assert done.why_illegal(Action("take", 0, 5)) == Refusal(GAME_OVER)
