"""Where the app keeps the game in progress, finished records and settings (user folders, via
platformdirs; never beside the executable). ALICE_DATA_DIR overrides the folder (tests, portable use).

Every file here is read as untrusted: a file that cannot be used is renamed aside
(`<name>-unreadable-<time>-<n>.json`, never overwritten) and reported in one line; a bad field of
a readable file falls back to its default, also in one line. Nothing read here stops the app.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

from . import settings as schema
from .errors import RecordError
from .i18n import N_
from .messages import Message, message
from .records import (EXTRAS, parse_record, read_stamp, replay, utc_stamp, write_atomic,
                      write_record)

APP = "alice-assemble"
SETTINGS_BYTES = 1 << 20  # far above any real settings file; a bigger one is not ours
AUTOSAVE_BYTES = 32 << 20  # a long game's record is tens of KB
MAX_DEPTH = 16  # settings nest 4 deep (setup.seats[i].name); deeper is not a settings file
# write_record's temp files are <name>.<8 random characters>.tmp (tempfile.mkstemp); an atomic
# write killed before its rename leaves one. Earlier versions wrote settings.tmp and
# cementopia-best.tmp.
LEFTOVER = re.compile(r"^[\w.-]+\.json\.[a-z0-9_]{8}\.tmp$")
OLD_LEFTOVERS = {"settings.tmp", "cementopia-best.tmp"}
LEFTOVER_AGE = 5.0  # seconds: never sweep the temp file of a write that is still running


def data_dir() -> Path:
    override = os.environ.get("ALICE_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def settings_path() -> Path:
    return data_dir() / "settings.json"


# --- reading untrusted files -----------------------------------------------------------------

class Unreadable(Exception):
    """A file that cannot be used at all (the reason, in a few words): it is set aside."""


def describe(exc: BaseException) -> str:
    """Any failure to read or replay a file, as a few printable words for a one-line message."""
    if isinstance(exc, Unreadable) and exc.args and isinstance(exc.args[0], Message):
        return exc.args[0]  # already one of the reasons below, in words to translate
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
    text = "".join(c if c.isprintable() else "?" for c in text)  # a toast cannot draw NUL
    return text if len(text) <= 160 else text[:157] + "..."


def too_deep(data, limit: int) -> bool:
    """Whether lists and objects nest deeper than limit (a loop: no recursion to run out of)."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return True
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return False


def read_json(path: Path, limit: int = SETTINGS_BYTES, depth: int = MAX_DEPTH) -> dict:
    """A JSON object from a file. FileNotFoundError if there is none; Unreadable for any other
    problem (too big, not UTF-8, not JSON, too deep, not an object)."""
    try:
        if path.stat().st_size > limit:
            raise Unreadable(message(N_("it is larger than {size} KB"), size=limit >> 10))
        data = json.loads(path.read_bytes().decode("utf-8-sig"))  # a BOM from Notepad is fine
    except (FileNotFoundError, Unreadable):
        raise
    except Exception as exc:  # anything json or the disk can raise, RecursionError included
        raise Unreadable(describe(exc)) from None
    if too_deep(data, depth):
        raise Unreadable(message(N_("it is nested too deeply")))
    if not isinstance(data, dict):
        raise Unreadable(message(N_("it is not a JSON object")))
    return data


