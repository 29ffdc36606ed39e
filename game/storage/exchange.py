"""Records in and out: the public JSON format (docs/record-format.md) is what the app exports and
imports. An export writes each game to a file of its own (never over another file; a file that
already holds that game is left as it is, so an export run again writes nothing twice); an import reads
files as untrusted (bounded, regular files only), replays each record and adds it once: a game
already kept (the same game, setup and actions) is not added again."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..core.records import MAX_BYTES, parse_record, read_stamp
from ..core.files import TEMP_PREFIX, describe, file_time, read_bounded, shown_name, write_once
from .store import Imported, Store, alive

Progress = Callable[[int, int], None] | None


def record_text(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def file_stem(record: dict[str, Any], text: str | None = None) -> str:
    """"assemble-20261127-135112-3f2a9c01be7d": the game, when it finished (or started), and a
    digest of the record: the same game gets the same name (an export run again finds it there),
    another game another name at once, dates or not."""
    stamp = read_stamp(record.get("finished_at")) or read_stamp(record.get("started_at")) or ""
    game = "".join(c for c in str(record.get("game", "")) if c.isalnum()) or "game"
    when = stamp[:19].replace("-", "").replace(":", "").replace("T", "-")
    digest = hashlib.sha256((text or record_text(record)).encode("utf-8")).hexdigest()[:12]
    return "-".join(part for part in (game, when, digest) if part)


def export_record(record: dict[str, Any], folder: Path) -> Path:
    """One game as a record file in `folder` (the file already there if it holds this very
    game); OSError if it cannot be written."""
    text = record_text(record)
    return write_once(folder, file_stem(record, text), text)[0]


IN_A_ROW = 20  # files that failed one after another: the folder itself is the problem, stop


@dataclass
class Exported:
    """What an export did: files written, games already there (the same file), the files that
    failed [(game, why)], the last file, and whether it stopped early (IN_A_ROW failures)."""
    written: int = 0
    already: int = 0
    problems: list[tuple[str, str]] = field(default_factory=list)
    last: Path | None = None
    stopped: bool = False


def export_steps(store: Store, folder: Path, game: str | None = None,
                 ids: Iterable[int] | None = None) -> Iterator[tuple[int, int, Exported]]:
    """Finished games (all, one game's, or those of `ids`) as record files in `folder`, one at
    a time: (games done, of how many, the report so far) after each. The records are read a
    page at a time (store.finished.records); a file that fails is the report's line and the rest go on."""
    folder.mkdir(parents=True, exist_ok=True)
    clear_stale_temps(folder)
    ids = list(reversed(store.finished.ids(game))) if ids is None else list(ids)
    report, failed = Exported(), 0
    for n, (game_id, record) in enumerate(store.finished.records(ids=ids), start=1):
        text = record_text(record)
        try:
            report.last, new = write_once(folder, file_stem(record, text), text)
        except OSError as exc:
            report.problems.append((f"game {game_id}", describe(exc)))
            failed += 1
            if failed >= IN_A_ROW:
                report.stopped = True
                yield n, len(ids), report
                return
        else:
            failed = 0
            report.written += new
            report.already += not new
        yield n, len(ids), report


def export_games(store: Store, folder: Path, game: str | None = None,
                 ids: Iterable[int] | None = None, progress: Progress = None) -> Exported:
    """export_steps() to the end (progress(done, total) after each game)."""
    report = Exported()
    for done, total, report in export_steps(store, folder, game, ids):
        if progress is not None:
            progress(done, total)
    return report


def clear_stale_temps(folder: Path) -> None:
    """Remove the temp files of writers killed before they were done (files.TEMP_PREFIX, then
    the writer's pid); a writer still running keeps its own, and one without a pid is old."""
    try:
        names = [e.name for e in os.scandir(folder)
                 if e.name.startswith(TEMP_PREFIX) and e.name.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        pid = name[len(TEMP_PREFIX):].split("-", 1)[0]
        if pid.isdigit() and len(pid) < 10 and (int(pid) == os.getpid() or alive(int(pid))):
            continue
        try:
            os.unlink(folder / name)
        except OSError:
            pass


def record_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
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


def import_files(store: Store, paths: Iterable[str | os.PathLike[str]],
                 progress: Progress = None) -> Imported:
    """Every record in these files and folders into the store, once (StoreError if the database
    says no: then nothing was added)."""
    items: list[tuple[str, dict[str, Any], str | None]] = []
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
    report = store.finished.add(items, progress)
    report.problems[:0] = problems
    return report
