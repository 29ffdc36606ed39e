"""A finished game's reviews (issue 42, game.storage), one per player reviewed, kept with the
game so they open at once, and their summaries, which History and Statistics read."""

from __future__ import annotations

from typing import Any, Iterable

from ..core.i18n import N_
from ..core.messages import message
from ..core.records import utc_stamp
from .connection import RECORD_BYTES, Connection, StoreError, _dump, _value


class Reviews:
    """The reviews table (`store.reviews`)."""

    def __init__(self, db: Connection):
        self.db = db

    def keep(self, game_id: int, seat: int, review: dict[str, Any],
             summary: dict[str, Any]) -> None:
        """A finished game's review of one player (game.review.Review.to_json), and its
        summary (History and Statistics read only that), replacing an older one."""
        text, brief = _dump(review), _dump(summary)

        def work() -> None:
            with self.db._write() as c:
                if c.execute("SELECT 1 FROM games WHERE id = ? AND state = 'finished'",
                             (game_id,)).fetchone() is None:
                    raise StoreError(message(N_("the game is no longer there")))
                c.execute("INSERT INTO reviews (game_id, seat, review, summary, reviewed_at) "
                          "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET "
                          "review = excluded.review, summary = excluded.summary, "
                          "reviewed_at = excluded.reviewed_at",
                          (game_id, seat, text, brief, utc_stamp()))
        self.db._run(N_("Could not keep the review: {reason}"), work)

    def read(self, game_id: int, seat: int) -> dict[str, Any] | None:
        """The kept review of a game's player (as kept), or None: none, or not readable."""
        rows = self.db._run(N_("Could not read the review: {reason}"), lambda: self.db._read(
            "SELECT review FROM reviews WHERE game_id = ? AND seat = ?", (game_id, seat)))
        try:
            value = _value(rows[0][0], RECORD_BYTES) if rows else None
        except StoreError:  # an edited row: reviewed again
            return None
        return value if isinstance(value, dict) else None

    def summaries(self,
                  ids: Iterable[int] | None = None) -> dict[int, dict[int, dict[str, Any]]]:
        """{game id: {seat: summary}} of the kept reviews (of the games `ids`, or all)."""
        def work() -> dict[int, dict[int, dict[str, Any]]]:
            if ids is None:
                rows = self.db._read("SELECT game_id, seat, summary FROM reviews")
            else:
                wanted, rows = list(ids), []
                for chunk in range(0, len(wanted), 500):
                    part = wanted[chunk:chunk + 500]
                    rows += self.db._read(f"SELECT game_id, seat, summary FROM reviews WHERE game_id "
                                          f"IN ({','.join('?' * len(part))})", tuple(part))
            out: dict[int, dict[int, dict[str, Any]]] = {}
            for game_id, seat, text in rows:
                if not (isinstance(game_id, int) and isinstance(seat, int)):
                    continue  # an edited row: as if never reviewed
                try:
                    value = _value(text)
                except StoreError:  # an edited row: as if never reviewed
                    continue
                if isinstance(value, dict):
                    out.setdefault(game_id, {})[seat] = value
            return out
        return self.db._run(N_("Could not read the review: {reason}"), work)