def set_aside(path: Path) -> Path | None:
    """Rename a file that cannot be used to <stem>-unreadable-<time>-<n><suffix> beside it (n
    keeps two within one second apart); None if even that fails."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        aside = path.with_name(f"{path.stem}-unreadable-{stamp}-{n}{path.suffix}")
        if aside.exists():
            continue
        try:
            path.replace(aside)
            return aside
        except OSError:
            return None
    return None


def aside_words(aside: Path | None) -> str:
    return (message(N_("it was set aside as {name}"), name=aside.name) if aside
            else message(N_("it could not be moved aside")))


def clean_leftovers(older_than: float = LEFTOVER_AGE) -> list[Path]:
    """Delete the temp files of atomic writes that were killed (data folder and records/)."""
    removed: list[Path] = []
    now = time.time()
    for folder in (data_dir(), data_dir() / "records"):
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not (LEFTOVER.match(entry.name) or entry.name in OLD_LEFTOVERS):
                continue
            try:
                if entry.is_file(follow_symlinks=False) and now - entry.stat().st_mtime >= older_than:
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except OSError:
                pass
    return removed


# --- the game in progress --------------------------------------------------------------------

def save_game(record: dict) -> str | None:
    """Write the game in progress; a message instead of an exception if the disk says no."""
    try:
        write_record(autosave_path(), record)
    except OSError as exc:
        return message(N_("Could not save the game: {error}"), error=exc.strerror or str(exc))
    return None


def clear_autosave() -> None:
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass


def has_autosave() -> bool:
    return autosave_path().is_file()


def check_resumable(record: dict) -> None:
    """What a replay accepts but a table cannot show: text with control characters (a NUL stops
    the font renderer; names are already cleaned by parse_record)."""
    for i, player in enumerate(record.get("players") or []):
        if not player["seat"].isprintable():
            raise RecordError(f"players[{i}].seat holds a control character")
    for key in EXTRAS:
        value = record.get(key)
        if isinstance(value, str) and not value.isprintable():
            raise RecordError(f"{key} holds a control character")


def load_autosave():
    """(session, record, message). A save that cannot be resumed, whatever the reason, is
    renamed aside, never lost, and reported in one line; then session and record are None.
    A finished game found there is archived now (see finish_game)."""
    path = autosave_path()
    if not path.is_file():
        return None, None, None
    try:
        if path.stat().st_size > AUTOSAVE_BYTES:
            raise RecordError("the file is far too large to be a saved game")
        record = parse_record(path.read_bytes().decode("utf-8"))  # no path in the message
        check_resumable(record)
        session = replay(record)
    except Exception as exc:  # any class: a save that fails once must not fail every Continue
        return None, None, unresumable(exc)
    if session.state.is_over():
        problem = finish_game(record)
        return None, None, problem or message(
            N_("The saved game had already finished; its record is kept."))
    return session, record, None


def unresumable(exc: BaseException) -> str:
    """Set the autosave aside after any failure to resume it; the one line to show."""
    aside = set_aside(autosave_path())
    return message(N_("The saved game could not be resumed ({reason}); {aside}."),
                   reason=describe(exc), aside=aside_words(aside))


# --- finished games --------------------------------------------------------------------------

def archive(record: dict) -> Path:
    """Write a finished game's record into the records folder under a new name; OSError if not.
    The record gets its finished_at (now, UTC) unless it holds one already."""
    if read_stamp(record.get("finished_at")) is None:
        record = dict(record, finished_at=utc_stamp())
    folder = data_dir() / "records"
    game = re.sub(r"[^a-z0-9_-]", "", str(record.get("game", ""))) or "game"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path, n = folder / f"{game}-{stamp}.json", 1
    while path.exists():  # two games finished within one second keep both records
        n += 1
        path = folder / f"{game}-{stamp}-{n}.json"
    write_record(path, record)
    return path


def finish_game(record: dict) -> str | None:
    """Archive a finished game's record, then clear the autosave: only once the record is
    written, so a full disk loses nothing. The one-line problem, or None."""
    try:
        archive(record)
    except Exception as exc:  # noqa: BLE001 - full disk, no permission, an odd record
        save_game(record)  # if it can, the autosave holds the game to its end
        return message(N_("Could not keep the finished game's record: {reason}; "
                          "the game stays in the autosave."), reason=describe(exc))
    clear_autosave()
    return None


# --- settings --------------------------------------------------------------------------------

class Settings(dict):
    """The settings, and what loading them had to say (the title screen shows it once)."""

    def __init__(self, data=(), messages=()):
        super().__init__(data)
        self.messages: list[str] = list(messages)


def read_settings() -> tuple[dict, list[str]]:
    """(settings, one message per problem). Bad fields fall back to their defaults (game.settings);
    an unreadable file is set aside and every field is a default."""
    path = settings_path()
    try:
        data = read_json(path)
    except FileNotFoundError:
        return {}, []
    except Unreadable as exc:
        aside = set_aside(path)
        return {}, [message(N_("Your settings could not be read ({reason}); {aside} "
                               "and the defaults are used."),
                            reason=describe(exc), aside=aside_words(aside))]
    return schema.clean(data)


def load_settings() -> Settings:
    """The settings at the app's start (also when the leftovers of killed writes are swept)."""
    clean_leftovers()
    return Settings(*read_settings())


def save_settings(settings: dict) -> str | None:
    try:
        write_atomic(settings_path(), json.dumps(settings, indent=1))
    except (OSError, TypeError, ValueError) as exc:
        return message(N_("Could not save the settings: {reason}"), reason=describe(exc))
    return None
