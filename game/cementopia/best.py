"""Personal bests per Cementopia deal, kept in the user's data folder (cementopia-best.json).

Each deal (by seed) keeps its best score and, apart, its best without help (no undo, no hint):
the help-free best is the one worth bragging about. An unreadable file is set aside (renamed,
never overwritten) and reported in one line; an entry that makes no sense is left out, also
reported. Never a crash.
"""

from __future__ import annotations

import json

from .. import saves
from ..i18n import _, ngettext

BEST_BYTES = 8 << 20  # about 100,000 deals' entries


def best_path():
    return saves.data_dir() / "cementopia-best.json"


def _score(value):
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 16 else None


def load_best() -> tuple[dict, str | None]:
    """({seed: {"best": n, "unassisted_best": n or None}}, a problem in one line or None)."""
    path = best_path()
    try:
        data = saves.read_json(path, BEST_BYTES, depth=2)
    except FileNotFoundError:
        return {}, None
    except saves.Unreadable as exc:
        aside = saves.set_aside(path)
        if aside:
            return {}, _("Your Cementopia best scores could not be read ({problem}); the file was set "
                         "aside as {name} and a fresh list is started.").format(problem=exc, name=aside.name)
        return {}, _("Your Cementopia best scores could not be read ({problem}); the file could not be "
                     "moved aside and a fresh list is started.").format(problem=exc)
    table = {seed: {"best": e["best"], "unassisted_best": _score(e.get("unassisted_best"))}
             for seed, e in data.items() if isinstance(e, dict) and _score(e.get("best")) is not None}
    dropped = len(data) - len(table)
    if not dropped:
        return table, None
    aside = saves.set_aside(path)  # the whole file kept as it was, then the sensible part rewritten
    if aside:
        _write(table)
    if aside:
        return table, ngettext("{n} of your Cementopia best scores made no sense and was left out; the "
                               "file as it was was set aside as {name}.",
                               "{n} of your Cementopia best scores made no sense and were left out; the "
                               "file as it was was set aside as {name}.", dropped).format(n=dropped, name=aside.name)
    return table, ngettext("{n} of your Cementopia best scores made no sense and was left out; the file "
                           "as it was is unchanged.",
                           "{n} of your Cementopia best scores made no sense and were left out; the file "
                           "as it was is unchanged.", dropped).format(n=dropped)


def _write(table: dict) -> str | None:
    try:
        saves.write_atomic(best_path(), json.dumps(table, indent=1))
    except OSError as exc:
        return _("Could not save your best score: {problem}").format(problem=exc.strerror or exc)
    return None


def record_best(seed, score: int, assisted: bool) -> tuple[dict, bool, str | None]:
    """Note a completed attempt: (the entry now, whether it beat a best, a problem)."""
    table, _ = load_best()
    entry = dict(table.get(str(seed), {"best": None, "unassisted_best": None}))
    improved = entry["best"] is None or score > entry["best"]
    entry["best"] = max(score, entry["best"] or 0)
    if not assisted and (entry["unassisted_best"] is None or score > entry["unassisted_best"]):
        entry["unassisted_best"], improved = score, True
    table[str(seed)] = entry
    return entry, improved, _write(table)


def best_words(entry) -> str:
    """A deal's best in the player's language: "12", "12 (assisted)", "12 (unassisted 9)"."""
    if not entry or entry.get("best") is None:
        return _("none yet")
    best, plain = entry["best"], entry.get("unassisted_best")
    if plain is None:
        return _("{best} (assisted)").format(best=best)
    return str(best) if plain == best else _("{best} (unassisted {plain})").format(best=best, plain=plain)
