"""Built-in bots. A bot sees only its player's view and the legal actions, and returns one of them.

Bots are seeded so that games are reproducible; `make_bot` builds one from a seat name as used on
the command line and in records (`random`, `easy`, ..., or `cmd:<command line>` for an external
program, see external.py). Each game lists its levels in its own bots module (named by its
declaration, game.core.descriptor). Every level takes (seed, think, iterations): `think` caps the
seconds per decision, `iterations` fixes the work instead (reproducible, for tests).

A bot that never reads its view says so with `needs_view = False`: whoever asks it to decide may
then pass None and save building the view (selfplay does).
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Protocol

from ..core.contract import Bot, Level
from .external import BotFailure, ExternalBot

__all__ = ["Bot", "BotFailure", "ExternalBot", "Level", "RandomBot", "Watcher", "bot_levels",
           "level_watches", "make_bot", "moves_seen", "needs_view", "tell", "watches"]


class Watcher(Protocol):
    """A bot that learns from the others' moves (Alice Assemble's hard reads how each seat
    plays): told every move another player makes, with its own view just before it."""

    def watch(self, player: int, view: Any, action: Any) -> None: ...


def needs_view(bot: Bot) -> bool:
    return getattr(bot, "needs_view", True)


def watches(bot: Any) -> bool:
    """Whether a bot (or a level, its class) learns from the others' moves."""
    return callable(getattr(bot, "watch", None))


def level_watches(game: str, level: str) -> bool:
    """Whether a built-in level learns from the others' moves: the app then sends it every move
    so far with its decision (its worker makes a new bot each time)."""
    levels = _levels(game)
    return level in levels and watches(levels[level])


def moves_seen(history: Any, observer: int) -> list[tuple[int, Any, Any]]:
    """Every move that stands in a game's history made by someone other than `observer`, as a
    watching bot hears it: (who, the observer's view just before, the move). Needs snapshots."""
    out = []
    for index, action in enumerate(history.actions):
        before = history.before(index)
        actor = before.current_player()
        if actor is not None and actor != observer:
            out.append((actor, before.view(observer), action))
    return out


def tell(bot: Any, moves: list[tuple[int, Any, Any]] | None) -> Any:
    """Let a watching bot hear `moves` (moves_seen's), in order; any other bot is left as is."""
    if moves and watches(bot):
        for player, view, action in moves:
            bot.watch(player, view, action)
    return bot


class RandomBot:
    name = "random"
    needs_view = False  # chooses among the legal actions alone

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: Any, legal: list[Any]) -> Any:
        return self.rng.choice(legal)


# selfplay makes bots for every game: import each module once
_LEVELS: dict[str, Mapping[str, Level]] = {}


def _levels(game: str) -> Mapping[str, Level]:
    levels = _LEVELS.get(game)
    if levels is None:
        from ..core.registry import bot_module
        levels = _LEVELS[game] = bot_module(game).LEVELS
    return levels


def bot_levels(game: str) -> list[str]:
    return list(_levels(game))


def make_bot(seat: str, game: str, seed: int | None = None, think: float | None = None, *,
             iterations: int | None = None, player: int = 0, timeout: float = 10.0,
             seats: list[str] | None = None) -> Any:
    """A bot for a seat. External programs (`cmd:...`) start on their first decision (or
    `start()`), play as `player` and get `timeout` seconds per answer. `seats`: every player's
    seat ("human", a level, "cmd:..."), public knowledge a bot may use (see seat_bot).
    A Bot, typed Any: callers keep the class they asked for (an ExternalBot for "cmd:")."""
    if seat.startswith("cmd:"):
        return ExternalBot(seat[4:].strip(), game, player, timeout)
    levels = _levels(game)
    if seat not in levels:
        raise ValueError(f"unknown seat {seat!r}: use one of {', '.join(levels)} or cmd:<command>")
    return seat_bot(levels[seat](seed=seed, think=think, iterations=iterations), seats)


def seat_bot(bot: Bot, seats: list[str] | None) -> Bot:
    """Tell a bot who plays each seat, if it cares (a bot with `seated`, like Alice Assemble's
    hard, which then expects easy seats to play as easy does)."""
    if seats is not None and hasattr(bot, "seated"):
        bot.seated([seat if isinstance(seat, str) else "human" for seat in seats])
    return bot
