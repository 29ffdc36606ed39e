"""A game's own bests per deal (game.storage), in the table its declaration names
(GameInfo.bests: Cementopia's). Two windows cannot lose one's best: each is noted in one
transaction."""

from __future__ import annotations

from typing import Any, Sequence

from ..core import registry
from ..core.i18n import N_
from .connection import Connection, _best_row


def _bests(game: str) -> str:
    """The game's table of bests (GameInfo.bests); a game that keeps none has no such table."""
    bests = registry.info(game).bests
    if bests is None:
        raise ValueError(f"{game} keeps no bests")
    return bests.table


class Bests:
    """The games' own tables of bests (`store.bests`)."""

    def __init__(self, db: Connection):
        self.db = db

    def read(self, game: str) -> dict[str, dict[str, Any]]:
        """{seed: {"best": n, "unassisted_best": n or None}} (rows that make no sense left out)."""
        table = _bests(game)
        rows = self.db._run(N_("Could not read your best scores: {reason}"),
                            lambda: self.db._read(f"SELECT seed, best, unassisted_best FROM {table}"))
        out = {}
        for seed, *row in rows:
            best, plain = _best_row(row)
            if best is not None and isinstance(seed, str):
                out[seed] = {"best": best, "unassisted_best": plain}
        return out

    def keep(self, game: str, seed: str, score: int, assisted: bool) -> tuple[dict[str, Any], bool]:
        """Note a completed attempt, in one transaction (two windows cannot lose one's best):
        (the deal's entry now, whether it beat a best)."""
        table = _bests(game)

        def work() -> tuple[dict[str, Any], bool]:
            with self.db._write() as c:
                row = c.execute(f"SELECT best, unassisted_best FROM {table} WHERE seed = ?",
                                (seed,)).fetchone()
                best, plain, improved = beaten(row, score, assisted)
                c.execute(f"INSERT INTO {table} (seed, best, unassisted_best) VALUES (?, ?, ?) "
                          "ON CONFLICT (seed) DO UPDATE SET best = excluded.best, "
                          "unassisted_best = excluded.unassisted_best", (seed, best, plain))
                return {"best": best, "unassisted_best": plain}, improved
        return self.db._run(N_("Could not save your best score: {reason}"), work)

    def add(self, game: str, bests: dict[str, dict[str, Any]]) -> None:
        """Bests from elsewhere (the old file), each kept where it beats what is here."""
        table = _bests(game)

        def work() -> None:
            with self.db._write() as c:
                for seed, entry in bests.items():
                    self.db._merge_best(c, table, seed, entry)
        self.db._run(N_("Could not save your best score: {reason}"), work)


def beaten(row: Sequence[Any] | None, score: int, assisted: bool) -> tuple[int, int | None, bool]:
    """(best, unassisted best, whether one was beaten) of a deal whose kept (best, unassisted
    best) is `row` (None: never played) after an attempt that scored `score`."""
    best, plain = _best_row(row)
    improved = best is None or score > best
    best = score if best is None else max(best, score)
    if not assisted and (plain is None or score > plain):
        plain, improved = score, True
    return best, plain, improved
