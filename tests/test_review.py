"""The post-game review (issue 42): positions worked out by hand where one move is plainly worse
are flagged with the cost computed by hand, the best move is the one an expert would name, forced
moves are skipped, a fixed number of iterations gives the same review every time, and the
review reports progress and can be cancelled."""

from __future__ import annotations

import json
import random

import pytest

from cli_helpers import one_line, run
from game.core import records, registry
from game.assemble.search import score
from game.assemble.setup import PLACE, TAKE, Setup
from game.assemble.state import AssembleState
from game.grayblock.setup import Rules as GrayRules
from game.grayblock.state import GrayblockState
from game.review import Cancelled, Review, review, reviewable
from game.assemble import review as assemble_judge
from game.cementopia import review as cementopia_judge
from game.grayblock import review as grayblock_judge

SEATS = ["human", "normal", "normal", "normal"]

# Cards are five rows of gears, top row first: 28 = ###--, 6 = --##-, 3 = ---##, 16 = #----.
# [28, 6, 3] is one module over all five rows: 25 points at capacity 1.


def last_placement(line, bench, others, capacity=1):
    """The last move of a 4-player game: lane 0 (player 1) places `bench` into `line`; every
    other lane has placed already and every card is on the table, so nothing is hidden."""
    state = AssembleState.start(Setup(4, tuple(range(32)), (), (0, 1, 2, 3), (1, 2, 3, 4)))
    state.deck_pos, state.field = 32, []
    state.bench = [bench, None, None, None]
    state.upright = [True, False, False, False]
    state.capacity = [capacity, 1, 1, 1]
    state.lines = [list(line)] + [list(o) for o in others]
    state.phase, state.active, state.round, state.last_round = "place", 0, 8, True
    return state


def other_lines(best):
    """Three short lines for the other lanes, the best scoring `best` points at capacity 1 (the
    cards not shown were played elsewhere before: they do not matter to the last move)."""
    top = {16: 15, 9: 7, 4: 24}[best]  # -#### (4 rows), --### (3 rows), ##--- (2 rows)
    return [[top], [1], [2]]


def test_breaking_a_five_row_module_costs_16_points_and_the_game():
    # [28, 6, 3] + 16: at either end the five-row module stays whole (25 points, the 16 alone
    # scores nothing at capacity 1); between 28 and 6 it splits into ###-- + #---- (rows 1-3,
    # 9 points) and --##- + ---## (rows 3-5, 9 points): 9. 25 - 9 = 16 points, and with the best
    # other lane at 16 the win becomes a loss.
    others = other_lines(16)
    state = last_placement([28, 6, 3], 16, others)
    legal = state.legal_actions()
    broken = assemble_judge.judge(state, 0, PLACE[0][1], legal, SEATS, random.Random(1), 40, None)
    assert broken.best in (PLACE[0][0], PLACE[0][3])
    assert broken.loss_points == pytest.approx(16.0)
    assert broken.loss_win == pytest.approx(1.0)
    assert broken.played_points == pytest.approx(9.0) and broken.best_points == pytest.approx(25)
    whole = assemble_judge.judge(state, 0, PLACE[0][3], legal, SEATS, random.Random(1), 40, None)
    assert whole.loss_points == 0 and whole.loss_win == 0


def test_a_placement_that_misses_the_join_costs_what_it_misses():
    # 28 and 3 wait for the 6 between them (one five-row module, 25). Left of 28: 6 joins 28
    # only (--##- + ###-- = rows 1-4, 16 points; 3 alone is 4, and only one module scores).
    others = other_lines(9)
    state = last_placement([28, 3], 6, others)
    j = assemble_judge.judge(state, 0, PLACE[0][0], state.legal_actions(), SEATS,
                             random.Random(2), 40, None)
    assert j.best == PLACE[0][1]
    assert j.loss_points == pytest.approx(25 - 16)
    assert j.loss_win == 0  # 16 still beats every other lane's 9 or less


def test_taking_the_card_that_completes_the_module_is_best():
    # The round before the last: lane 0 has placed and takes next, 28 and 3 waiting for a
    # --##- card. Take the 6 and the last round puts it between them (25 points); with the 1
    # (----#) the best is 9 (the ###-- alone; ---## + ----# is a two-row module, 4). 16 points.
    state = AssembleState.start(Setup(4, tuple(range(32)), (), (0, 1, 2, 3), (1, 2, 3, 4)))
    rest = [c for c in range(32) if c not in {28, 3, 6, 1, 30, 31, 29}]
    state.lines = [[28, 3], rest[0:8], rest[8:16], rest[16:25]]
    state.deck_pos, state.field = 32, [6, 1]
    state.bench = [None, 30, 31, 29]  # lanes 1 and 2 took theirs; lane 3 acts after lane 0
    state.upright = [False, False, False, True]
    state.capacity = [1, 1, 1, 1]
    state.phase, state.active, state.round, state.last_round = "take", 0, 7, False
    legal = state.legal_actions()
    assert set(legal) == {TAKE[0][6], TAKE[0][1]}
    j = assemble_judge.judge(state, 0, TAKE[0][1], legal, SEATS, random.Random(3), 600, None)
    assert j.best == TAKE[0][6]
    assert 12 <= j.loss_points <= 20  # 16, less what the search spends trying worse placements


