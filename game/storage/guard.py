"""What is checked before the player's database is first opened, and the shape its tables must
have.

A log (`-wal`) left beside the database is replayed into it by SQLite at the first open, whatever
database wrote it: its checksums are its own and nothing in it names the database it belongs to
(sqlite.org/fileformat2.html, "The Write-Ahead Log"). So a log that no open connection uses is
first tried on a copy, in a temporary folder; the player's files are read, never written, until
the copy says whether the log is this database's."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sqlite3
import struct
import tempfile
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any, Iterator

WAL_MAGIC = (0x377F0682, 0x377F0683)
WAL_HEADER, FRAME_HEADER = 32, 24
IDENTITY = "identity"  # the meta row that names this database (written once, at its first open)

FITS, FOREIGN, DAMAGED = "fits", "foreign", "damaged"
ALICE, EMPTY, OTHER = "alice", "empty", "other"  # what a database holds


def log_of(path: Path) -> Path:
    return Path(str(path) + "-wal")


def log_in_use(path: Path) -> bool:
    """Whether a connection (of any process, this one too) has the database open: then its log is
    its own and live. Every open connection holds a lock on the -shm; Linux lists the locks in
    /proc/locks. (The -shm is not opened here: closing any descriptor of a file drops every lock
    this process holds on it, SQLite's own among them.) Where that list is not to be had, the log
    counts as in use and is left to SQLite, as before."""
    try:
        inode = os.stat(Path(str(path) + "-shm")).st_ino
    except FileNotFoundError:
        return False  # a connection in WAL mode always has its -shm
    except OSError:
        return True
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as fh:
            table = fh.read()
    except OSError:
        return True
    for line in table.splitlines():  # "3: POSIX  ADVISORY  READ 16527 fe:00:2148576 128 128"
        fields = line.split()
        if len(fields) > 5 and "->" not in fields and fields[5].rsplit(":", 1)[-1] == str(inode):
            return True
    return False


def _has_frames(log: Path) -> bool:
    """Whether the log may hold anything SQLite would replay (its magic number, and room for a
    frame after its header)."""
    try:
        with open(log, "rb") as fh:
            head = fh.read(WAL_HEADER + FRAME_HEADER)
    except OSError:
        return True  # unreadable here: SQLite may read it; tried on a copy
    if len(head) < WAL_HEADER + FRAME_HEADER:
        return False
    return struct.unpack(">I", head[:4])[0] in WAL_MAGIC


def _look(target: str, uri: bool) -> tuple[str, str | None] | None:
    """(ALICE, EMPTY or OTHER, its identity) of a database that opens and passes integrity_check
    (quick_check misses an index that no longer matches its table: a log replayed onto an older
    copy of its database can leave one); None if it does not."""
    try:
        with closing(sqlite3.connect(target, uri=uri, isolation_level=None)) as con:
            if con.execute("PRAGMA integrity_check(1)").fetchone()[0] != "ok":
                return None
            names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            ident = None
            if "meta" in names:
                row = con.execute("SELECT value FROM meta WHERE key = ?", (IDENTITY,)).fetchone()
                ident = str(row[0]) if row else None
            return (ALICE if "games" in names else OTHER if names else EMPTY), ident
    except (sqlite3.Error, OSError):
        return None


@contextmanager
def copy_with_log(path: Path) -> Iterator[Path | None]:
    """A copy of the database and its log in a temporary folder (None if none can be made),
    removed after: what SQLite makes of the log is seen there, the player's files only read."""
    with tempfile.TemporaryDirectory(prefix="alice-check-") as folder:
        copy = Path(folder) / path.name
        try:
            shutil.copyfile(path, copy)
            shutil.copyfile(log_of(path), log_of(copy))
        except OSError:
            yield None
        else:
            yield copy


def check_log(path: Path) -> str:
    """FITS: no log to replay, or one this database can take (or one an open connection uses);
    FOREIGN: the database alone is sound but the log is not its own (another database's, or one
    that damages it); DAMAGED: neither works. Nothing of the player's is written."""
    log = log_of(path)
    if not log.is_file() or not path.is_file() or not _has_frames(log) or log_in_use(path):
        return FITS
    alone = _look(f"{path.resolve().as_uri()}?immutable=1", True)  # the file itself, log unread
    with copy_with_log(path) as copy:
        if copy is None:
            return FITS  # no room to try it: SQLite decides, as before
        with_log = _look(str(copy), False)
    if with_log is None:
        return DAMAGED if alone is None else FOREIGN
    if alone is None or alone[0] == EMPTY:  # it needs its log (a start killed before a checkpoint)
        return FITS if with_log[0] == ALICE or alone is not None else DAMAGED
    if with_log[0] != alone[0] or (alone[1] is not None and with_log[1] != alone[1]):
        return FOREIGN
    return FITS


# --- the tables' shape -----------------------------------------------------------------------

_CREATE = re.compile(r"\bCREATE (UNIQUE INDEX|INDEX|TABLE|TRIGGER) ", re.IGNORECASE)


def idempotent(statement: str) -> str:
    """A schema statement that does nothing where what it makes is there."""
    return _CREATE.sub(lambda m: f"CREATE {m.group(1)} IF NOT EXISTS ", statement, count=1)


Column = tuple[str, bool, Any, str, bool]  # name, notnull, default, declared type, in the key
Shape = tuple[str, tuple[Column, ...]]  # (type, columns) of a table, index or trigger


def shape(con: sqlite3.Connection) -> dict[str, Shape]:
    """{name: (type, columns)} of the tables, indexes and triggers (columns: a table's, as
    (name, notnull, default, declared type, part of the primary key); () for the others)."""
    out: dict[str, Shape] = {}
    for kind, name in con.execute("SELECT type, name FROM sqlite_master "
                                  "WHERE name NOT LIKE 'sqlite_%'").fetchall():
        columns: tuple[Column, ...] = ()
        if kind == "table":
            columns = tuple((r[1], bool(r[3]), r[4], r[2], bool(r[5])) for r in
                            con.execute("SELECT * FROM pragma_table_info(?)", (name,)).fetchall())
        out[name] = (kind, columns)
    return out


@contextmanager
def opening(folder: Path) -> Iterator[None]:
    """Held while a window looks at the data's log and opens the data (POSIX): two windows
    starting at once beside a foreign log otherwise both find it foreign, and the second sets
    aside the log the first one has just begun to write its games into. The lock is a file of
    the temporary folder named after the data folder (nothing is added to the data folder)."""
    try:
        import fcntl
    except ImportError:  # (Windows: the guard does not run there either)
        yield
        return
    name = hashlib.sha256(str(Path(folder).resolve()).encode("utf-8", "surrogatepass")).hexdigest()
    try:
        fd = os.open(Path(tempfile.gettempdir()) / f"alice-opening-{name[:24]}.lock",
                     os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield  # no temporary folder to lock in: as before
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
