"""Benchmark of the post-game review (issues 42 and 57). Prints figures; asserts nothing (a slow
machine is not a failure).

    python -m game.tools.review_perf [--game assemble] [--games 24] [--convergence 40] [--timing 2 3 4] [--seed 1]

Levels: plays 4-player Alice Assemble games between random, easy, normal and hard seats (the
seats rotate from game to game; the hard seats at a fixed number of iterations, so the figures
are the same on every run), reviews every seat of every game with the app's review, and prints
each level's mean loss per decision in points and in win share with its 95% interval (over
games: a game's decisions are not independent of each other).

Convergence: for that many decisions of those reviews not solved exactly, the best move named at
the review's default against the one named by a review five times longer (on other samples).

Timing: the seconds one review of one player takes, at each table size (one game of hard,
normal, easy and random seats, every seat reviewed), wall and this process's CPU time (on a
shared machine the CPU time is what an idle one would wait).

Long runs can be split: `--first-game 12 --games 24` plays the second half, `--combine A B`
prints the summary of both runs' games.
"""

from __future__ import annotations

from typing import Any, cast

import argparse
import json
import math
import random
import time

from . import endgame
from .state import AssembleState
from .bots import HardBot
from ..bots import make_bot
from ..services.play import play_out
from ..core.records import game_module, record_of
from . import review as judge_module
from ..review import decisions_of, review, seats_of
from ..review.racing import quantile

LEVELS = ["random", "easy", "normal", "hard"]


def play_game(seed: int, seats: list[str], hard_iterations: int) -> dict[str, Any]:
    module = game_module("assemble")
    players = [{"name": f"{seat.title()} {i + 1}", "seat": seat} for i, seat in enumerate(seats)]
    session = module.new_session(seed, players, snapshots=False)
    bots = {}
    for i, seat in enumerate(seats):
        bot_seed = random.Random(f"{seed}:{i}").getrandbits(32)
        if seat == "hard":
            bot = HardBot(bot_seed, iterations=hard_iterations)
            bot.seated(seats)
        else:
            bot = make_bot(seat, "assemble", bot_seed, seats=seats)
        bots[i] = bot
    play_out(session, bots)
    return record_of(session)


