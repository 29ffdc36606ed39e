"""Hard knows who sits where (public: the setup screen shows every seat's level) and expects an
easy seat to play as easy does, a random seat at random, a hard or expert seat as one of the
policy's best three moves, everyone else as normal."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from game.assemble import AssembleState, Rules
from game.assemble.bots import EasyBot, HardBot, best_placements
from game.assemble.scoring import POPCOUNT
from game.assemble.search import (GREEDY, HARD, NORMAL, RANDOM, Mix, card_values, model_action,
                                  policy_action, top_placements)
from game.bots import make_bot
from game.bots.worker import decide_once
from test_bots_levels import SEARCH_ITERATIONS, _mid_game, twin_states


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.integers(0, 60),
       st.booleans(), st.booleans())
def test_the_search_expects_of_an_easy_seat_what_easy_plays(seed, players, moves, flaw, identity):
    """The greedy model's move is one easy itself might play (easy draws among ties)."""
    state = _mid_game(seed, players, moves, Rules(flaw, identity))
    if state.is_over():
        return
    view = state.view(state.current_player())
    lane = view.active_lane
    expected = model_action(state, GREEDY, random.random)
    assert expected in state.legal_actions()
    if state.phase == "place":
        _, where = best_placements(view, lane, view.lanes[lane].bench)
        assert expected.value in where
    else:
        scored = [(best_placements(view, lane, card)[0], POPCOUNT[card], card)
                  for card in view.field]
        top = max(item[:2] for item in scored)
        assert expected.value in [item[2] for item in scored if item[:2] == top]
    # and easy, seeded many ways, plays that move sometimes (never something the model rules out)
    seen = {EasyBot(s).decide(view, state.legal_actions()) for s in range(12)}
    assert expected in seen or len(seen) > 1


def test_easy_model_takes_a_field_card_when_every_card_costs_points():
    """Under The Flaw every card can score below zero; the model still takes one of them (it
    once fell back on card 0, which was not on the field, and the search crashed)."""
    state = _mid_game(2, 3, 10, Rules(flaw=True))
    assert state.phase == "take" and state.capacity[state.active] == 1
    view = state.view(state.current_player())
    assert all(best_placements(view, state.active, card)[0][0] < 0 for card in state.field)
    expected = model_action(state, GREEDY, random.random)
    assert expected in state.legal_actions()
    assert expected in {EasyBot(s).decide(view, state.legal_actions()) for s in range(12)}
    hard = make_bot("hard", "assemble", 1, iterations=60, seats=["easy"] * 3)
    assert hard.decide(view, state.legal_actions()) in state.legal_actions()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.integers(0, 60),
       st.booleans(), st.booleans())
def test_a_hard_seat_is_expected_to_play_one_of_the_policys_best_three(seed, players, moves, flaw,
                                                                       identity):
    """The HARD model plays a legal move among the cheap policy's best three, the policy's own
    move most often, and each of the three some of the time (hard itself strays from the policy
    about every third move)."""
    state = _mid_game(seed, players, moves, Rules(flaw, identity))
    if state.is_over() or len(state.legal_actions()) == 1:
        return
    lane = state.active
    if state.phase == "place":
        top = [a.value for a in state.legal_actions()
               if a.value in top_placements(state.lines[lane], state.bench[lane],
                                            state.capacity[lane], state.rules, 3)]
    else:
        ranked = sorted(card_values(state, lane), key=lambda vc: -vc[0])
        top = [card for _, card in ranked[:3]]
    rng = random.Random(seed)
    played = [model_action(state, HARD, rng.random) for _ in range(400)]
    assert all(action in state.legal_actions() for action in played)
    assert {a.value for a in played} == set(top)
    first = policy_action(state)
    assert max(set(played), key=played.count) == first


def test_random_model_plays_only_legal_moves():
    rng = random.Random(5)
    for seed in range(40):
        state = _mid_game(seed, 3, seed, Rules(identity=True))
        if not state.is_over():
            assert model_action(state, RANDOM, rng.random) in state.legal_actions()


def likeliest(models, lane: int) -> int:
    """The lane's likeliest model in what hard.models gave (a tuple, or a Mix to draw from)."""
    if isinstance(models, Mix):
        options = models.lanes[lane]
        shares = [cum - (options[i - 1][0] if i else 0.0) for i, (cum, _) in enumerate(options)]
        return options[shares.index(max(shares))][1]
    return NORMAL if models is None else models[lane]


