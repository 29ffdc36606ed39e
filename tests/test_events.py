"""What apply() reports: each game's events for hand-worked positions, in order, and the rule
explanations the scenes show (Grayblock hand points, Alice Assemble tiebreaks)."""

from game.assemble import AssembleState, Rules
from game.assemble import state as A
from game.assemble.scoring import tiebreak
from game.cementopia import Action as CAction, CementopiaState
from game.cementopia import state as C
from game.core.commands import History, Play, Redo, Session, Undo
from game.core.contract import Event, names
from game.grayblock import state as G
from game.grayblock.setup import Action as GAction
from game.grayblock.state import explain_hand
from test_cementopia import deal
from test_grayblock import position
from helpers import finished, setup_with


def test_assemble_draft_end_deals_and_starts_round_one_with_a_capacity_gain():
    # counters lane0=3, lane1=1, lane2=4, lane3=2: the draft goes lanes 1, 3, 0, 2
    state = AssembleState.start(setup_with([3, 7, 12, 25, 9, 1, 30, 14], (3, 1, 4, 2)))
    assert state.apply(A.Action("take", 1, 25)) == [Event(A.TAKEN, 1, 25, None, 1)]
    state.apply(state.legal_actions()[0])  # lane 3 takes 3
    state.apply(state.legal_actions()[1])  # lane 0 takes 12
    events = state.apply(state.legal_actions()[0])  # lane 2 takes the last card, 7
    assert events == [
        Event(A.TAKEN, 2, 7, None, 2),
        Event(A.DEALT, cards=(9, 1, 30, 14)),
        Event(A.ROUND_STARTED, value=1),
        Event(A.CAPACITY_GAINED, 1, 25, 2, 1),  # lane 1 held 25, the largest: capacity 2
    ]


def test_assemble_identity_placement_reports_the_capacity_lost_and_the_counter_turning_back():
    state = AssembleState.start(setup_with([3, 7, 12, 25, 9, 1, 30, 14], (3, 1, 4, 2)),
                                Rules(identity=True))
    for card in (25, 3, 12, 7):
        state.apply(next(a for a in state.legal_actions() if a.value == card))
    state.lines[3] = [20, 21]
    state.capacity[3] = 5  # shown on the indicator's back
    assert state.capacity_after(3, 2) == 4 and state.capacity_after(3, 1) == 5
    events = state.apply(A.Action("place", 3, 2))
    assert names(events) == [A.CAPACITY_LOST, A.COUNTER_FLIPPED, A.PLACED]
    assert events[0].value == 4 and events[2] == Event(A.PLACED, 3, 3, 2, 3)


def test_assemble_last_placement_reports_game_over():
    state = AssembleState.start(setup_with([3, 7, 12, 25], (3, 1, 4, 2)))
    while not state.is_over():
        events = state.apply(state.legal_actions()[0])
    assert names(events)[-2:] == [A.PLACED, A.GAME_OVER]


def test_assemble_reports_the_last_round_when_the_deck_runs_out():
    state = AssembleState.start(setup_with([3, 7, 12, 25], (3, 1, 4, 2)))
    seen = []
    while not state.is_over():
        seen += state.apply(state.legal_actions()[0])
    kinds = names(seen)
    assert kinds.count(A.LAST_ROUND) == 1
    assert kinds.count(A.ROUND_STARTED) == 8  # 32 cards, 4 a round: rounds 1..7, then the last
    assert kinds[kinds.index(A.LAST_ROUND) - 1] == A.ROUND_STARTED


def test_cementopia_reports_placement_counter_and_draw():
    state = CementopiaState.start(deal(12, [24, 1, 0, 3], then=[30]))
    action = CAction(24, 1, 1, 12)  # 4 facing rows: counter 4
    assert state.apply(action) == [
        Event(C.PLACED, 0, 24, 4, (1, 1)),
        Event(C.COUNTER_TURNED, 0, None, 2, 4),  # counter 4 has 2 uses left
        Event(C.DRAWN, 0, 30),
    ]


