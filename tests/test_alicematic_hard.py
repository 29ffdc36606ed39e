"""Alicematic's hard bot (game.alicematic.hard): it plays legal moves, reads only its own view,
answers forced and early decisions without searching, searches the late game with the work it is
given, and is a level selfplay, the setup screen and the hints offer. How strong it is lives in
the benchmark (python -m game.alicematic.bench, docs/bot-strength.md), not here."""

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from game.services import cli
from game.alicematic.bots import LEVELS, NormalBot
from game.alicematic.hard import CANDIDATES, LATE, HardBot, determinize
from game.alicematic.state import AlicematicState


def late_position(seed: int, players: int = 4, left: int = LATE) -> AlicematicState:
    """A game of normal bots played until `left` rounds remain (or fewer), stopped at a decision
    with a choice (the last one in the rounds if the game ends early: every city held)."""
    state = AlicematicState.new(seed, players)
    bots = [NormalBot(seed * 10 + p) for p in range(players)]
    last = None
    while not state.is_over():
        legal = state.legal_actions()
        if state.round >= 1 and len(legal) > 1:
            if state.params.rounds - state.round + 1 <= left:
                return state
            last = state.clone()
        state.apply(bots[state.turn].decide(state.view(state.turn), legal))
    assert last is not None
    return last


def hidden_shuffled(state: AlicematicState, player: int, seed: int) -> AlicematicState:
    """The same game as `player` sees it, with everything they cannot see dealt differently:
    the others' hands and face-down cards and the deck shuffled among them, and another seed
    for the deck's reshuffles."""
    other = state.clone()
    places = []  # (kind, player, colour index, position)
    cards = []
    for p in range(state.n):
        if p == player:
            continue
        for i, card in enumerate(state.hands[p]):
            places.append(("hand", p, 0, i))
            cards.append(card)
        for c, area in enumerate(state.areas[p]):
            for i, (card, up) in enumerate(area):
                if not up:
                    places.append(("area", p, c, i))
                    cards.append(card)
    places += [("deck", 0, 0, i) for i in range(len(state.deck))]
    cards += state.deck
    rng = random.Random(seed)
    while True:
        dealt = cards[:]
        rng.shuffle(dealt)
        if dealt != cards:
            break
    for (kind, p, c, i), card in zip(places, dealt):
        if kind == "hand":
            other.hands[p][i] = card
        elif kind == "area":
            other.areas[p][c][i] = (card, False)
        else:
            other.deck[i] = card
    other.setup = dataclasses.replace(state.setup, seed=state.setup.seed + 1)
    return other


@pytest.fixture(scope="module")
def late():
    return late_position(5)


def test_hard_is_a_level_of_its_own():
    bot = LEVELS["hard"](seed=1, think=None, iterations=2)
    assert isinstance(bot, HardBot) and bot.name == "hard"


def test_hard_plays_a_legal_action_in_the_late_game_after_searching_every_candidate(late):
    p = late.turn
    legal = late.legal_actions()
    bot = HardBot(seed=3, iterations=2)
    action = bot.decide(late.view(p), legal)
    assert action in legal
    # each sampled deal plays every candidate out: the work is the iterations', not a time
    assert bot.deals == 2 and bot.playouts == 2 * min(CANDIDATES, len(legal))


def test_the_same_seed_and_work_give_the_same_choice(late):
    p = late.turn
    legal = late.legal_actions()
    one, two = HardBot(seed=9, iterations=3), HardBot(seed=9, iterations=3)
    assert one.evaluate(late.view(p), legal[:3]) == two.evaluate(late.view(p), legal[:3])


def test_hard_reads_only_its_view(late):
    """Two games that look the same to the player and differ in every card they cannot see:
    the same figures for every candidate, so the same choice."""
    p = late.turn
    other = hidden_shuffled(late, p, seed=1)
    assert other != late and other.hands != late.hands  # the hidden cards differ...
    assert other.view(p) == late.view(p)  # ...and the player's view does not
    legal = late.legal_actions()
    first, second = HardBot(seed=4, iterations=3), HardBot(seed=4, iterations=3)
    candidates = first.candidates(late.view(p), legal)
    assert candidates == second.candidates(other.view(p), legal)
    assert first.evaluate(late.view(p), candidates) == second.evaluate(other.view(p), candidates)
    assert HardBot(seed=4, iterations=3).decide(late.view(p), legal) == \
        HardBot(seed=4, iterations=3).decide(other.view(p), legal)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4, 5]), left=st.integers(1, LATE),
       deal=st.integers(0, 2 ** 32 - 1))
def test_a_sampled_deal_agrees_with_everything_the_view_shows(seed, players, left, deal):
    state = late_position(seed, players, left)
    for p in range(players):
        view = state.view(p)
        sampled = determinize(view, random.Random(deal))
        assert sampled.view(p) == view
        if p == state.turn:  # the player to move may do exactly what they may in the game
            assert sampled.legal_actions() == state.legal_actions()
        every = [c for hand in sampled.hands for c in hand] + sampled.deck + sampled.discard + \
            [c for areas in sampled.areas for area in areas for c, _up in area]
        assert sorted(every) == list(range(len(state.cards)))  # each card once


def test_a_forced_move_is_played_without_searching(late):
    from game.alicematic.setup import END, Action
    bot = HardBot(seed=1, iterations=50)
    only = [Action(END)]
    assert bot.decide(late.view(late.turn), only) == only[0] and bot.playouts == 0


def test_early_decisions_are_the_normal_bots_without_searching():
    state = late_position(2, 4, left=99)  # the first decision with a choice: placing a base
    bot = HardBot(seed=1, iterations=50)
    while state.params.rounds - state.round + 1 > LATE:
        legal = state.legal_actions()
        action = bot.decide(state.view(state.turn), legal) if state.turn == 0 else \
            NormalBot(state.round).decide(state.view(state.turn), legal)
        assert action in legal
        state.apply(action)
    assert bot.playouts == 0


def test_selfplay_plays_a_hard_seat_to_the_end(capsys):
    args = ["selfplay", "--game", "alicematic", "--seat", "hard", "--seat", "normal",
            "--seat", "normal", "--seed", "3", "--think", "0.01"]
    assert cli.main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["seats"] == ["hard", "normal", "normal"] and sum(summary["wins"]) == 1


def test_the_bench_counts_the_heros_seats_and_searches():
    from game.alicematic.bench import bench
    report = bench("hard", "normal", 3, 3, seed=11, iterations=1)
    assert report["games"] == 3 and 0 <= report["share"]["low"] <= report["share"]["high"] <= 1
    assert report["searched_per_game"] > 0 and report["decisions_per_game"] > report["searched_per_game"]


def test_the_setup_screen_offers_a_hard_seat_for_alicematic_and_starts_with_it(app):
    from scenes.alicematic.table import AlicematicScene
    from ui_helpers import click, frames, setup_for, top
    setup = setup_for(app, "alicematic")
    assert setup.game.value == "alicematic" and "hard" in setup.kinds
    seat = setup.rows[1].kind
    for _ in range(len(setup.kinds)):
        if seat.value == "hard":
            break
        click(app, (seat.rect.right - max(3, seat.rect.w // 8), seat.rect.centery))
    assert seat.value == "hard" and seat.show("hard") == "Bot \u00b7 Hard"
    frames(app, 1)
    click(app, setup.start.rect.center)
    table = top(app)
    assert isinstance(table, AlicematicScene) and table.config.seats[1].kind == "hard"
    assert table.hints.turns.seats[1].kind == "hard"  # the table asks the hard bot for that seat
