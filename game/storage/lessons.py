"""Where each lesson was left (game.storage), one entry per game."""

from __future__ import annotations

from typing import Any

from ..core.i18n import N_
from .connection import Connection, _dump, _value


class Lessons:
    """The lessons table (`store.lessons`)."""

    def __init__(self, db: Connection):
        self.db = db

    def read(self, game: str) -> object:
        """Where the lesson of `game` was left (its entry as kept), or None."""
        rows = self.db._run(N_("Could not read your place in the lesson: {reason}"),
                            lambda: self.db._read("SELECT entry FROM lessons WHERE game = ?", (game,)))
        return _value(rows[0][0]) if rows else None

    def keep(self, game: str, entry: dict[str, Any]) -> None:
        text = _dump(entry)

        def work() -> None:
            with self.db._write() as c:
                c.execute("INSERT INTO lessons (game, entry) VALUES (?, ?) "
                          "ON CONFLICT (game) DO UPDATE SET entry = excluded.entry", (game, text))
        self.db._run(N_("Could not keep your place in the lesson: {reason}"), work)

    def forget(self, game: str) -> None:
        def work() -> None:
            with self.db._write() as c:
                c.execute("DELETE FROM lessons WHERE game = ?", (game,))
        self.db._run(N_("Could not keep your place in the lesson: {reason}"), work)