def test_hard_maps_each_seat_to_a_model():
    state = AssembleState.new(3, 4)
    view = state.view(0)
    # named levels: their own policy, sure of it before a move is seen
    hard = make_bot("hard", "assemble", 1, seats=["hard", "easy", "normal", "random"])
    assert hard.models(view) == (NORMAL, GREEDY, NORMAL, RANDOM)
    # its own lane is its own search, whatever its seat says
    assert make_bot("hard", "assemble", 1, seats=["easy"] * 4).models(view) == (
        NORMAL, GREEDY, GREEDY, GREEDY)
    # no seats told: every lane the normal policy
    assert make_bot("hard", "assemble", 1).models(view) is None
    assert make_bot("hard", "assemble", 1, seats=["hard", "normal", "normal",
                                                  "normal"]).models(view) is None
    # a person or a program: a weak prior, every policy drawn, normal likeliest
    unknown = make_bot("hard", "assemble", 1, seats=["hard", "normal", "human",
                                                     "cmd:./bot"]).models(view)
    assert isinstance(unknown, Mix)
    assert len(unknown.lanes[1]) == 1 and len(unknown.lanes[2]) == len(unknown.lanes[3]) > 4
    assert likeliest(unknown, 2) == likeliest(unknown, 3) == NORMAL
    # two players: the other player's two dolls both play as its seat says
    two = AssembleState.new(3, 2)
    duo = make_bot("expert", "assemble", 1, seats=["expert", "easy"])
    assert duo.models(two.view(0)) == (NORMAL, NORMAL, GREEDY, GREEDY)
    # a short list (a record from elsewhere) leaves the rest read as people
    short = make_bot("hard", "assemble", 1, seats=["hard", "easy"]).models(view)
    assert [likeliest(short, lane) for lane in range(4)] == [NORMAL, GREEDY, NORMAL, NORMAL]
    # other hard and expert seats play as the HARD model
    assert make_bot("expert", "assemble", 1, seats=["expert", "hard", "normal", "expert"]).models(
        view) == (NORMAL, HARD, NORMAL, HARD)


def test_knowing_the_seats_reads_no_hidden_cards_and_stays_reproducible():
    sa, sb = twin_states()
    seats = ["hard", "easy", "random"]
    steps = 0
    while sa.deck_pos <= 12 and not sa.is_over():
        player = sa.current_player()
        view = sa.view(player)
        legal = sa.legal_actions()
        a = make_bot("hard", "assemble", player, iterations=SEARCH_ITERATIONS, seats=seats)
        b = make_bot("hard", "assemble", player, iterations=SEARCH_ITERATIONS, seats=seats)
        choice = a.decide(view, legal)
        assert choice == b.decide(sb.view(player), sb.legal_actions())
        sa.apply(choice)
        sb.apply(choice)
        steps += 1
    assert steps > 10


def test_the_model_changes_what_hard_expects():
    """Told that the others are easy, hard's search sees other games than when it thinks them
    normal: on a position where easy and normal differ, the figures differ."""
    state = _mid_game(8, 4, 9, Rules())
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    player = state.current_player()
    view, legal = state.view(player), state.legal_actions()
    blind = HardBot(seed=3, iterations=300)
    seated = HardBot(seed=3, iterations=300)
    seated.seated(["easy"] * 4)
    assert blind.choose(view, legal)[1:] != seated.choose(view, legal)[1:]


def test_the_app_worker_tells_the_bot_who_sits_where(monkeypatch):
    told = []
    monkeypatch.setattr(HardBot, "seated", lambda self, seats: told.append(list(seats)))
    state = AssembleState.new(5, 3)
    player = state.current_player()
    action = decide_once("assemble", "hard", 1, 0.02, state.view(player), state.legal_actions(),
                         ["human", "hard", "easy"])
    assert action in state.legal_actions()
    assert told == [["human", "hard", "easy"]]


