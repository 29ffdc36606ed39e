"""Bot ratings from ladder games: `python -m game.ratings RESULTS... [--write]`.

The ladder (`python -m game.ladder --results FILE`) writes one JSON line per game: the level in
each seat and each seat's final key (score, then the tiebreakers). Every pair of seats with
different levels in a game is one comparison (a tie is half a win each); a Bradley-Terry fit of
all of them gives each level a strength, printed on the Elo scale (400 points = 10 to 1 odds in a
head-to-head comparison) with `normal` at 1500. `--write` stores them in assets/bot-ratings.json,
where the setup screen reads them.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

from .paths import asset

ANCHOR, ANCHOR_RATING = "normal", 1500
RATINGS_FILE = ("bot-ratings.json",)


def comparisons(games) -> dict[tuple[str, str], float]:
    """(a, b) -> how many times level a came out ahead of level b (ties count half)."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for game in games:
        levels, keys = game["levels"], [tuple(k) for k in game["keys"]]
        for i in range(len(levels)):
            for j in range(i + 1, len(levels)):
                a, b = levels[i], levels[j]
                if a == b:
                    continue
                if keys[i] > keys[j]:
                    wins[a, b] += 1
                elif keys[i] < keys[j]:
                    wins[b, a] += 1
                else:
                    wins[a, b] += 0.5
                    wins[b, a] += 0.5
    return dict(wins)


def fit(wins: dict[tuple[str, str], float], rounds: int = 2000) -> dict[str, float]:
    """Bradley-Terry strengths by the minorization-maximization updates (Hunter 2004), as Elo
    ratings. A level that never lost (or never won) has no finite rating: a tenth of a
    comparison each way keeps it finite and says "at least this far apart"."""
    levels = sorted({level for pair in wins for level in pair})
    pairs = {(a, b) for a in levels for b in levels if a < b
             and (wins.get((a, b), 0) or wins.get((b, a), 0))}
    w = {key: value for key, value in wins.items()}
    for a, b in pairs:
        w[a, b] = w.get((a, b), 0.0) + 0.1
        w[b, a] = w.get((b, a), 0.0) + 0.1
    strength = {level: 1.0 for level in levels}
    for _ in range(rounds):
        new = {}
        for a in levels:
            won = sum(w.get((a, b), 0.0) for b in levels if b != a)
            denom = sum((w.get((a, b), 0.0) + w.get((b, a), 0.0)) / (strength[a] + strength[b])
                        for b in levels if b != a)
            new[a] = won / denom if denom else strength[a]
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {level: v / scale for level, v in new.items()}
    ratings = {level: 400 * math.log10(v) for level, v in strength.items()}
    shift = ANCHOR_RATING - ratings.get(ANCHOR, 0.0) if ANCHOR in ratings else 0.0
    return {level: round(r + shift) for level, r in ratings.items()}


def read_results(paths) -> list[dict]:
    games = []
    for path in paths:
        for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                game = json.loads(line)
                ok = (isinstance(game, dict) and isinstance(game.get("levels"), list)
                      and isinstance(game.get("keys"), list)
                      and len(game["levels"]) == len(game["keys"]) >= 2)
            except json.JSONDecodeError:
                ok = False
            if not ok:
                raise ValueError(f"{path}:{number}: not a ladder result line")
            games.append(game)
    return games


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
    parser = argparse.ArgumentParser(prog="python -m game.ratings", description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="+", help="JSON-lines files from python -m game.ladder --results")
    parser.add_argument("--game", default="assemble")
    parser.add_argument("--write", action="store_true", help="store the ratings in assets/bot-ratings.json")
    args = parser.parse_args(argv)
    try:
        games = read_results(args.results)
    except (OSError, ValueError) as exc:
        parser.error(str(exc))
    wins = comparisons(games)
    if not wins:
        parser.error("no game in these files compares two different levels")
    ratings = fit(wins)
    print(f"{len(games)} games, {sum(wins.values()):.0f} comparisons")
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
        data["about"] = ("Bot ratings (Elo scale, normal = 1500) fitted by python -m game.ratings "
                         "from ladder games; see docs/bot-strength.md.")
        data["games"][args.game] = {"ratings": ratings, "games": len(games)}
        path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
