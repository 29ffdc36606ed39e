"""Bot ratings from ladder games: `python -m game.services.ratings RESULTS... [--write]`.

The ladder (`python -m game.tools.ladder --results FILE`) writes one JSON line per game: the level in
each seat and each seat's final key (score, then the tiebreakers). What counts is who wins the
game (the game is winner-take-all: a bot that often wins and often comes last is strong, one that
is always second is not), so the fit is of the winners: the Luce choice model, where a seat wins
with probability proportional to its level's strength. Printed on the Elo scale (400 points = 10
to 1 odds between two seats) with `normal` at 1500. `--write` stores them in assets/bot-ratings.json,
where the setup screen reads them. `--paired A B` compares two heroes that played the same deals
from the same seats (each line also names its deal and the hero's seat).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Iterable

from ..core import registry
from ..bots import bot_levels
# the shipped CLI's checks: no nan, inf, Unicode digits or empty paths
from .cli import path_arg, seconds
from ..core.paths import asset
from ..core.files import Unreadable, describe, read_bounded

ANCHOR, ANCHOR_RATING = "normal", 1500
RATINGS_FILE = ("bot-ratings.json",)
MAX_RESULTS_BYTES = 256 * 1024 * 1024  # a result line takes about 200 bytes: a million games


def seat_shares(keys: Iterable[Iterable[int]]) -> list[float]:
    """Each seat's win share of a game from the seats' final keys: the winners share the win."""
    finals = [tuple(key) for key in keys]
    best = max(finals)
    winners = finals.count(best)
    return [1 / winners if key == best else 0.0 for key in finals]


def tables(games: Iterable[dict[str, Any]]) -> list[tuple[dict[str, int], dict[str, float]]]:
    """Each game as (seats per level, wins per level): the winners share the win."""
    out = []
    for game in games:
        levels = game["levels"]
        seats: dict[str, int] = defaultdict(int)
        wins: dict[str, float] = defaultdict(float)
        for level, share in zip(levels, seat_shares(game["keys"])):
            seats[level] += 1
            wins[level] += share
        if len(seats) > 1:  # a table of one level says nothing about the levels' strengths
            out.append((dict(seats), dict(wins)))
    return out


def fit(games: list[tuple[dict[str, int], dict[str, float]]],
        rounds: int = 3000) -> dict[str, int]:
    """Strengths s such that a seat of level l wins a game with probability s_l / (sum of s over
    the table's seats): the Luce choice model, Bradley-Terry for a table of several. Fitted by
    the minorization-maximization updates (Hunter 2004) and given as Elo ratings. A level that
    never won would have no finite rating: a tenth of a win given to every level keeps it
    finite."""
    levels = sorted({level for seats, _ in games for level in seats})
    won = {level: 0.1 for level in levels}
    for _seats, wins in games:
        for level, share in wins.items():
            won[level] += share
    # the update reads only who sat at each table: tables seated alike are counted once, times
    # how many there were (a ladder plays a few seatings hundreds of times)
    seatings = Counter(tuple(sorted(seats.items())) for seats, _wins in games)
    strength = {level: 1.0 for level in levels}
    for _ in range(rounds):
        denom = {level: 0.0 for level in levels}
        for seats, count in seatings.items():
            total = sum(strength[level] * n for level, n in seats)
            for level, n in seats:
                denom[level] += count * n / total
        new = {level: won[level] / denom[level] for level in levels}
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {level: v / scale for level, v in new.items()}
        settled = all(abs(new[level] - strength[level]) <= 1e-12 * strength[level] for level in levels)
        strength = new
        if settled:  # (far below the rounding to whole Elo points)
            break
    ratings = {level: 400 * math.log10(v) for level, v in strength.items()}
    shift = ANCHOR_RATING - ratings[ANCHOR] if ANCHOR in ratings else 0.0
    return {level: round(r + shift) for level, r in ratings.items()}


def _is_key(key: object) -> bool:
    return (isinstance(key, list) and 0 < len(key) <= 8
            and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**6 for v in key))


def read_results(paths: Iterable[str | os.PathLike[str]]) -> list[dict[str, Any]]:
    """Every result line of these files, but games where an external bot failed and easy played
    its seat on (they measure neither level); the first bad line raises ValueError naming its
    place."""
    games = []
    for path in paths:
        try:  # the bounded reader: a FIFO would block, /dev/zero never ends
            text = read_bounded(Path(path), MAX_RESULTS_BYTES).decode("utf-8")
        except (OSError, Unreadable, UnicodeDecodeError) as exc:
            raise ValueError(f"cannot read {path}: {describe(exc)}") from None
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                game = json.loads(line)
                ok = (isinstance(game, dict) and isinstance(game.get("levels"), list)
                      and isinstance(game.get("keys"), list)
                      and 2 <= len(game["levels"]) == len(game["keys"]) <= 8
                      and all(isinstance(level, str) and level for level in game["levels"])
                      and all(map(_is_key, game["keys"]))
                      and len({len(key) for key in game["keys"]}) == 1)
            except (json.JSONDecodeError, RecursionError):
                ok = False
            if not ok:
                raise ValueError(f"{path}:{number}: not a ladder result line")
            if not game.get("replaced"):
                games.append(game)
    return games


def paired(games: list[dict[str, Any]], first: str, second: str) -> dict[str, Any] | None:
    """Two heroes on the same deals, each in the same seat against the same levels, think time
    and clock: their mean win shares and the mean difference with its 95% half-width (a paired
    comparison: a deal's luck is shared, so it needs far fewer games than two separate rates).
    Lines without a deal number (older files) pair by their order. None: no pair."""
    groups: dict[tuple[Any, ...], dict[str, dict[tuple[int, int] | int, float]]] = {}
    for game in games:
        levels = game["levels"]
        for level in (first, second):
            if levels.count(level) != 1:
                continue
            seat = levels.index(level)
            others = tuple(levels[:seat] + levels[seat + 1:])
            setting = (others, game.get("think"), game.get("blind"), game.get("cpu_time"))
            group = groups.setdefault(setting, {first: {}, second: {}})[level]
            deal = game.get("deal")
            where: tuple[int, int] | int = (deal, seat) if isinstance(deal, int) else len(group)
            group.setdefault(where, seat_shares(game["keys"])[seat])
    pairs = [(by[first][where], by[second][where]) for by in groups.values()
             for where in by[first] if where in by[second]]
    if not pairs:
        return None
    n = len(pairs)
    diffs = [a - b for a, b in pairs]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else float("inf")
    return {"games": n, first: sum(a for a, _ in pairs) / n,
            second: sum(b for _, b in pairs) / n, "difference": mean,
            "half_width": 1.96 * spread / math.sqrt(n)}


_LOADED: dict[str, dict[str, int]] = {}


def load_ratings(game: str) -> dict[str, int]:
    """The stored ratings of a game's levels ({} when none are stored or the file is unreadable:
    the setup screen then shows the levels without them). Read once per game: screens ask for
    them every frame."""
    if game not in _LOADED:
        _LOADED[game] = _read_ratings(game)
    return _LOADED[game]


def _read_ratings(game: str) -> dict[str, int]:
    try:
        data = json.loads(asset(*RATINGS_FILE).read_text(encoding="utf-8"))
        table = data["games"][game]["ratings"]
        return {level: int(r) for level, r in table.items()
                if isinstance(level, str) and isinstance(r, int) and not isinstance(r, bool)}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.services.ratings", description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="+", type=path_arg, help="JSON-lines files from python -m game.tools.ladder --results")
    parser.add_argument("--game", default=registry.GAMES[0].id, choices=registry.ids())
    parser.add_argument("--think", type=seconds(60), default=None,
                        help="only the games played at this think time (the app's is 0.8)")
    parser.add_argument("--write", action="store_true", help="store the ratings in assets/bot-ratings.json")
    parser.add_argument("--paired", nargs=2, metavar=("A", "B"),
                        help="instead of ratings: level A against level B as heroes on the same "
                             "deals, seats and opponents (the difference of their win shares)")
    args = parser.parse_args(argv)
    if args.paired and args.write:
        parser.error("--paired prints a comparison; it writes no ratings")
    try:
        games = read_results(args.results)
    except ValueError as exc:
        parser.error(str(exc))
    if args.think is not None:
        games = [game for game in games if game.get("think") == args.think]
    if args.paired:
        first, second = args.paired
        if first == second:
            parser.error("--paired needs two different levels")
        result = paired(games, first, second)
        if result is None:
            parser.error(f"no deal in these files was played by both {first} and {second} "
                         "in the same seat against the same levels")
        print(f"{result['games']} paired games: {first} {result[first]:.3f}, "
              f"{second} {result[second]:.3f}, difference {result['difference']:+.3f} "
              f"± {result['half_width']:.3f} (95%)")
        return 0
    played = tables(games)
    if not played:
        parser.error("no game in these files seats two different levels")
    ratings = fit(played)
    print(f"{len(played)} games between different levels")
    for level, rating in sorted(ratings.items(), key=lambda item: -item[1]):
        print(f"  {level:<8} {rating:5d}")
    if args.write:
        path = asset(*RATINGS_FILE)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
            data = {"games": {}}
        data["about"] = ("Bot ratings (Elo scale, normal = 1500) fitted by python -m game.services.ratings "
                         "from ladder games; see docs/bot-strength.md.")
        offered = set(bot_levels(args.game))  # the oracle's figure is for the docs only
        data["games"][args.game] = {"ratings": {level: r for level, r in ratings.items()
                                                if level in offered},
                                    "games": len(played)}
        spare = path.with_suffix(".tmp")
        try:  # whole or not at all: the setup screen reads this file
            spare.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
            spare.replace(path)
        except OSError as exc:
            spare.unlink(missing_ok=True)
            parser.error(f"cannot write {path}: {exc.strerror or exc}")
        print(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
