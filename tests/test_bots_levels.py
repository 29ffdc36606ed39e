"""The Alice Assemble levels: legal, reproducible, blind to hidden cards, and hard is strong.

Search bots run with a small fixed `iterations` here: that mode ignores the clock, so the
tests are reproducible and fast. Strength is measured properly by `python -m game.tools.ladder`.
"""

import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from game.assemble import AssembleState, Rules, Setup
from game.assemble import search
from game.assemble.bots import LEVELS, HardBot, NormalBot
from game.assemble.record import new_session
from game.assemble.search import insert_hists, line_hist, line_parts, score
from game.assemble.setup import PLACE, TAKE
from game.assemble.scoring import module_sizes, score_sizes
from game.bots import make_bot
from game.services.play import play_out

SEARCH_ITERATIONS = 16


def test_levels_in_order():
    assert list(LEVELS) == ["random", "easy", "normal", "hard", "expert"]


def test_every_level_keeps_the_common_constructor():
    for cls in LEVELS.values():
        cls(3)
        cls(seed=3, think=0.2, iterations=5)


def test_fast_lane_evaluator_agrees_with_scoring():
    rng = random.Random(5)
    for _ in range(300):
        cards = rng.sample(range(32), rng.randint(1, 11))
        line, card = cards[:-1], cards[-1]
        hists = insert_hists(line_parts(line), card)
        for pos, h in enumerate(hists):
            sizes = module_sizes(line[:pos] + [card] + line[pos:])
            for cap in (1, 3):
                for flaw in (False, True):
                    assert score(h, cap, flaw) == score_sizes(sizes, cap, flaw)
        assert score(line_hist(line), 9) == score_sizes(module_sizes(line), 9)


def play_some(players, rules, seed, decisions, bot_for):
    """Play `decisions` moves, checking each bot's choice is legal; return the choices."""
    state = AssembleState.new(seed, players, rules)
    chosen = []
    for _ in range(decisions):
        if state.is_over():
            break
        player = state.current_player()
        legal = state.legal_actions()
        action = bot_for(player).decide(state.view(player), legal)
        assert action in legal
        chosen.append(action)
        state.apply(action)
    return chosen


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
@pytest.mark.parametrize("players, rules", [(4, Rules()), (3, Rules(True, True)),
                                            (2, Rules(False, True))])
def test_legal_and_reproducible(level, players, rules):
    def run():
        bots = {p: make_bot(level, "assemble", 10 + p, iterations=SEARCH_ITERATIONS)
                for p in range(players)}
        return play_some(players, rules, 7, 24, bots.__getitem__)
    assert run() == run()


def test_normal_plays_whole_games_of_every_kind():
    for players in (2, 3, 4):
        for rules in (Rules(), Rules(True, True)):
            session = new_session(players, [{"name": str(p), "seat": "normal"}
                                            for p in range(players)], rules)
            play_out(session, {p: NormalBot(p) for p in range(players)})
            assert session.state.is_over()


def twin_states():
    """Two 3-player deals that reveal the same cards for the first rounds but differ in the rest
    of the deck order and in the two set-aside cards."""
    first = (5, 9, 14, 30, 3, 17, 22, 8, 27, 0, 12, 31, 19, 6, 24)
    rest = [c for c in range(32) if c not in first]
    a = Setup(3, first + tuple(rest[:-2]), tuple(rest[-2:]), (0, 1, 2), (2, 3, 1))
    flipped = rest[::-1]
    b = Setup(3, first + tuple(flipped[:-2]), tuple(flipped[-2:]), (0, 1, 2), (2, 3, 1))
    assert set(a.set_aside) != set(b.set_aside)
    return AssembleState.start(a), AssembleState.start(b)


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_decisions_never_depend_on_hidden_cards(level):
    sa, sb = twin_states()
    bots_a = {p: make_bot(level, "assemble", p, iterations=SEARCH_ITERATIONS) for p in range(3)}
    bots_b = {p: make_bot(level, "assemble", p, iterations=SEARCH_ITERATIONS) for p in range(3)}
    steps = 0
    # 15 revealed cards: the draft and four rounds, with every decision in them
    while sa.deck_pos <= 15 and not sa.is_over():
        player = sa.current_player()
        view = sa.view(player)
        assert view == sb.view(player)
        choice_a = bots_a[player].decide(view, sa.legal_actions())
        choice_b = bots_b[player].decide(sb.view(player), sb.legal_actions())
        assert choice_a == choice_b
        sa.apply(choice_a)
        sb.apply(choice_b)
        steps += 1
    assert steps > 20


