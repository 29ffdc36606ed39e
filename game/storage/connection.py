"""The connection owner of the player's data (game.storage): one SQLite database in the data
folder (`alice.sqlite3`), opened, guarded and mended here, each thread on its own connection. The
parts that keep each thing (game.storage.games, settings, lessons, reviews, bests, figures) run
their SQL through it (`_write`, `_read`, `_run`); nothing here knows more of them than making the
schema and mending a file removed behind the app's back needs.

Why a database and not files: what must change together changes in one transaction. Finishing a
game turns its row from "playing" to "finished" in one commit, so a kill at any instant leaves it
exactly once, in one of the two. Two windows on one folder are safe: SQLite locks (WAL journal; a
writer waits for the other, then retries, so "database is locked" never reaches a player), each
game in progress is held by the window that opened it (a lease: on this computer it lasts while
that window's process runs, whatever the clocks say, and ends at once when it is gone; a window on
another computer holds it while its heartbeat goes on), and settings are kept per key.

The data folder deleted or emptied, or its file deleted or replaced, while the app runs (a player,
a sync tool) is noticed at the next write, before it is said done: the file is made again from the
one this process still has open, or this window's games are added to the file put in its place.

A database the app cannot use is never overwritten: a damaged one is moved aside and a fresh one
started; one written by a newer version is left alone and the app runs without saving (an
in-memory store: everything works, nothing is kept, and the app says so). A log beside it that is
not its own is set aside before SQLite can replay it (guard.py); one the app may only read (a
read-only folder) is copied into an in-memory store that shows all it holds and keeps nothing.
The schema is known from the tables themselves: what another program dropped is made again.
"""

from __future__ import annotations

import errno
import json
import math
import os
import secrets
import socket
import sqlite3
import threading
import time
from contextlib import closing, contextmanager, nullcontext
from pathlib import Path
from typing import Any, Callable, Iterator, Self, Sequence, TypeVar

from ..core import registry
from ..core.i18n import N_
from ..core.messages import later, message
from ..core.records import check_envelope, load_json
from .entries import fold, seat_kind
from ..core.files import aside_name, data_dir, describe, printable, too_deep
from .guard import (DAMAGED, FITS, FOREIGN, IDENTITY, Shape, check_log, copy_with_log,
                    idempotent, log_in_use, log_of, opening, shape)

T = TypeVar("T")
Progress = Callable[[int, int], None]  # (records done, of how many)
# a record to bring in: (the file's name, the record as parsed, when it finished or None)
Item = tuple[str, dict[str, Any], str | None]
# a record ready to add: (record, fingerprint, entry, the file's time)
Prepared = tuple[dict[str, Any], str, dict[str, Any], str | None]

DB_NAME = "alice.sqlite3"
SCHEMA_VERSION = 4
BUSY_S = 5.0  # SQLite's own wait for another window's transaction
AGAIN_TRIES = 50  # a write whose commit went to a file made again meanwhile is done again
RETRIES = 5  # then a few more tries, spaced out (a long import in the other window)
NOTE_S = 1.0  # a write still waiting after this says so (Store.on_busy): another program holds it
AT_ONCE_S = 0.1  # what a write that must not wait waits (another window's save takes less)
LEASE_S = 15.0  # a window whose heartbeat is older than this has let its game go
BEAT_S = 4.0  # how often a window with a game open says it is still there
RECORD_BYTES = 32 << 20  # a long game's record is tens of KB
VALUE_BYTES = 1 << 20  # a setting's value, a lesson's entry
DEPTH = 64  # a record nests 5 deep; far deeper is not ours
RECORDS_PAGE = 200  # records read at a time by an export
# a game in progress is kept as its record's text in parts (issue 58, schema version 4): its
# tails in order; a save rewrites only from where the text changed (the new moves, near the end)
TAILED = "(in record_tail)"  # the record of a row kept in tails (an empty one is damage, as it was)
TAIL_ROOM = 256  # characters of a whole text written as its first tail: where the next moves go
TAILS = 512  # a game with more tails than this is written whole again (its tails reread at once)

# A game's identity: its game, seed, setup and actions, and when it was played where the record
# says so (see fingerprint); who played it and what the record says of its result are not (an
# import of the same game is the same game; docs/record-format.md).
NOT_IDENTITY = ("format", "version", "players", "started_at", "finished_at", "assisted", "helps",
                "undo", "daily", "result", "conceded")

PLAYING, FINISHED = "playing", "finished"
FREE, MINE, ELSEWHERE = "free", "mine", "elsewhere"  # who holds a game in progress


class StoreError(Exception):
    """A read or write that failed; `words` says why in player words (a Message)."""

    def __init__(self, words: str):
        super().__init__(str(words))
        self.words = words


class HeldElsewhere(StoreError):
    """The game is open in another window (its lease is live)."""


class Again(StoreError):
    """A commit that went to the file the data path held before another thread of this window
    made it again: the work is done again in the new one (its transaction is the same there)."""


class Unmended(StoreError):
    """The data folder or file went and could not be made again (`words`: why, as a reason)."""


class Busy(StoreError):
    """Another connection held the data longer than a write waits (Store._write)."""


class Newer(Exception):
    """The database was written by a newer version of the app."""


