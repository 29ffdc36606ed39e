"""Bot strength ladder: `python -m game.tools.ladder [--game ID] [--games N] [--think S] [--pairings ...]`.

Each pairing plays one bot (the hero) against copies of another, seats rotated: every deal is
played once with the hero in each seat, which cancels most of the luck of the deal. The table
gives the hero's win share (shared wins split) with a 95% Wilson interval, parity, the goal and
the hero's mean time per decision. Games run in parallel processes.

The game is one whose declaration names its ladder's pieces (GameInfo.ladder: default pairings
and goals, think time, the search's clock; the first registered unless --game names another).
Besides the offered levels, its oracles (Alice Assemble's `oracle`: hard's search told the real
deck order) may sit in a pairing: they bound what the hidden cards cost. `--results FILE` appends a
line per game (each seat's level and final key) for the ratings (python -m game.services.ratings). Its
trial levels (Alice Assemble's learned evaluation: `hard-net`, `hard-net1`, `hard-net3`) may sit in
a pairing too, and so may an external program (`cmd:PROGRAM`, bot-protocol.md), such as
tests/bots/greedy_bot.py, a greedy bot the search has no model of.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from dataclasses import dataclass, field
from typing import IO, Any, Callable, cast

from ..core import registry
from ..bots import Bot, Watcher, bot_levels, parallel, watches
from ..bots.external import check_program
# the shipped CLI's checks: no nan, inf, Unicode digits or empty paths
from ..services.cli import ascii_int, count, path_arg, seconds


def laddered() -> list[str]:
    """The games with a ladder, in the app's order."""
    return [game.id for game in registry.GAMES if game.ladder]


def pieces(game: str) -> Any:
    """The game's ladder pieces (GameInfo.ladder)."""
    return registry.tool(game, "ladder", registry.info(game).ladder)


@dataclass(frozen=True)
class Pairing:
    hero: str
    villain: str
    players: int
    game: str = field(default_factory=lambda: laddered()[0])

    @classmethod
    def parse(cls, text: str, game: str | None = None) -> "Pairing":
        # an external program (cmd:...) may have @ in its command line: only a final @2..@4 counts
        body, at, count = text.rpartition("@")
        if not at or not count.isascii() or not count.isdigit():
            body, count = text, ""
        hero, sep, villain = body.partition("-vs-")
        if not sep or not hero or not villain:
            raise ValueError(f"pairing {text!r}: write HERO-vs-VILLAIN, optionally @2 or @3")
        players = int(count) if count else 4
        if players not in (2, 3, 4):
            raise ValueError(f"pairing {text!r}: 2 to 4 players")
        return cls(hero, villain, players, *([game] if game else []))

    @property
    def label(self) -> str:
        others = "" if self.players == 2 else f"{self.players - 1} "
        return f"{self.players}p {self.hero} vs {others}{self.villain}"

    @property
    def key(self) -> str:
        return f"{self.hero}-vs-{self.villain}" + ("" if self.players == 4 else f"@{self.players}")


def play_game(task: tuple[Any, ...]) -> tuple[float, float, int, dict[str, Any]]:
    """One game: (hero's win share, hero's seconds per decision, decisions, the result line for
    game.services.ratings: each seat's level and final key)."""
    from ..bots import make_bot, seat_bot
    from ..services.play import play_out

    pairing, index, think, iterations, seed, *rest = task
    game = pieces(pairing.game)
    blind = bool(rest and rest[0])  # bots not told who sits where
    if len(rest) > 1 and rest[1]:  # think time counted in CPU seconds of this process
        game.count_cpu_time()
    players = pairing.players
    deal, hero = divmod(index, players)
    names = [{"name": f"P{i}", "seat": pairing.hero if i == hero else pairing.villain}
             for i in range(players)]
    session = registry.game_module(pairing.game).new_session(seed + deal, names)
    bots: dict[int, Bot] = {}
    levels = [entry["seat"] for entry in names]
    seats = None if blind else levels
    for i, entry in enumerate(names):
        bot_seed = random.Random(f"{seed}:{index}:{i}").getrandbits(32)
        if entry["seat"] in game.ORACLES:  # benchmark only: it reads the real deck order
            oracle: Any = game.ORACLES[entry["seat"]](bot_seed, think, iterations)
            oracle.truth = session
            bots[i] = seat_bot(oracle, seats)
        elif entry["seat"] in game.TRIALS:  # benchmark only until the ladder shows it helps
            bots[i] = seat_bot(game.TRIALS[entry["seat"]](bot_seed, think, iterations), seats)
        else:
            bots[i] = make_bot(entry["seat"], pairing.game, bot_seed, think, iterations=iterations,
                               seats=seats)
    timer = _Timed(bots[hero], game.clock)
    bots[hero] = timer
    play_out(session, bots)
    read = getattr(timer.bot, "readings", None)  # what a reading hero learned of the others
    winners = session.state.winners()
    share = 1.0 / len(winners) if hero in winners else 0.0
    # an external bot that failed was replaced by easy: the game no longer measures it
    replaced = [i for i, entry in enumerate(names) if "replaced_at" in entry]
    line = {"levels": levels, "replaced": replaced, "deal": seed + deal, "seat": hero,
            "keys": [list(key) for key in session.state.player_keys()],
            "think": think, "iterations": iterations, "blind": blind,
            "helpers": parallel.helpers(), "cpu_time": len(rest) > 1 and bool(rest[1])}
    if read is not None:
        line["readings"] = {str(seat): shares for seat, shares in read().items()}
    return share, timer.seconds / max(1, timer.calls), timer.calls, line


