"""One level against another at Alicematic: the hero's share of wins in one seat against a table
of the other level, the hero's seat rotating from game to game.

    python -m game.alicematic.bench --hero hard --against normal --players 4 --games 400 --seed 60601

Game i is dealt from seed + i with the hero in seat i % players; a win shared by k players counts
1/k. Prints JSON: the share with its 95% Wilson interval, the games, and the CPU seconds per hero
decision (all of them, and the searched ones: hard searches only the late game). Progress goes
to stderr every --every games. --jobs plays games in that many processes (the figures do not
depend on it when --iterations fixes the work; with a think time they depend on the machine).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from typing import Any

from ..services.cli import ascii_int, count, seconds
from ..core.intervals import wilson
from .bots import LEVELS
from .descriptor import PLAYER_COUNTS
from .state import AlicematicState

Game = tuple[float, int, float, int]  # (the hero's share of the win, decisions, CPU s, searched)


def play_game(seed: int, players: int, hero: str, against: str, seat: int,
              think: float | None = None, iterations: int | None = None) -> Game:
    """One game from `seed`, the hero in `seat`: the hero's share of the win, its decisions, the
    CPU seconds they took, and how many of them searched (a bot with `playouts`)."""
    state = AlicematicState.new(seed, players)
    bots: list[Any] = []
    for p in range(players):
        bot_seed = random.Random(f"{seed}:{p}").getrandbits(32)
        if p == seat:
            bots.append(LEVELS[hero](seed=bot_seed, think=think, iterations=iterations))
        else:
            bots.append(LEVELS[against](seed=bot_seed))
    decisions, cpu, searched = 0, 0.0, 0
    while state.turn is not None:
        p = state.turn
        legal = state.legal_actions()
        if p == seat:
            before = getattr(bots[p], "playouts", 0)
            started = time.process_time()
            action = bots[p].decide(state.view(p), legal)
            cpu += time.process_time() - started
            decisions += 1
            searched += getattr(bots[p], "playouts", 0) > before
        else:
            action = bots[p].decide(state.view(p), legal)
        state.apply_unchecked(action)
    winners = state.result().winners
    return (1 / len(winners) if seat in winners else 0.0), decisions, cpu, searched


def _one(job: tuple[int, int, str, str, int, float | None, int | None]) -> Game:
    return play_game(*job)


def bench(hero: str, against: str, players: int, games: int, seed: int,
          think: float | None = None, iterations: int | None = None, jobs: int = 1,
          every: int = 0) -> dict[str, Any]:
    work = [(seed + i, players, hero, against, i % players, think, iterations)
            for i in range(games)]
    results: list[Game] = []
    started = time.perf_counter()

    def tell(done: list[Game]) -> None:
        if every and len(done) % every == 0:
            share = sum(g[0] for g in done) / len(done)
            print(f"{len(done)}/{games} games: share {share:.3f}, "
                  f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for game in pool.imap(_one, work):  # in order: the same figures as one process
                results.append(game)
                tell(results)
    else:
        for job in work:
            results.append(_one(job))
            tell(results)
    wins = sum(g[0] for g in results)
    decisions = sum(g[1] for g in results)
    cpu = sum(g[2] for g in results)
    searched = sum(g[3] for g in results)
    return {"hero": hero, "against": against, "players": players, "games": games, "seed": seed,
            "think": think, "iterations": iterations,
            "share": wilson(wins, games).json(),
            "cpu_s_per_decision": round(cpu / max(1, decisions), 3),
            "decisions_per_game": round(decisions / max(1, games), 1),
            "searched_per_game": round(searched / max(1, games), 1),
            "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.alicematic.bench")
    parser.add_argument("--hero", default="hard", choices=sorted(LEVELS))
    parser.add_argument("--against", default="normal", choices=sorted(LEVELS))
    parser.add_argument("--players", type=int, default=4, choices=PLAYER_COUNTS)
    parser.add_argument("--games", type=count(1), default=400)
    parser.add_argument("--seed", type=ascii_int, default=1)
    parser.add_argument("--think", type=seconds(60),
                        help="CPU seconds the hero may search per decision (hard: 0.8 by default)")
    parser.add_argument("--iterations", type=count(1),
                        help="sampled deals per decision instead of a time (the same everywhere)")
    parser.add_argument("--jobs", type=count(1, 16), default=1, help="processes playing games")
    parser.add_argument("--every", type=count(0), default=20,
                        help="progress to stderr every this many games (0: none)")
    args = parser.parse_args(argv)
    print(json.dumps(bench(args.hero, args.against, args.players, args.games, args.seed,
                           args.think, args.iterations, args.jobs, args.every)))


if __name__ == "__main__":
    main()
