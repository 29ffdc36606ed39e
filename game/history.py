"""The records folder as a list of games (issue 15): what the History screen lists and what the
statistics count. Pure Python, no pygame.

Each record file becomes an `Entry`: the game, its players (names and seats), scores, winners,
when it finished (its `finished_at`, or the file's modification time for older records), whether
it was assisted, conceded or a daily deal, the colour each seat played, and the figures of the
game's own that its declaration asks for (game.descriptor: Cementopia's outcome, Grayblock's
hands). A file that cannot be used is an Entry too, with `problem` set to
one line saying why: it is listed as unreadable, never a crash.

Reading a record means replaying it (about a millisecond), so the entries are kept in an index
beside the records (`records/index.json`), each keyed by its file's name, size and modification
time. Opening the folder reads the index and re-reads only the files that are new or changed
since; entries of deleted files are dropped; an index that cannot be read is rebuilt whole.
10,000 records open in well under a second once the index is warm (`python -m game.history_perf`).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Callable, Iterable

from . import registry
from .errors import RecordError
from .records import (SEATS, STAMP, game_module, load_json, parse_record, read_stamp, read_text,
                      utc_stamp, write_atomic)
from .settings import COLOURS

INDEX_NAME = "index.json"
INDEX_FORMAT, INDEX_VERSION = "alice-records-index", 2  # 2: entries have colours
INDEX_BYTES = 256 << 20  # ~400 bytes an entry: far above any real folder's index
EXTERNAL, UNKNOWN = "external", "unknown"  # a cmd: seat; a seat the format does not name
HAND_KINDS = ("block", "out")
POOL_MIN = 300  # files to read before worker processes pay for their start (~0.3 s)
BIG = 1 << 62  # seeds and scores beyond this are not the app's: not kept in the index


@dataclass(frozen=True)
class Entry:
    """One record file, as the History screen lists it and the statistics count it."""

    file: str  # the file's name in the records folder
    when: str  # finished_at, or the file's modification time, as a UTC stamp (sorts as text)
    game: str = ""  # "" when unreadable
    players: tuple[tuple[str, str], ...] = ()  # (name, seat): seat is human, a level or external
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()  # a shared Assemble win lists each; Grayblock: the champion
    over: bool = False  # the game reached its end (a conceded game did not)
    finished_at: str | None = None
    started_at: str | None = None
    assisted: bool = False
    helps: tuple[str, ...] = ()
    conceded: tuple[int, ...] = ()  # the players who gave up
    daily: str | None = None  # Cementopia's daily deal date
    seed: int | None = None
    outcome: str | None = None  # Cementopia: complete or stuck
    hands: tuple[tuple[int, str, int], ...] = ()  # Grayblock: (winner, block/out, points) per hand
    colours: tuple[int, ...] = ()  # each seat's colour as set up (none when a seat has none)
    actions: int = 0
    problem: str | None = None  # why the file cannot be used (then it is listed as unreadable)

    @property
    def unreadable(self) -> bool:
        return self.problem is not None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _seat in self.players)

    def seat_of(self, name: str) -> list[int]:
        """The player indexes playing under this name (case and width folded)."""
        key = fold(name)
        return [i for i, (n, _s) in enumerate(self.players) if fold(n) == key]

    def to_json(self) -> dict:
        out: dict = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value != f.default:
                out[f.name] = [list(v) if isinstance(v, tuple) else v for v in value] \
                    if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, data) -> "Entry":
        """An entry from the index, every field checked: ValueError if anything is off (the file
        is then read again)."""
        if not isinstance(data, dict) or set(data) - _FIELDS:
            raise ValueError("not an entry")
        values = {k: _CHECKS[k](v) for k, v in data.items()}
        if "file" not in values or "when" not in values:
            raise ValueError("an entry needs file and when")
        return cls(**values)


def fold(name: str) -> str:
    import unicodedata
    return unicodedata.normalize("NFKC", name).casefold().strip()


# --- checking an index entry's fields ---------------------------------------------------------

def _str(v) -> str:
    if not isinstance(v, str) or len(v) > 4096:
        raise ValueError
    return v


def _opt_str(v):
    return None if v is None else _str(v)


def _stamp(v) -> str:
    if not isinstance(v, str) or not STAMP.fullmatch(v):  # the index's own: the form suffices
        raise ValueError
    return v


def _opt_stamp(v):
    return None if v is None else _stamp(v)


def _int(v) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or abs(v) > BIG:
        raise ValueError
    return v


def _opt_int(v):
    return None if v is None else _int(v)


def _bool(v) -> bool:
    if not isinstance(v, bool):
        raise ValueError
    return v


def _list(v, item) -> tuple:
    if not isinstance(v, list):
        raise ValueError
    return tuple(item(x) for x in v)


def _player(v) -> tuple[str, str]:
    if not isinstance(v, list) or len(v) != 2:
        raise ValueError
    return _str(v[0]), _str(v[1])


def _hand(v) -> tuple[int, str, int]:
    if not isinstance(v, list) or len(v) != 3 or v[1] not in HAND_KINDS:
        raise ValueError
    return _int(v[0]), v[1], _int(v[2])


def _game(v) -> str:
    if v != "" and registry.find(v) is None:
        raise ValueError
    return v


_CHECKS: dict[str, Callable] = {
    "file": _str, "when": _stamp, "game": _game,
    "players": lambda v: _list(v, _player), "scores": lambda v: _list(v, _int),
    "winners": lambda v: _list(v, _int), "over": _bool, "finished_at": _opt_stamp,
    "started_at": _opt_stamp, "assisted": _bool, "helps": lambda v: _list(v, _str),
    "conceded": lambda v: _list(v, _int), "daily": _opt_str, "seed": _opt_int,
    "outcome": _opt_str, "hands": lambda v: _list(v, _hand), "colours": lambda v: _list(v, _int),
    "actions": _int,
    "problem": _opt_str,
}
_FIELDS = set(_CHECKS)


# --- reading one record -----------------------------------------------------------------------

def seat_kind(seat: str) -> str:
    if seat in SEATS:
        return seat
    return EXTERNAL if seat.startswith("cmd:") else UNKNOWN


def read_entry(path: Path, mtime: float | None = None) -> Entry:
    """The entry of one record file; whatever is wrong with it, an unreadable entry saying why
    in one line (never an exception)."""
    name = path.name
    try:
        if mtime is None:
            mtime = os.stat(path).st_mtime
        fallback = utc_stamp(mtime)
    except (OSError, OverflowError, ValueError):
        fallback = utc_stamp(0)
    try:
        return entry_of(name, parse_record(read_text(path)), fallback)
    except Exception as exc:  # noqa: BLE001 - anything a hostile file can cause, RecursionError too
        return Entry(file=name, when=fallback, problem=_reason(exc))


def _reason(exc: BaseException) -> str:
    from .saves import describe
    return str(describe(exc))


def entry_of(name: str, record: dict, fallback: str) -> Entry:
    """A parsed record's entry: it is replayed, so every figure is the game's own; a record whose
    actions are illegal or whose result disagrees raises RecordError."""
    game = record["game"]
    module = game_module(game)
    info = registry.info(game)
    session = module.replay(record)
    state = session.state
    over = state.is_over()
    given = record.get("result")
    if given is not None:
        if not over:
            raise RecordError("the record has a result but the game is not over")
        problem = module.compare_result(given, state.result().record)
        if problem:
            raise RecordError(f"result does not match the replay: {problem}")
    meta = session.meta
    winners: tuple[int, ...] = tuple(state.result().winners) if over else ()
    players = tuple((p["name"], seat_kind(p["seat"])) for p in record.get("players") or ())
    conceded = record.get("conceded")
    conceded = tuple(sorted({i for i in conceded if isinstance(i, int) and not isinstance(i, bool)
                             and 0 <= i < max(1, len(players))})) if isinstance(conceded, list) else ()
    finished_at = read_stamp(record.get("finished_at"))
    seed = record.get("seed")
    daily = meta.get("daily")
    own = info.entry_fields(state) if info.entry_fields else {}
    return Entry(**own,
        file=name, when=finished_at or fallback, game=game, players=players,
        scores=tuple(_clip(s) for s in state.scores()), winners=winners, over=over,
        finished_at=finished_at, started_at=read_stamp(record.get("started_at")),
        assisted=bool(meta.get("assisted")), helps=tuple(meta.get("helps") or ()),
        conceded=conceded, daily=daily if is_date(daily) else None,
        seed=seed if isinstance(seed, int) and abs(seed) <= BIG else None,
        colours=colours_of(record.get("players")), actions=len(session.history.actions))


def colours_of(players) -> tuple[int, ...]:
    """Each seat's colour as the app writes it in the record's players; () when a seat has none
    (a record written by selfplay or another program)."""
    given = [p.get("colour") if isinstance(p, dict) else None for p in players or ()]
    known = tuple(c for c in given if type(c) is int and 0 <= c < COLOURS)
    return known if len(known) == len(given) else ()


def _clip(score: int) -> int:
    return max(-BIG, min(BIG, int(score)))


def is_date(text) -> bool:
    """A day as records write it ("2026-11-24": a Cementopia daily deal)."""
    import datetime
    try:
        datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return False
    return len(text) == 10


# --- the folder and its index -----------------------------------------------------------------

@dataclass
class Listing:
    """The records folder, newest first, and what opening it took."""

    entries: list[Entry]
    read: int = 0  # files read (new, changed, or all of them for a missing or bad index)
    reused: int = 0  # entries taken from the index
    dropped: int = 0  # index entries of files no longer there
    index_problem: str | None = None  # why the index could not be read or written (rebuilt)
    problems: list[str] = field(default_factory=list)


def _read_job(job: tuple[str, float]) -> Entry:
    return read_entry(Path(job[0]), job[1])


def read_entries(jobs: list[tuple[str, float]], progress=None, workers: int | None = None) -> list[Entry]:
    """read_entry for each (path, mtime), in order. Many files are shared among worker processes
    (a replay is pure CPU); if processes cannot start, the rest is read here."""
    done: list[Entry] = []
    count = min(8, os.cpu_count() or 1) if workers is None else workers
    if count > 1 and len(jobs) >= POOL_MIN:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        try:
            with ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("spawn")) as pool:
                for entry in pool.map(_read_job, jobs, chunksize=max(16, len(jobs) // (count * 8))):
                    done.append(entry)
                    if progress is not None:
                        progress(len(done), len(jobs))
        except Exception:  # noqa: BLE001 - no processes here (a sandbox, a broken pool): read on
            pass
    for job in jobs[len(done):]:
        done.append(_read_job(job))
        if progress is not None:
            progress(len(done), len(jobs))
    return done


def records_folder() -> Path:
    from .saves import data_dir
    return data_dir() / "records"


def is_record_name(name: str) -> bool:
    return name.endswith(".json") and name != INDEX_NAME and not name.startswith(".")


def load_index(path: Path) -> tuple[dict, str | None]:
    """{file: [size, mtime_ns, entry json]} from the index; ({}, why) if it cannot be used. Its
    entries are checked one by one as they are used (Entry.from_json), so a deep or odd item
    costs only its own file's reading again."""
    try:
        data = load_json(read_text(path, INDEX_BYTES))
    except RecordError as exc:
        if str(exc) == "no such file":
            return {}, None
        return {}, f"the index could not be read ({exc}); it is rebuilt"
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT \
            or data.get("version") != INDEX_VERSION or not isinstance(data.get("files"), dict):
        return {}, "the index is not one this version reads; it is rebuilt"
    return data["files"], None


