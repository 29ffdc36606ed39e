"""Hard reads how each seat plays from its moves (issue 57, item 3): the belief per seat, the
search drawing from it, the moves the ladder, the app and the review hand it."""

import importlib.util
import random
import sys
from collections import Counter
from pathlib import Path

from game.assemble import AssembleState
from game.assemble.opponents import POLICIES, Reading, read_seats
from game.assemble.search import GREEDY, GREEDY_TIES, HIGH, LOW, NORMAL, RANDOM, Mix
from game.assemble.setup import Action
from game.bots import make_bot, moves_seen
from game.core.commands import Session
from game.services.play import play_out
from game.assemble.record import new_session
from game.core.records import record_of

_spec = importlib.util.spec_from_file_location(
    "greedy_program", Path(__file__).parent / "bots" / "greedy_bot.py")
assert _spec and _spec.loader
greedy_program = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(greedy_program)


class Program:
    """tests/bots/greedy_bot.py's choice, in this process (the ladder speaks to it over a pipe):
    a greedy player whose habit with ties is not the app's easy bot's."""

    name = "program"

    def __init__(self, ties: str, seed: int) -> None:
        self.ties, self.rng = ties, random.Random(seed)

    def decide(self, view, legal):
        chosen = greedy_program.decide(view.to_json(), [a.to_json() for a in legal], self.rng,
                                       self.ties)
        return Action.from_json(chosen)


def read_games(bots_for, seats, games: int = 3, players: int = 4) -> Reading:
    """A reading by seat 0 over several games (one reading per game; the logs summed)."""
    total = Reading(seats, 0)
    for game in range(games):
        state = AssembleState.new(100 + game, players)
        bots = bots_for(game)
        reading = Reading(seats, 0)
        while not state.is_over():
            player = state.current_player()
            action = bots[player].decide(state.view(player), state.legal_actions())
            reading.watch(player, state.view(0), action)
            state.apply(action)
        for player, log in reading.logs.items():
            for model, value in log.items():
                total.logs[player][model] += value
    return total


def test_greedy_programs_are_read_by_how_they_break_ties():
    seats = ["hard"] + ["cmd:./greedy"] * 3
    for ties, model in (("low", LOW), ("high", HIGH)):
        reading = read_games(lambda g: [make_bot("normal", "assemble", g)] + [Program(ties, g * 10 + i) for i in range(3)],
                             seats)
        for player in (1, 2, 3):
            post = reading.posterior(player)
            assert sum(post[m] for m in GREEDY_TIES) > 0.95
            assert reading.likeliest(player)[0] == model
            assert post[model] > 0.6


def test_a_named_level_starts_sure_and_its_play_can_still_overturn_it():
    seats = ["hard", "easy", "normal", "easy"]
    before = Reading(seats, 0)
    assert before.likeliest(1)[0] == GREEDY and abs(before.likeliest(1)[1] - 0.9) < 1e-9
    assert before.likeliest(2)[0] == NORMAL
    assert before.mix(AssembleState.new(1, 4).view(0)) == (NORMAL, GREEDY, NORMAL, GREEDY)
    # seat 3 is told easy but plays at random; seat 2 is normal and plays like it
    reading = read_games(lambda g: [make_bot("normal", "assemble", g), make_bot("easy", "assemble", g),
                                    make_bot("normal", "assemble", g),
                                    make_bot("random", "assemble", g)], seats, games=2)
    assert reading.likeliest(3)[0] == RANDOM
    assert reading.likeliest(2)[0] == NORMAL and reading.likeliest(2)[1] > 0.9
    assert reading.likeliest(1)[0] in GREEDY_TIES


def test_a_program_or_a_person_starts_unsure_and_the_search_plays_it_every_way():
    reading = Reading(["hard", "human", "cmd:./bot", "normal"], 0)
    view = AssembleState.new(1, 4).view(0)
    mix = reading.mix(view)
    assert isinstance(mix, Mix)
    assert mix.lanes[0] == ((1.0, NORMAL),) and mix.lanes[3] == ((1.0, NORMAL),)
    post = reading.posterior(1)
    assert max(post.values()) < 0.3 and abs(sum(post.values()) - 1) < 1e-9
    # the search draws each lane's model in proportion to the belief
    rng = random.Random(5)
    drawn = Counter(mix.draw(rng.random)[1] for _ in range(20000))
    for model in POLICIES:
        assert abs(drawn[model] / 20000 - post[model]) < 0.02


def test_a_move_with_no_choice_teaches_nothing():
    state = AssembleState.new(3, 4)
    reading = Reading(["hard", "human", "human", "human"], 0)
    before = reading.posterior(1)
    while len(state.legal_actions()) > 1 or state.current_player() != 1:
        player = state.current_player()
        action = state.legal_actions()[0]
        if player == 1 and len(state.legal_actions()) == 1:
            reading.watch(1, state.view(0), action)
        state.apply(action)
        if state.is_over():
            break
    assert reading.posterior(1) == before and reading.moves[1] == 0


class Ear:
    """A bot that plays the first legal move and writes down every move it is told of."""

    name = "ear"

    def __init__(self) -> None:
        self.heard: list[tuple[int, int, object]] = []

    def decide(self, view, legal):
        return legal[0]

    def watch(self, player, view, action):
        self.heard.append((player, view.player, action))


