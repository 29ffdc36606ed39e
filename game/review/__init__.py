"""The post-game review (issue 42): every decision of one player judged by the search, from
that player's own view at the time (never the deck order or the others' hidden cards).

For each decision that was not forced: the move played, the best move the search finds, and
what the difference costs in expected final points and in expected win share, both from the
search's playouts with the same bots for the other seats (who sits where is public). Each game
judges its own decisions in its judge module (declared as GameInfo.review): Alice Assemble with
the hard bot's tree search, Grayblock with the hard bot's simulated deals, Cementopia against the
solver, played out to the end in points.

With `iterations` the review is the same on every run (each decision's search is seeded by the
record's seed and the decision's number); with `think` each decision gets that many seconds.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, field
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Callable, Protocol, cast

from ..core.errors import RecordError

if TYPE_CHECKING:
    from ..core.contract import GameState

VERSION = 2  # of a stored review: one with another version is reviewed again

# Mistakes by size, by each judge's thresholds in points and in win share. GNU Backgammon's words
# are a doubtful move, an error, a blunder; ours: inaccuracy, mistake, blunder.
SIZES = ("inaccuracy", "mistake", "blunder")


class Cancelled(Exception):
    """The review was stopped before its end (the player cancelled it)."""


@dataclass(frozen=True)
class Judgement:
    """One decision as the search sees it (a judge module's answer)."""

    best: Any  # the action the search prefers
    played_points: float  # expected final points after the move played
    played_win: float  # expected win share after it (0..1)
    best_points: float
    best_win: float
    options: int  # moves the search compared
    # half widths of the losses' 95% intervals (0: exact, as a solved endgame's)
    points_margin: float = 0.0
    win_margin: float = 0.0

    @property
    def loss_points(self) -> float:
        return max(0.0, self.best_points - self.played_points)

    @property
    def loss_win(self) -> float:
        return max(0.0, self.best_win - self.played_win)


class Judge(Protocol):
    """A game's judge module (GameInfo.review names it): its thresholds and its judge. The state
    and the actions are the game's own (each module annotates its own types)."""

    @property
    def MEASURE(self) -> str: ...  # the strip's first measure: "points" or "win"
    @property
    def THRESHOLDS(self) -> tuple[tuple[float, float], ...]: ...  # (points, win share) per size
    @property
    def ITERATIONS(self) -> int: ...  # the search's default budget per decision

    def key(self, state: Any, action: Any) -> Hashable: ...  # equal keys: the same decision
    # `moves`: the others' moves before this decision, (who, the player's view just before,
    # the move), for a judge that reads how each seat plays from them (as its bots do)
    def judge(self, state: Any, player: int, played: Any, legal: list[Any], seats: list[str],
              rng: random.Random, iterations: int | None, think: float | None,
              moves: list[tuple[int, Any, Any]] | None = None) -> Judgement: ...
    def words(self, state: Any, player: int, action: Any) -> str: ...
    def move_words(self, state: Any, player: int, action: Any) -> str: ...


@dataclass(frozen=True)
class Decision:
    index: int  # 0-based position of the action in the game's actions (the replay's cursor)
    played: dict[str, Any]  # the action as the record writes it
    best: dict[str, Any]
    loss_points: float
    loss_win: float
    played_points: float = 0.0
    played_win: float = 0.0
    best_points: float = 0.0
    best_win: float = 0.0
    size: str | None = None  # one of SIZES, or None for a good move
    # half widths of the losses' 95% intervals (0: exact)
    points_margin: float = 0.0
    win_margin: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "played": self.played, "best": self.best,
                "loss_points": round(self.loss_points, 3), "loss_win": round(self.loss_win, 4),
                "played_points": round(self.played_points, 3),
                "played_win": round(self.played_win, 4),
                "best_points": round(self.best_points, 3), "best_win": round(self.best_win, 4),
                "size": self.size, "points_margin": _finite(self.points_margin, 3),
                "win_margin": _finite(self.win_margin, 4)}

    @classmethod
    def from_json(cls, data: object) -> "Decision":
        if not isinstance(data, dict):
            raise RecordError("a review decision is an object")
        try:
            return cls(int(data["index"]), dict(data["played"]), dict(data["best"]),
                       float(data["loss_points"]), float(data["loss_win"]),
                       float(data.get("played_points", 0.0)), float(data.get("played_win", 0.0)),
                       float(data.get("best_points", 0.0)), float(data.get("best_win", 0.0)),
                       data.get("size") if data.get("size") in SIZES else None,
                       float(data.get("points_margin", 0.0)), float(data.get("win_margin", 0.0)))
        except (KeyError, TypeError, ValueError):
            raise RecordError("a review decision needs index, played, best and its losses") from None


