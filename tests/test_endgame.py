"""The exact endgame (issue 57): once nothing to come is hidden, the solver's outcome of every
legal move is the one a plain minimax over the real rules finds (every player maximising their own
final key, the first of equal moves in a fixed order), hard plays the solved move without
searching, the review names a move no other legal move beats, and a forced move is not searched."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from game.assemble import endgame
from game.assemble.bots import LEVELS, HardBot, NormalBot
from game.assemble.setup import PLACE, TAKE, Rules, Setup
from game.assemble.state import AssembleState
from game.assemble import review as assemble_judge

SEATS = ["hard", "normal", "normal", "normal"]


def canonical(actions):
    """The order the model breaks ties in: placements left to right, takes lowest card first."""
    return sorted(actions, key=lambda a: a.value)


def brute(state: AssembleState):
    """Each player's final key under the model, by trying every move to the end (no memo)."""
    if state.is_over():
        return state.player_keys()
    player = state.current_player()
    best = None
    for action in canonical(state.legal_actions()):
        child = state.clone()
        child.apply(action)
        keys = brute(child)
        if best is None or keys[player] > best[player]:
            best = keys
    return best


def small_endgame(rng: random.Random, players: int, before: bool) -> AssembleState:
    """A small position whose future is known: the last round with acquisitions after some lanes
    acted, or (`before`, 2 and 4 players) the last take of the round before it. Short lines, so
    that the brute force stays quick; capacities and rules at random."""
    n = 4 if players in (2, 4) else 3
    cards = list(range(32))
    rng.shuffle(cards)
    rules = Rules(rng.random() < 0.5, rng.random() < 0.5)
    owners = (0, 1, 0, 1) if players == 2 else tuple(range(n))
    set_aside = tuple(cards[-2:]) if players == 3 else ()
    state = AssembleState.start(Setup(players, tuple(cards), set_aside, owners, (1, 2, 3, 4)[:n]),
                                rules)
    state.capacity = [rng.randint(1, 3) for _ in range(n)]
    state.round, state.last_round = 6, False
    if before:  # every lane took but the last, which has placed; the deck is the next field
        lens = [rng.randint(0, 1) for _ in range(n)]
        taken = sorted(cards[:n])  # this round's cards, on benches and the one left
        state.lines = [cards[8 + 2 * i: 8 + 2 * i + lens[i]] for i in range(n)]
        last = rng.randrange(n)
        state.bench = [None if i == last else taken[i if i < last else i - 1] for i in range(n)]
        state.field = [taken[-1]]
        state.upright = [i == last for i in range(n)]
        state.deck_pos = len(cards) - n - len(set_aside)
        deck = list(state.setup.deck)
        deck[state.deck_pos:state.deck_pos + n] = cards[4:8]
        state.setup = Setup(players, tuple(deck), set_aside, owners, state.setup.counters)
        state.phase, state.active = "take", last
        return state
    acted = rng.randint(max(1, n - 2), n - 1)
    lens = [rng.randint(0, 2) for _ in range(n)]
    state.lines = [cards[8 + 3 * i: 8 + 3 * i + lens[i]] for i in range(n)]
    benches = sorted(cards[:n])  # last round's cards: the order lanes act in now
    order = list(range(n))
    rng.shuffle(order)
    state.bench = [None] * n
    state.upright = [True] * n
    for rank, lane in enumerate(order):
        state.bench[lane] = benches[rank]
    # the first `acted` lanes have placed and taken this round's cards
    taken = cards[4:4 + n]
    for rank, lane in enumerate(order[:acted]):
        state.bench[lane], state.upright[lane] = taken[rank], False
    state.field = taken[acted:]
    state.deck_pos = len(state.setup.deck)
    state.phase, state.active = "place", order[acted]
    state.round = 7
    return state


def solved_outcomes(state):
    view = state.view(state.current_player())
    assert endgame.solvable(view)
    solution = endgame.solve(view, limit=10**6)
    assert solution is not None
    return solution


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_the_solver_agrees_with_a_plain_minimax_in_the_last_round_with_takes(seed, players):
    state = small_endgame(random.Random(seed), players, before=False)
    solution = solved_outcomes(state)
    assert set(solution.moves) == set(state.legal_actions())
    for move, outcome in zip(solution.moves, solution.outcomes):
        child = state.clone()
        child.apply(move)
        assert tuple(brute(child)) == outcome, move


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4]))
def test_the_solver_agrees_with_a_plain_minimax_from_the_round_before(seed, players):
    # the deck holds exactly the next field: nothing is hidden, whatever its order
    state = small_endgame(random.Random(seed), players, before=True)
    solution = solved_outcomes(state)
    (move,) = solution.moves
    child = state.clone()
    child.apply(move)
    assert tuple(brute(child)) == solution.outcomes[0]