def test_play_out_tells_a_watching_bot_every_other_move_with_its_own_view():
    session: Session = new_session(4, [{"name": f"P{i}", "seat": "easy"} for i in range(3)])
    ear = Ear()
    play_out(session, {0: ear, 1: make_bot("easy", "assemble", 1),
                       2: make_bot("normal", "assemble", 2)})
    history = session.history
    others = [(history.before(i).current_player(), 0, action)
              for i, action in enumerate(history.actions)
              if history.before(i).current_player() != 0]
    assert ear.heard == others and others
    # the app hands the same moves to a bot it makes afresh for each decision
    assert [(who, view.player, move) for who, view, move in moves_seen(history, 0)] == others


def test_the_seat_label_names_each_seat_s_likeliest_policy():
    session: Session = new_session(7, [{"name": f"P{i}", "seat": "easy"} for i in range(4)])
    play_out(session, {0: make_bot("random", "assemble", 0), 1: make_bot("easy", "assemble", 1),
                       2: make_bot("normal", "assemble", 2), 3: make_bot("random", "assemble", 3)})
    labels = read_seats(["human", "cmd:./a", "cmd:./b", "cmd:./c"],
                        moves_seen(session.history, -1))
    assert set(labels) == {0, 1, 2, 3}
    assert labels[0][0] == labels[3][0] == "random" and labels[2][0] == "normal"
    assert labels[1][0].startswith("greedy")
    assert all(0 < share <= 1 for _, share in labels.values())


def test_the_review_reads_the_others_from_their_moves_before_the_decision(monkeypatch):
    from game import review as review_module
    from game.assemble import review as assemble_judge
    session: Session = new_session(9, [{"name": f"P{i}", "seat": s} for i, s in enumerate(["normal", "random", "easy"])])
    play_out(session, {0: make_bot("normal", "assemble", 0), 1: make_bot("random", "assemble", 1),
                       2: make_bot("easy", "assemble", 2)})
    record = record_of(session)
    told = []
    real = assemble_judge.judge

    def spy(state, player, played, legal, seats, rng, iterations, think, moves=None):
        told.append((player, state.round, moves))
        return real(state, player, played, legal, seats, rng, 8, think, moves)

    monkeypatch.setattr(assemble_judge, "judge", spy)
    review_module.review(record, 0, iterations=8)
    assert told
    for _, _, moves in told:
        assert all(who != 0 and view.player == 0 for who, view, _ in moves)
    # each decision hears more of the others' play than the one before
    heard = [len(moves) for _, _, moves in told]
    assert heard == sorted(heard) and heard[-1] > heard[0]


def test_the_review_plays_a_person_who_plays_at_random_as_random_once_it_has_seen_them(monkeypatch):
    """Seats recorded as people start from the weak prior: the review's rollouts must learn
    from their moves, not play them all as normal."""
    from game import review as review_module
    from game.assemble import review as assemble_judge
    session: Session = new_session(11, [{"name": f"P{i}", "seat": "human"} for i in range(3)])
    play_out(session, {0: make_bot("normal", "assemble", 0), 1: make_bot("random", "assemble", 1),
                       2: make_bot("normal", "assemble", 2)})
    record = record_of(session)
    mixes = []
    real = assemble_judge.by_models

    def spy(models):
        mixes.append(models)
        return real(models)

    monkeypatch.setattr(assemble_judge, "by_models", spy)
    review_module.review(record, 0, iterations=8)
    assert mixes
    late = mixes[-1]
    owners = session.state.setup.owners
    assert late is not None  # None: normal everywhere
    drawn = [late.draw(random.Random(i).random) if isinstance(late, Mix) else late
             for i in range(200)]
    for lane, owner in enumerate(owners):
        seen = Counter(models[lane] for models in drawn)
        if owner == 1:
            assert seen.most_common(1)[0][0] == RANDOM
        elif owner == 0:
            assert set(seen) == {NORMAL}


def test_the_benchmark_s_low_card_greedy_takes_what_the_program_takes():
    """game.assemble.reading_bench's in-process `glow` (the ceilings of issue 57 item 3 were
    measured with it) takes the card tests/bots/greedy_bot.py takes, at every take."""
    from game.assemble.reading_bench import GreedyHigh, GreedyLow
    for bot, ties in ((GreedyLow(1), "low"), (GreedyHigh(2), "high")):
        program, takes = Program(ties, 3), 0
        for game in range(3):
            state = AssembleState.new(300 + game, 4)
            while not state.is_over():
                view, legal = state.view(state.current_player()), state.legal_actions()
                action = bot.decide(view, legal)
                if action.kind == "take" and len(legal) > 1:
                    assert action == program.decide(view, legal)
                    takes += 1
                state.apply(action)
        assert takes > 20


def test_hard_told_the_policy_plays_every_other_lane_as_it():
    from game.assemble.reading_bench import LEVELS
    view = AssembleState.new(5, 4).view(1)
    models = LEVELS["hard-told-low"](0, iterations=10).models(view)
    assert [m for lane, m in zip(view.lanes, models) if lane.owner != 1] == [LOW] * 3
    assert [m for lane, m in zip(view.lanes, models) if lane.owner == 1] == [NORMAL]