@pytest.mark.parametrize("players", [2, 4])
def test_hard_suggests_a_legal_move_in_player_words(players):
    state = AssembleState.new(11, players)
    bot = HardBot(seed=1, iterations=SEARCH_ITERATIONS)
    reasons, details = [], []
    for _ in range(14):
        player = state.current_player()
        legal = state.legal_actions()
        action, reason, detail = bot.suggest(state.view(player), legal)
        assert action in legal and isinstance(reason, str) and reason
        # the main line names the card and where it goes, never the engine's lanes and positions
        assert reason.startswith(("Take the ", "Put the "))
        for word in ("lane", "position", "playout", "%"):
            assert word not in reason
        assert ("doll A" in reason or "doll B" in reason) == (players == 2)
        reasons.append(reason)
        details.append(detail)
        state.apply(action)
    assert any("%" in d for d in details)  # the search's figures: a detail line only
    assert any("only move" in r for r in reasons)


def test_hard_with_a_time_cap_stops_when_the_time_is_up(monkeypatch):
    """The search looks at the clock after every playout: here a clock that moves 10 ms a look
    (the same however fast the machine), so a 0.05 s cap ends it after about five."""
    looks = itertools.count(1)
    monkeypatch.setattr(search, "CLOCK", [lambda: next(looks) / 100])  # (the search's clock)
    state = AssembleState.new(2, 4)
    bot = HardBot(seed=1, think=0.05)
    action = bot.decide(state.view(state.current_player()), state.legal_actions())
    assert action in state.legal_actions()
    assert 1 <= bot.search.playouts <= 6  # not its budget of thousands


def test_hard_beats_random_clearly():
    wins = 0.0
    games = 4
    for seed in range(games):
        seats = [{"name": str(p), "seat": "hard" if p == seed % 4 else "random"}
                 for p in range(4)]
        session = new_session(100 + seed, seats)
        bots = {p: make_bot(seats[p]["seat"], "assemble", seed * 10 + p, iterations=16)
                for p in range(4)}
        play_out(session, bots)
        winners = session.state.winners()
        wins += (seed % 4 in winners) / len(winners)
    assert wins >= 3  # parity would be 1


def test_hard_stops_at_its_budget_and_expert_searches_more(monkeypatch):
    monkeypatch.setattr(HardBot, "BUDGET", 300)  # the real one takes seconds; the rule is the same
    state = AssembleState.new(4, 4)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    view, legal = state.view(state.current_player()), state.legal_actions()
    hard = HardBot(seed=1, think=30.0)  # a long think time: the budget ends the search
    hard.decide(view, legal)
    assert hard.search.playouts == 300
    expert = LEVELS["expert"](seed=1, think=30.0)
    expert.decide(view, legal)
    assert expert.search.playouts == 900
    assert expert.think == 90.0  # three times the think time the app gives


def test_line_memo_gives_the_same_playouts():
    """The playouts' remembered best insertions are the best places scored from scratch."""
    rng = random.Random(3)
    for seed in range(30):
        state = AssembleState.new(seed, rng.choice([2, 3, 4]),
                                  Rules(rng.random() < 0.5, rng.random() < 0.5))
        for _ in range(rng.randint(0, 30)):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
        for lane, line in enumerate(state.lines):
            for card in range(32):
                for cap in (1, 2, 4):
                    remembered = search.best_place(search.line_id(line), line, card, cap,
                                                   state.rules)
                    assert remembered == _best_by_hand(line, card, cap, state.rules)