@pytest.mark.parametrize("players, known", [(3, 0), (4, 4), (2, 4)])
def test_only_decisions_with_nothing_hidden_to_come_are_solvable(players, known):
    # 3 players: 2 cards set aside, so only an empty deck; 2 and 4: also a deck that is exactly
    # the next field
    state = AssembleState.new(5, players)
    bot = NormalBot(seed=1)
    seen = []
    while not state.is_over():
        view = state.view(state.current_player())
        seen.append((view.deck_count, endgame.solvable(view)))
        state.apply(bot.decide(view, state.legal_actions()))
    assert all(solvable == (deck <= known) for deck, solvable in seen)
    assert any(solvable for _, solvable in seen) and not all(solvable for _, solvable in seen)


def bot_game_positions(players: int, seed: int, count: int):
    """Solvable decisions (more than one legal move) met in seeded games of normal bots."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = AssembleState.new(rng.getrandbits(32), players)
        bot = NormalBot(seed=rng.getrandbits(32))
        while not state.is_over():
            view = state.view(state.current_player())
            legal = state.legal_actions()
            if len(legal) > 1 and view.deck_count == 0:
                out.append(state.clone())
            state.apply(bot.decide(view, legal))
    return out[:count]


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_hard_and_expert_play_the_solved_move_without_searching(level):
    states = bot_game_positions(4, 3, 8) + round_before_positions(4, 3, 4)
    for state in states:
        player = state.current_player()
        view = state.view(player)
        legal = state.legal_actions()
        solution = endgame.solve(view)
        assert solution is not None
        bot = LEVELS[level](seed=1, think=30.0)  # a long think time it does not spend
        bot.seated(SEATS)
        assert bot.decide(view, legal) == solution.best
        assert bot.search.playouts == 0


def test_the_review_names_a_move_no_legal_move_beats_and_its_loss_is_exact():
    for state in bot_game_positions(4, 4, 10) + bot_game_positions(2, 4, 6):
        player = state.current_player()
        legal = state.legal_actions()
        solution = endgame.solve(state.view(player))
        for played in legal:
            j = assemble_judge.judge(state, player, played, legal, SEATS, random.Random(0), 40,
                                     None)
            assert all(solution.key(j.best) >= solution.key(m) for m in legal)
            assert j.loss_points == solution.points(j.best) - solution.points(played)
            assert j.options == len(legal)


def test_the_review_agrees_with_the_brute_force_on_small_endgames():
    for seed in range(6):
        state = small_endgame(random.Random(seed), 4, before=False)
        player = state.current_player()
        legal = state.legal_actions()
        keys = {}
        for move in legal:
            child = state.clone()
            child.apply(move)
            keys[move] = brute(child)[player]
        j = assemble_judge.judge(state, player, legal[0], legal, SEATS, random.Random(0), 40,
                                 None)
        assert keys[j.best] == max(keys.values())  # points, then the tiebreakers


def test_a_forced_move_is_not_searched():
    # mid-game, the last lane of a round has one card left to take: nothing to think about
    state = AssembleState.new(9, 4)
    bot = NormalBot(seed=2)
    while not (state.phase == "take" and len(state.field) == 1 and state.deck_count > 4):
        state.apply(bot.decide(state.view(state.current_player()), state.legal_actions()))
    view = state.view(state.current_player())
    hard = HardBot(seed=1, think=30.0)
    assert hard.decide(view, state.legal_actions()) == TAKE[state.active][state.field[0]]
    assert hard.search.playouts == 0
    assert PLACE  # (the tables the actions come from)


def test_a_hint_in_a_solved_position_says_it_was_worked_out():
    state = bot_game_positions(3, 5, 1)[0]
    view = state.view(state.current_player())
    hard = HardBot(seed=1, think=30.0)
    action, reason, detail = hard.suggest(view, state.legal_actions())
    assert action == endgame.solve(view).best
    assert detail == "Hard bot worked out the rest of the game exactly." and reason
    assert hard.search.playouts == 0


def round_before_positions(players: int, seed: int, count: int):
    """Decisions with a choice in the round before the last (the deck is the next field)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = AssembleState.new(rng.getrandbits(32), players)
        bot = NormalBot(seed=rng.getrandbits(32))
        while not state.is_over():
            view = state.view(state.current_player())
            legal = state.legal_actions()
            if len(legal) > 1 and view.deck_count and endgame.solvable(view):
                out.append(state.clone())
            state.apply(bot.decide(view, legal))
    return out[:count]


def test_the_shortcuts_change_no_outcome():
    # the round before the last and the last with takes, in real games: the plain memoised tree
    # (checked against the brute force above) and the one with the shortcuts (the last round
    # with takes as a chain, folded lanes) agree on every move, wherever the plain one finishes
    compared = 0
    for state in round_before_positions(4, 6, 40) + bot_game_positions(4, 6, 40):
        view = state.view(state.current_player())
        plain = endgame.solve(view, limit=30_000, shortcuts=False)
        if plain is None:
            continue
        folded = endgame.solve(view, limit=10**6)
        assert folded is not None and folded.outcomes == plain.outcomes
        assert folded.nodes <= plain.nodes
        compared += 1
    assert compared >= 50


