"""The first start after the JSON files (release 0.1): everything they hold comes into the
database in one transaction, and the files stay where they are.

What the old data folder held: `autosave.json` (the game in progress), `records/*.json` (finished
games; `records/index.json` was only a cache and is not read), `settings.json`, `lessons.json`
(where each lesson was left) and each game's bests (GameInfo.bests: `cementopia-best.json`).
Each is read as untrusted (bounded, a regular file only); a file that cannot be used is named in one line and left in place. The import
is marked done in the same commit, so a second start (or a second window starting at the same
time) brings in nothing twice.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..core import registry
from ..core.records import MAX_BYTES, parse_record, utc_stamp
from ..core.files import Unreadable, describe, file_time, read_bounded, read_json, shown_name
from .store import Imported, Store

DONE = "imported-json-files"  # the meta key that says the old files are in
SETTINGS_BYTES = 1 << 20
LESSONS_BYTES = 1 << 20
BEST_BYTES = 8 << 20
FILES = ("autosave.json", "settings.json", "lessons.json")  # and each game's bests (GameInfo.bests)


def bests_files() -> dict[str, str]:
    """{game: the old file of its bests} of each game that kept some in one."""
    return {game.id: game.bests.legacy_file for game in registry.GAMES
            if game.bests is not None and game.bests.legacy_file}


@dataclass
class Brought:
    """What the first start brought in (None when there was nothing, or it was done already)."""

    games: Imported
    settings: int = 0
    lessons: int = 0
    bests: int = 0
    problems: list[tuple[str, str]] = field(default_factory=list)  # (file, why) not brought in


def pending(store: Store) -> int:
    """How many old files wait to come in (0: none, or already done)."""
    if not store.kept or store.path is None:
        return 0
    folder = store.path.parent
    count = sum(os.path.lexists(folder / name) for name in (*FILES, *bests_files().values()))
    try:
        count += sum(1 for e in os.scandir(folder / "records") if _is_record_name(e.name))
    except OSError:
        pass
    if not count:
        return 0
    try:
        return 0 if store.meta(DONE) is not None else count
    except Exception:  # noqa: BLE001 - a store that cannot be read: nothing to add to it
        return 0


@dataclass
class Waiting:
    """What the window needs before its first frame while the old files wait to come in: the old
    settings (in force at once; game.services.settings cleans them) and whether a game in progress comes."""

    settings: dict[str, Any]
    game_in_progress: bool


def waiting(store: Store) -> Waiting | None:
    """The old files still to come in (None: none, or already done). Reads only the two small
    files; the records are replayed by bring_in."""
    if not pending(store):
        return None
    assert store.path is not None
    folder = store.path.parent
    try:  # a finished record holds its result; an autosave without one is a game to continue
        game = "result" not in _record(folder / "autosave.json")
    except Exception:  # noqa: BLE001 - missing or unusable: bring_in names it
        game = False
    return Waiting(_object(folder / "settings.json", SETTINGS_BYTES, []), game)


def bring_in(store: Store, progress: Callable[[int, int], None] | None = None) -> Brought | None:
    """Read the old files and add what they hold, in one transaction (StoreError if the database
    says no: then nothing was added, and the next start tries again)."""
    assert store.path is not None
    folder = store.path.parent
    problems: list[tuple[str, str]] = []
    games: list[tuple[str, dict[str, Any], str | None]] = []
    records = folder / "records"
    try:
        names = sorted(os.scandir(records), key=lambda e: e.name)
    except OSError:
        names = []
    for item in names:
        if not _is_record_name(item.name):
            continue
        path = Path(item.path)
        try:
            record = _record(path)
        except Exception as exc:  # noqa: BLE001 - one line, the file stays
            problems.append((shown_name(item.name), describe(exc)))
            continue
        games.append((shown_name(item.name), record, file_time(path)))
    try:
        autosave = folder / "autosave.json"
        games.append(("autosave.json", _record(autosave), file_time(autosave)))
    except FileNotFoundError:
        pass
    except Exception as exc:  # noqa: BLE001
        problems.append(("autosave.json", describe(exc)))
    settings = _object(folder / "settings.json", SETTINGS_BYTES, problems)
    lessons = {k: v for k, v in _object(folder / "lessons.json", LESSONS_BYTES, problems).items()
               if isinstance(v, dict)}
    bests = {game: {str(k): v for k, v in _object(folder / name, BEST_BYTES, problems,
                                                  depth=2).items() if isinstance(v, dict)}
             for game, name in bests_files().items()}
    report = store.bring_in(DONE, utc_stamp(), games, settings, lessons, bests, progress)
    if report is None:
        return None
    problems += report.problems
    report.problems = []
    return Brought(report, len(settings), len(lessons), sum(map(len, bests.values())), problems)


def _is_record_name(name: str) -> bool:
    return name.endswith(".json") and name != "index.json" and not name.startswith(".")


def _record(path: Path) -> dict[str, Any]:
    raw = read_bounded(path, MAX_BYTES)
    return parse_record(raw.decode("utf-8"))


def _object(path: Path, limit: int, problems: list[Any], depth: int = 16) -> dict[str, Any]:
    try:
        return read_json(path, limit, depth)
    except FileNotFoundError:
        return {}
    except Unreadable as exc:
        problems.append((path.name, describe(exc)))
        return {}