class _Timed:
    def __init__(self, bot: Bot, clock: Callable[[], Callable[[], float]]):
        self.bot, self.name, self.clock = bot, bot.name, clock
        self.seconds, self.calls = 0.0, 0
        if watches(bot):  # a bot that learns from the others' moves still hears them
            self.watch = cast(Watcher, bot).watch

    def decide(self, view: Any, legal: list[Any]) -> Any:
        clock = self.clock()  # the search's: wall time, or CPU time with --cpu-time
        start = clock()
        action = self.bot.decide(view, legal)
        self.seconds += clock() - start
        self.calls += 1
        return action


def interval(shares: list[float]) -> tuple[float, float, float]:
    """Mean win share and its 95% Wilson interval (draws count as fractions of a win)."""
    n, z = len(shares), 1.96
    mean = sum(shares) / n
    center = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n))
    return mean, max(0.0, center - half), min(1.0, center + half)


def run_pairing(pairing: Pairing, games: int, think: float | None, iterations: int | None,
                seed: int, pool: Any, results: IO[str] | None = None, blind: bool = False,
                cpu: bool = False) -> dict[str, Any]:
    # round up to whole deals so that every deal is played from every seat
    games = -(-games // pairing.players) * pairing.players
    tasks = [(pairing, i, think, iterations, seed, blind, cpu) for i in range(games)]
    start = time.perf_counter()
    played = []
    for result in (pool.imap(play_game, tasks, chunksize=1) if pool else map(play_game, tasks)):
        played.append(result)
        if results is not None:
            try:
                results.write(json.dumps(result[3]) + "\n")
                results.flush()
            except OSError as exc:  # a full disk: the table still comes out
                print(f"results file: {exc.strerror or exc}; no more result lines written",
                      file=sys.stderr)
                results = None
    replaced = sum(1 for r in played if r[3]["replaced"])
    if replaced:  # those seats were played by easy from the failure on
        print(f"{pairing.label}: in {replaced} of {len(played)} games an external bot failed and "
              "easy played its seat on", file=sys.stderr, flush=True)
    shares = [r[0] for r in played]
    mean, low, high = interval(shares)
    decisions = sum(r[2] for r in played)
    per_decision = sum(r[1] * r[2] for r in played) / max(1, decisions)
    return {"pairing": pairing.label, "key": pairing.key, "games": games, "share": mean,
            "read": mean_reading([r[3].get("readings") for r in played]),
            "low": low, "high": high, "parity": 1 / pairing.players,
            "goal": goal_for(pairing, think), "ms_per_decision": per_decision * 1000,
            "minutes": (time.perf_counter() - start) / 60}


def mean_reading(readings: list[dict[str, dict[str, float]] | None]) -> dict[str, float]:
    """The hero's belief about the other seats at the end of each game, averaged over the seats
    and games: how it read the villain (empty for a hero that reads nobody)."""
    total: dict[str, float] = {}
    seats = 0
    for reading in readings:
        for shares in (reading or {}).values():
            seats += 1
            for name, share in shares.items():
                total[name] = total.get(name, 0.0) + share
    return {name: share / seats for name, share in total.items()} if seats else {}


def format_reading(row: dict[str, Any]) -> str | None:
    """"  4p hard vs 3 cmd:...: greedy, low card on ties 0.91, greedy 0.05, normal 0.02"."""
    read = row.get("read")
    if not read:
        return None
    top = sorted(read.items(), key=lambda item: -item[1])[:3]
    return (f"  {row['pairing']}: "
            + ", ".join(f"{name} {share:.2f}" for name, share in top))


def goal_for(pairing: Pairing, think: float | None) -> float | None:
    game = pieces(pairing.game)
    if think is not None and think <= game.QUICK:
        goal: float | None = game.QUICK_GOALS.get(pairing.key)
        return goal
    goal = game.GOALS.get(pairing.key)
    return goal


def format_row(row: dict[str, Any]) -> str:
    goal = row["goal"]
    verdict = "" if goal is None else ("ok" if row["share"] >= goal else "below")
    goal_text = "-" if goal is None else f">= {goal:.2f} {verdict}"
    return (f"| {row['pairing']:<24} | {row['games']:>5} | {row['share']:.3f} "
            f"[{row['low']:.3f}, {row['high']:.3f}] | {row['parity']:.2f} | {goal_text:<13} "
            f"| {row['ms_per_decision']:7.1f} |")


HEADER = ("| pairing                  | games | hero win share [95%] | par  | goal          "
          "| hero ms |\n|--------------------------|-------|----------------------|------|"
          "---------------|---------|")


def seed_arg(text: str) -> int:
    """An argparse type: a seed in digits, or 'random' for one drawn from the system's entropy."""
    if text == "random":
        return random.SystemRandom().randrange(10**6, 10**7)
    return ascii_int(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.ladder", description=__doc__.split("\n")[0])
    parser.add_argument("--game", default=laddered()[0], choices=laddered(),
                        help="the game played (default: the first with a ladder)")
    parser.add_argument("--games", type=count(1), default=400, help="games per pairing (default 400)")
    parser.add_argument("--think", type=seconds(60), default=None,
                        help="seconds per decision for searching bots (default: the bots' own)")
    parser.add_argument("--iterations", type=count(1), default=None,
                        help="fixed playouts per decision instead of a time cap (reproducible)")
    parser.add_argument("--pairings", nargs="+", default=None,
                        help="HERO-vs-VILLAIN[@PLAYERS], e.g. hard-vs-easy hard-vs-easy@2 "
                             "(default: the game's own)")
    parser.add_argument("--seed", type=seed_arg, default=1000,
                        help="the first deal's seed (default 1000), or 'random': drawn now and "
                             "printed, for a final run on deals nobody tuned on")
    parser.add_argument("--blind", action="store_true",
                        help="do not tell the bots who sits where (by default hard expects an "
                             "easy seat to play as easy does)")
    parser.add_argument("--cpu-time", action="store_true",
                        help="count the think time in CPU seconds of the bot's process, not "
                             "wall time (fair on a machine busy with other work; no helpers)")
    parser.add_argument("--workers", type=count(1), default=os.cpu_count() or 1)
    parser.add_argument("--helpers", type=ascii_int, choices=range(parallel.MAX_HELPERS + 1),
                        default=0,
                        help="processes each timed search spreads over besides its own "
                             "(root parallel; needs --workers 1)")
    parser.add_argument("--results", metavar="FILE", type=path_arg,
                        help="append each game's levels and final keys (JSON lines) for "
                             "python -m game.services.ratings")
    args = parser.parse_args(argv)
    if args.helpers and args.cpu_time:
        parser.error("--cpu-time counts one process's time: leave out --helpers")
    if args.helpers and args.workers > 1:
        parser.error("--helpers needs --workers 1 (each worker would start its own helpers)")
    game = pieces(args.game)
    try:
        pairings = [Pairing.parse(p, args.game) for p in args.pairings or game.DEFAULT_PAIRINGS]
    except ValueError as exc:
        parser.error(str(exc))
    levels = bot_levels(args.game) + list(game.ORACLES) + list(game.TRIALS)
    for pairing in pairings:
        for level in (pairing.hero, pairing.villain):
            if level.startswith("cmd:"):
                try:
                    check_program(level[4:])
                except ValueError as exc:
                    parser.error(str(exc))
            elif level not in levels:
                parser.error(f"unknown level {level!r}: use {', '.join(levels)}, or cmd:PROGRAM")
    think = f"{args.think:g} s" if args.think is not None else f"default ({game.DEFAULT_THINK:g} s)"
    if args.iterations is not None:
        think = f"{args.iterations} playouts (no time cap)"
    print(f"{registry.info(args.game).title} ladder: {args.games} games per pairing, think {think}, "
          f"seed {args.seed}, {args.workers} workers" + (", blind" if args.blind else "")
          + (f", {args.helpers} search helpers" if args.helpers else "")
          + (", think in CPU time" if args.cpu_time else ""),
          flush=True)
    print(HEADER, flush=True)
    try:
        results = open(args.results, "a", encoding="utf-8") if args.results is not None else None
    except OSError as exc:
        parser.error(f"cannot write {args.results}: {exc.strerror or exc}")
    pool = multiprocessing.Pool(args.workers) if args.workers > 1 else None
    parallel.configure(args.helpers)
    readings: list[str] = []
    try:
        for pairing in pairings:
            row = run_pairing(pairing, args.games, args.think, args.iterations, args.seed, pool,
                              results, args.blind, args.cpu_time)
            print(format_row(row), flush=True)
            reading = format_reading(row)
            if reading:
                readings.append(reading)
        if readings:  # under the table, not inside it
            print("\nWhat each hero read of its opponents' play (mean belief at the game's end):")
            print("\n".join(readings), flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
        parallel.close()
        if results:
            results.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