def failure(exc: BaseException) -> str:
    """What went wrong with the database, in player words (never "database is locked")."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    code = getattr(exc, "errno", None)
    if name.startswith("SQLITE_FULL") or code == errno.ENOSPC:
        return message(N_("the disk is full"))
    if name.startswith(("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH")) \
            or code in (errno.EPERM, errno.EACCES, errno.EROFS):
        return message(N_("the data folder cannot be written to"))
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return message(N_("another window kept the data busy"))
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return message(N_("the data file is damaged"))
    if name.startswith("SQLITE_CANTOPEN"):
        return message(N_("the data file cannot be opened"))
    if name.startswith("SQLITE_IOERR"):
        return message(N_("the disk reported an error"))
    if str(exc).startswith(("no such table", "no such column")):
        return message(N_("the data file was changed by another program"))
    if isinstance(exc, (OSError, sqlite3.Error)):
        return describe(exc)
    return printable(f"{type(exc).__name__}: {exc}")


def busy(exc: BaseException) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in str(exc)


def damaged(exc: BaseException) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def _ident(path: Path | None) -> tuple[int, int] | None:
    """Which file is at `path` (device, inode), or None if none is."""
    assert path is not None  # only a store with a data file asks
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def alive(pid: int) -> bool | None:
    """Whether a process of this computer still runs; None where that cannot be told (not POSIX:
    os.kill(pid, 0) would send Ctrl+C on Windows, so the heartbeat decides)."""
    if os.name != "posix":
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but is not ours to signal
        return True
    return True


def started(pid: int) -> str | None:
    """When a process started (clock ticks since boot, /proc's field 22), or None where not known:
    with its pid it names the process, as a pid alone does not once the pid is reused."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            text = f.read(4096)
        return text[text.rindex(b")") + 2:].split()[19].decode("ascii")
    except (OSError, ValueError, IndexError, UnicodeDecodeError):
        return None


_OPEN: set[str] = set()  # the holders of this process's stores in use (one pid for them all)


SCHEMA = (
    # version 1
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('playing', 'finished')),
        record TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        actions INTEGER NOT NULL DEFAULT 0,
        started_at TEXT,
        updated_at TEXT NOT NULL,
        finished_at TEXT,
        entry TEXT,
        holder TEXT,
        held_at REAL
    );
    CREATE INDEX games_by_state ON games (state, finished_at DESC, id DESC);
    CREATE INDEX games_by_game ON games (game, state, finished_at DESC, id DESC);
    CREATE UNIQUE INDEX games_once ON games (fingerprint) WHERE state = 'finished';
    CREATE TABLE players (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        folded TEXT NOT NULL,
        kind TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX players_by_name ON players (folded, game_id);
    CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE lessons (game TEXT PRIMARY KEY, entry TEXT NOT NULL);
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # version 2: Statistics kept as computed (they change only when a finished game does: the
    # triggers count every such change, whoever makes it)
    """
    CREATE TABLE figures (key TEXT PRIMARY KEY, version INTEGER NOT NULL, value TEXT NOT NULL);
    INSERT OR IGNORE INTO meta (key, value) VALUES ('finished_version', '0');
    CREATE TRIGGER finished_added AFTER INSERT ON games WHEN new.state = 'finished'
        BEGIN UPDATE meta SET value = value + 1 WHERE key = 'finished_version'; END;
    CREATE TRIGGER finished_changed AFTER UPDATE ON games
        WHEN old.state = 'finished' OR new.state = 'finished'
        BEGIN UPDATE meta SET value = value + 1 WHERE key = 'finished_version'; END;
    CREATE TRIGGER finished_gone AFTER DELETE ON games WHEN old.state = 'finished'
        BEGIN UPDATE meta SET value = value + 1 WHERE key = 'finished_version'; END;
    """,
    # version 3: a finished game's reviews (issue 42), one per player reviewed, kept with the
    # game so they open at once; Statistics charts their summaries, so a change counts too
    """
    CREATE TABLE reviews (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        review TEXT NOT NULL,
        summary TEXT NOT NULL,
        reviewed_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TRIGGER review_kept AFTER INSERT ON reviews
        BEGIN UPDATE meta SET value = value + 1 WHERE key = 'finished_version'; END;
    CREATE TRIGGER review_changed AFTER UPDATE ON reviews
        BEGIN UPDATE meta SET value = value + 1 WHERE key = 'finished_version'; END;
    """,
    # version 4: a game in progress kept by appending (issue 58): its row's record says TAILED and
    # its text is these tails joined in seq order, so a move writes its own few bytes, not the
    # whole record again (nor the row, whose other columns each save changes); any other row's
    # record is whole (a finished game, one brought in, one kept before version 4)
    """
    CREATE TABLE record_tail (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    """,
)


def _bests_table(name: str) -> str:
    if not name.isidentifier():
        raise ValueError(f"a game's table is named {name!r}: not an identifier")
    return f"""
    CREATE TABLE {name} (
        seed TEXT PRIMARY KEY,
        best INTEGER NOT NULL,
        unassisted_best INTEGER
    );
    """


def schema() -> tuple[str, ...]:
    """SCHEMA's steps with the games' own tables (GameInfo.bests: Cementopia's bests per deal),
    each made in the step of the version its game declares."""
    steps = list(SCHEMA)
    for game in registry.GAMES:
        if game.bests is not None:
            steps[game.bests.since - 1] += _bests_table(game.bests.table)
    return tuple(steps)


