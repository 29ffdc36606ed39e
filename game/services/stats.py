"""Statistics from the records folder (issue 15): per game, per player name, computed from the
history's entries (game.storage.history: the index), so thousands of records take a fraction of a second.
Every registered game has its figures; its declaration (game.core.descriptor.Figures) says which.

A game with named players counts per player name (names folded for case and width; the newest
spelling is shown): games, wins and win share (a shared win counts as a win for each; Grayblock's
champion wins), by player count and by opponent level, average and best score, the score over
time and its distribution; and the figures a game counts of its own (Figures.extra, an Extra in
its package: Alice Assemble's shared wins, Grayblock's hands won by block and by going out with
the average points of a hand won, Alicematic's wins by the colour each seat played). A solo game's
records name no player (Cementopia): its figures are the folder's (attempts, each outcome, deals
played, best per deal, the daily-deal streak).

Assisted games (free undo across a bot's move or a deal, hints) are counted apart, under
"assisted": the main figures are the unassisted ones. Conceded games never reached a result:
they are counted apart too ("conceded"). Unreadable records are only counted.

The keys are English JSON (the CLI prints them); `text_report` words them for a terminal.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any, Iterable

import importlib

from ..core import registry
from ..core.descriptor import GameInfo
from ..storage.history import Entry, fold, is_date

if TYPE_CHECKING:
    from ..storage import Store

LEVEL_ORDER = ("human", "random", "easy", "normal", "hard", "expert", "external", "unknown")


def compute(entries: Iterable[Entry], today: datetime.date | None = None) -> dict[str, Any]:
    """{"games": {game: figures}, "records": n, "unreadable": n} (see the module's text)."""
    entries = list(entries)
    games = registry.GAMES
    by_game: dict[str, list[Entry]] = {game.id: [] for game in games}
    unreadable = 0
    for entry in entries:
        if entry.unreadable or entry.game not in by_game:
            unreadable += 1
        else:
            by_game[entry.game].append(entry)
    for items in by_game.values():
        items.sort(key=lambda e: (e.when, e.id))  # oldest first: the score over time
    return {
        "games": {game.id: solo(game, by_game[game.id], today) if game.solo
                  else versus(game, by_game[game.id]) for game in games},
        "records": len(entries), "unreadable": unreadable,
    }


# --- shared figures ---------------------------------------------------------------------------

def share(wins: int, games: int) -> float:
    return round(wins / games, 4) if games else 0.0


def scores_summary(points: list[tuple[str, int]], width: int) -> dict[str, Any]:
    """Average, best, the score over time ([[when, score]], oldest first) and the distribution
    ([[low, count]]: buckets of `width` points from `low`, empty buckets left out)."""
    scores = [s for _when, s in points]
    buckets: dict[int, int] = {}
    for s in scores:
        low = s - s % width
        buckets[low] = buckets.get(low, 0) + 1
    return {
        "average_score": round(sum(scores) / len(scores), 2) if scores else None,
        "best_score": max(scores) if scores else None,
        "score_over_time": [[when, s] for when, s in points],
        "distribution": {"width": width, "buckets": [[low, buckets[low]] for low in sorted(buckets)]},
    }


def opponents_key(entry: Entry, seat: int) -> str:
    """The opponents' levels: "normal" when all are normal, "easy+hard" when mixed."""
    kinds = {kind for i, (_name, kind) in enumerate(entry.players) if i != seat}
    return "+".join(k for k in LEVEL_ORDER if k in kinds) or "none"


class Tally:
    def __init__(self) -> None:
        self.games = self.wins = 0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won

    def json(self) -> dict[str, Any]:
        return {"games": self.games, "wins": self.wins, "win_share": share(self.wins, self.games)}


class Extra:
    """The figures a game counts of a player beyond the shared ones (its Figures.extra module's
    `Extra`): told every unassisted finished game the player played, its figures go into the
    player's after the key `after` (JSON keys, as the CLI prints them)."""

    after = "distribution"

    def add(self, entry: Entry, seat: int, won: bool) -> None:
        raise NotImplementedError

    def json(self) -> dict[str, Any]:
        raise NotImplementedError

    @staticmethod
    def words(figures: dict[str, Any]) -> str:
        """Its clause of a player's line in text_report ("; hands won 3 ..."), from json()'s."""
        return ""


def extra_of(game: GameInfo) -> Extra | None:
    if game.figures.extra is None:
        return None
    extra: Extra = importlib.import_module(game.figures.extra).Extra()
    return extra


def placed(figures: dict[str, Any], extra: dict[str, Any], after: str) -> dict[str, Any]:
    """figures with extra's keys right after the key `after` (at the end if it has none)."""
    keys = list(figures)
    at = keys.index(after) + 1 if after in keys else len(keys)
    return {**{k: figures[k] for k in keys[:at]}, **extra, **{k: figures[k] for k in keys[at:]}}


# --- games with named players -----------------------------------------------------------------

class PlayerFigures:
    def __init__(self, name: str, game: GameInfo):
        self.name, self.game = name, game
        self.all, self.assisted = Tally(), Tally()
        self.by_players: dict[str, Tally] = {}
        self.by_level: dict[str, Tally] = {}
        self.extra = extra_of(game)
        self.seats: dict[str, int] = {}
        self.points: list[tuple[str, int]] = []
        self.assisted_points: list[int] = []
        self.conceded = 0

    def add(self, entry: Entry, seat: int) -> None:
        kind = entry.players[seat][1]
        self.seats[kind] = self.seats.get(kind, 0) + 1
        if not entry.over:
            self.conceded += seat in entry.conceded
            return
        won = seat in entry.winners
        score = entry.scores[seat] if seat < len(entry.scores) else 0
        if entry.assisted:
            self.assisted.add(won)
            self.assisted_points.append(score)
            return
        self.all.add(won)
        self.by_players.setdefault(str(len(entry.players)), Tally()).add(won)
        self.by_level.setdefault(opponents_key(entry, seat), Tally()).add(won)
        self.points.append((entry.when, score))
        if self.extra is not None:
            self.extra.add(entry, seat, won)

    def json(self) -> dict[str, Any]:
        out = self.all.json()
        out["seats"] = dict(sorted(self.seats.items(), key=lambda kv: LEVEL_ORDER.index(kv[0])))
        out["by_players"] = {k: t.json() for k, t in sorted(self.by_players.items())}
        out["by_opponent_level"] = {k: t.json() for k, t in sorted(self.by_level.items())}
        out.update(scores_summary(self.points, self.game.figures.width))
        if self.extra is not None:
            out = placed(out, self.extra.json(), self.extra.after)
        extra = self.assisted_points
        out["assisted"] = dict(self.assisted.json(),
                               average_score=round(sum(extra) / len(extra), 2) if extra else None,
                               best_score=max(extra) if extra else None)
        out["conceded"] = self.conceded
        return out


def versus(game: GameInfo, entries: list[Entry]) -> dict[str, Any]:
    """A game with named players (entries oldest first)."""
    players: dict[str, PlayerFigures] = {}
    finished = assisted = conceded = 0
    for entry in entries:
        if entry.over:
            finished += 1
            assisted += entry.assisted
        else:
            conceded += bool(entry.conceded)
            if not entry.conceded:
                continue  # a game in progress (not written by the app): nothing to count
        seen: set[str] = set()
        for seat, (name, _kind) in enumerate(entry.players):
            key = fold(name)
            if key in seen:
                continue  # two seats of one name: the game counts once, at the first seat
            seen.add(key)
            figures = players.setdefault(key, PlayerFigures(name, game))
            figures.name = name  # the newest spelling
            figures.add(entry, seat)
    return {
        "finished": finished, "assisted": assisted, "conceded": conceded,
        "players": {f.name: f.json() for f in sorted(players.values(),
                                                     key=lambda f: (-f.all.games, fold(f.name)))},
    }


def kept(store: Store, today: datetime.date | None = None) -> dict[str, Any]:
    """compute() over every finished game in the store (game.storage), worked out once per change
    of the finished games and kept until the next: what `stats --json` prints and the Statistics
    screen shows. The key names what the figures depend on besides the games: the day (the
    daily streak), the app's version and the games registered (what is counted, and how)."""
    from .. import __version__
    today = today or datetime.date.today()
    key = f"statistics {__version__} {','.join(registry.ids())} {today.isoformat()}"
    return store.figures.get(key, lambda: compute(store.finished.entries(), today))


def player(entries: Iterable[Entry], name: str, today: datetime.date | None = None) -> dict[str, Any]:
    """One player's figures in every game with named players ({} where they never played), and
    the figures of a solo game: what the Statistics screen shows for a name."""
    return player_of(compute(entries, today), name)


def player_of(computed: dict[str, Any], name: str) -> dict[str, Any]:
    """player()'s figures, from compute()'s."""
    figures = computed["games"]
    key = fold(name)
    out: dict[str, Any] = {}
    for game in registry.GAMES:
        if game.solo:
            out[game.id] = figures[game.id]
            continue
        found = [v for k, v in figures[game.id]["players"].items() if fold(k) == key]
        out[game.id] = found[0] if found else {}
    return out


def the_player(computed: dict[str, Any], preferred: str | None = None) -> str | None:
    """Whose figures the Statistics screen opens on: the person at this computer, not a bot who
    sat in more games. `preferred` (the name last set up for a human seat) where it played in a
    human seat, else the name with the most games in a human seat, a typed name before the
    stand-in "You" the setup offers; None when no human played. The name as the records last
    spell it."""
    from ..core.words import is_you
    games: dict[str, int] = {}
    spelt: dict[str, str] = {}
    for game in registry.GAMES:
        if game.solo:
            continue
        for name, figures in compute_players(computed, game.id).items():
            human = (figures.get("seats") or {}).get("human", 0)
            if human:
                key = fold(name)
                games[key] = games.get(key, 0) + human
                spelt.setdefault(key, name)
    if not games:
        return None
    if preferred and fold(preferred) in games:
        return spelt[fold(preferred)]
    return spelt[min(games, key=lambda k: (is_you(spelt[k]), -games[k], k))]


def compute_players(computed: dict[str, Any], game: str) -> dict[str, Any]:
    """compute()'s figures per player name for one game with named players ({} if none)."""
    figures = (computed.get("games") or {}).get(game) or {}
    return figures.get("players") or {}


# --- a solo game ------------------------------------------------------------------------------

def solo(game: GameInfo, entries: list[Entry], today: datetime.date | None = None) -> dict[str, Any]:
    finished = [e for e in entries if e.over]
    plain = [e for e in finished if not e.assisted]
    helped = [e for e in finished if e.assisted]
    deals: dict[int | str, dict[str, Any]] = {}
    for e in finished:
        key = e.seed if e.seed is not None else f"game {e.id}"
        deal = deals.setdefault(key, {"seed": e.seed, "daily": e.daily, "attempts": 0,
                                      "best": None, "best_assisted": None})
        deal["attempts"] += 1
        deal["daily"] = deal["daily"] or e.daily
        slot = "best_assisted" if e.assisted else "best"
        score = e.scores[0] if e.scores else 0
        deal[slot] = score if deal[slot] is None else max(deal[slot], score)
    out: dict[str, Any] = {"finished": len(finished), **outcome_counts(game, plain),
                 "conceded": sum(bool(e.conceded) and not e.over for e in entries),
                 "deals_played": len(deals)}
    out.update(scores_summary([(e.when, e.scores[0] if e.scores else 0) for e in plain],
                              game.figures.width))
    helped_scores = [e.scores[0] if e.scores else 0 for e in helped]
    out["assisted"] = {"finished": len(helped), **outcome_counts(game, helped),
                       "average_score": round(sum(helped_scores) / len(helped_scores), 2)
                       if helped_scores else None,
                       "best_score": max(helped_scores) if helped_scores else None}
    out["best_per_deal"] = sorted(deals.values(), key=lambda d: (
        d["daily"] or "", d["seed"] if d["seed"] is not None else -1), reverse=True)
    if game.daily_seed is not None:
        out["daily"] = streaks([e.daily for e in finished if e.daily], today)
    return out


def outcome_counts(game: GameInfo, entries: list[Entry]) -> dict[str, int]:
    """How many games ended each way the game names ("complete": 5, "stuck": 2)."""
    return {outcome: sum(e.outcome == outcome for e in entries) for outcome, _word in game.outcomes}


def streaks(dates: Iterable[str], today: datetime.date | None = None) -> dict[str, Any]:
    """Days with a daily deal played: how many, the current streak (consecutive days ending today
    or yesterday: today's deal may still be ahead) and the best streak."""
    days = sorted({datetime.date.fromisoformat(d) for d in dates if is_date(d)})
    today = today or datetime.date.today()
    best = run = 0
    previous = None
    for day in days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        best = max(best, run)
        previous = day
    current = 0
    if days and (today - days[-1]).days in (0, 1):
        current = 1
        for a, b in zip(reversed(days[:-1]), reversed(days[1:])):
            if (b - a).days != 1:
                break
            current += 1
    return {"days": len(days), "streak": current, "best_streak": best,
            "last": days[-1].isoformat() if days else None}


# --- words for a terminal ---------------------------------------------------------------------

SHOWN_PLAYERS = 8


def num(value: object) -> str:
    return "-" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def text_report(figures: dict[str, Any]) -> str:
    lines = [f"{figures['records']} records"
             + (f", {figures['unreadable']} unreadable" if figures["unreadable"] else "")]
    for game in registry.GAMES:
        g = figures["games"].get(game.id)
        if g is not None:
            lines += solo_lines(game, g) if game.solo else versus_lines(game, g)
    return "\n".join(lines)


def versus_lines(game: GameInfo, g: dict[str, Any]) -> list[str]:
    lines = [f"{game.title}: {g['finished']} finished "
             f"({g['assisted']} assisted, {g['conceded']} conceded)"]
    names = list(g["players"].items())
    for name, p in names[:SHOWN_PLAYERS]:
        line = (f"  {name}: {p['games']} games, {p['wins']} wins "
                f"({round(p['win_share'] * 100)}%), average {num(p['average_score'])}, "
                f"best {num(p['best_score'])}")
        if game.figures.extra is not None:
            line += importlib.import_module(game.figures.extra).Extra.words(p)
        if p["assisted"]["games"]:
            line += f"; assisted {p['assisted']['games']} ({p['assisted']['wins']} wins)"
        lines.append(line)
    if len(names) > SHOWN_PLAYERS:
        lines.append(f"  ... and {len(names) - SHOWN_PLAYERS} more players (see --json)")
    return lines


def solo_lines(game: GameInfo, c: dict[str, Any]) -> list[str]:
    outcomes = "".join(f"{c[outcome]} {outcome}, " for outcome, _word in game.outcomes)
    lines = [f"{game.title}: {c['finished']} finished ({outcomes}{c['assisted']['finished']} "
             f"assisted, {c['conceded']} conceded), {c['deals_played']} deals, "
             f"average {num(c['average_score'])}, best {num(c['best_score'])}"]
    d = c.get("daily")
    if d is not None:
        lines.append(f"  daily deals: {d['days']} days, streak {d['streak']}, best streak "
                     f"{d['best_streak']}")
    return lines


def reviewed(entries: Iterable[Entry], summaries: dict[int, dict[int, dict[str, Any]]], name: str | None,
             game: str) -> list[tuple[str, dict[str, Any]]]:
    """(when, review summary) of each reviewed game of `game` that `name` played (a solo game's:
    every reviewed attempt), oldest first (issue 42). `summaries`: the store's
    reviews.summaries()."""
    solo = registry.info(game).solo
    key = fold(name) if name else None
    out = []
    for entry in sorted(entries, key=lambda e: (e.when, e.id)):
        found = summaries.get(entry.id)
        if entry.game != game or not found:
            continue
        seats = [0] if solo else [i for i, (n, _kind) in enumerate(entry.players) if fold(n) == key]
        for seat in seats:
            summary = found.get(seat)
            if not isinstance(summary, dict):
                continue
            loss = summary.get("mean_loss_points")
            if isinstance(loss, (int, float)) and not isinstance(loss, bool):
                out.append((entry.when, summary))
                break
    return out


def review_over_time(items: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, float]]:
    """reviewed()'s games as Statistics charts them: the points lost per decision, game after
    game, so a player sees whether they are improving."""
    return [(when, round(float(summary["mean_loss_points"]), 2)) for when, summary in items]


def review_totals(items: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """reviewed()'s games in figures: how many, the points lost per decision over all their
    decisions, and the mistakes of each size."""
    decisions, lost = 0, 0.0
    sizes = {"inaccuracy": 0, "mistake": 0, "blunder": 0}
    for _when, summary in items:
        given = summary.get("decisions")
        n = given if isinstance(given, int) and not isinstance(given, bool) else 0
        decisions += n
        lost += float(summary["mean_loss_points"]) * n
        found = summary.get("mistakes")
        counts: dict[str, Any] = found if isinstance(found, dict) else {}
        for size in sizes:
            value = counts.get(size)
            sizes[size] += value if isinstance(value, int) and not isinstance(value, bool) else 0
    return {"games": len(items), "mean_loss_points": round(lost / decisions, 2) if decisions else None,
            "mistakes": sizes}
