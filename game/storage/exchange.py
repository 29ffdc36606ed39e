"""Records in and out: the public JSON format (docs/record-format.md) is what the app exports and
imports. An export writes each game to a new file (never over one that is there); an import reads
files as untrusted (bounded, regular files only), replays each record and adds it once: a game
already kept (the same game, setup and actions) is not added again."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable, Iterable

from ..records import MAX_BYTES, parse_record, read_stamp
from .files import describe, file_time, read_bounded, shown_name, write_new
from .store import Imported, Store, StoreError

Progress = Callable[[int, int], None] | None


def record_text(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def file_stem(record: dict) -> str:
    """"assemble-20261127-135112": the game and when it finished (or started)."""
    stamp = read_stamp(record.get("finished_at")) or read_stamp(record.get("started_at")) or ""
    game = "".join(c for c in str(record.get("game", "")) if c.isalnum()) or "game"
    when = stamp[:19].replace("-", "").replace(":", "").replace("T", "-")
    return f"{game}-{when}" if when else game


def export_record(record: dict, folder: Path) -> Path:
    """One game as a new record file in `folder`; OSError if it cannot be written."""
    return write_new(folder, file_stem(record), record_text(record))


def export_games(store: Store, folder: Path, game: str | None = None,
                 ids: Iterable[int] | None = None, progress: Progress = None) -> list[Path]:
    """Finished games (all, one game's, or those of `ids`) as record files in `folder`."""
    if ids is None:
        items = list(store.records(game))
    else:
        items = []
        for game_id in ids:
            try:
                items.append((game_id, store.record(game_id)))
            except StoreError:
                continue
    written = []
    for n, (_id, record) in enumerate(items, start=1):
        written.append(export_record(record, folder))
        if progress is not None:
            progress(n, len(items))
    return written


def record_files(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """The files to import: each file given, and the .json files in each folder given."""
    out: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            try:
                names = sorted(e.name for e in os.scandir(path))
            except OSError:
                out.append(path)  # said as that folder's problem
                continue
            out.extend(path / n for n in names if n.endswith(".json") and not n.startswith(".")
                       and n != "index.json")
        else:
            out.append(path)
    return out


def import_files(store: Store, paths: Iterable[str | os.PathLike],
                 progress: Progress = None) -> Imported:
    """Every record in these files and folders into the store, once (StoreError if the database
    says no: then nothing was added)."""
    items: list[tuple[str, dict, str | None]] = []
    problems: list[tuple[str, str]] = []
    for path in record_files(paths):
        name = shown_name(path)
        try:
            record = parse_record(read_bounded(path, MAX_BYTES).decode("utf-8"))
        except FileNotFoundError:
            problems.append((name, "no such file"))
            continue
        except Exception as exc:  # noqa: BLE001 - anything a hostile file causes: its line
            problems.append((name, describe(exc)))
            continue
        items.append((name, record, file_time(path)))
    report = store.add_records(items, progress)
    report.problems[:0] = problems
    return report