class Connection:
    """The player's database, opened and held: made by `open()` (the data folder) or `memory()`
    (nothing kept: the demo, or a folder the app cannot use). Safe to use from several threads:
    each thread gets its own connection. Store (game.storage.store) is this with its parts."""

    def __init__(self, target: str, uri: bool, path: Path | None, why_not_kept: str | None = None):
        self.target, self.uri, self.path = target, uri, path
        self.kept = why_not_kept is None  # False: nothing outlives this process
        self.source = path  # the player's file this store's data comes from (None: nobody's)
        self.why_not_kept = why_not_kept
        self.problems: list[str] = []  # what opening found, one line each (the title shows them)
        start = started(os.getpid())  # in the token: older versions read "host pid token" alike
        self.holder = (f"{socket.gethostname()} {os.getpid()} {secrets.token_hex(4)}"
                       + (f"-{start}" if start else ""))
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._anchor: sqlite3.Connection | None = None
        # the data file this store writes (device, inode) and its logs: a folder deleted or a
        # file replaced behind the app's back is noticed at the next write (issue 56)
        self._file: tuple[int, int] | None = None
        self._logs: dict[str, tuple[int, int] | None] = {}
        self._files: dict[sqlite3.Connection, tuple[int, int] | None] = {}
        self._news: list[str] = []  # what the player is told once (the window shows it)
        self._mending = threading.Lock()
        # told (from any thread) when a write finds the data held by another connection for
        # NOTE_S: a backup or sync tool, the sqlite3 shell, another window's long import
        self.on_busy: Callable[[], None] | None = None
        self.held = False  # the last write began only after such a wait, or not at all

    # --- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, folder: Path | None = None) -> Self:
        """The store in the data folder. Never raises: a folder or database the app cannot use
        gives an in-memory store that says why (`problems`, `why_not_kept`)."""
        folder = data_dir() if folder is None else Path(folder)
        path = folder / DB_NAME
        store = None
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if path.exists() and not path.is_file():
                raise StoreError(message(N_("{name} is not a regular file"), name=DB_NAME))
            if path.is_file() and not (os.access(folder, os.W_OK) and os.access(path, os.W_OK)):
                return cls._view(path)
            with opening(folder):  # one window at a time decides about the log, then opens
                store = cls._checked_open(path)
            return store
        except Newer:
            why = message(N_("Your data was saved by a newer version of Alice Assemble: this "
                             "version leaves it as it is and keeps nothing from this session."))
        except (sqlite3.Error, OSError, StoreError) as exc:
            words = exc.words if isinstance(exc, StoreError) else failure(exc)
            if os.access(folder, os.F_OK) and not os.access(folder, os.W_OK):  # the true reason
                words = message(N_("the data folder cannot be written to"))
            why = message(N_("Nothing can be saved in {folder} ({reason}): this session keeps "
                             "nothing."), folder=printable(str(folder), 80), reason=words)
        if store is not None:
            store.close()  # the file is left as it is: nothing of this session touches it
        return cls.memory(why)

    @classmethod
    def _checked_open(cls, path: Path) -> Self:
        """The data at `path` opened, its log looked at first (Store.open)."""
        said = []
        verdict = check_log(path)  # before the first open: it would replay any log
        if verdict != FITS and log_in_use(path):
            verdict = FITS  # a window that started before this one has it open: its own
        if verdict == FOREIGN:
            aside = cls._move_aside(path, "foreign-log", ("-wal", "-shm"))
            said.append(message(N_("A log file beside your saved data was not its own (a copy "
                                   "from elsewhere?); it was set aside as {name} and your data "
                                   "was left as it was."), name=aside.name + "-wal"))
        store = cls(str(path), False, path)
        try:
            try:
                if verdict == DAMAGED:
                    raise _damage("the database with its log")
                store._prepare()
            except sqlite3.DatabaseError as exc:
                if not damaged(exc):
                    raise
                store.close()
                aside = cls._move_aside(path)
                store = cls(str(path), False, path)
                store._prepare()
                store.problems.append(message(
                    N_("Your saved data was damaged; it was moved aside as {name} and a fresh "
                       "start was made."), name=aside.name))
        except BaseException:
            store.close()  # the file is left as it is: nothing of this session touches it
            raise
        store.problems[:0] = said
        return store

    @classmethod
    def _view(cls, path: Path) -> Self:
        """A database the app may read but not write (a read-only folder or file): what it holds
        copied into an in-memory store, which plays on and keeps nothing (Export works). Read with
        its log where SQLite can read it and the log is its own, else the file alone."""
        folder_ro = not os.access(path.parent, os.W_OK)
        why = message(N_("The data folder is read-only: nothing new will be kept.") if folder_ro
                      else N_("The data file is read-only: nothing new will be kept."))
        uri = path.resolve().as_uri()
        with_log = check_log(path) == FITS and log_of(path).is_file()
        failed: sqlite3.Error | None = None
        # with its log where SQLite reads it here (its -shm there), or from a copy of the two
        for how in (["ro", "copy"] if with_log else []) + ["alone"]:
            store = None
            try:
                with copy_with_log(path) if how == "copy" else nullcontext(None) as copy:
                    if how == "copy" and copy is None:
                        continue
                    target = {"ro": f"{uri}?mode=ro", "alone": f"{uri}?immutable=1"}.get(
                        how, copy.as_uri() if copy else "")
                    with closing(sqlite3.connect(target, uri=True)) as source:
                        if source.execute("PRAGMA user_version").fetchone()[0] > SCHEMA_VERSION:
                            raise Newer()
                        check = source.execute("PRAGMA quick_check(1)").fetchone()[0]
                        if check != "ok":
                            raise _damage(f"quick_check: {check}")
                        store = cls.memory(why)
                        anchor = store._anchor
                        assert anchor is not None
                        source.backup(anchor)
            except sqlite3.Error as exc:
                if store is not None:
                    store.close()
                failed = exc
                continue
            store._migrate(anchor)  # what another program dropped, made again (in memory)
            store.source = path
            return store
        assert failed is not None
        raise failed

    @classmethod
    def memory(cls, why_not_kept: str | None = None) -> Self:
        """A store that lives in memory only (shared by this process's threads)."""
        name = f"file:alice-{os.getpid()}-{secrets.token_hex(6)}?mode=memory&cache=shared"
        store = cls(name, True, None, why_not_kept or message(N_("nothing is kept (a demo)")))
        store._anchor = store._connect()  # the memory lives while a connection is open
        store._migrate(store._anchor)
        if why_not_kept:
            store.problems.append(why_not_kept)
        return store

    @staticmethod
    def _move_aside(path: Path, why: str = "damaged",
                    suffixes: tuple[str, ...] = ("", "-wal", "-shm")) -> Path:
        """The database (or only its log) renamed beside it, byte for byte; the aside name."""
        aside = aside_name(path, why, suffixes)
        if aside is None:
            raise StoreError(message(N_("the damaged data file could not be moved aside")))
        for suffix in suffixes:
            source = Path(str(path) + suffix)
            if source.exists():
                source.replace(Path(str(aside) + suffix))
        return aside

    def _prepare(self) -> None:
        con = self._con()
        con.execute("PRAGMA journal_mode=WAL")
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise Newer()
        check = con.execute("PRAGMA quick_check(1)").fetchone()[0]
        if check != "ok":
            raise _damage(f"quick_check: {check}")
        found = shape(con)
        if version != SCHEMA_VERSION or _lacks(found, _shapes()[SCHEMA_VERSION]):
            # the tables say where the schema stands (a user_version set by hand says nothing);
            # tables of an older version than the number says, or of none, lost something
            self._migrate(con)
            if not any(not _lacks(found, known) and not _lacks(known, found, tables_only=True)
                       for step, known in enumerate(_shapes()) if step >= version):
                self.problems.append(message(N_("Your saved data had been changed by another "
                                                "program; it was repaired.")))
        if not self._read("SELECT 1 FROM meta WHERE key = ?", (IDENTITY,)):
            try:
                with self._write(con) as c:  # names this database (guard.check_log)
                    c.execute("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)",
                              (IDENTITY, secrets.token_hex(8)))
            except sqlite3.OperationalError:
                pass  # a full disk, another window writing: named at a later start

    def _migrate(self, con: sqlite3.Connection) -> None:
        """Bring the schema to SCHEMA_VERSION in one transaction with its version number (a kill
        leaves the old schema or the new one). What is there is kept and what is missing made:
        a column added, a table, index or trigger created, the players' table filled again from
        the records; a column that cannot be added (one a game cannot be without) is damage."""
        with self._write(con) as c:
            version = c.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise Newer()
            found = shape(c)
            wanted = _shapes()[SCHEMA_VERSION]
            for table, (kind, columns) in wanted.items():
                if kind != "table" or table not in found:
                    continue
                have = {column[0] for column in found[table][1]}
                for name, notnull, default, decl, key in columns:
                    if name in have:
                        continue
                    if key or (notnull and default is None):
                        raise _damage(f"the column {table}.{name} is missing")
                    c.execute(f"ALTER TABLE {table} ADD COLUMN {name} {decl}"
                              + (" NOT NULL" if notnull else "")
                              + (f" DEFAULT {default}" if default is not None else ""))
            for script in schema():
                for statement in _statements(script):
                    c.execute(idempotent(statement))
            if "meta" not in found and "figures" in found:
                c.execute("DELETE FROM figures")  # kept against a counter that starts again
            if "players" not in found and "games" in found:
                for game_id, text in c.execute("SELECT id, record FROM games").fetchall():
                    try:
                        self._put_players(c, game_id, _record(_whole(c, game_id, text)[0]))
                    except Exception:  # noqa: BLE001 - a row that cannot be read: no players
                        continue
            c.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.target, timeout=BUSY_S, isolation_level=None, uri=self.uri,
                              check_same_thread=False)
        con.execute("PRAGMA foreign_keys = ON")
        con.execute("PRAGMA synchronous = FULL")  # a committed game survives a power cut too
        with self._lock:
            self._all.append(con)
        _OPEN.add(self.holder)
        return con

    def _con(self) -> sqlite3.Connection:
        con = getattr(self._local, "con", None)
        if con is not None and self.path is not None and self._files.get(con) != self._file:
            self._forget(con)  # its file is no longer the data file: made again since
            con = None
        if con is None:
            con = self._local.con = self._attach()
            if self._file is None:
                self._file = self._files.get(con)
        return con

    def _attach(self) -> sqlite3.Connection:
        """A new connection, and which file it opened (when the store has a path)."""
        con = self._connect()
        if self.path is not None:
            with self._lock:
                self._files[con] = _ident(self.path)
        return con

    def _forget(self, con: sqlite3.Connection) -> None:
        with self._lock:
            if con in self._all:
                self._all.remove(con)
            self._files.pop(con, None)
        try:
            con.close()  # (SQLite leaves the logs at the path alone: its file was moved)
        except sqlite3.Error:
            pass

    def close(self) -> None:
        _OPEN.discard(self.holder)
        with self._lock:
            cons, self._all = self._all, []
        for con in cons:
            try:
                con.close()
            except sqlite3.Error:
                pass
        self._files.clear()
        self._local = threading.local()

    def news(self) -> list[str]:
        """What happened to the data file since the last call (each said once, by the window)."""
        with self._lock:
            found, self._news = self._news, []
        return found

    # --- transactions ----------------------------------------------------------------------

    @contextmanager
    def _write(self, con: sqlite3.Connection | None = None,
               wait: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction. BEGIN IMMEDIATE takes the write lock at once (no deadlock
        between two readers turning writers); a busy database is waited for, then retried. The
        first try waits NOTE_S (AT_ONCE_S if not `wait` or at_once(): then it fails, Busy) and
        tells on_busy. The data file is looked at before and after (a deleted folder, a file put
        in its place: see `_mend`), so that a write is never said done that the data path does
        not hold."""
        watched = con is None and self.path is not None
        con = self._watched() if watched else self._con() if con is None else con
        wait = wait and not getattr(self._local, "at_once", False)
        con.execute(f"PRAGMA busy_timeout = {int((NOTE_S if wait else AT_ONCE_S) * 1000)}")
        try:
            con.execute("BEGIN IMMEDIATE")
            begun, self.held = True, False
        except sqlite3.OperationalError as exc:
            begun = False
            if watched and self._files.get(con) != _ident(self.path):
                pass  # opened as its file went: made again below (no other program's wait)
            elif not busy(exc):
                raise
            else:
                self.held = self.path is not None  # (not a demo's threads, in memory)
                if self.on_busy is not None and self.held:
                    self.on_busy()
                if not wait:
                    raise
        finally:
            con.execute(f"PRAGMA busy_timeout = {int(BUSY_S * 1000)}")
        if not begun:
            con = self._begin(con, watched)
        try:
            yield con
        except BaseException:
            try:
                con.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            raise
        con.execute("COMMIT")
        if watched and self._files.get(con) != _ident(self.path):
            self._mend(con)  # the commit went to a file no longer at the data path

    @contextmanager
    def at_once(self) -> Iterator[None]:
        """The writes of this thread inside wait AT_ONCE_S at most: Busy if the data is held
        longer (the frame loop then hands the write to a thread that can wait, or says so)."""
        self._local.at_once = True
        try:
            yield
        finally:
            self._local.at_once = False

    def _begin(self, con: sqlite3.Connection, watched: bool) -> sqlite3.Connection:
        """BEGIN IMMEDIATE, tried again while busy; a watched connection opened as its file
        went is made again first (it reads nothing). The connection begun."""
        for attempt in range(RETRIES):
            try:
                con.execute("BEGIN IMMEDIATE")
                return con
            except sqlite3.OperationalError as exc:
                if watched and attempt < RETRIES - 1 and self._files.get(con) != _ident(self.path):
                    con = self._reopened(con)
                    continue
                if not busy(exc) or attempt == RETRIES - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
        return con

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        for attempt in range(RETRIES):
            try:
                return self._con().execute(sql, args).fetchall()
            except sqlite3.OperationalError as exc:
                if not busy(exc) or attempt == RETRIES - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
        return []

    def _run(self, what: str, work: Callable[[], T]) -> T:
        """work() with any database failure as a StoreError in player words."""
        for _ in range(AGAIN_TRIES):
            try:
                return work()
            except Again as exc:  # the file was made again meanwhile: the work is done again
                last = exc
            except Unmended as exc:
                raise StoreError(message(what, reason=exc.words)) from None
            except StoreError:
                raise
            except (sqlite3.Error, OSError) as exc:
                kind = Busy if busy(exc) else StoreError
                raise kind(message(what, reason=failure(exc))) from None
        # (a folder removed over and over, faster than one write)
        raise StoreError(message(what, reason=last.words)) from None

    # --- the data file itself (issue 56) ---------------------------------------------------

    def _check(self) -> None:
        """Before a write: is the file at the data path still the one this store writes?"""
        assert self.path is not None
        here = _ident(self.path)
        if here is not None and here == self._file:
            for suffix in ("-wal", "-shm"):  # this store's logs, once they are there
                if self._logs.get(suffix) is None:
                    self._logs[suffix] = _ident(Path(f"{self.path}{suffix}"))
            return
        if self._file is not None:
            self._mend(None)

    def _watched(self) -> sqlite3.Connection:
        """This thread's connection to the data file, the file made again first if it went (also
        while this thread connected: that connection opened nothing, or an empty new file)."""
        for attempt in range(RETRIES):
            self._check()
            try:
                con = self._con()
            except sqlite3.Error:
                if attempt == RETRIES - 1 or _ident(self.path) == self._file:
                    raise
                continue
            if self._files.get(con) == self._file or attempt == RETRIES - 1:
                break
            self._forget(con)
            self._local.con = None
        return con

    def _reopened(self, con: sqlite3.Connection) -> sqlite3.Connection:
        """This thread's connection again, after its file went (made again from another)."""
        self._forget(con)
        self._local.con = None
        return self._watched()

    def _source(self) -> sqlite3.Connection | None:
        """A connection to the file this store wrote until now (this thread's if it has one)."""
        mine = getattr(self._local, "con", None)
        with self._lock:
            found = [con for con, file in self._files.items() if file == self._file]
        return mine if mine in found else (found[0] if found else None)

    def _mend(self, source: sqlite3.Connection | None) -> None:
        """The data path no longer holds the file this store wrote (the folder deleted or emptied,
        the file deleted or replaced), but this process still reads that file through the
        connections it holds open. Missing: it is made again there, whole (SQLite's backup),
        never over a file that appeared meanwhile. Replaced: what the new file holds stays, and
        this window's games it lacks are added to it. Said once (`news`); a failure is a
        StoreError saying why, so that no write is said done that the data path does not hold."""
        assert self.path is not None
        with self._mending:
            here = _ident(self.path)
            if source is None:
                if here is not None and here == self._file:
                    return  # another thread of this window made it again meanwhile
                source = self._source()
            # a late commit of another thread; or one to a file this window had already left
            # (made again since): what that file holds is older, never copied; done again
            if here is not None and here == self._file or \
                    source is not None and self._files.get(source) != self._file:
                raise Again(message(N_("the data file was being made again")))
            try:
                if source is None:
                    raise StoreError(message(N_("nothing of it is left to copy")))
                for suffix in ("-wal", "-shm"):  # logs left without their file, or this
                    log = Path(f"{self.path}{suffix}")  # window's beside another file, would
                    found = _ident(log)  # be read into the new one
                    if here is None or (found is not None and found == self._logs.get(suffix)):
                        log.unlink(missing_ok=True)
                target, fresh = self._remade(source) if here is None else None, True
                if target is None:
                    target, n, fresh = self._joined(source)
                if here is None or fresh:
                    n = target.execute("SELECT count(*) FROM games WHERE state = 'finished'"
                                       ).fetchone()[0]
                    words = later.ngettext(
                        "Your data folder was removed while the app was open; it was made again "
                        "from what this window still had ({n} finished game).",
                        "Your data folder was removed while the app was open; it was made again "
                        "from what this window still had ({n} finished games).", n, n=n)
                else:
                    words = later.ngettext(
                        "Your data file was replaced by another while the app was open; it is "
                        "kept, and {n} game of this window that it lacked was added to it.",
                        "Your data file was replaced by another while the app was open; it is "
                        "kept, and {n} games of this window that it lacked were added to it.",
                        n, n=n)
            except StoreError as exc:
                raise Unmended(self._unmended(here, exc.words)) from None
            except (sqlite3.Error, OSError) as exc:
                raise Unmended(self._unmended(here, failure(exc))) from None
            with self._lock:
                self._file = self._files[target]
                self._news.append(words)
            self._logs = {}
            old = getattr(self._local, "con", None)
            self._local.con = target
            if old is not None and old is not target:
                self._forget(old)

    @staticmethod
    def _unmended(here: tuple[int, int] | None, why: str) -> str:
        if here is None:
            return message(N_("the data folder was removed and could not be made again ({why})"),
                           why=why)
        return message(N_("the data file was replaced by one this app cannot use ({why}); "
                          "nothing is written into it"), why=why)

    def _remade(self, source: sqlite3.Connection) -> sqlite3.Connection | None:
        """The data file made again as a copy of `source`'s; None if a file appeared there
        meanwhile (another window made it again first)."""
        assert self.path is not None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        spare = self.path.with_name(f".{DB_NAME}.{secrets.token_hex(4)}.tmp")
        try:
            copy = sqlite3.connect(spare)
            try:
                source.backup(copy)
            finally:
                copy.close()
            made = _ident(spare)
            try:
                os.link(spare, self.path)  # never over a file that is there
            except FileExistsError:
                return None
            except OSError:  # a file system without hard links
                if self.path.exists():
                    return None
                os.replace(spare, self.path)
        finally:
            for suffix in ("", "-journal", "-wal", "-shm"):
                Path(f"{spare}{suffix}").unlink(missing_ok=True)
        target = self._attach()
        if self._files.get(target) != made:  # removed again at once: what is there now is joined
            self._forget(target)
            return None
        target.execute("PRAGMA journal_mode=WAL")
        return target

    def _joined(self, source: sqlite3.Connection) -> tuple[sqlite3.Connection, int, bool]:
        """The file now at the data path, with this window's games it lacks added: (its
        connection, how many games were added, whether the folder was removed rather than the
        file replaced). StoreError if it is not a database this app can use (it is left as it
        is)."""
        target = self._attach()
        try:
            if self._files.get(target) is None:
                raise StoreError(message(N_("nothing of it is left to copy")))
            if not target.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                # empty: a connection of this window made it as the file went. All of the old
                # one goes in, as _remade does (games another saver let go are kept too)
                source.backup(target)
                target.execute("PRAGMA journal_mode=WAL")
                return target, 0, True
            version = target.execute("PRAGMA user_version").fetchone()[0]
            # another window of this folder made it again from the file this one had: the
            # folder was removed, not replaced
            fresh = bool(_has_table(target, "games") and target.execute(
                "SELECT 1 FROM games WHERE holder = ?", (self.holder,)).fetchone())
            if version > SCHEMA_VERSION:
                raise StoreError(message(N_("a newer version of the app wrote it")))
            if version == SCHEMA_VERSION and \
                    target.execute("PRAGMA quick_check(1)").fetchone()[0] != "ok":
                raise StoreError(message(N_("the data file is damaged")))
            target.execute("PRAGMA journal_mode=WAL")
            self._migrate(target)
            with self._write(target) as c:
                return target, self._add_from(source, c), fresh
        except BaseException:
            self._forget(target)
            raise

    def _add_from(self, source: sqlite3.Connection, c: sqlite3.Connection) -> int:
        """Into `c`: the finished games of `source` that it lacks and the games in progress this
        window holds there (their latest position); settings, lessons and bests it lacks. Each
        keeps its id (the save service goes on with it): a game of `c` in its way gets a new one.
        How many games were added."""
        columns = ("game, state, record, fingerprint, actions, started_at, updated_at, "
                   "finished_at, entry, holder, held_at")
        marks = ", ".join("?" * 11)
        rows = source.execute(f"SELECT id, {columns} FROM games WHERE state = 'finished' "
                              "OR holder = ?", (self.holder,)).fetchall()
        spare = max([r[0] for r in rows] + [c.execute("SELECT max(id) FROM games").fetchone()[0]
                                            or 0]) + 1
        c.execute("PRAGMA defer_foreign_keys = ON")  # (a game's id changes with its players')
        added = 0
        for game_id, *values in rows:
            if values[1] == PLAYING:  # its record whole, from its tails there
                values[2] = _whole(source, game_id, values[2])[0]
            held = c.execute("SELECT 1 FROM games WHERE id = ? AND state = 'playing' AND holder = ?",
                             (game_id, self.holder)).fetchone() is not None
            if values[1] == FINISHED and c.execute(
                    "SELECT 1 FROM games WHERE state = 'finished' AND fingerprint = ?",
                    (values[3],)).fetchone():
                if held:  # finished since: its row in progress goes
                    c.execute("DELETE FROM games WHERE id = ?", (game_id,))
                continue
            if held:
                c.execute(f"UPDATE games SET ({columns}) = ({marks}) WHERE id = ?",
                          (*values, game_id))
                c.execute("DELETE FROM record_tail WHERE game_id = ?", (game_id,))
            else:
                if c.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
                    for table, key in (("games", "id"), ("players", "game_id"),
                                       ("reviews", "game_id"), ("record_tail", "game_id")):
                        c.execute(f"UPDATE {table} SET {key} = ? WHERE {key} = ?", (spare, game_id))
                    spare += 1
                c.execute(f"INSERT INTO games (id, {columns}) VALUES (?, {marks})",
                          (game_id, *values))
                added += 1
                c.executemany("INSERT OR IGNORE INTO reviews (game_id, seat, review, summary, "
                              "reviewed_at) VALUES (?, ?, ?, ?, ?)", [
                                  (game_id, *r) for r in source.execute(
                                      "SELECT seat, review, summary, reviewed_at FROM reviews "
                                      "WHERE game_id = ?", (game_id,))])
            c.execute("DELETE FROM players WHERE game_id = ?", (game_id,))
            c.executemany("INSERT INTO players (game_id, seat, name, folded, kind) "
                          "VALUES (?, ?, ?, ?, ?)", [(game_id, *r) for r in source.execute(
                              "SELECT seat, name, folded, kind FROM players WHERE game_id = ?",
                              (game_id,))])
        for table in ("settings", "lessons", "meta"):
            c.executemany(f"INSERT OR IGNORE INTO {table} VALUES (?, ?)",
                          source.execute(f"SELECT * FROM {table}").fetchall())
        for game in registry.GAMES:
            if game.bests is not None:
                for seed, best, plain in source.execute(
                        f"SELECT seed, best, unassisted_best FROM {game.bests.table}").fetchall():
                    self._merge_best(c, game.bests.table, seed, {"best": best, "unassisted_best": plain})
        return added

    # --- leases ---------------------------------------------------------------------------

    def _held(self, holder: Any, held_at: Any) -> str:  # the row's cells: any type
        """Who holds a game in progress. A window alive on this computer keeps its game whatever
        the clocks say (a laptop after sleep, a stepped clock); the heartbeat decides only for a
        window elsewhere or where a process cannot be looked at. A lease that cannot be read (an
        edited row: any type in either column) is free."""
        if holder is None:
            return FREE
        if holder == self.holder:
            return MINE
        try:
            host, pid, token = holder.split(" ")
            pid_n = int(pid)
        except (AttributeError, TypeError, ValueError):
            return FREE  # not a holder this app wrote
        beat = held_at if isinstance(held_at, (int, float)) and not isinstance(held_at, bool) \
            else math.nan
        if not (0 < pid_n < 1 << 31) or not math.isfinite(beat):
            return FREE
        if host == socket.gethostname():
            if pid_n == os.getpid():  # another store of this process
                return ELSEWHERE if holder in _OPEN else FREE
            running = alive(pid_n)
            if running is not None:
                since = token.partition("-")[2]
                now = started(pid_n) if since else None
                # gone, or its pid reused by a process started at another time: free at once
                return ELSEWHERE if running and (now is None or now == since) else FREE
        if abs(time.time() - beat) > LEASE_S:
            return FREE  # its heartbeat stopped (a killed or frozen window, another computer)
        return ELSEWHERE

    # --- rows the schema and a mended file need --------------------------------------------

    def _put_players(self, c: sqlite3.Connection, game_id: int, record: dict[str, Any]) -> None:
        c.execute("DELETE FROM players WHERE game_id = ?", (game_id,))
        c.executemany("INSERT INTO players (game_id, seat, name, folded, kind) VALUES (?, ?, ?, ?, ?)",
                      [(game_id, i, p["name"], fold(p["name"]), seat_kind(p["seat"]))
                       for i, p in enumerate(record.get("players") or ())])

    @staticmethod
    def _merge_best(c: sqlite3.Connection, table: str, seed: str, entry: dict[str, Any]) -> None:
        row = c.execute(f"SELECT best, unassisted_best FROM {table} WHERE seed = ?",
                        (seed,)).fetchone()
        best, plain = _score(entry.get("best")), _score(entry.get("unassisted_best"))
        if best is None:
            return
        if plain is not None and plain > best:
            plain = None
        old_best, old_plain = _best_row(row)
        if old_best is not None:
            best = max(best, old_best)
            plain = max((v for v in (plain, old_plain) if v is not None), default=None)
        c.execute(f"INSERT INTO {table} (seed, best, unassisted_best) VALUES (?, ?, ?) "
                  "ON CONFLICT (seed) DO UPDATE SET best = excluded.best, "
                  "unassisted_best = excluded.unassisted_best", (seed, best, plain))