def test_a_decision_keeps_no_lines_of_the_ones_before():
    """The line memos hold one decision's lines: the bot process does not grow over a game
    (it reached about 350 MB when they were kept), and a decision plays the same either way."""
    first, second = _mid_game(5, 4, 6), _mid_game(9, 4, 30)
    for state in (first, second):
        while len(state.legal_actions()) < 2:  # a real choice: the bot searches
            state.apply(state.legal_actions()[0])

    def decide(state):
        player = state.current_player()
        bot = HardBot(seed=2, iterations=200)
        return bot.decide(state.view(player), state.legal_actions()), len(search._LINE_IDS)

    alone = decide(second)
    decide(first)
    after_another = decide(second)
    assert alone[1] > 0
    assert after_another == alone


def _best_by_hand(line, card, capacity, rules):
    """(worth, first position reaching it), each insertion scored from scratch."""
    out = []
    for pos in range(len(line) + 1):
        cap = capacity
        if rules.identity and line and pos == len(line):
            if capacity == 1:
                continue
            cap -= 1
        out.append((search.worth(line_hist(line[:pos] + [card] + line[pos:]), cap, rules.flaw),
                    -pos))
    value, pos = max(out)
    return value, -pos


def _mid_game(seed: int, players: int, moves: int, rules=Rules()):
    rng = random.Random(seed)
    state = AssembleState.new(seed, players, rules)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.integers(0, 40),
       st.booleans(), st.booleans(), st.integers(1, 8))
def test_the_tree_tries_only_legal_moves(seed, players, moves, flaw, identity, keep):
    """What the tree tries for its own later moves is legal there, and a placement is among
    the `keep` best by the policy's worth (ties aside): no illegal rightmost place under The
    Identity at capacity 1."""
    from game.assemble.search import own_moves
    state = _mid_game(seed, players, moves, Rules(flaw, identity))
    if state.is_over():
        return
    tried = own_moves(state, keep)
    legal = state.legal_actions()
    assert tried and set(tried) <= set(legal) and len(set(tried)) == len(tried)
    if state.phase == "place":
        assert len(tried) == min(keep, len(legal))
    else:
        assert len(tried) == len(legal)  # every take


def test_hard_searches_its_own_later_moves():
    """The tree grows below the first move: hard judges a move by how it would itself go on,
    not only by how the cheap policy would; every candidate is tried and the counts add up."""
    state = _mid_game(6, 4, 3)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    player = state.current_player()
    hard = HardBot(seed=2, iterations=400)
    legal = state.legal_actions()
    cands = hard.candidates(state.view(player), legal)
    wins, counts = hard.search.run(state.view(player), cands, iterations=400)
    assert sum(counts) == 400 and all(counts) and all(0 <= w <= c for w, c in zip(wins, counts))
    assert hard.search.deepest >= 2  # a later move of its own was searched too


def _stepped_playout(state, noise=None, models=None, stop=None) -> None:
    """What smart_playout must play, one move at a time through the engine's own apply (its
    rules checked): the policy's move, a model's, or with `noise` a random one; with `stop`,
    up to that player's next move."""
    rnd, eps = noise if noise is not None else (random.random, 0.0)
    while not state.is_over() and state.current_player() != stop:
        lane = state.active
        if models is not None and models[lane]:
            action = search.model_action(state, models[lane], rnd)
        elif state.phase == "place":
            n = len(state.lines[lane])
            if eps and rnd() < eps:
                pos = int(rnd() * (n + 1))
                if state.rules.identity and n and pos == n and state.capacity[lane] == 1:
                    pos = 0
                action = PLACE[lane][pos]
            else:
                action = search.policy_action(state)
        elif len(state.field) > 1 and eps and rnd() < eps:
            action = TAKE[lane][state.field[int(rnd() * len(state.field))]]
        else:
            action = search.policy_action(state)
        state.apply(action)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.integers(0, 60),
       st.booleans(), st.booleans(), st.sampled_from([0.0, 0.3]),
       st.lists(st.sampled_from([0, 0, 1, 2, 3]), min_size=4, max_size=4))
