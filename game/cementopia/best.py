"""Personal bests per Cementopia deal, kept in the user's data folder (cementopia-best.json).

Each deal (by seed) keeps its best score and, apart, its best without help (no undo, no hint):
the help-free best is the one worth bragging about. An unreadable file is reported and replaced,
never a crash.
"""

from __future__ import annotations

import json
import os

from .. import saves


def best_path():
    return saves.data_dir() / "cementopia-best.json"


def _score(value):
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 16 else None


def load_best() -> tuple[dict, str | None]:
    """({seed: {"best": n, "unassisted_best": n or None}}, a problem if the file was unreadable)."""
    try:
        data = json.loads(best_path().read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}, None
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        data = exc
    if not isinstance(data, dict):
        return {}, "Your Cementopia best scores could not be read; starting a fresh list."
    return {str(seed): {"best": e["best"], "unassisted_best": _score(e.get("unassisted_best"))}
            for seed, e in data.items() if isinstance(e, dict) and _score(e.get("best")) is not None}, None


def record_best(seed, score: int, assisted: bool) -> tuple[dict, bool, str | None]:
    """Note a completed attempt: (the entry now, whether it beat a best, a problem)."""
    table, _ = load_best()
    entry = dict(table.get(str(seed), {"best": None, "unassisted_best": None}))
    improved = entry["best"] is None or score > entry["best"]
    entry["best"] = max(score, entry["best"] or 0)
    if not assisted and (entry["unassisted_best"] is None or score > entry["unassisted_best"]):
        entry["unassisted_best"], improved = score, True
    table[str(seed)] = entry
    try:
        best_path().parent.mkdir(parents=True, exist_ok=True)
        tmp = best_path().with_suffix(".tmp")
        tmp.write_text(json.dumps(table, indent=1), encoding="utf-8")
        os.replace(tmp, best_path())
    except OSError as exc:
        return entry, improved, f"Could not save your best score: {exc.strerror or exc}"
    return entry, improved, None


def best_words(entry) -> str:
    if not entry or entry.get("best") is None:
        return "none yet"
    plain = entry.get("unassisted_best")
    return f"{entry['best']}" + (" (assisted)" if plain is None else "" if plain == entry["best"] else
                                 f" (unassisted {plain})")