# --- values in and out ---------------------------------------------------------------------

def _statements(script: str) -> Iterator[str]:
    """A script's statements one by one (a trigger's body holds semicolons of its own)."""
    part = ""
    for line in script.splitlines(keepends=True):
        part += line
        if sqlite3.complete_statement(part):
            if part.strip():
                yield part
            part = ""


_SHAPES: dict[tuple[str, ...], list[dict[str, Shape]]] = {}  # by the steps they come from


def _shapes() -> list[dict[str, Shape]]:
    """The shape of the schema at each version, 0 to SCHEMA_VERSION (made once per set of the
    games' own tables, in memory)."""
    steps = schema()
    if steps not in _SHAPES:
        shapes = _SHAPES[steps] = []
        with closing(sqlite3.connect(":memory:")) as con:
            shapes.append(shape(con))
            for script in steps:
                for statement in _statements(script):
                    con.execute(statement)
                shapes.append(shape(con))
    return _SHAPES[steps]


def _lacks(found: dict[str, Shape], wanted: dict[str, Shape], tables_only: bool = False) -> bool:
    """Whether `found` lacks a table, column, index or trigger of `wanted`."""
    for name, (kind, columns) in wanted.items():
        if tables_only and kind != "table":
            continue
        if name not in found or found[name][0] != kind:
            return True
        have = {column[0] for column in found[name][1]}
        if any(column[0] not in have for column in columns):
            return True
    return False


