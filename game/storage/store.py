"""Everything the app keeps, in one SQLite database in the data folder (`alice.sqlite3`): games
in progress and finished, settings, where each lesson was left, Cementopia's bests. This is the
only module that runs SQL (Anki's habit: one storage layer owns every query).

Why a database and not files: what must change together changes in one transaction. Finishing a
game turns its row from "playing" to "finished" in one commit, so a kill at any instant leaves it
exactly once, in one of the two. Two windows on one folder are safe: SQLite locks (WAL journal; a
writer waits for the other, then retries, so "database is locked" never reaches a player), each
game in progress is held by the window that opened it (a lease with a heartbeat: a window killed
with its game open lets it go once its heartbeat stops, at once when its process is gone), and
settings are kept per key.

A database the app cannot use is never overwritten: a damaged one is moved aside and a fresh one
started; one written by a newer version is left alone and the app runs without saving (an
in-memory store: everything works, nothing is kept, and the app says so).
"""

from __future__ import annotations

import errno
import hashlib
import json
import math
import os
import secrets
import socket
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .. import registry
from ..history import Entry, entry_of, fold, seat_kind
from ..i18n import N_
from ..messages import message
from ..records import NAME_LEN, check_envelope, load_json, read_stamp, utc_stamp
from ..text import clean
from .files import aside_name, data_dir, describe, printable, too_deep

DB_NAME = "alice.sqlite3"
SCHEMA_VERSION = 3
BUSY_S = 5.0  # SQLite's own wait for another window's transaction
RETRIES = 5  # then a few more tries, spaced out (a long import in the other window)
LEASE_S = 15.0  # a window whose heartbeat is older than this has let its game go
BEAT_S = 4.0  # how often a window with a game open says it is still there
RECORD_BYTES = 32 << 20  # a long game's record is tens of KB
VALUE_BYTES = 1 << 20  # a setting's value, a lesson's entry
DEPTH = 64  # a record nests 5 deep; far deeper is not ours
RECORDS_PAGE = 200  # records read at a time by an export

# A game's identity: its game, seed, setup and actions; who played it, when, and what the record
# says of its result are not (an import of the same game is the same game).
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


class Newer(Exception):
    """The database was written by a newer version of the app."""


@dataclass(frozen=True)
class Saved:
    """A game in progress, as the Continue list shows it."""

    id: int
    game: str
    players: tuple[tuple[str, str], ...]  # (name, seat kind)
    actions: int
    started_at: str | None
    updated_at: str
    held: str  # FREE, MINE or ELSEWHERE


@dataclass
class Imported:
    """What an import did: games added, games already there, what could not be used."""

    added: list[int] = field(default_factory=list)
    already: int = 0
    found: list[int] = field(default_factory=list)  # the ids of the games already there
    problems: list[tuple[str, str]] = field(default_factory=list)  # (the file's name, why)


def fingerprint(record: dict) -> str:
    body = {k: v for k, v in record.items() if k not in NOT_IDENTITY}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


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
    if isinstance(exc, (OSError, sqlite3.Error)):
        return describe(exc)
    return printable(f"{type(exc).__name__}: {exc}")


def busy(exc: BaseException) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in str(exc)


