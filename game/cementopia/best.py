"""Personal bests per Cementopia deal, kept in the player's data (game.storage).

Each deal (by seed) keeps its best score and, apart, its best without help (no undo, no hint):
the help-free best is the one worth bragging about. A best that cannot be read is left out, never
a crash; a best that cannot be written is said in one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.i18n import _
from ..storage import StoreError
from ..storage.store import beaten
from .descriptor import INFO

if TYPE_CHECKING:
    from ..storage import Store


def load_best(db: Store) -> tuple[dict[str, Any], str | None]:
    """({seed: {"best": n, "unassisted_best": n or None}}, a problem in one line or None)."""
    try:
        return db.bests.read(INFO.id), None
    except StoreError as exc:
        return {}, exc.words


def after(entry: dict[str, Any] | None, score: int, assisted: bool) -> tuple[dict[str, Any], bool]:
    """What a completed attempt makes of the deal's entry as last read, and whether it beat a
    best: shown at once, before the store (which merges another window's) has kept it."""
    row = None if not entry else (entry.get("best"), entry.get("unassisted_best"))
    best, plain, improved = beaten(row, score, assisted)
    return {"best": best, "unassisted_best": plain}, improved


def best_words(entry: dict[str, Any] | None) -> str:
    """A deal's best in the player's language: "12", "12 (assisted)", "12 (unassisted 9)"."""
    if not entry or entry.get("best") is None:
        return _("none yet")
    best, plain = entry["best"], entry.get("unassisted_best")
    if plain is None:
        return _("{best} (assisted)").format(best=best)
    return str(best) if plain == best else _("{best} (unassisted {plain})").format(best=best, plain=plain)