def _damage(what: str) -> sqlite3.DatabaseError:
    """A check that failed, as the damage SQLite itself reports (the file is moved aside)."""
    error = sqlite3.DatabaseError(what)
    error.sqlite_errorname = "SQLITE_CORRUPT"
    return error


def _has_table(con: sqlite3.Connection, name: str) -> bool:
    return con.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                       (name,)).fetchone() is not None


def _row_id(cursor: sqlite3.Cursor) -> int:
    """The id an INSERT gave its row."""
    row_id = cursor.lastrowid
    assert row_id is not None
    return int(row_id)


def _dump(value: object) -> str:
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StoreError(message(N_("it cannot be written ({error})"),
                                 error=printable(str(exc), 60))) from None


def _value(text: object, limit: int = VALUE_BYTES) -> object:
    """A stored JSON value, checked (the file is the player's: anything can be in it)."""
    if not isinstance(text, str) or len(text) > limit:
        raise StoreError(message(N_("it is not a value this app wrote")))
    try:
        value = load_json(text)
    except Exception as exc:  # noqa: BLE001 - RecordError in one line
        raise StoreError(describe(exc)) from None
    if too_deep(value, 16):
        raise StoreError(message(N_("it is nested too deeply")))
    return value


def _record(text: object) -> dict[str, Any]:
    """A stored record, its envelope checked (RecordError's words as a StoreError)."""
    if not isinstance(text, str) or len(text) > RECORD_BYTES:
        raise StoreError(message(N_("it is not a record this app wrote")))
    try:
        data = load_json(text)
        if too_deep(data, DEPTH):
            raise StoreError(message(N_("it is nested too deeply")))
        return check_envelope(data)
    except StoreError:
        raise
    except Exception as exc:  # noqa: BLE001 - anything a damaged row can hold
        raise StoreError(describe(exc)) from None