def damaged(exc: BaseException) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def alive(pid: int) -> bool:
    """Whether a process of this computer still runs (POSIX; elsewhere the heartbeat decides:
    os.kill(pid, 0) would send Ctrl+C on Windows)."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but is not ours to signal
        return True
    return True


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
    CREATE TABLE cementopia_best (
        seed TEXT PRIMARY KEY,
        best INTEGER NOT NULL,
        unassisted_best INTEGER
    );
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
)


class Store:
    """The player's data. Made by `Store.open()` (the data folder) or `Store.memory()` (nothing
    kept: the demo, or a folder the app cannot use). Safe to use from several threads: each
    thread gets its own connection."""

    def __init__(self, target: str, uri: bool, path: Path | None, why_not_kept: str | None = None):
        self.target, self.uri, self.path = target, uri, path
        self.kept = why_not_kept is None  # False: nothing outlives this process
        self.why_not_kept = why_not_kept
        self.problems: list[str] = []  # what opening found, one line each (the title shows them)
        self.holder = f"{socket.gethostname()} {os.getpid()} {secrets.token_hex(4)}"
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._anchor: sqlite3.Connection | None = None

    # --- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, folder: Path | None = None) -> "Store":
        """The store in the data folder. Never raises: a folder or database the app cannot use
        gives an in-memory store that says why (`problems`, `why_not_kept`)."""
        folder = data_dir() if folder is None else Path(folder)
        path = folder / DB_NAME
        store = None
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if path.exists() and not path.is_file():
                raise StoreError(message(N_("{name} is not a regular file"), name=DB_NAME))
            store = cls(str(path), False, path)
            try:
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
                       "start was made."), name=aside.name if aside else "?"))
            return store
        except Newer:
            why = message(N_("Your data was saved by a newer version of Alice Assemble: this "
                             "version leaves it as it is and keeps nothing from this session."))
        except (sqlite3.Error, OSError, StoreError) as exc:
            words = exc.words if isinstance(exc, StoreError) else failure(exc)
            why = message(N_("Nothing can be saved in {folder} ({reason}): this session keeps "
                             "nothing."), folder=printable(str(folder), 80), reason=words)
        if store is not None:
            store.close()  # the file is left as it is: nothing of this session touches it
        return cls.memory(why)

    @classmethod
    def memory(cls, why_not_kept: str | None = None) -> "Store":
        """A store that lives in memory only (shared by this process's threads)."""
        name = f"file:alice-{os.getpid()}-{secrets.token_hex(6)}?mode=memory&cache=shared"
        store = cls(name, True, None, why_not_kept or message(N_("nothing is kept (a demo)")))
        store._anchor = store._connect()  # the memory lives while a connection is open
        store._migrate(store._anchor)
        if why_not_kept:
            store.problems.append(why_not_kept)
        return store

    @staticmethod
    def _move_aside(path: Path) -> Path | None:
        aside = aside_name(path, "damaged")
        if aside is None:
            raise StoreError(message(N_("the damaged data file could not be moved aside")))
        for suffix in ("", "-wal", "-shm"):
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
        if version == SCHEMA_VERSION:  # the usual start: a glance at the file's health
            check = con.execute("PRAGMA quick_check(1)").fetchone()[0]
            if check != "ok":
                error = sqlite3.DatabaseError(f"quick_check: {check}")
                error.sqlite_errorname = "SQLITE_CORRUPT"  # type: ignore[attr-defined]
                raise error
        else:
            self._migrate(con)

    def _migrate(self, con: sqlite3.Connection) -> None:
        """Bring the schema to SCHEMA_VERSION, each step in the same transaction as its version
        number (a kill leaves the old schema or the new one)."""
        with self._write(con) as c:
            version = c.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise Newer()
            for step in range(version, SCHEMA_VERSION):
                for statement in _statements(SCHEMA[step]):
                    c.execute(statement)
            c.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.target, timeout=BUSY_S, isolation_level=None, uri=self.uri,
                              check_same_thread=False)
        con.execute("PRAGMA foreign_keys = ON")
        con.execute("PRAGMA synchronous = FULL")  # a committed game survives a power cut too
        with self._lock:
            self._all.append(con)
        return con

    def _con(self) -> sqlite3.Connection:
        con = getattr(self._local, "con", None)
        if con is None:
            con = self._local.con = self._connect()
        return con

    def close(self) -> None:
        with self._lock:
            cons, self._all = self._all, []
        for con in cons:
            try:
                con.close()
            except sqlite3.Error:
                pass
        self._local = threading.local()

    # --- transactions ----------------------------------------------------------------------

    @contextmanager
    def _write(self, con: sqlite3.Connection | None = None) -> Iterator[sqlite3.Connection]:
        """One write transaction. BEGIN IMMEDIATE takes the write lock at once (no deadlock
        between two readers turning writers); a busy database is waited for, then retried."""
        con = self._con() if con is None else con
        for attempt in range(RETRIES):
            try:
                con.execute("BEGIN IMMEDIATE")
                break
            except sqlite3.OperationalError as exc:
                if not busy(exc) or attempt == RETRIES - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
        try:
            yield con
        except BaseException:
            try:
                con.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            raise
        con.execute("COMMIT")

    def _read(self, sql: str, args: tuple = ()) -> list:
        for attempt in range(RETRIES):
            try:
                return self._con().execute(sql, args).fetchall()
            except sqlite3.OperationalError as exc:
                if not busy(exc) or attempt == RETRIES - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
        return []

    def _run(self, what: str, work: Callable):
        """work() with any database failure as a StoreError in player words."""
        try:
            return work()
        except StoreError:
            raise
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(message(what, reason=failure(exc))) from None

    # --- games in progress -----------------------------------------------------------------

    def new_game(self, record: dict) -> int:
        """Keep a new game in progress (held by this window); its id."""
        _dump(record)  # a record that cannot be written says so before the transaction

        def work() -> int:
            with self._write() as c:
                return self._insert(c, record, fingerprint(record), None, held=True)
        return self._run(N_("Could not save the game: {reason}"), work)

    def save_game(self, game_id: int, record: dict) -> None:
        """The game's latest position. HeldElsewhere if another window has taken it over."""
        text = _dump(record)

        def work() -> None:
            with self._write() as c:
                done = c.execute(
                    "UPDATE games SET record = ?, fingerprint = ?, actions = ?, updated_at = ?, "
                    "held_at = ? WHERE id = ? AND state = 'playing' AND holder = ?",
                    (text, fingerprint(record), _actions(record), utc_stamp(), time.time(),
                     game_id, self.holder)).rowcount
                if not done:
                    raise HeldElsewhere(message(N_("this game is now open in another window, "
                                                   "which keeps it from here on")))
        self._run(N_("Could not save the game: {reason}"), work)

    def finish_game(self, game_id: int | None, record: dict) -> int:
        """A finished (or conceded) game leaves the games in progress and joins the finished ones,
        in one commit. A game already among the finished (the same game, setup and actions) is
        not kept twice. Its id in History."""
        if read_stamp(record.get("finished_at")) is None:
            record = dict(record, finished_at=utc_stamp())
        entry = _entry_json(record)
        text = _dump(record)
        key = fingerprint(record)
        when = entry["when"]

        def work() -> int:
            with self._write() as c:
                same = c.execute("SELECT id FROM games WHERE state = 'finished' AND fingerprint = ?",
                                 (key,)).fetchone()
                if same is not None:  # already there (a second window, an import)
                    if game_id is not None:
                        c.execute("DELETE FROM games WHERE id = ? AND state = 'playing'", (game_id,))
                    return int(same[0])
                done = 0
                if game_id is not None:
                    done = c.execute(
                        "UPDATE games SET state = 'finished', record = ?, fingerprint = ?, "
                        "actions = ?, updated_at = ?, finished_at = ?, entry = ?, holder = NULL, "
                        "held_at = NULL WHERE id = ? AND state = 'playing' "
                        "AND (holder = ? OR holder IS NULL)",
                        (text, key, _actions(record), utc_stamp(), when, _dump(entry), game_id,
                         self.holder)).rowcount
                if game_id is None or not done:  # never kept in progress, or taken over
                    return self._insert(c, record, key, entry)
                self._put_players(c, game_id, record)
                return game_id
        return self._run(N_("Could not keep the finished game: {reason}"), work)

    def drop_game(self, game_id: int) -> None:
        """Forget a game in progress (Restart, or deleted from the list). Not one another window
        holds."""
        def work() -> None:
            with self._write() as c:
                row = c.execute("SELECT holder, held_at FROM games WHERE id = ? AND state = 'playing'",
                                (game_id,)).fetchone()
                if row is None:
                    return
                if self._held(row[0], row[1]) == ELSEWHERE:
                    raise HeldElsewhere(message(N_("it is open in another window")))
                c.execute("DELETE FROM games WHERE id = ?", (game_id,))
        self._run(N_("Could not delete the game: {reason}"), work)

    def in_progress(self) -> list[Saved]:
        """The games in progress, the most recently played first."""
        def work() -> list[Saved]:
            rows = self._read("SELECT id, game, actions, started_at, updated_at, holder, held_at "
                              "FROM games WHERE state = 'playing' ORDER BY updated_at DESC, id DESC")
            players = self._players([r[0] for r in rows])
            return [Saved(r[0], r[1], players.get(r[0], ()), r[2], r[3], r[4], self._held(r[5], r[6]))
                    for r in rows]
        return self._run(N_("Could not read the games in progress: {reason}"), work)

    def take(self, game_id: int) -> dict:
        """Hold a game in progress for this window and give its record (its JSON checked, not
        replayed). HeldElsewhere if another window holds it; StoreError if it is gone or cannot
        be read."""
        def work() -> str:
            with self._write() as c:
                row = c.execute("SELECT record, holder, held_at FROM games "
                                "WHERE id = ? AND state = 'playing'", (game_id,)).fetchone()
                if row is None:
                    raise StoreError(message(N_("it is no longer among the games in progress")))
                if self._held(row[1], row[2]) == ELSEWHERE:
                    raise HeldElsewhere(message(N_("it is open in another window")))
                c.execute("UPDATE games SET holder = ?, held_at = ? WHERE id = ?",
                          (self.holder, time.time(), game_id))
                return row[0]
        text = self._run(N_("Could not open the game: {reason}"), work)
        return _record(text)

    def beat(self, game_id: int) -> bool:
        """This window still has the game open (its heartbeat); False if it was taken over."""
        def work() -> bool:
            with self._write() as c:
                return bool(c.execute("UPDATE games SET held_at = ? WHERE id = ? AND holder = ?",
                                      (time.time(), game_id, self.holder)).rowcount)
        return self._run(N_("Could not save the game: {reason}"), work)

    def release(self, game_id: int) -> None:
        """This window no longer has the game open."""
        def work() -> None:
            with self._write() as c:
                c.execute("UPDATE games SET holder = NULL, held_at = NULL WHERE id = ? AND holder = ?",
                          (game_id, self.holder))
        self._run(N_("Could not save the game: {reason}"), work)

    def _held(self, holder: str | None, held_at: float | None) -> str:
        if holder is None:
            return FREE
        if holder == self.holder:
            return MINE
        try:
            host, pid, _token = holder.split(" ")
            pid_n = int(pid)
        except ValueError:
            return FREE  # not a holder this app wrote
        if host == socket.gethostname() and not alive(pid_n):
            return FREE  # that window's process is gone: its game is free at once
        if held_at is None or not math.isfinite(held_at) or abs(time.time() - held_at) > LEASE_S:
            return FREE  # its heartbeat stopped (a killed or frozen window, another computer)
        return ELSEWHERE

    def _insert(self, c: sqlite3.Connection, record: dict, key: str, entry: dict | None,
                updated: str | None = None, held: bool = False) -> int:
        """A new row: a game in progress (entry None), held by this window if `held`, or a
        finished game with its entry; its players with it."""
        finished = entry is not None
        game_id = _row_id(c.execute(
            "INSERT INTO games (game, state, record, fingerprint, actions, started_at, updated_at, "
            "finished_at, entry, holder, held_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record["game"], FINISHED if finished else PLAYING, _dump(record), key,
             _actions(record), record.get("started_at"), updated or utc_stamp(),
             entry["when"] if entry is not None else None,
             _dump(entry) if entry is not None else None,
             self.holder if held else None, time.time() if held else None)))
        self._put_players(c, game_id, record)
        return game_id

    def _put_players(self, c: sqlite3.Connection, game_id: int, record: dict) -> None:
        c.execute("DELETE FROM players WHERE game_id = ?", (game_id,))
        c.executemany("INSERT INTO players (game_id, seat, name, folded, kind) VALUES (?, ?, ?, ?, ?)",
                      [(game_id, i, p["name"], fold(p["name"]), seat_kind(p["seat"]))
                       for i, p in enumerate(record.get("players") or ())])

    def _players(self, ids: list[int]) -> dict[int, tuple[tuple[str, str], ...]]:
        """Each game's (name, seat kind) in seat order, the names as the screen may show them
        (the table is the player's file: an edit may have left anything in it)."""
        out: dict[int, list[tuple[str, str]]] = {}
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            rows = self._read(f"SELECT game_id, name, kind FROM players WHERE game_id IN "
                              f"({','.join('?' * len(part))}) ORDER BY game_id, seat", tuple(part))
            for game_id, name, kind in rows:
                out.setdefault(game_id, []).append((clean(str(name), NAME_LEN), str(kind)))
        return {k: tuple(v) for k, v in out.items()}

    # --- finished games --------------------------------------------------------------------

    def finished_ids(self, game: str | None = None, player: str | None = None) -> list[int]:
        """The finished games (of one game, with a player of this name, case and width folded),
        newest first: History's list."""
        sql = "SELECT id FROM games WHERE state = 'finished'"
        args: list = []
        if game:
            sql += " AND game = ?"
            args.append(game)
        if player:
            sql += " AND id IN (SELECT game_id FROM players WHERE folded = ?)"
            args.append(fold(player))
        sql += " ORDER BY finished_at DESC, id DESC"
        return self._run(N_("Could not read your finished games: {reason}"),
                         lambda: [r[0] for r in self._read(sql, tuple(args))])

    def entries(self, ids: Iterable[int] | None = None) -> list[Entry]:
        """The finished games as History lists them and Statistics counts them (all of them,
        newest first, or those of `ids` in that order)."""
        def work() -> list[Entry]:
            if ids is None:
                rows = self._read("SELECT id, entry, game FROM games WHERE state = 'finished' "
                                  "ORDER BY finished_at DESC, id DESC")
            else:
                wanted = list(ids)
                found: dict[int, tuple] = {}
                for chunk in range(0, len(wanted), 500):
                    part = wanted[chunk:chunk + 500]
                    for row in self._read(f"SELECT id, entry, game FROM games WHERE id IN "
                                          f"({','.join('?' * len(part))})", tuple(part)):
                        found[row[0]] = row
                rows = [found[i] for i in wanted if i in found]
            return [self._entry(*row) for row in rows]
        return self._run(N_("Could not read your finished games: {reason}"), work)

    def _entry(self, game_id: int, text, game) -> Entry:
        """A finished game's Entry; one that cannot be read is made again from the record, and a
        record that cannot be read either is an unreadable Entry saying why (listed with its
        game)."""
        try:
            return Entry.from_json(json.loads(text), game_id)
        except Exception:  # noqa: BLE001 - an edited or damaged row: the record decides
            pass
        try:
            return entry_of(self.record(game_id), utc_stamp(0))._replace(id=game_id)
        except Exception as exc:  # noqa: BLE001 - anything a damaged row can hold
            words = exc.words if isinstance(exc, StoreError) else describe(exc)
            return Entry(id=game_id, when=utc_stamp(0),
                         game=game if isinstance(game, str) and registry.find(game) else "",
                         problem=str(words))

    def player_names(self) -> list[str]:
        """Every player name among the finished games (its newest spelling), most games first."""
        # one max() in the query: SQLite takes the bare column p.name from the row holding it
        sql = ("SELECT p.name, max(g.finished_at || printf(' %012d', g.id)), "
               "count(DISTINCT p.game_id) AS n "
               "FROM players p JOIN games g ON g.id = p.game_id WHERE g.state = 'finished' "
               "GROUP BY p.folded ORDER BY n DESC, p.folded")
        return self._run(N_("Could not read your finished games: {reason}"),
                         lambda: [r[0] for r in self._read(sql)])

    def record(self, game_id: int) -> dict:
        """A game's record (finished or in progress), its JSON checked."""
        rows = self._run(N_("Could not read the game: {reason}"),
                         lambda: self._read("SELECT record FROM games WHERE id = ?", (game_id,)))
        if not rows:
            raise StoreError(message(N_("the game is no longer there")))
        return _record(rows[0][0])

    def records(self, game: str | None = None,
                ids: Iterable[int] | None = None) -> Iterator[tuple[int, dict]]:
        """Every finished game's record (of one game) oldest first, or those of `ids` in that
        order: an export. Read RECORDS_PAGE at a time, never all at once (100,000 records held
        together took 6 GB); a game gone meanwhile, or that cannot be read, is left out."""
        if ids is None:
            sql = "SELECT id FROM games WHERE state = 'finished'" + (" AND game = ?" if game else "")
            ids = self._run(N_("Could not read your finished games: {reason}"), lambda: [
                r[0] for r in self._read(sql + " ORDER BY finished_at, id", (game,) if game else ())])
        ids = list(ids)
        for start in range(0, len(ids), RECORDS_PAGE):
            page = ids[start:start + RECORDS_PAGE]
            marks = ",".join("?" * len(page))
            rows = dict(self._run(N_("Could not read your finished games: {reason}"), lambda: self._read(
                f"SELECT id, record FROM games WHERE id IN ({marks})", tuple(page))))
            for game_id in page:
                try:
                    yield game_id, _record(rows[game_id])
                except (KeyError, StoreError):
                    continue
            rows.clear()  # before the next page is read: one page held, not two

    def counts(self) -> dict[str, int]:
        rows = self._run(N_("Could not read your games: {reason}"),
                         lambda: self._read("SELECT state, count(*) FROM games GROUP BY state"))
        out = {PLAYING: 0, FINISHED: 0}
        out.update({state: n for state, n in rows})
        return out

    def figures(self, key: str, make: Callable[[], dict]) -> dict:
        """Figures worked out from every finished game (Statistics): kept under `key` until a
        finished game is added, changed or removed (the database's triggers count each change,
        whoever makes it), so that they are worked out once per change, not at every look.
        `make()` works them out; kept figures that cannot be read are worked out again, and
        figures that cannot be kept (a full disk) are only given."""
        def version_and_kept() -> tuple:
            return self._read("SELECT (SELECT value FROM meta WHERE key = 'finished_version'), "
                              "(SELECT value FROM figures WHERE key = ? AND version = "
                              "(SELECT value FROM meta WHERE key = 'finished_version'))", (key,))[0]
        version, kept = self._run(N_("Could not read your finished games: {reason}"),
                                  version_and_kept)
        if kept is not None:
            try:
                value = _value(kept, RECORD_BYTES)
                if isinstance(value, dict):
                    return value
            except StoreError:
                pass  # edited behind the app's back: worked out again
        text = _dump(make())
        value = json.loads(text)  # as it will read back: the same figures either way
        if not isinstance(version, (int, str)) or not str(version).isdigit():
            return value  # a counter that is not ours: nothing is kept against it

        def work() -> None:
            with self._write() as c:
                c.execute("INSERT OR REPLACE INTO figures (key, version, value) VALUES (?, ?, ?)",
                          (key, int(version), text))
        try:
            self._run(N_("Could not save the game: {reason}"), work)
        except StoreError:
            pass  # worked out again next time
        return value

    # --- importing records -----------------------------------------------------------------

    def add_records(self, items: Iterable[tuple[str, dict, str | None]], progress=None) -> Imported:
        """Records into the store: a finished one among the finished games, an unfinished one among
        the games in progress. Each item is (the file's name, its record as parsed, when it
        finished if the record does not say: the file's time, or None for now). Each record is
        replayed first (outside the transaction: another window is not kept waiting), then all
        are added in one transaction. A game already there (the same game, setup and actions) is
        not added twice, also when another window imports the same files at the same time."""
        report = Imported()
        ready = _prepared(items, report, progress)

        def work() -> None:
            with self._write() as c:
                self._add_prepared(c, ready, report)
        self._run(N_("Could not import the games: {reason}"), work)
        return report

    def _add_prepared(self, c: sqlite3.Connection, ready: list[tuple[dict, str, dict, str | None]],
                      report: Imported) -> None:
        for record, key, entry, when in ready:
            finished = entry.get("over") or entry.get("conceded")
            state = FINISHED if finished else PLAYING
            same = c.execute("SELECT id FROM games WHERE fingerprint = ? AND state = ?",
                             (key, state)).fetchone()
            if same is not None:
                report.already += 1
                report.found.append(int(same[0]))
                continue
            # a game in progress was last played when its file was written
            report.added.append(self._insert(c, record, key, entry if finished else None, when))

    # --- settings --------------------------------------------------------------------------

    def settings(self) -> tuple[dict, list]:
        """{key: value} as stored, and one line per value that could not be read (dropped)."""
        rows = self._run(N_("Could not read your settings: {reason}"),
                         lambda: self._read("SELECT key, value FROM settings"))
        out, problems = {}, []
        for key, text in rows:
            try:
                out[key] = _value(text)
            except StoreError as exc:
                problems.append(message(N_("Setting {name} could not be read ({reason}); using "
                                           "the default."), name=printable(str(key), 40),
                                        reason=exc.words))
        return out, problems

    def put_settings(self, changed: dict, removed: Iterable[str] = ()) -> None:
        """Keep these settings (only these keys: another window's other settings stay)."""
        texts = [(key, _dump(value)) for key, value in changed.items()]

        def work() -> None:
            with self._write() as c:
                c.executemany("INSERT INTO settings (key, value) VALUES (?, ?) "
                              "ON CONFLICT (key) DO UPDATE SET value = excluded.value", texts)
                c.executemany("DELETE FROM settings WHERE key = ?", [(k,) for k in removed])
        self._run(N_("Could not save the settings: {reason}"), work)

    # --- reviews (issue 42) -----------------------------------------------------------------

    def keep_review(self, game_id: int, seat: int, review: dict, summary: dict) -> None:
        """A finished game's review of one player (game.review.Review.to_json), and its
        summary (History and Statistics read only that), replacing an older one."""
        text, brief = _dump(review), _dump(summary)

        def work() -> None:
            with self._write() as c:
                if c.execute("SELECT 1 FROM games WHERE id = ? AND state = 'finished'",
                             (game_id,)).fetchone() is None:
                    raise StoreError(message(N_("the game is no longer there")))
                c.execute("INSERT INTO reviews (game_id, seat, review, summary, reviewed_at) "
                          "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET "
                          "review = excluded.review, summary = excluded.summary, "
                          "reviewed_at = excluded.reviewed_at",
                          (game_id, seat, text, brief, utc_stamp()))
        self._run(N_("Could not keep the review: {reason}"), work)

    def review(self, game_id: int, seat: int) -> dict | None:
        """The kept review of a game's player (as kept), or None: none, or not readable."""
        rows = self._run(N_("Could not read the review: {reason}"), lambda: self._read(
            "SELECT review FROM reviews WHERE game_id = ? AND seat = ?", (game_id, seat)))
        try:
            value = _value(rows[0][0], RECORD_BYTES) if rows else None
        except StoreError:  # an edited row: reviewed again
            return None
        return value if isinstance(value, dict) else None

    def review_summaries(self, ids: Iterable[int] | None = None) -> dict[int, dict[int, dict]]:
        """{game id: {seat: summary}} of the kept reviews (of the games `ids`, or all)."""
        def work() -> dict[int, dict[int, dict]]:
            if ids is None:
                rows = self._read("SELECT game_id, seat, summary FROM reviews")
            else:
                wanted, rows = list(ids), []
                for chunk in range(0, len(wanted), 500):
                    part = wanted[chunk:chunk + 500]
                    rows += self._read(f"SELECT game_id, seat, summary FROM reviews WHERE game_id "
                                       f"IN ({','.join('?' * len(part))})", tuple(part))
            out: dict[int, dict[int, dict]] = {}
            for game_id, seat, text in rows:
                try:
                    value = _value(text)
                except StoreError:  # an edited row: as if never reviewed
                    continue
                if isinstance(value, dict):
                    out.setdefault(game_id, {})[seat] = value
            return out
        return self._run(N_("Could not read the review: {reason}"), work)

    # --- lessons ---------------------------------------------------------------------------

    def lesson(self, game: str):
        """Where the lesson of `game` was left (its entry as kept), or None."""
        rows = self._run(N_("Could not read your place in the lesson: {reason}"),
                         lambda: self._read("SELECT entry FROM lessons WHERE game = ?", (game,)))
        return _value(rows[0][0]) if rows else None

    def keep_lesson(self, game: str, entry: dict) -> None:
        text = _dump(entry)

        def work() -> None:
            with self._write() as c:
                c.execute("INSERT INTO lessons (game, entry) VALUES (?, ?) "
                          "ON CONFLICT (game) DO UPDATE SET entry = excluded.entry", (game, text))
        self._run(N_("Could not keep your place in the lesson: {reason}"), work)

    def forget_lesson(self, game: str) -> None:
        def work() -> None:
            with self._write() as c:
                c.execute("DELETE FROM lessons WHERE game = ?", (game,))
        self._run(N_("Could not keep your place in the lesson: {reason}"), work)

    # --- Cementopia's bests ----------------------------------------------------------------

    def bests(self) -> dict[str, dict]:
        """{seed: {"best": n, "unassisted_best": n or None}} (rows that make no sense left out)."""
        rows = self._run(N_("Could not read your best scores: {reason}"),
                         lambda: self._read("SELECT seed, best, unassisted_best FROM cementopia_best"))
        out = {}
        for seed, *row in rows:
            best, plain = _best_row(row)
            if best is not None:
                out[str(seed)] = {"best": best, "unassisted_best": plain}
        return out

    def keep_best(self, seed: str, score: int, assisted: bool) -> tuple[dict, bool]:
        """Note a completed attempt, in one transaction (two windows cannot lose one's best):
        (the deal's entry now, whether it beat a best)."""
        def work() -> tuple[dict, bool]:
            with self._write() as c:
                row = c.execute("SELECT best, unassisted_best FROM cementopia_best WHERE seed = ?",
                                (seed,)).fetchone()
                best, plain = _best_row(row)
                improved = best is None or score > best
                best = score if best is None else max(best, score)
                if not assisted and (plain is None or score > plain):
                    plain, improved = score, True
                c.execute("INSERT INTO cementopia_best (seed, best, unassisted_best) VALUES (?, ?, ?) "
                          "ON CONFLICT (seed) DO UPDATE SET best = excluded.best, "
                          "unassisted_best = excluded.unassisted_best", (seed, best, plain))
                return {"best": best, "unassisted_best": plain}, improved
        return self._run(N_("Could not save your best score: {reason}"), work)

    def add_bests(self, table: dict[str, dict]) -> None:
        """Bests from elsewhere (the old file), each kept where it beats what is here."""
        def work() -> None:
            with self._write() as c:
                for seed, entry in table.items():
                    self._merge_best(c, seed, entry)
        self._run(N_("Could not save your best score: {reason}"), work)

    @staticmethod
    def _merge_best(c: sqlite3.Connection, seed: str, entry: dict) -> None:
        row = c.execute("SELECT best, unassisted_best FROM cementopia_best WHERE seed = ?",
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
        c.execute("INSERT INTO cementopia_best (seed, best, unassisted_best) VALUES (?, ?, ?) "
                  "ON CONFLICT (seed) DO UPDATE SET best = excluded.best, "
                  "unassisted_best = excluded.unassisted_best", (seed, best, plain))

    # --- the old JSON files (game.storage.legacy) ------------------------------------------

    def meta(self, key: str) -> str | None:
        rows = self._run(N_("Could not read your saved data: {reason}"),
                         lambda: self._read("SELECT value FROM meta WHERE key = ?", (key,)))
        return rows[0][0] if rows else None

    def bring_in(self, key: str, value: str, records: list[tuple[str, dict, str | None]],
                 settings: dict, lessons: dict[str, dict], bests: dict[str, dict],
                 progress=None) -> Imported | None:
        """Everything from the old JSON files in one transaction, marked done by `key` in the same
        commit; None (nothing done) if another window did it first."""
        if self.meta(key) is not None:
            return None
        report = Imported()
        ready = _prepared(records, report, progress)

        def work() -> bool:
            with self._write() as c:
                if c.execute("SELECT 1 FROM meta WHERE key = ?", (key,)).fetchone():
                    return False
                self._add_prepared(c, ready, report)
                for k, v in settings.items():  # settings a window already wrote here win
                    c.execute("INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)", (k, _dump(v)))
                for game, entry in lessons.items():
                    c.execute("INSERT OR IGNORE INTO lessons (game, entry) VALUES (?, ?)",
                              (game, _dump(entry)))
                for seed, entry in bests.items():
                    self._merge_best(c, seed, entry)
                c.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, value))
                return True
        done = self._run(N_("Could not bring in your saved games: {reason}"), work)
        return report if done else None

    # --- health ----------------------------------------------------------------------------

    def integrity(self) -> str:
        return self._read("PRAGMA integrity_check")[0][0]


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


