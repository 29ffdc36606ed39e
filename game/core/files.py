"""The data folder, and files read as untrusted: the old JSON files a first start imports, and
records to import. Every file is read through `read_bounded`: a FIFO would block and /dev/zero
never ends, so anything but a regular file is refused before it is opened, and no more than a
limit is read."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path
from typing import Any, BinaryIO

from .errors import RecordError
from .i18n import N_
from .messages import Message, message

APP = "alice-assemble"


def data_dir() -> Path:
    """The user's data folder (platformdirs; never beside the executable). ALICE_DATA_DIR
    overrides it (tests, a portable copy on a USB stick)."""
    override = os.environ.get("ALICE_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


class Unreadable(Exception):
    """A file that cannot be used at all; args[0] says why in a few words."""


class TooLarge(Unreadable):
    """A file larger than the reader's limit (a reader may word it its own way)."""


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """A regular file's bytes, at most `limit`. FileNotFoundError if there is none; Unreadable
    for anything else (not a regular file, too large (TooLarge), the disk says no). The one
    reader of the files a player gives the app (tests/test_bounded_reader.py keeps it so)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise Unreadable(message(N_("it is not a regular file")))
        with open(path, "rb") as fh:
            data = read_upto(fh, limit)
    except (FileNotFoundError, Unreadable):
        raise
    except OSError as exc:
        raise Unreadable(describe(exc)) from None
    if len(data) > limit:
        raise TooLarge(message(N_("it is larger than {size} KB"), size=limit >> 10))
    return data


def read_upto(fh: BinaryIO, limit: int) -> bytes:
    """An open binary file's bytes, at most limit + 1 (one more than the limit: the caller tells a
    file that is too large). fh.read(limit + 1) would set aside the whole limit (16 MiB) for every
    record however small: as much as the file's size says first, then (a file that grew, or says
    no size: /proc) as much again each time, so what is set aside stays about the file's size."""
    chunks: list[bytes] = []
    size = 0
    want = min(limit + 1, os.fstat(fh.fileno()).st_size + 1)
    while size <= limit:
        chunk = fh.read(want)
        chunks.append(chunk)
        size += len(chunk)
        if len(chunk) < want:  # the end (a buffered read stops short only there)
            break
        want = min(max(size, 1 << 16), limit + 1 - size)
    return b"".join(chunks)


def too_deep(data: object, limit: int) -> bool:
    """Whether lists and objects nest deeper than limit (a loop: no recursion to run out of)."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return True
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return False


def read_json(path: Path, limit: int, depth: int = 16) -> dict[str, Any]:
    """A JSON object from a file (read_bounded). FileNotFoundError if there is none; Unreadable
    for any other problem (too big, not UTF-8, not JSON, too deep, not an object)."""
    raw = read_bounded(path, limit)
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # a BOM from Notepad is fine
    except Exception as exc:  # anything json can raise, RecursionError included
        raise Unreadable(describe(exc)) from None
    return checked_json(data, depth)


def checked_json(data: object, depth: int = 16) -> dict[str, Any]:
    if too_deep(data, depth):
        raise Unreadable(message(N_("it is nested too deeply")))
    if not isinstance(data, dict):
        raise Unreadable(message(N_("it is not a JSON object")))
    return data


def describe(exc: BaseException) -> str:
    """Any failure to read or replay something, as a few printable words for a one-line message."""
    if isinstance(exc, Unreadable) and exc.args and isinstance(exc.args[0], Message):
        return exc.args[0]  # already one of the reasons here, in words to translate
    if isinstance(exc, (RecordError, Unreadable)):
        text = str(exc)
    elif isinstance(exc, RecursionError):
        return message(N_("it is nested too deeply to read"))
    elif isinstance(exc, UnicodeDecodeError):
        return message(N_("it is not UTF-8 text"))
    elif isinstance(exc, json.JSONDecodeError):
        return message(N_("not valid JSON ({error} at line {line} column {column})"),
                       error=exc.msg, line=exc.lineno, column=exc.colno)
    elif isinstance(exc, ValueError) and "digits" in str(exc):
        return message(N_("a number in it is too long to read"))  # Python's limit on int digits
    elif isinstance(exc, OSError):
        text = exc.strerror or str(exc)
    else:
        text = f"{type(exc).__name__}: {exc}"
    return printable(text)


def printable(text: str, limit: int = 160) -> str:
    """Text for a one-line message: no control characters (a toast cannot draw NUL), short."""
    text = "".join(c if c.isprintable() else "?" for c in text[:limit * 4])
    return text if len(text) <= limit else text[:limit - 3] + "..."


def file_time(path: Path) -> str | None:
    """A file's modification time as a UTC stamp (when an old record without finished_at was
    written), or None."""
    from .records import utc_stamp
    try:
        return utc_stamp(os.stat(path).st_mtime)
    except (OSError, OverflowError, ValueError):
        return None


def shown_name(path: str | bytes | os.PathLike[str]) -> str:
    """A file's name for a message: printable even when the name is not UTF-8."""
    name = os.fsdecode(path) if isinstance(path, bytes) else str(path)
    return printable(name.replace("\\", "/").rsplit("/", 1)[-1], 80)


def aside_name(path: Path, why: str, suffixes: tuple[str, ...] = ("",)) -> Path | None:
    """A free name beside `path` for a file set aside: <stem>-<why>-<time>-<n><suffix>; free
    with each of `suffixes` after it (a log set aside twice in a second keeps both)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        aside = path.with_name(f"{path.stem}-{why}-{stamp}-{n}{path.suffix}")
        if not any(os.path.lexists(f"{aside}{suffix}") for suffix in suffixes):
            return aside
    return None


TEMP_PREFIX = ".export-"  # then the writer's pid: a temp file whose writer is gone is stale


def write_new(folder: Path, stem: str, text: str, suffix: str = ".json") -> Path:
    """Write `text` to a new file in `folder`, never over one that is there: stem.json, then
    stem-2.json, ... The text is written to a temp file and fsynced, then linked to its name (a
    kill leaves no half file, and two writers never take one name); where links are not
    supported (a FAT stick) the file is created exclusively instead. OSError if the disk says no."""
    return write_once(folder, stem, text, suffix, same=False)[0]


def write_once(folder: Path, stem: str, text: str, suffix: str = ".json",
               same: bool = True) -> tuple[Path, bool]:
    """write_new(), except that (with `same`) a name that already holds exactly `text` is that
    file, not written again: (the path, whether it was written now)."""
    import tempfile
    folder.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        for n in range(1, 10000):
            target = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
            if same and _holds(target, data):
                return target, False
            try:
                os.link(tmp, target)
                return target, True
            except FileExistsError:
                continue
            except OSError:  # no hard links here: create the name exclusively
                try:
                    fh = open(target, "xb")
                except FileExistsError:
                    continue
                try:
                    with fh:
                        fh.write(data)
                        fh.flush()
                        os.fsync(fh.fileno())
                except BaseException:
                    target.unlink(missing_ok=True)  # no half record under a real name
                    raise
                return target, True
        raise FileExistsError(f"no free name for {stem}{suffix} in {folder}")
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _holds(path: Path, data: bytes) -> bool:
    try:
        return read_bounded(path, len(data)) == data
    except (FileNotFoundError, Unreadable):
        return False