def _whole(c: sqlite3.Connection, game_id: int, head: object) -> tuple[Any, list[int]]:
    """A game's record text from its row's record `head` (whole unless TAILED) or its tails, and
    where each part ends (the row's, then each tail's); what is not text is unreadable (_record
    says so)."""
    if head != TAILED:
        return head, [len(head)] if isinstance(head, str) else []
    tails = [r[0] for r in c.execute("SELECT text FROM record_tail WHERE game_id = ? ORDER BY seq",
                                     (game_id,))]
    text = _joined_text(head, tails)
    ends = [0]
    if isinstance(text, str):
        for tail in tails:
            ends.append(ends[-1] + len(tail))
    return text, ends


def _joined_text(head: object, tails: list[Any]) -> object:
    """The record's text: the row's record (whole), or its tails joined where it says TAILED."""
    if head != TAILED:
        return head
    if not tails or not all(isinstance(t, str) for t in tails):
        return None  # an edited row: not a record this app wrote
    return "".join(tails)



def _best_row(row: Sequence[Any] | None) -> tuple[int | None, int | None]:
    """(best, unassisted best) of a kept row; a row that makes no sense counts as none."""
    if row is None:
        return None, None
    best, plain = _score(row[0]), _score(row[1])
    if best is None or (plain is not None and plain > best):
        return None, None
    return best, plain


def _score(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 16 else None