def test_cementopia_hard_does_not_search_a_forced_move(monkeypatch):
    # issue 57 item 5: one legal move takes no think time, in the solo puzzle too
    from game.cementopia import bots as cementopia_bots
    from game.cementopia.state import CementopiaState
    state, rng = CementopiaState.new(3), random.Random(3)
    while len(state.legal_actions()) != 1:
        state.apply(rng.choice(state.legal_actions()))
    searched = []
    real = cementopia_bots.solver.lookahead
    monkeypatch.setattr(cementopia_bots.solver, "lookahead",
                        lambda *a, **k: searched.append(1) or real(*a, **k))
    bot = cementopia_bots.HardBot(seed=1, think=30.0)
    (only,) = state.legal_actions()
    assert bot.decide(state.view(0), state.legal_actions()) == only
    assert searched == []


def memo_brute(state: AssembleState, memo: dict | None = None):
    """brute with every position remembered: the same plain minimax over the real rules (every
    move tried, nothing skipped), only quick enough for the round before the last."""
    memo = {} if memo is None else memo
    if state.is_over():
        return tuple(state.player_keys())
    k = state.snapshot()[2:]  # one deal, one set of rules
    hit = memo.get(k)
    if hit is None:
        player = state.current_player()
        for action in canonical(state.legal_actions()):
            child = state.clone()
            child.apply(action)
            keys = memo_brute(child, memo)
            if hit is None or keys[player] > hit[player]:
                hit = keys
        memo[k] = hit
    return hit


def small_round_before(rng: random.Random, to_act: int) -> AssembleState:
    """2 players, the round before the last with `to_act` lanes still to act (the first about
    to place), the deck exactly the next field: short lines, capacities and rules at random."""
    cards = list(range(32))
    rng.shuffle(cards)
    rules = Rules(rng.random() < 0.5, rng.random() < 0.5)
    owners = (0, 1, 0, 1)
    order = list(range(4))
    rng.shuffle(order)  # the order the lanes act in this round
    deck = cards[:4] + cards[12:] + cards[4:8] + cards[8:12]  # the next field last
    state = AssembleState.start(Setup(2, tuple(deck), (), owners, (1, 2, 3, 4)), rules)
    state.capacity = [rng.randint(1, 3) for _ in range(4)]
    state.round, state.last_round = 6, False
    benches = sorted(cards[:4])
    field = cards[4:8]
    state.lines = [cards[16 + 2 * i: 16 + 2 * i + rng.randint(0, 1)] for i in range(4)]
    state.bench = [None] * 4
    state.upright = [True] * 4
    for rank, lane in enumerate(order):
        state.bench[lane] = benches[rank]
        if rank < 4 - to_act:  # has placed (on top) and taken
            state.lines[lane].append(benches[rank])
            took = field.pop(rng.randrange(len(field)))
            state.bench[lane], state.upright[lane] = took, False
    state.field = sorted(field)
    state.deck_pos = 28
    state.phase, state.active = "place", order[4 - to_act]
    return state


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), to_act=st.sampled_from([1, 2]))
def test_two_players_the_round_before_agrees_with_a_plain_minimax(seed, to_act):
    # the tables, the bounds and the skipped moves change no player's points or tiebreakers
    state = small_round_before(random.Random(seed), to_act)
    view = state.view(state.current_player())
    assert endgame.solvable(view) and view.deck_count == 4
    solution = solved_outcomes(state)
    assert set(solution.moves) == set(state.legal_actions())
    memo: dict = {}
    for move, outcome in zip(solution.moves, solution.outcomes):
        child = state.clone()
        child.apply(move)
        assert memo_brute(child, memo) == outcome, move


def test_two_players_every_decision_of_the_round_before_is_solved():
    # issue 57 item 1: from the first placement of the round before the last on, within the
    # position limit hard and the review use; and where the old memoised tree (no tables, no
    # bounds) finishes, the same outcome of every move
    states = round_before_positions(2, 8, 12)
    assert any(sum(b is not None and u for b, u in zip(s.bench, s.upright)) == 4
               for s in states)
    compared = 0
    for state in states:
        view = state.view(state.current_player())
        solution = endgame.solve(view)
        assert solution is not None
        waiting = sum(b is not None and u for b, u in zip(state.bench, state.upright))
        if waiting + (state.phase == "take") <= 2:
            plain = endgame.solve(view, limit=30_000, shortcuts=False)
            assert plain is not None and plain.outcomes == solution.outcomes
            assert plain.best == solution.best
            compared += 1
    assert compared >= 3


def test_with_two_players_a_bot_takes_the_solved_win_over_the_most_points():
    """The most points (31) lose to the other player's 33; a move worth 28 wins against 27."""
    moves = (TAKE[0][3], TAKE[0][9], TAKE[0][12])
    outcomes = (((31, 0, 0, 0), (33, 0, 0, 0)), ((28, 0, 0, 0), (27, 0, 0, 0)),
                ((26, 0, 0, 0), (20, 0, 0, 0)))
    solved = endgame.Solution(0, moves, outcomes, moves[0], 0)
    assert solved.winning() == moves[1]  # the win; of two wins, the more points
    level = ((31, 0, 0, 0), (33, 0, 0, 0))
    assert endgame.Solution(0, moves[:1], (level,), moves[0], 0).winning() == moves[0]
