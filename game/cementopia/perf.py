"""Bot strength: `python -m game.cementopia.perf [--deals 100] [--bots random,easy,hard]`.

Plays the same seeded deals (seeds --seed .. --seed + deals - 1) with each bot, one process per
core, and prints per bot: the score distribution, the share of completed puzzles with 12 points
or more (the rulebook's "deserves praise", and the hard bot's goal: at least half), the mean
score, how many were completed, and the mean time per decision.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any
from collections import Counter
from multiprocessing import Pool

from .bots import LEVELS
from .record import new_session
from .state import COMPLETE
from ..cli import ascii_int, count, seconds  # the shipped CLI's checks: no nan, inf or Unicode digits


def play_deal(job: tuple) -> tuple[str, int, float, int]:
    level, seed, think, iterations = job
    session = new_session(seed, [{"name": level, "seat": level}])
    bot = LEVELS[level](seed=seed, think=think, iterations=iterations)
    spent = 0.0
    decisions = 0
    while not session.state.is_over():
        state = session.state
        start = time.perf_counter()
        action = bot.decide(state.view(0), state.legal_actions())
        spent += time.perf_counter() - start
        decisions += 1
        session.play(action)
    return session.state.outcome, session.state.score(), spent, decisions


def summary(results: list) -> dict:
    scores = [score for _, score, _, _ in results]
    complete = [score for outcome, score, _, _ in results if outcome == COMPLETE]
    decisions = sum(r[3] for r in results) or 1
    return {
        "deals": len(results),
        "distribution": {str(s): n for s, n in sorted(Counter(scores).items())},
        "share_12_or_more": round(sum(1 for s in complete if s >= 12) / len(results), 3),
        "mean_score": round(sum(scores) / len(results), 2),
        "completed": len(complete),
        "mean_score_completed": round(sum(complete) / len(complete), 2) if complete else None,
        "seconds_per_decision": round(sum(r[2] for r in results) / decisions, 3),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.cementopia.perf")
    parser.add_argument("--deals", type=count(1), default=100)
    parser.add_argument("--seed", type=ascii_int, default=1)
    parser.add_argument("--bots", default="random,easy,hard")
    parser.add_argument("--think", type=seconds(60), help="time cap per decision (hard bot)")
    parser.add_argument("--iterations", type=count(1), help="guessed deck orders per decision (hard)")
    parser.add_argument("--jobs", type=count(1), default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {"seeds": [args.seed, args.seed + args.deals - 1], "goal_hard_share_12": 0.5}
    with Pool(args.jobs) as pool:
        for level in args.bots.split(","):
            jobs = [(level, seed, args.think, args.iterations)
                    for seed in range(args.seed, args.seed + args.deals)]
            start = time.perf_counter()
            results = pool.map(play_deal, jobs, chunksize=1)
            figures[level] = summary(results)
            figures[level]["wall_seconds"] = round(time.perf_counter() - start, 1)
            print(json.dumps({level: figures[level]}), flush=True)
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