def interval(values: list[float]) -> tuple[float, float]:
    """(mean, half width of its 95% interval)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, quantile(n) * math.sqrt(var / n)


def levels(games: int, seed: int, hard_iterations: int, iterations: int | None,
           first: int = 0) -> list[dict[str, Any]]:
    """Games `first`..`games - 1`: each seat reviewed; a line per game with each level's losses
    (`row ` and JSON, for --combine), then the summary. Returns the records."""
    rows = []
    records = []
    for game in range(first, games):
        seats = LEVELS[game % 4:] + LEVELS[:game % 4]
        record = play_game(seed + game, seats, hard_iterations)
        records.append(record)
        took, row = [], {}
        for seat, level in enumerate(seats):
            start = time.perf_counter()
            result = review(record, seat, iterations=iterations)
            took.append(time.perf_counter() - start)
            ds = result.decisions
            row[level] = [sum(d.loss_points for d in ds), sum(d.loss_win for d in ds), len(ds),
                          result.mistakes(),
                          sum(d.loss_points for d in ds if d.loss_points > d.points_margin),
                          sum(d.loss_win for d in ds if d.loss_win > d.win_margin)]
        rows.append(row)
        print(f"game {game + 1}/{games} (seed {seed + game}, seats {', '.join(seats)}): reviews "
              f"{', '.join(f'{t:.1f}' for t in took)} s", flush=True)
        print("row " + json.dumps(row), flush=True)
    summary(rows)
    return records


def summary(rows: list[dict[str, Any]]) -> None:
    """Each level's mean loss per decision with its 95% interval over games (a game's decisions
    are not independent of each other: the interval of the per-game means, weighted alike);
    then the same counting only the losses outside their own noise (a loss whose interval holds
    0 counts 0: what the winner's curse and the clipping at 0 add to every loss is left out)."""
    for title, kp, kw in (("", 0, 1), (", losses outside their noise only", 4, 5)):
        print(f"\nmean loss per decision over {len(rows)} games of 4-player Alice Assemble "
              f"(95% interval over games){title}")
        for level in LEVELS:
            got = [row[level] for row in rows if level in row and len(row[level]) > kw]
            n = sum(r[2] for r in got)
            mp = sum(r[kp] for r in got) / max(1, n)
            mw = sum(r[kw] for r in got) / max(1, n)
            hp = interval([r[kp] / r[2] for r in got if r[2]])[1]
            hw = interval([r[kw] / r[2] for r in got if r[2]])[1]
            sizes = ", ".join(f"{sum(r[3][size] for r in got)} {size}"
                              for size in ("inaccuracy", "mistake", "blunder"))
            print(f"  {level:<6}: {mp:6.3f} pts [{mp - hp:.3f}, {mp + hp:.3f}], {mw:7.2%} win "
                  f"share [{mw - hw:.2%}, {mw + hw:.2%}] ({n} decisions; {sizes})", flush=True)


def combine(paths: list[str]) -> None:
    """The summary of the games of several runs (their `row ` lines)."""
    from ..core.files import read_bounded  # a run's output, read like any file given
    rows = []
    for path in paths:
        text = read_bounded(path, 64 << 20).decode("utf-8")
        rows += [json.loads(line[4:]) for line in text.splitlines() if line.startswith("row ")]
    summary(rows)


def convergence(records: list[dict[str, Any]], decisions: int, seed: int, iterations: int,
                factor: int = 5) -> None:
    """How often the default's best move is the one a review `factor` times longer names."""
    todo = []
    for record in records:
        seats = seats_of(record)
        for seat in range(len(seats)):
            for index, before, action, legal in decisions_of(record, seat, judge_module):
                if endgame.solve(before.view(seat)) is None:
                    todo.append((seats, seat, index, cast(AssembleState, before), action, legal))
    random.Random(seed).shuffle(todo)
    todo = todo[:decisions]
    agree = close = 0
    for k, (seats, seat, index, before, action, legal) in enumerate(todo, start=1):
        short = judge_module.judge(before, seat, action, legal, seats,
                                   random.Random(f"short:{seed}:{k}"), iterations, None)
        long = judge_module.judge(before, seat, short.best, legal, seats,
                                  random.Random(f"long:{seed}:{k}"), iterations * factor, None)
        agree += long.best == short.best
        # the default's best against the longer review's: a loss inside the longer one's noise
        close += long.best == short.best or long.loss_points - long.points_margin <= 0
        print(f"decision {k}/{len(todo)}: {'agrees' if long.best == short.best else 'differs'}"
              f" (the longer review's loss of the default's best: {long.loss_points:.2f} "
              f"± {long.points_margin:.2f} pts)", flush=True)
    n = max(1, len(todo))
    print(f"\nconvergence over {len(todo)} decisions not solved exactly: the best move at "
          f"{iterations} playouts is the one at {iterations * factor} in {agree}/{len(todo)} "
          f"({agree / n:.1%}); within the longer review's noise in {close}/{len(todo)} "
          f"({close / n:.1%})", flush=True)


def timing(sizes: list[int], seed: int, hard_iterations: int, iterations: int | None) -> None:
    for players in sizes:
        seats = ["hard", "normal", "easy", "random"][:players]
        record = play_game(seed + 1000 + players, seats, hard_iterations)
        took = []
        for seat in range(players):
            start, cpu = time.perf_counter(), time.process_time()
            result = review(record, seat, iterations=iterations)
            took.append((time.perf_counter() - start, time.process_time() - cpu,
                         len(result.decisions)))
        print(f"{players} players: seconds per review of one player, wall (CPU of this "
              f"process) {', '.join(f'{t:.1f} ({c:.1f}; {n} decisions)' for t, c, n in took)}; "
              f"max {max(t for t, _, _ in took):.1f} (goal: at most 15)", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.review_perf")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--convergence", type=int, default=40,
                        help="decisions compared with a review five times longer (0: none)")
    parser.add_argument("--timing", type=int, nargs="*", default=[2, 3, 4],
                        help="table sizes to time one player's review at")
    parser.add_argument("--iterations", type=int, default=None,
                        help="the review's per decision (default: the app's)")
    parser.add_argument("--hard-iterations", type=int, default=1000,
                        help="the hard seats' search per decision while the games are played")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-game", type=int, default=0,
                        help="start at this game (another run plays the ones before)")
    parser.add_argument("--combine", nargs="+", metavar="FILE",
                        help="only print the summary of the games in these runs' output")
    args = parser.parse_args(argv)
    if args.combine:
        combine(args.combine)
        return 0
    if args.timing:
        timing(args.timing, args.seed, args.hard_iterations, args.iterations)
    records = levels(args.games, args.seed, args.hard_iterations, args.iterations,
                     args.first_game)
    if args.convergence and records:
        convergence(records, args.convergence, args.seed,
                    args.iterations or judge_module.ITERATIONS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