def test_the_table_tells_its_bots_and_hints_who_sits_where(app):
    from scenes.config import GameConfig, Seat
    from game.assemble.setup import Rules as AssembleRules
    from ui_helpers import frames, wait_for

    seats = [Seat("Ada", "human", 0), Seat("Bo", "easy", 1), Seat("Cy", "hard", 2)]
    config = GameConfig(seats, AssembleRules(), 3, "assemble")
    table = app.make(config.scene, config=config)
    app.stack.push(table)
    frames(app, 2)
    calls, told = [], []

    class Recorder:  # stands in for the worker process: records what the bots would be told
        def decide(self, game, seat, seed, think, view, legal, kinds=None, moves=None):
            calls.append((seat, kinds))
            told.append((seat, view.player, moves))
            return 1

        def suggest(self, game, seed, think, view, *args, seats=None, moves=None, **kwargs):
            calls.append(("hint", seats))
            told.append(("hint", view.player, moves))
            return 2

        def poll(self, ticket):
            return None

        def busy(self, ticket):
            return ticket is not None

        def cancel(self, ticket):
            pass

        def close(self):
            pass

    table.hints.turns.decider.close()
    table.hints.turns.decider = Recorder()
    while table.state.current_player() == 0:
        table.hints.turns.ask_hint()
        assert table.play(table.state.legal_actions()[0])
    wait_for(app, lambda: len(calls) > 1)  # after the move's animation, the bot's turn
    kinds = ["human", "easy", "hard"]
    assert ("hint", kinds) in calls
    assert (seats[table.state.current_player()].kind, kinds) in calls
    # the hard seat's search and the hint (hard's) hear every move the others made so far, as
    # that player saw it; easy reads nobody's play
    played = [table.session.history.before(i).current_player()
              for i in range(len(table.session.history))]
    for seat, player, moves in told:
        if seat == "easy":
            assert moves is None
        else:
            others = [p for p in played if p != player]
            heard = [who for who, _, _ in moves]
            # a bot decides on the whole game so far, a hint on the game when it was asked
            assert heard == (others if seat != "hint" else others[:len(heard)])
            assert all(view.player == player for _, view, _ in moves)
    # a seat whose bot failed is played by easy from then on, and the others' search knows it
    failing = table.state.current_player()
    table.hints.turns._replace(failing, ValueError("no answer"))
    assert table.hints.turns.kinds[failing] == "easy" and table.hints.turns.kinds[0] == "human"


# --- Grayblock: the same knowledge in hard's playouts ------------------------------------------

def test_grayblock_hard_plays_easy_and_random_seats_as_they_play():
    from game.grayblock import GrayblockState
    from game.grayblock import bots as gray
    state = GrayblockState.new(31, 3)
    view = state.view(0)
    hard = make_bot("hard", "grayblock", 1, seats=["hard", "easy", "random"])
    assert hard.models(view) == (gray.NORMAL, gray.EASY, gray.RANDOM)
    assert make_bot("hard", "grayblock", 1, seats=["easy", "normal", "human"]).models(view) is None
    assert make_bot("hard", "grayblock", 1).models(view) is None
    legal = state.legal_actions()
    while len(legal) < 2:  # a position with a choice
        state.apply(legal[0])
        legal = state.legal_actions()
    player = state.current_player()
    seats = ["easy"] * 3
    seats[player] = "hard"
    blind = gray.HardBot(seed=4, iterations=40)
    told = gray.HardBot(seed=4, iterations=40)
    told.seated(seats)
    figures = [bot.evaluate(state.view(player), legal) for bot in (blind, told)]
    assert [f[:3] for f in figures[0]] != [f[:3] for f in figures[1]]


def test_grayblock_hard_told_the_seats_reads_no_hidden_hands():
    from test_grayblock import twin_states as gray_twins
    a, b = gray_twins()
    seats = ["hard", "easy"] + ["random"] * (a.players - 2)
    bot_a = make_bot("hard", "grayblock", 5, seats=seats)
    bot_b = make_bot("hard", "grayblock", 5, seats=seats)
    bot_a.iterations = bot_b.iterations = 8
    assert bot_a.decide(a.view(0), a.legal_actions()) == bot_b.decide(b.view(0), b.legal_actions())


def test_odd_seat_lists_are_read_as_people():
    """A seat list from a damaged file (numbers, nested lists) never breaks a bot: an entry that
    is not a name counts as a person, whom the search plays as normal."""
    state = AssembleState.new(3, 4)
    hard = make_bot("hard", "assemble", 1, iterations=20,
                    seats=[None, ["easy"], {"x": 1}, "easy"])  # type: ignore[list-item]
    models = hard.models(state.view(0))
    assert [likeliest(models, lane) for lane in range(4)] == [NORMAL, NORMAL, NORMAL, GREEDY]
    assert hard.decide(state.view(0), state.legal_actions()) in state.legal_actions()