def grayblock_opening():
    """Player 1 opens a 4-player hand holding the 31 (#####) and all five cards one gear from
    it (30, 29, 27, 23, 15), with 0 and 1 besides."""
    mine = (0, 1, 15, 23, 27, 29, 30, 31)
    rest = [c for c in range(32) if c not in mine]
    deal = (mine, tuple(rest[0:8]), tuple(rest[8:16]), tuple(rest[16:24]))
    return GrayblockState.new(1, 4, GrayRules(), 100, (deal,), 0)


def test_grayblock_opening_with_a_sure_block_is_best():
    # Open with the 31: every card that fits it is in player 1's own hand, so the other three
    # must pass and player 1 wins the hand by block, whatever they hold (win share 1). Opening
    # with the 0 lets the others play on the 2, 4, 8 and 16 they hold.
    state = grayblock_opening()
    legal = state.legal_actions()
    assert len(legal) == 8
    play31 = next(a for a in legal if a.card == 31)
    play0 = next(a for a in legal if a.card == 0)
    j = grayblock_judge.judge(state, 0, play0, legal, SEATS, random.Random(4), 60, None)
    assert j.best.card in (31, 30, 29, 27, 23, 15) or j.best_win == pytest.approx(1.0)
    j31 = grayblock_judge.judge(state, 0, play31, legal, SEATS, random.Random(4), 60, None)
    assert j31.played_win == pytest.approx(1.0)
    assert j.played_win < 0.9 and j.loss_win > 0.1


def cementopia_last_choice():
    """A Cementopia position whose next placement ends the puzzle with placements of different
    final scores (found by playing random moves from a seeded deal)."""
    from game.cementopia import solver
    from game.cementopia.state import CementopiaState
    for seed in range(200):
        state = CementopiaState.new(seed)
        rng = random.Random(seed)
        while state.outcome is None:
            finals = {}
            for move in solver.distinct_moves(state):
                child = state.clone()
                child.place(move[0], move[1], move[2], move[4])
                if child.outcome is None:
                    finals = {}
                    break
                finals[move] = child.score()
            if len(set(finals.values())) > 1:
                return state, finals
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position in 200 deals")


def test_cementopia_last_placement_costs_its_exact_points():
    from game.cementopia.setup import Action
    state, finals = cementopia_last_choice()
    worst = min(finals, key=finals.get)
    top = max(finals.values())
    played = Action(*worst[:4])
    j = cementopia_judge.judge(state, 0, played, state.legal_actions(), ["human"],
                               random.Random(5), 4, None)
    assert j.loss_points == pytest.approx(top - finals[worst])
    assert finals[next(m for m in finals if m[:4] == tuple(j.best))] == top


# --- the whole review ---------------------------------------------------------------------

def selfplay_record(game, seats, seed):
    from game.bots import make_bot
    from game.services.play import play_out
    module = records.game_module(game)
    players = [{"name": f"P{i + 1}", "seat": seat} for i, seat in enumerate(seats)]
    session = module.new_session(seed, players, snapshots=False)
    bots = {i: make_bot(seat, game, seed * 10 + i, seats=seats) for i, seat in enumerate(seats)}
    play_out(session, bots)
    return records.record_of(session)


@pytest.fixture(scope="module")
def assemble_record():
    return selfplay_record("assemble", ["random", "easy", "normal", "normal"], 5)


def test_every_unforced_decision_is_judged_and_forced_ones_skipped(assemble_record):
    rec = assemble_record
    result = review(rec, 0, iterations=24)
    session = records.replay(rec, snapshots=False)
    unforced = [i for i, (before, _a, _e, _s) in enumerate(session.history.replay())
                if before.current_player() == 0 and len(before.legal_actions()) > 1]
    assert [d.index for d in result.decisions] == unforced
    actions = rec["actions"]
    assert all(d.played == actions[d.index] for d in result.decisions)
    assert all(d.loss_points >= 0 and d.loss_win >= 0 for d in result.decisions)


def test_fixed_iterations_give_the_same_review(assemble_record):
    a = review(assemble_record, 1, iterations=24).to_json()
    b = review(assemble_record, 1, iterations=24).to_json()
    assert a == b