@dataclass(frozen=True)
class Review:
    game: str
    seat: int
    decisions: tuple[Decision, ...]
    measure: str = "points"  # the strip's first measure: "points", or "win" (share)
    iterations: int | None = None
    think: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def mean_loss_points(self) -> float:
        return _mean([d.loss_points for d in self.decisions])

    @property
    def mean_loss_win(self) -> float:
        return _mean([d.loss_win for d in self.decisions])

    def mistakes(self) -> dict[str, int]:
        """How many mistakes of each size (SIZES order)."""
        out = {size: 0 for size in SIZES}
        for d in self.decisions:
            if d.size:
                out[d.size] += 1
        return out

    def largest(self, n: int = 5, measure: str | None = None) -> list[Decision]:
        """The `n` costliest mistakes, in the game's order: by size, then points, then win share;
        with `measure` "points" or "win", by that loss first."""
        def cost(d: Decision) -> tuple[float, ...]:
            size = -SIZES.index(d.size or SIZES[0])
            if measure == "win":
                return (-d.loss_win, -d.loss_points, d.index)
            if measure == "points":
                return (-d.loss_points, -d.loss_win, d.index)
            return (size, -d.loss_points, -d.loss_win, d.index)
        def any_cost(d: Decision) -> bool:
            return True
        shown: dict[str, Callable[[Decision], bool]] = {
            "win": lambda d: d.loss_win >= 0.005, "points": lambda d: d.loss_points >= 0.05}
        worst = sorted((d for d in self.decisions  # (a cost that shows as nothing is left out)
                        if d.size and shown.get(measure or "", any_cost)(d)), key=cost)
        return sorted(worst[:n], key=lambda d: d.index)

    def summary(self) -> dict[str, Any]:
        """What History and Statistics show of a review."""
        return {"mean_loss_points": round(self.mean_loss_points, 3),
                "mean_loss_win": round(self.mean_loss_win, 4),
                "decisions": len(self.decisions), "mistakes": self.mistakes()}

    def to_json(self) -> dict[str, Any]:
        """The CLI's --json object and what the store keeps (plus the version and settings)."""
        return {"game": self.game, "seat": self.seat,
                "decisions": [d.to_json() for d in self.decisions],
                "mean_loss_points": round(self.mean_loss_points, 3),
                "mean_loss_win": round(self.mean_loss_win, 4),
                "mistakes": self.mistakes(), "measure": self.measure,
                "iterations": self.iterations, "think": self.think, "version": VERSION}

    @classmethod
    def from_json(cls, data: object) -> "Review":
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise RecordError("not a review of this version")
        decisions = data.get("decisions")
        if not isinstance(decisions, list) or not isinstance(data.get("game"), str):
            raise RecordError("a review has a game and its decisions")
        seat = data.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise RecordError("a review's seat is a player number")
        iterations, think = data.get("iterations"), data.get("think")
        return cls(data["game"], seat, tuple(Decision.from_json(d) for d in decisions),
                   "win" if data.get("measure") == "win" else "points",
                   iterations if isinstance(iterations, int) else None,
                   float(think) if isinstance(think, (int, float)) else None)


def _finite(value: float, digits: int) -> float:
    """A margin as JSON keeps it: an unbounded one (a single sample) as a large number."""
    return round(min(value, 1e6), digits)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def judge_module(game: str) -> Judge:
    """The game's judge (GameInfo.review), or RecordError when it has none."""
    from ..core.registry import info
    path = info(game).review
    if path is None:
        raise RecordError(f"{info(game).id} games cannot be reviewed yet")
    return cast(Judge, importlib.import_module(path))


def reviewable(game: str) -> bool:
    from ..core.registry import find
    found = find(game)
    return found is not None and found.review is not None


def default_seat(record: dict[str, Any]) -> int:
    """The player a review is for unless told: the first human seat, else the first player."""
    for i, player in enumerate(record.get("players") or []):
        if isinstance(player, dict) and player.get("seat") == "human":
            return i
    return 0


