"""Benchmark of the post-game review (issue 42). Prints figures; asserts nothing (a slow machine is
not a failure).

    python -m game.review_perf [--game ID] [--games 20] [--iterations N] [--hard-iterations 1000]

Plays 4-player games of the game (the first registered with a review unless --game names
another; Alice Assemble's by default) between random, easy, hard and normal seats (the seats
rotate from game to game), then reviews the random, easy and hard seats of every game with the
app's review (each decision from that player's view, forced moves skipped). Prints each level's
mean expected loss per decision, in points and in win share, the ratios to hard's (the issue
asks random >= 3 x hard, easy between), and the seconds one review of one player takes
(against the 30 s goal). The games' hard seats search a fixed number of iterations, so the
figures are the same on every run.
"""

from __future__ import annotations

import argparse
import random
import time

from . import registry
from .bots import make_bot
from .play import play_out
from .records import game_module, record_of
from .review import review

LEVELS = ["random", "easy", "hard", "normal"]
REVIEWED = ["random", "easy", "hard"]


def play_game(seed: int, seats: list[str], hard_iterations: int, game: str) -> dict:
    module = game_module(game)
    players = [{"name": f"{seat.title()} {i + 1}", "seat": seat} for i, seat in enumerate(seats)]
    session = module.new_session(seed, players, snapshots=False)
    bots = {}
    for i, seat in enumerate(seats):
        bot_seed = random.Random(f"{seed}:{i}").getrandbits(32)
        bots[i] = make_bot(seat, game, bot_seed, seats=seats,
                           iterations=hard_iterations if seat == "hard" else None)
    play_out(session, bots)
    return record_of(session)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.review_perf")
    reviewed = [game.id for game in registry.GAMES if game.review and 4 in game.player_counts]
    parser.add_argument("--game", default=reviewed[0], choices=reviewed)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=None,
                        help="the review's per decision (default: the app's)")
    parser.add_argument("--hard-iterations", type=int, default=1000,
                        help="the hard seats' search per decision while the games are played")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    losses: dict[str, list[tuple[float, float, int]]] = {level: [] for level in REVIEWED}
    times: list[float] = []
    mistakes = {level: {"inaccuracy": 0, "mistake": 0, "blunder": 0} for level in REVIEWED}
    for game in range(args.games):
        seed = args.seed + game
        seats = LEVELS[game % 4:] + LEVELS[:game % 4]
        record = play_game(seed, seats, args.hard_iterations, args.game)
        for level in REVIEWED:
            seat = seats.index(level)
            start = time.perf_counter()
            result = review(record, seat, iterations=args.iterations)
            times.append(time.perf_counter() - start)
            for d in result.decisions:
                losses[level].append((d.loss_points, d.loss_win, 1))
            for size, n in result.mistakes().items():
                mistakes[level][size] += n
        print(f"game {game + 1}/{args.games} (seed {seed}, seats {', '.join(seats)}): reviews "
              f"{', '.join(f'{t:.1f}' for t in times[-3:])} s", flush=True)

    def mean(level: str, k: int) -> float:
        items = losses[level]
        return sum(item[k] for item in items) / max(1, len(items))

    print()
    print(f"mean expected loss per decision over {args.games} games of 4-player Alice Assemble")
    for level in REVIEWED:
        sizes = ", ".join(f"{n} {size}" for size, n in mistakes[level].items())
        print(f"  {level:<6}: {mean(level, 0):6.3f} pts, {mean(level, 1):7.2%} win share "
              f"({len(losses[level])} decisions; {sizes})")
    hard_points, hard_win = mean("hard", 0), mean("hard", 1)
    for level in ("random", "easy"):
        points = mean(level, 0) / hard_points if hard_points else float("inf")
        win = mean(level, 1) / hard_win if hard_win else float("inf")
        print(f"  ratio {level}/hard: {points:.2f} in points, {win:.2f} in win share")
    times.sort()
    print(f"seconds per review of one player: mean {sum(times) / len(times):.2f}, "
          f"median {times[len(times) // 2]:.2f}, max {times[-1]:.2f} (goal: at most 30)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
