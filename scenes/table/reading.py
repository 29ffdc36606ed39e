"""The table's reading part: how each other seat plays, as the moves seen so far tell it
("plays like: greedy 80%" under a bot's level line).

A game whose descriptor names a `reading` module (game.core.descriptor.GameInfo.reading: one with
read_seats(seats, moves)) gets it; any other game, and a replay, has none. It reads only what
everyone saw (game.bots.moves_seen from the viewer's side), never a hidden card, and it works
the reading out again only when the history changes (its version: a move, an undo, a redo)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from game.core import registry
from game.bots import moves_seen
from game.core.i18n import _, pgettext

if TYPE_CHECKING:
    from scenes.table.base import GameTable

SHOWN_AFTER = 3  # a seat's label shows once it has made this many moves


class SeatReading:
    def __init__(self, table: GameTable) -> None:
        self.table = table
        info = registry.find(table.game)
        name = info.reading if info is not None else None
        self.module: Any = None if table.replay or name is None else importlib.import_module(name)
        self._key: int | None = None
        self._read: dict[int, tuple[str, float]] = {}

    def seats(self) -> dict[int, tuple[str, float]]:
        """Per other seat that has made SHOWN_AFTER moves: its likeliest way of playing (the N_
        name, to translate) and that way's share (0..1). Empty without a reading."""
        table = self.table
        history = table.session.history
        if self.module is None or not history.snapshots:
            return {}
        if self._key != history.version:  # an undo and another move: the same length
            self._key = history.version
            observer = table.viewer if table.viewer is not None else -1
            moves = moves_seen(history, observer)
            made: dict[int, int] = {}
            for player, _view, _action in moves:
                made[player] = made.get(player, 0) + 1
            kinds = [seat.kind for seat in table.config.seats]
            read = self.module.read_seats(kinds, moves)
            self._read = {p: v for p, v in read.items()
                          if p != observer and made.get(p, 0) >= SHOWN_AFTER}
        return self._read


def way_words(name: str) -> str:
    """A way of playing as a seat's label says it: "normal" as the level's name (中級), not as
    a plain "normal" (標準)."""
    if name == "normal":
        return pgettext("a way of playing", "normal")
    return _(name)


def label_words(name: str, share: float) -> tuple[str, ...]:
    """The seat's line, longest first: "plays like: greedy 80%", then without the share, then
    the way alone, then its family alone (a habit's name begins with its family's: "greedy,
    high card on ties"), for the narrowest seats; the tooltip keeps the whole line."""
    way = way_words(name)
    family = way_words(name.partition(",")[0])
    percent = round(100 * share)
    forms = (_("plays like: {policy} {share}%").format(policy=way, share=percent),
             _("plays like: {policy}").format(policy=way), way, family)
    return tuple(dict.fromkeys(forms))