def test_fast_playout_plays_the_rules_move_for_move(seed, players, moves, flaw, identity, eps,
                                                    models):
    """smart_playout keeps its own copy of the turn order, rounds and capacity for speed: from
    any position (the draft included), with noise and modelled seats, it ends in exactly the
    game that stepping the engine with the same choices ends in."""
    state = _mid_game(seed, players, moves, Rules(flaw, identity))
    lanes = state.n_lanes
    seats = tuple(models[:lanes]) if any(models[:lanes]) else None
    fast, slow = state.clone(), state.clone()
    search.smart_playout(fast, (random.Random(seed).random, eps), seats)
    _stepped_playout(slow, (random.Random(seed).random, eps), seats)
    assert fast.is_over() and slow.is_over()
    assert (fast.lines, fast.capacity, fast.round, fast.deck_pos, fast.field) == \
        (slow.lines, slow.capacity, slow.round, slow.deck_pos, slow.field)
    assert fast.player_keys() == slow.player_keys()


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.integers(0, 60),
       st.booleans(), st.booleans(),
       st.lists(st.sampled_from([0, 0, 1, 2, 3]), min_size=4, max_size=4), st.integers(0, 3))
def test_fast_playout_stops_before_a_players_move(seed, players, moves, flaw, identity, models,
                                                  stop):
    """The search's tree walks the others' moves with smart_playout(stop=player): it leaves
    exactly the position that stepping the engine up to that player's next move leaves (the
    player's turn, or the end of the game), whole state included, twice in a row."""
    state = _mid_game(seed, players, moves, Rules(flaw, identity))
    stop %= players
    lanes = state.n_lanes
    seats = tuple(models[:lanes]) if any(models[:lanes]) else None
    fast, slow = state.clone(), state.clone()
    for _ in range(2):  # then again from the next move of that player's
        search.smart_playout(fast, (random.Random(seed).random, 0.0), seats, stop)
        _stepped_playout(slow, (random.Random(seed).random, 0.0), seats, stop)
        assert fast.snapshot() == slow.snapshot()
        assert fast.is_over() or fast.current_player() == stop
        if fast.is_over():
            break
        action = search.policy_action(fast)
        fast.apply(action)
        slow.apply(action)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.integers(0, 70),
       st.booleans(), st.booleans())
def test_search_scores_every_position_as_the_engine_does(seed, players, moves, flaw, identity):
    """The playouts' reward reads each player's key from the search's own evaluator: it must
    be the engine's key (score and every tiebreak), finished game or not, 2-player dolls too."""
    state = _mid_game(seed, players, moves, Rules(flaw, identity))
    assert search.player_keys(state) == state.player_keys()
    if state.is_over():
        winners = state.winners()
        for player in range(players):
            expected = 1 / len(winners) if player in winners else 0.0
            assert search.reward(state, player) == expected


def test_own_placements_are_the_active_lanes_even_when_two_lines_match():
    """With 2 players a player's two dolls can hold the same line: the tree's placements for
    each doll must be that doll's moves (the placements are remembered per line)."""
    state = AssembleState.new(4, 2)
    while state.phase != "place" or state.active != 0:
        state.apply(state.legal_actions()[0])
    twin = next(lane for lane in range(state.n_lanes)
                if lane != 0 and state.owners[lane] == state.owners[0])
    first = search.own_moves(state, 6)
    assert first and all(move.lane == 0 for move in first)
    state.lines[twin] = list(state.lines[0])
    state.bench[twin], state.capacity[twin], state.upright[twin] = \
        state.bench[0], state.capacity[0], True
    state.active = twin
    second = search.own_moves(state, 6)
    assert [m.value for m in second] == [m.value for m in first]
    assert all(move.lane == twin for move in second)