def open_folder(folder: Path | None = None, save: bool = True,
                progress: Callable[[int, int], None] | None = None,
                workers: int | None = None) -> Listing:
    """Every record in the folder as an Entry, newest first, the index brought up to date (and
    written back when anything changed, if `save`). progress(done, total) is called while files
    are read (a cold index: about 1.5 ms a record; POOL_MIN files or more are read by `workers`
    processes, by default one per CPU up to 8)."""
    folder = records_folder() if folder is None else Path(folder)
    index_path = folder / INDEX_NAME
    try:
        scanned = list(os.scandir(folder))
    except FileNotFoundError:
        return Listing([])
    except OSError as exc:
        return Listing([], problems=[f"the records folder cannot be read ({exc.strerror or exc})"])
    old, index_problem = load_index(index_path)
    entries: list[Entry] = []
    files: dict[str, list] = {}
    todo: list[tuple[str, int, int, float]] = []
    listing = Listing(entries, index_problem=index_problem)
    for item in scanned:
        name = item.name
        if not is_record_name(name):
            continue
        try:
            if item.is_dir():
                continue
            try:
                st = item.stat()
            except OSError:  # a dangling link: keyed by the link itself
                st = item.stat(follow_symlinks=False)
            size, mtime_ns, mtime = st.st_size, st.st_mtime_ns, st.st_mtime
        except OSError:
            size, mtime_ns, mtime = -1, -1, 0.0
        kept = old.get(name)
        if (isinstance(kept, list) and len(kept) == 3 and kept[0] == size and kept[1] == mtime_ns
                and size >= 0):
            try:
                entry = Entry.from_json(kept[2])
            except (ValueError, TypeError, KeyError):
                entry = None
            if entry is not None and entry.file == name:
                entries.append(entry)
                files[name] = kept
                continue
        todo.append((name, size, mtime_ns, mtime))
    jobs = [(str(folder / name), mtime) for name, _size, _ns, mtime in todo]
    for (name, size, mtime_ns, _mtime), entry in zip(todo, read_entries(jobs, progress, workers)):
        entries.append(entry)
        if size >= 0:
            files[name] = [size, mtime_ns, entry.to_json()]
    listing.read = len(todo)
    listing.reused = len(entries) - len(todo)
    listing.dropped = len(set(old) - set(files) - {n for n, *_ in todo})
    if save and (todo or listing.dropped or index_problem):
        try:
            write_atomic(index_path, json.dumps(
                {"format": INDEX_FORMAT, "version": INDEX_VERSION, "files": files},
                separators=(",", ":"), ensure_ascii=False))
        except (OSError, ValueError) as exc:
            listing.problems.append(f"the index could not be written "
                                    f"({getattr(exc, 'strerror', None) or exc})")
    entries.sort(key=lambda e: (e.when, e.file), reverse=True)
    return listing


def entries(folder: Path | None = None) -> list[Entry]:
    """The records folder, newest first (open_folder's entries)."""
    return open_folder(folder).entries


def select(items: Iterable[Entry], game: str | None = None, player: str | None = None) -> list[Entry]:
    """The entries of one game and/or with a player of this name (case folded), order kept.
    Unreadable records are listed only when nothing is filtered (their game is not known)."""
    key = fold(player) if player else None
    out = []
    for entry in items:
        if (game or key) and entry.unreadable:
            continue
        if game and entry.game != game:
            continue
        if key is not None and not any(fold(n) == key for n in entry.names):
            continue
        out.append(entry)
    return out


def player_names(items: Iterable[Entry]) -> list[str]:
    """Every player name in the entries (one spelling per folded name), most games first."""
    counts: dict[str, list] = {}
    for entry in items:
        for name in set(entry.names):
            slot = counts.setdefault(fold(name), [name, 0])
            slot[1] += 1
    return [name for name, _n in sorted(counts.values(), key=lambda s: (-s[1], fold(s[0])))]
