"""Everything the app keeps, in one SQLite database in the data folder (`alice.sqlite3`): one
connection owner (game.storage.connection: opening, guarding, mending a removed folder, leases)
and a part per thing kept, each over it: `games` (in progress, and any game's record), `finished`
(History, Statistics, exports and imports), `settings`, `lessons`, `reviews`, `bests` (a game's own,
GameInfo.bests: Cementopia's) and `figures` (Statistics kept as worked out). Only game.storage
runs SQL (Anki's habit: one storage layer owns every query).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.i18n import N_
from .bests import Bests, _bests, beaten
from .connection import (BEAT_S, BUSY_S, DB_NAME, ELSEWHERE, FREE, LEASE_S, MINE, NOT_IDENTITY,
                         RETRIES, SCHEMA_VERSION, TAILED, Busy, Connection, HeldElsewhere, Item,
                         Newer, Progress, StoreError, _dump, alive, schema, started)
from .figures import Figures
from .finished import Finished, Imported, _prepared
from .games import Games, Saved, fingerprint
from .lessons import Lessons
from .reviews import Reviews
from .settings import Settings

__all__ = ["BEAT_S", "BUSY_S", "DB_NAME", "ELSEWHERE", "FREE", "LEASE_S", "MINE", "NOT_IDENTITY",
           "RETRIES", "SCHEMA_VERSION", "TAILED", "Busy", "HeldElsewhere", "Newer", "StoreError",
           "alive", "schema", "started", "Store", "Saved", "Imported", "fingerprint", "beaten"]


class Store(Connection):
    """The player's data: the connection owner (made by `Store.open()` or `Store.memory()`) with
    a part per thing kept. Safe to use from several threads: each thread gets its own
    connection."""

    def __init__(self, target: str, uri: bool, path: Path | None, why_not_kept: str | None = None):
        super().__init__(target, uri, path, why_not_kept)
        self.games = Games(self)
        self.finished = Finished(self, self.games)
        self.settings = Settings(self)
        self.lessons = Lessons(self)
        self.reviews = Reviews(self)
        self.bests = Bests(self)
        self.figures = Figures(self)

    # --- the old JSON files (game.storage.legacy): every table in one transaction ----------

    def meta(self, key: str) -> str | None:
        rows = self._run(N_("Could not read your saved data: {reason}"),
                         lambda: self._read("SELECT value FROM meta WHERE key = ?", (key,)))
        return None if not rows or rows[0][0] is None else str(rows[0][0])

    def bring_in(self, key: str, value: str, records: list[Item],
                 settings: dict[str, Any], lessons: dict[str, dict[str, Any]],
                 bests: dict[str, dict[str, dict[str, Any]]],
                 progress: Progress | None = None) -> Imported | None:
        """Everything from the old JSON files in one transaction, marked done by `key` in the same
        commit; None (nothing done) if another window did it first. `bests`: each game's."""
        if self.meta(key) is not None:
            return None
        report = Imported()
        ready = _prepared(records, report, progress)

        def work() -> bool:
            with self._write() as c:
                if c.execute("SELECT 1 FROM meta WHERE key = ?", (key,)).fetchone():
                    return False
                self.finished.add_prepared(c, ready, report)
                for k, v in settings.items():  # settings a window already wrote here win
                    c.execute("INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)", (k, _dump(v)))
                for game, entry in lessons.items():
                    c.execute("INSERT OR IGNORE INTO lessons (game, entry) VALUES (?, ?)",
                              (game, _dump(entry)))
                for game, table in bests.items():
                    for seed, entry in table.items():
                        self._merge_best(c, _bests(game), seed, entry)
                c.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, value))
                return True
        done = self._run(N_("Could not bring in your saved games: {reason}"), work)
        return report if done else None

    # --- health ----------------------------------------------------------------------------

    def integrity(self) -> str:
        return str(self._read("PRAGMA integrity_check")[0][0])