def _row_id(cursor: sqlite3.Cursor) -> int:
    """The id an INSERT gave its row."""
    row_id = cursor.lastrowid
    assert row_id is not None
    return int(row_id)


def _dump(value) -> str:
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StoreError(message(N_("it cannot be written ({error})"),
                                 error=printable(str(exc), 60))) from None


def _value(text, limit: int = VALUE_BYTES) -> object:
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


def _record(text) -> dict:
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


def _actions(record: dict) -> int:
    actions = record.get("actions")
    if isinstance(actions, list):
        return len(actions)
    hands = record.get("hands")  # Grayblock nests its actions per hand
    if isinstance(hands, list):
        return sum(len(h.get("actions") or ()) for h in hands if isinstance(h, dict))
    return 0


def _prepared(items: Iterable[tuple[str, dict, str | None]], report: Imported,
              progress=None) -> list[tuple[dict, str, dict, str | None]]:
    """(record, fingerprint, entry, the file's time) of each record that replays; the others are
    the report's problems, one line each."""
    items = list(items)
    ready = []
    for n, (name, record, when) in enumerate(items, start=1):
        try:
            _dump(record)  # a record that cannot be written is refused here, not mid-transaction
            ready.append((record, fingerprint(record), _entry_json(record, when), when))
        except Exception as exc:  # noqa: BLE001 - anything a hostile record causes: its line
            report.problems.append((name, getattr(exc, "words", None) or describe(exc)))
        if progress is not None:
            progress(n, len(items))
    return ready


def _entry_json(record: dict, when: str | None = None) -> dict:
    """What History and Statistics keep of a finished game (the record is replayed: RecordError
    if it does not hold). `when`: when it finished if the record does not say (else now)."""
    return entry_of(record, when or utc_stamp()).to_json()


def _best_row(row) -> tuple[int | None, int | None]:
    """(best, unassisted best) of a kept row; a row that makes no sense counts as none."""
    if row is None:
        return None, None
    best, plain = _score(row[0]), _score(row[1])
    if best is None or (plain is not None and plain > best):
        return None, None
    return best, plain


def _score(value):
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 16 else None


