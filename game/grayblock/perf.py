"""Bot strength: `python -m game.grayblock.perf [--matches N]` prints win shares (not a test).
`--long-record [--hands N ...]`: what replaying a match of many hands costs, for each reader.

Every table of 2 (or 3) levels plays N deals in duplicate: each seed's match is played once per
seating (every order of the levels around the table: with 3 players both directions, since who
plays after whom matters in dominoes), so every level gets the same cards and the same start
seats (hand k's deal depends only on the seed and k). A level may sit at a table twice
(`--levels normal,normal,easy`): its share is then per seat (its wins over its seats played), so
every share is comparable with an even 1/n. Shares come with 95% Wilson intervals over all seats
played (conservative: the seatings of one seed tend to cancel each other's luck). Hard is told
who sits where, as in the app (`--blind`: not).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import time
from typing import Any, Callable

from ..bots import make_bot
from ..core.commands import Session
from ..services.play import play_out
from .record import new_session, to_record
from .setup import Rules
from .state import GrayblockState
from ..services.cli import ascii_int, count, seconds  # the shipped CLI's checks: no nan, inf or Unicode digits

ORDER = ("random", "easy", "normal", "hard")


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    mid = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, mid - half), min(1.0, mid + half)


def play_table(levels: tuple[str, ...], matches: int, rules: Rules, target: int,
               seed: int, think: float | None = None, blind: bool = False) -> dict[str, Any]:
    """Wins per seat of each level over `matches` matches, each played in every seating."""
    wins = {level: 0 for level in levels}
    seats_of = {level: levels.count(level) for level in levels}
    seatings = list(dict.fromkeys(itertools.permutations(levels)))
    for m in range(matches):
        match_seed = seed * 100003 + m
        for shift, seats in enumerate(seatings):
            names = [{"name": s, "seat": s} for s in seats]
            session = new_session(match_seed, names, rules, target)
            told = None if blind else list(seats)
            bots = {i: make_bot(s, "grayblock", random.Random(f"{match_seed}:{shift}:{i}")
                                .getrandbits(32), think, seats=told) for i, s in enumerate(seats)}
            play_out(session, bots)
            champion = session.state.champion
            assert champion is not None  # the match was played out
            wins[seats[champion]] += 1
    out = {}
    for level in seats_of:
        games = matches * len(seatings) * seats_of[level]  # seats this level played
        low, high = wilson(wins[level], games)
        out[level] = {"seats": seats_of[level], "games": games,
                      "share": round(wins[level] / games, 3),
                      "ci95": [round(low, 3), round(high, 3)]}
    return out


def long_record(hands: int, seed: int = 1, players: int = 2) -> dict[str, Any]:
    """A finished match of about `hands` hands (issue 40: replays must be linear in them), played
    by seeded random legal actions. The target is chosen so the match ends when a hand's winner
    first leads everyone and reaches it: the first such hand from `hands` on."""
    seats = [{"name": f"P{p + 1}", "seat": "random"} for p in range(players)]

    def play(target: int, until: int | None) -> Session[GrayblockState]:
        session = new_session(seed, seats, target=target, snapshots=False)
        rng = random.Random(seed)
        state, history = session.state, session.history
        while not state.is_over() and (until is None or len(state.results) < until):
            history.apply_unchecked(rng.choice(state.legal_actions()))
        return session

    trial = play(10 ** 12, hands + hands // 4 + 50).state
    totals = [0] * players
    highest = 0
    for number, result in enumerate(trial.results, start=1):
        totals[result.winner] += result.points
        if number >= hands and totals[result.winner] > highest:
            target = totals[result.winner]  # nobody had it before: the match ends here
            return to_record(play(target, None))
        highest = max(highest, totals[result.winner])
    raise AssertionError("no hand ended the match")  # pragma: no cover


def measure(work: Callable[[], object]) -> tuple[float, int]:
    """(seconds, peak bytes) of work(): timed once untraced (processor time: the figures hold on
    a busy machine), then run again under tracemalloc."""
    import gc
    import tracemalloc
    gc.collect()
    started = time.process_time()
    work()
    seconds = time.process_time() - started
    gc.collect()
    tracemalloc.start()
    try:
        work()
        return seconds, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def long_records(sizes: list[int], seed: int) -> None:
    """`--long-record`: what replaying a match of 1,000 / 4,000 / 12,000 hands costs (issue 40),
    for each reader of records: verify (the CLI's verify and every file opened or dropped), a
    replay that can undo every move (a resumed game), the History's reader (game.storage.history.entry_of)
    and the replay viewer's positions (game.core.positions, without the drawing). Ratios are to the
    size before: linear costs grow as the hands do."""
    from ..core import records
    from ..storage.history import entry_of
    from ..core.positions import Positions

    def viewer(record: dict[str, Any]) -> None:
        """What the replay viewer does besides drawing: the record verified, its positions walked
        once (kept at most positions.LIMIT), then ten steps back from the end."""
        history = records.verified(record).history
        positions = Positions(history.start, history.actions)
        for _step in positions.walk():
            pass
        state = positions.at(positions.total)
        for back in range(1, 11):
            state = positions.at(positions.total - back, state, positions.total - back + 1)

    readers: dict[str, Callable[[dict[str, Any]], object]] = {
        "verify": records.verify,
        "replay": records.replay,
        "history": lambda record: entry_of(record, records.utc_stamp(0)),
        "viewer": viewer,
    }
    before: dict[str, Any] = {}
    for hands in sizes:
        record = long_record(hands, seed)
        text = json.dumps(record)
        row: dict[str, Any] = {"hands": len(record["hands"]),
                     "actions": sum(len(hand["actions"]) for hand in record["hands"]),
                     "bytes": len(text)}
        for name, read in readers.items():
            seconds, peak = measure(lambda: read(json.loads(text)))
            row[name] = {"s": round(seconds, 3), "peak_mb": round(peak / 1e6, 1)}
            if before:
                grew = row["hands"] / before["hands"]
                row[name]["x_time"] = round(seconds / before[name]["s"], 1)
                row[name]["x_peak"] = round(peak / 1e6 / max(before[name]["peak_mb"], 0.1), 1)
                row[name]["x_hands"] = round(grew, 1)
        print(json.dumps(row), flush=True)
        before = row


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.grayblock.perf")
    parser.add_argument("--long-record", action="store_true",
                        help="instead of bot strength: the time and peak memory of replaying "
                             "matches of many hands (--hands)")
    parser.add_argument("--hands", type=count(1), action="append",
                        help="with --long-record: match lengths (default 1000, 4000 and 12000)")
    parser.add_argument("--matches", type=count(1), default=100,
                        help="seeds per table (each played once per seating)")
    parser.add_argument("--players", type=int, action="append", choices=(2, 3),
                        help="table sizes (default: 2 and 3)")
    parser.add_argument("--rules", default="", help="'water-veins' or empty")
    parser.add_argument("--target", type=count(1), default=100)
    parser.add_argument("--seed", type=ascii_int, default=1)
    parser.add_argument("--think", type=seconds(60), help="seconds the hard bot may think per decision")
    parser.add_argument("--blind", action="store_true",
                        help="do not tell the bots who sits where (by default hard plays an easy "
                             "seat in its playouts as easy does)")
    parser.add_argument("--levels", action="append",
                        help="one table, e.g. hard,normal or normal,normal,easy (repeatable; "
                             "default: every table of different levels)")
    args = parser.parse_args(argv)
    if args.long_record:
        long_records(args.hands or [1000, 4000, 12000], args.seed)
        return
    rules = Rules.parse(args.rules)
    if args.levels:
        tables = [tuple(text.split(",")) for text in args.levels]
        unknown = {level for table in tables for level in table} - set(ORDER)
        if unknown or any(len(set(t)) < 2 or len(t) not in (2, 3, 4) for t in tables):
            parser.error(f"--levels takes 2 to 4 levels of {', '.join(ORDER)}, at least 2 different")
    else:
        tables = [tuple(reversed(levels))  # strongest first in the listing
                  for players in args.players or (2, 3)
                  for levels in itertools.combinations(ORDER, players)]
    started = time.perf_counter()
    for levels in tables:  # every table plays the same seeds
        shares = play_table(levels, args.matches, rules, args.target, args.seed, args.think,
                            args.blind)
        print(json.dumps({"players": len(levels), "rules": rules.to_json(), "shares": shares}),
              flush=True)
    print(json.dumps({"seconds": round(time.perf_counter() - started, 1)}))


if __name__ == "__main__":
    main()