def seats_of(record: dict[str, Any]) -> list[str]:
    return [p.get("seat", "human") if isinstance(p, dict) else "human"
            for p in record.get("players") or []]


def size_of(judge: Judge, loss_points: float, loss_win: float, points_margin: float = 0.0,
            win_margin: float = 0.0) -> str | None:
    """A decision's mistake size by the judge's thresholds: (points, win share) per size, either
    reaching it is enough (a move can cost points without changing who wins, or the other way
    round). A loss whose 95% interval reaches 0 (`margin`: its half width) is inside the noise
    and counts for nothing. None: a good move."""
    if loss_points - points_margin <= 0:
        loss_points = 0.0
    if loss_win - win_margin <= 0:
        loss_win = 0.0
    size = None
    for name, (points, win) in zip(SIZES, judge.THRESHOLDS):
        if loss_points >= points or loss_win >= win:
            size = name
    return size


def moves_heard(record: dict[str, Any], seat: int) -> list[tuple[int, int, Any, Any]]:
    """(index, who, `seat`'s view just before, the move) of every move of the others: what a
    watching bot in that seat would have heard (game.bots.moves_seen)."""
    from ..core.records import replay
    session = replay(record, snapshots=False)
    out: list[tuple[int, int, Any, Any]] = []
    for index, (before, action, _events, _after) in enumerate(session.history.replay()):
        who = before.current_player()
        if who is not None and who != seat:
            out.append((index, who, before.view(seat), action))
    return out


def decisions_of(record: dict[str, Any], seat: int,
                 judge: Judge) -> list[tuple[int, GameState, Any, list[Any]]]:
    """(index, state before, action, legal actions) of each decision of `seat` that was not
    forced, in the game's order."""
    from ..core.records import replay
    session = replay(record, snapshots=False)
    out: list[tuple[int, GameState, Any, list[Any]]] = []
    for index, (before, action, _events, _after) in enumerate(session.history.replay()):
        if before.current_player() != seat:
            continue
        legal = before.legal_actions()
        if len({judge.key(before, a) for a in legal}) > 1:
            out.append((index, before, action, legal))
    return out


def review(record: dict[str, Any], seat: int | None = None, *, iterations: int | None = None,
           think: float | None = None, progress: Callable[[int, int], None] | None = None,
           cancelled: Callable[[], bool] | None = None) -> Review:
    """Review `seat`'s decisions in a record (default_seat when None). `progress(done, total)`
    is called before the first decision and after each; `cancelled()` is asked between
    decisions, and a True answer raises Cancelled. Raises RecordError for a record that does not
    replay or a seat that is not in it."""
    game = record.get("game")
    judge = judge_module(game)  # type: ignore[arg-type]
    players = max(1, len(record.get("players") or []))
    seat = default_seat(record) if seat is None else seat
    if not 0 <= seat < players:
        raise RecordError(f"seat {seat + 1} is not in this game (it has {players} "
                          f"player{'s' if players > 1 else ''})")
    if iterations is None and think is None:
        iterations = judge.ITERATIONS
    seats = seats_of(record)
    todo = decisions_of(record, seat, judge)
    heard = moves_heard(record, seat)
    base = record.get("seed") if isinstance(record.get("seed"), int) else 0
    out: list[Decision] = []
    if progress:
        progress(0, len(todo))
    for done, (index, before, action, legal) in enumerate(todo, start=1):
        if cancelled is not None and cancelled():
            raise Cancelled()
        rng = random.Random(f"review:{base}:{seat}:{index}")
        j = judge.judge(before, seat, action, legal, seats, rng, iterations, think,
                        [(who, view, move) for at, who, view, move in heard if at < index])
        # kept as stored (rounded), so a review read back says exactly what it said at first
        out.append(Decision.from_json(Decision(
            index, action.to_json(), j.best.to_json(), j.loss_points, j.loss_win,
            j.played_points, j.played_win, j.best_points, j.best_win,
            size_of(judge, j.loss_points, j.loss_win, j.points_margin, j.win_margin),
            j.points_margin, j.win_margin).to_json()))
        if progress:
            progress(done, len(todo))
    return Review(game, seat, tuple(out), judge.MEASURE,  # type: ignore[arg-type]
                  iterations, think)
