"""Bot strength: `python -m game.cementopia.perf [--deals 100] [--bots random,easy,hard,oracle]`.

Plays the same seeded deals (seeds --seed .. --seed + deals - 1) with each bot, `--workers`
processes (default one per core), and prints per bot: the score distribution, how many deals
were completed with 12 points or more (the rulebook's "deserves praise"; the hard bot's goal:
90 of 100), the mean score, how many were completed, and the mean time per decision.

`oracle` is not a level: it reads the real deck order (game.cementopia.oracle) to show what
each deal allows. With it and `hard` in --bots, a per-seed table compares the two.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter
from multiprocessing import Pool
from typing import Any, Iterable

from .bots import LEVELS
from .oracle import OracleBot
from .record import new_session
from .state import COMPLETE
from ..services.cli import ascii_int, count, seconds  # the shipped CLI's checks: no nan, inf or Unicode digits


# (outcome, score, seconds deciding, decisions, proven)
Played = tuple[str | None, int, float, int, bool | None]
ORACLE_BUDGET = 20_000  # positions per deal: about 5 s; most deals are proven well before


def play_deal(job: tuple[str, int, float | None, int | None]) -> Played:
    """(outcome, score, seconds deciding, decisions, proven: None, or for the oracle whether
    its search finished, so its score is the deal's best)."""
    level, seed, think, iterations = job
    session = new_session(seed, [{"name": level, "seat": level}])
    oracle = OracleBot(ORACLE_BUDGET)
    bot = None if level == "oracle" else LEVELS[level](seed=seed, think=think, iterations=iterations)
    spent = 0.0
    decisions = 0
    while not session.state.is_over():
        state = session.state
        start = time.perf_counter()
        if bot is None:
            action = oracle.decide_state(state)  # the real state: a benchmark, never a player
        else:
            action = bot.decide(state.view(0), state.legal_actions())
        spent += time.perf_counter() - start
        decisions += 1
        session.play(action)
    proven = oracle.proven if bot is None else None
    return session.state.outcome, session.state.score(), spent, decisions, proven


def praised(result: Played) -> bool:
    return result[0] == COMPLETE and result[1] >= 12


def summary(results: list[Played]) -> dict[str, Any]:
    scores = [r[1] for r in results]
    complete = [r[1] for r in results if r[0] == COMPLETE]
    decisions = sum(r[3] for r in results) or 1
    return {
        "deals": len(results),
        "distribution": {str(s): n for s, n in sorted(Counter(scores).items())},
        "complete_12_or_more": sum(1 for r in results if praised(r)),
        "share_12_or_more": round(sum(1 for r in results if praised(r)) / len(results), 3),
        "mean_score": round(sum(scores) / len(results), 2),
        "completed": len(complete),
        "mean_score_completed": round(sum(complete) / len(complete), 2) if complete else None,
        "seconds_per_decision": round(sum(r[2] for r in results) / decisions, 3),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.cementopia.perf")
    parser.add_argument("--deals", type=count(1), default=100)
    parser.add_argument("--seed", type=ascii_int, default=1)
    parser.add_argument("--bots", default="random,easy,hard")
    parser.add_argument("--think", type=seconds(60), help="time cap per decision (hard bot)")
    parser.add_argument("--iterations", type=count(1), help="guessed deck orders per decision (hard)")
    parser.add_argument("--workers", "--jobs", dest="workers", type=count(1),
                        default=os.cpu_count() or 1, help="processes (1 = no pool)")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.deals)
    figures: dict[str, Any] = {"seeds": [seeds[0], seeds[-1]], "goal_hard_12_or_more": 90}
    per_seed: dict[str, list[Any]] = {}
    pool = Pool(args.workers) if args.workers > 1 else None
    try:
        for level in args.bots.split(","):
            jobs = [(level, seed, args.think, args.iterations) for seed in seeds]
            start = time.perf_counter()
            results = pool.map(play_deal, jobs, chunksize=1) if pool else list(map(play_deal, jobs))
            per_seed[level] = results
            figures[level] = summary(results)
            figures[level]["wall_seconds"] = round(time.perf_counter() - start, 1)
            if level == "oracle":
                figures[level]["proven"] = sum(1 for r in results if r[4])
            figures[level]["per_seed"] = " ".join(f"{seed}:{r[1]}" for seed, r in zip(seeds, results))
            print(json.dumps({level: figures[level]}), flush=True)
    finally:
        if pool:
            pool.close()
    if "hard" in per_seed and "oracle" in per_seed:
        figures["hard_vs_oracle"] = compare(seeds, per_seed["hard"], per_seed["oracle"])
    print(json.dumps(figures, indent=1))


def compare(seeds: Iterable[int], hard: list[Played], oracle: list[Played]) -> dict[str, Any]:
    """Per seed "hard/oracle" scores (a * when the oracle's search was cut short, so the deal
    may allow more), and the deals where the oracle reached 12 and hard did not."""
    table = {str(seed): f"{h[1]}/{o[1]}{'' if o[4] else '*'}" for seed, h, o in zip(seeds, hard, oracle)}
    missed = [seed for seed, h, o in zip(seeds, hard, oracle) if praised(o) and not praised(h)]
    return {"per_seed": table, "oracle_12_or_more": sum(1 for o in oracle if praised(o)),
            "hard_12_or_more": sum(1 for h in hard if praised(h)),
            "missed_where_oracle_reached_12": missed,
            "mean_gap": round(sum(o[1] - h[1] for h, o in zip(hard, oracle)) / len(hard), 2)}


if __name__ == "__main__":
    main()