def test_cementopia_last_use_flips_the_counter_and_completes_without_a_draw():
    setup = deal(12, [24, 1, 0, 3])
    state = CementopiaState.rebuild(setup, 5, [24, 1, 0, 3], [(12, 0, 0)], [0, 0, 0, 1], None)
    assert state.apply(CAction(24, 1, 1, 12)) == [
        Event(C.PLACED, 0, 24, 4, (1, 1)),
        Event(C.COUNTER_FLIPPED, 0, None, 0, 4),
        Event(C.FINISHED, 0, None, 2, C.COMPLETE),
    ]


def test_grayblock_block_reports_the_hand_its_points_and_the_next_deal():
    state = position([[14, 9], [31, 3]], [12], turn=0, totals=[0, 0])
    assert state.apply(GAction(0, 14, "right")) == [Event(G.PLAYED, 0, 14, None, "right")]
    events = state.apply(GAction(1, None, None))
    assert events == [
        Event(G.PASSED, 1),
        Event(G.HAND_ENDED, 0, None, 18, G.BLOCK),  # min(9, 31) + own lowest 9
        Event(G.HAND_DEALT, 1, None, 1),  # hand 2: the start passes clockwise
    ]
    points = explain_hand(state.results[0])
    assert points.highs == {0: 9, 1: 31} and points.lowest_high == 9
    assert points.decisive == (0,) and points.bonus == 9 and points.points == 18


def test_grayblock_match_over_names_the_champion():
    state = position([[14, 9], [31, 3]], [12], turn=0, totals=[82, 90], target=100)
    state.apply(GAction(0, 14, "right"))
    assert names(state.apply(GAction(1, None, None))) == [G.PASSED, G.HAND_ENDED, G.MATCH_OVER]


def test_grayblock_going_out_counts_only_the_others():
    state = position([[14], [31, 3], [20, 5]], [12], turn=0)
    events = state.apply(GAction(0, 14, "left"))
    assert names(events)[:2] == [G.PLAYED, G.HAND_ENDED] and events[1].where == G.OUT
    points = explain_hand(state.results[0])
    assert points.highs == {1: 31, 2: 20} and points.points == 20 and points.bonus is None


def test_assemble_tiebreak_explains_which_tiebreaker_decided():
    # 28 = rows 0-2 and 7 = rows 2-4: a module of 3 each (9 points); lane 1 also has card 16's
    # lone gear, an unscored module: tiebreaker 3 (fewer unscored modules) gives lane 0 the win
    state = finished(4, [[28], [7, 16], [1], [2]], [1, 1, 1, 1])
    tie = tiebreak(state.player_keys())
    assert tie.points == 9 and tie.tied == (0, 1) and tie.winners == (0,) == tuple(state.winners())
    assert [(s.index, s.values) for s in tie.steps] == [(3, ((0, 0), (1, -1)))]
    assert tiebreak([(9, 3, 1, 0), (4, 2, 1, 0)]) is None
    draw = tiebreak([(9, 3, 1, 0), (9, 3, 1, 0)])
    assert draw.winners == (0, 1) and draw.steps == ()
    step = tiebreak([(9, 3, 1, 0), (9, 3, 2, 0), (4, 2, 1, 0)])
    assert step.tied == (0, 1) and step.winners == (1,)
    assert [s.index for s in step.steps] == [2] and step.steps[0].values == ((0, 1), (1, 2))


def test_session_outcomes_carry_events_and_undo_redo_say_how_many():
    state = AssembleState.start(setup_with([3, 7, 12, 25], (3, 1, 4, 2)))
    session = Session(History(state), {"game": "assemble"})
    outcome = session.run(Play(state.legal_actions()[0]))
    assert outcome.ok and names(outcome.events) == [A.TAKEN]
    refused = session.run(Play(A.Action("place", 0, 0)))
    assert not refused.ok and refused.events == []
    assert session.run(Undo()).events[0].value == 1
    assert names(session.run(Redo()).events) == ["redone"]


def test_a_session_without_snapshots_keeps_actions_but_cannot_undo():
    state = AssembleState.start(setup_with([3, 7, 12, 25], (3, 1, 4, 2)))
    session = Session(History(state, snapshots=False), {"game": "assemble"})
    session.play(state.legal_actions()[0])
    assert len(session.history.actions) == 1 and not session.history.can_undo()
    assert not session.run(Undo()).ok