def test_progress_is_reported_and_a_cancel_stops_it(assemble_record):
    seen = []
    result = review(assemble_record, 2, iterations=12, progress=lambda d, t: seen.append((d, t)))
    total = len(result.decisions)
    assert seen == [(d, total) for d in range(total + 1)]
    asked = []

    def cancelled():
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(Cancelled):
        review(assemble_record, 2, iterations=12, cancelled=cancelled)
    assert len(asked) == 3


def test_a_review_survives_its_json(assemble_record):
    result = review(assemble_record, 0, iterations=12)
    again = Review.from_json(json.loads(json.dumps(result.to_json())))
    assert again.to_json() == result.to_json()
    assert again.summary()["mistakes"] == result.mistakes()


def test_random_loses_more_than_normal_in_one_game(assemble_record):
    rand = review(assemble_record, 0, iterations=120)
    norm = review(assemble_record, 2, iterations=120)
    assert rand.mean_loss_points > 2 * norm.mean_loss_points


@pytest.mark.parametrize("game, seats", [("grayblock", ["random", "normal"]),
                                         ("cementopia", ["random"])])
def test_other_games_review(game, seats):
    rec = selfplay_record(game, seats, 3)
    result = review(rec, 0, iterations=2)
    assert result.decisions and result.game == game
    assert all(d.loss_points >= 0 for d in result.decisions)


# --- headless -----------------------------------------------------------------------------

def test_cli_review_json_is_one_object_and_reproducible(capsys, tmp_path, assemble_record):
    path = tmp_path / "game.json"
    records.write_record(path, assemble_record)
    code, out, _err = run(capsys, "review", str(path), "--seat", "2", "--json", "--iterations", "12")
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "assemble" and data["seat"] == 2
    assert set(data["decisions"][0]) == {"index", "played", "best", "loss_points", "loss_win"}
    assert data["mean_loss_points"] >= 0 and data["mean_loss_win"] >= 0
    code, again, _err = run(capsys, "review", str(path), "--seat", "2", "--json", "--iterations", "12")
    assert again == out


def test_cli_review_text_names_every_decision(capsys, tmp_path, assemble_record):
    path = tmp_path / "game.json"
    records.write_record(path, assemble_record)
    code, out, _err = run(capsys, "review", str(path), "--seat", "1", "--iterations", "6")
    assert code == 0
    lines = out.splitlines()
    moves = [line for line in lines if line.startswith("move ")]
    assert moves and all("played" in m and "best" in m and "pts expected" in m for m in moves)
    assert lines[-1].startswith("mean expected loss per decision:")


@pytest.mark.parametrize("args, needle", [
    (["--seat", "5"], "seat 5 is not in this game"),
    (["--seat", "0"], "must be 1 or more"),
    (["--iterations", "0"], "must be 1 or more"),
    (["--think", "1", "--iterations", "3"], "not allowed with"),
])
def test_cli_review_bad_input_is_one_line(capsys, tmp_path, assemble_record, args, needle):
    path = tmp_path / "game.json"
    records.write_record(path, assemble_record)
    code, _out, err = run(capsys, "review", str(path), *args)
    one_line(code, err, needle)


def test_cli_review_of_a_missing_file_is_one_line(capsys, tmp_path):
    code, _out, err = run(capsys, "review", str(tmp_path / "none.json"))
    one_line(code, err, "no such file")


@pytest.mark.parametrize("game", [g for g in registry.ids() if not reviewable(g)])
def test_cli_review_of_a_game_without_a_judge_is_one_line(capsys, tmp_path, game):
    module = registry.game_module(game)
    info = registry.info(game)
    players = [{"name": f"P{i + 1}", "seat": "random"} for i in range(info.default_players)]
    session = module.new_session(1, players)
    session.play(session.state.legal_actions()[0])
    path = tmp_path / "game.json"
    records.write_record(path, records.record_of(session))
    code, _out, err = run(capsys, "review", str(path))
    one_line(code, err, "cannot be reviewed yet")


def test_the_largest_mistakes_follow_the_measure(assemble_record):
    result = review(assemble_record, 0, iterations=24)
    mistakes = [d for d in result.decisions if d.size]
    for measure, key in (("points", lambda d: d.loss_points), ("win", lambda d: d.loss_win)):
        shown = result.largest(5, measure)
        assert [d.index for d in shown] == sorted(d.index for d in shown)  # in the game's order
        costly = [d for d in mistakes if key(d) >= (0.005 if measure == "win" else 0.05)]
        assert len(shown) == min(5, len(costly))
        left_out = [d for d in costly if d not in shown]
        assert all(key(d) <= min(key(s) for s in shown) for d in left_out)
