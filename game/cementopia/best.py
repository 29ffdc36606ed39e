"""Personal bests per Cementopia deal, kept in the player's data (game.storage).

Each deal (by seed) keeps its best score and, apart, its best without help (no undo, no hint):
the help-free best is the one worth bragging about. A best that cannot be read is left out, never
a crash; a best that cannot be written is said in one line.
"""

from __future__ import annotations

from ..i18n import _
from ..storage import StoreError


def load_best(db) -> tuple[dict, str | None]:
    """({seed: {"best": n, "unassisted_best": n or None}}, a problem in one line or None)."""
    try:
        return db.bests(), None
    except StoreError as exc:
        return {}, exc.words


def record_best(db, seed, score: int, assisted: bool) -> tuple[dict | None, bool, str | None]:
    """Note a completed attempt: (the entry now, whether it beat a best, a problem)."""
    try:
        entry, improved = db.keep_best(str(seed), score, assisted)
    except StoreError as exc:
        return None, False, exc.words
    return entry, improved, None


def best_words(entry) -> str:
    """A deal's best in the player's language: "12", "12 (assisted)", "12 (unassisted 9)"."""
    if not entry or entry.get("best") is None:
        return _("none yet")
    best, plain = entry["best"], entry.get("unassisted_best")
    if plain is None:
        return _("{best} (assisted)").format(best=best)
    return str(best) if plain == best else _("{best} (unassisted {plain})").format(best=best, plain=plain)
