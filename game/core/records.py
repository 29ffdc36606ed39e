"""Game records (`alice-record`, version 1): read, check, write, replay, verify.

The envelope (format, version, game, seed, players) is checked here; each game's module builds
and replays its own body. Readers ignore fields they do not know, as the format asks.
"""

from __future__ import annotations

import copy
import datetime
import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from .commands import HELPS, UNDO_MODES
from .errors import IllegalAction, RecordError
from .text import NAME, clean

if TYPE_CHECKING:
    from .commands import Session
    from .contract import GameModule

StrPath = str | os.PathLike[str]

FORMAT, VERSION = "alice-record", 1
SEATS = ("human", "random", "easy", "normal", "hard", "expert")
# session extras written into the record beside the format's own fields (readers ignore them):
# assisted (help was used), helps (which: "undo", "hint"), undo (the mode: "fair" or "free"),
# daily (the date of a daily deal), started_at (when the game began) and finished_at (when it was
# archived), both ISO 8601 UTC like "2026-11-24T17:20:05Z" (see utc_stamp)
EXTRAS = {"assisted": bool, "helps": list, "undo": str, "daily": str, "started_at": str,
          "finished_at": str}
EXTRA_VALUES = {"helps": lambda v: all(h in HELPS for h in v), "undo": lambda v: v in UNDO_MODES}
MAX_BYTES = 16 * 1024 * 1024  # a long game's record is tens of KB: larger is not a record
NAME_LEN = NAME  # a player's name as shown (game.core.text); longer (a 1 MB name) would stall a frame


STAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z", re.ASCII)


def utc_stamp(when: float | None = None) -> str:
    """A moment as the records write it: ISO 8601 UTC to the second, "2026-11-24T17:20:05Z"."""
    moment = datetime.datetime.now(datetime.timezone.utc) if when is None else \
        datetime.datetime.fromtimestamp(when, datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def read_stamp(value: object) -> str | None:
    """A recorded started_at / finished_at if it is one (utc_stamp's form, a real date); else
    None, and the reader falls back (the file's time)."""
    if not isinstance(value, str) or not STAMP.fullmatch(value):
        return None
    try:
        datetime.datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return None
    return value


def game_module(name: object) -> GameModule[Any]:
    from .registry import game_module as load
    if not isinstance(name, str):
        raise RecordError(f"game must be a name like \"assemble\", not {name!r}")
    return load(name)


def parse_record(text: str) -> dict[str, Any]:
    """A record from JSON text, its envelope checked. Raises RecordError in one line."""
    return check_envelope(load_json(text, "; the file may be truncated"))


def load_json(text: str, hint: str = "") -> Any:
    """json.loads with every failure as one RecordError line (`hint` ends the syntax error's).

    A byte-order mark (Windows editors add one) is skipped. Python's own limits are worded, not
    leaked: nesting deeper than the interpreter's stack (RecursionError) and integers longer than
    the int-string conversion limit (4300 digits by default, a plain ValueError)."""
    try:
        return json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
                          f"{hint}") from None
    except RecursionError:
        raise RecordError("not readable: lists or objects nested too deeply") from None
    except ValueError:
        raise RecordError("not readable: a number is too long "
                          f"(over {sys.get_int_max_str_digits()} digits)") from None


def check_envelope(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format is {short_json(data.get('format'))}, expected \"{FORMAT}\"")
    if not same(data.get("version"), VERSION):  # `true` is not version 1
        raise RecordError(f"record version {short_json(data.get('version'))} is not supported "
                          f"(only {VERSION})")
    game_module(data.get("game"))
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError("seed must be an integer")
    players = data.get("players")
    if players is not None:
        if not isinstance(players, list):
            raise RecordError("players must be a list of {name, seat}")
        for i, player in enumerate(players):
            if (not isinstance(player, dict) or not isinstance(player.get("name"), str)
                    or not isinstance(player.get("seat"), str)):
                raise RecordError(f"players[{i}] must have a string name and seat")
        data["players"] = [dict(p, name=display_name(p["name"], i)) for i, p in enumerate(players)]
    if not isinstance(data.get("actions", []), list):
        raise RecordError("actions must be a list")
    return data


def check_resumable(record: dict[str, Any]) -> None:
    """What a replay accepts but a table cannot show: text with control characters (a NUL stops
    the font renderer; names are already cleaned by check_envelope)."""
    for i, player in enumerate(record.get("players") or []):
        if not player["seat"].isprintable():
            raise RecordError(f"players[{i}].seat holds a control character")
    for key in EXTRAS:
        value = record.get(key)
        if isinstance(value, str) and not value.isprintable():
            raise RecordError(f"{key} holds a control character")


def display_name(name: str, index: int) -> str:
    """A player's name as the app shows it (game.core.text.clean: printable characters only, at most
    NAME_LEN, a longer one cut short with an ellipsis); "Player 2" for one with nothing to show.
    A record's names are kept so (they are the names the app shows and exports); its seats as
    they are (a command line runs as written: the screen cleans what it shows of one)."""
    return clean(name, NAME_LEN) or f"Player {index + 1}"


def same(given: object, actual: object) -> bool:
    """Whether a recorded value is the one the replay gives, as JSON tells them apart: Python's
    True == 1 and False == 0, but a record's `true` is not player 1 nor its `false` a score of 0.
    Lists and objects item by item."""
    if isinstance(given, bool) or isinstance(actual, bool):
        return isinstance(given, bool) and isinstance(actual, bool) and given == actual
    if isinstance(actual, (list, tuple)):
        return (isinstance(given, list) and len(given) == len(actual)
                and all(same(g, a) for g, a in zip(given, actual)))
    if isinstance(actual, dict):
        return (isinstance(given, dict) and given.keys() == actual.keys()
                and all(same(given[k], actual[k]) for k in actual))
    return bool(given == actual)


def short_json(data: object) -> str:
    """A recorded item, short enough to quote in a one-line error."""
    try:
        return json.dumps(data, separators=(",", ":"))[:80]
    except RecursionError:
        return "(an item nested too deeply to show)"
    except (TypeError, ValueError):
        return repr(data)[:80]


def envelope(session: Session[Any], game: str) -> dict[str, Any]:
    """The fields every record starts with, and the session's extras."""
    meta = session.meta
    record = {"format": FORMAT, "version": VERSION, "game": game, "seed": meta.get("seed")}
    if meta.get("players") is not None:
        record["players"] = meta["players"]
    for key, kind in EXTRAS.items():
        if isinstance(meta.get(key), kind) and meta[key]:
            record[key] = meta[key]
    return record


def setup_record(session: Session[Any], game: str, **fields: Any) -> dict[str, Any]:
    """The record of a game that its setup and its actions tell whole (Assemble, Cementopia,
    Alicematic): the envelope, `fields`, the setup, the actions, and the result once over."""
    state = session.state
    record = envelope(session, game)
    record.update(fields)
    record["setup"] = state.setup.to_json()
    record["actions"] = [action.to_json() for action in session.history.actions]
    if state.is_over():
        record["result"] = state.result().record
    return record


def session_meta(record: dict[str, Any], game: str,
                 players: list[Any] | None = None) -> dict[str, Any]:
    """A replayed session's meta: what the record says of the game and its players, extras too."""
    meta = {"game": game, "seed": record.get("seed"),
            "players": record.get("players") if players is None else players}
    for key, kind in EXTRAS.items():
        value = record.get(key)
        if isinstance(value, kind) and EXTRA_VALUES.get(key, lambda _v: True)(value):
            meta[key] = list(value) if isinstance(value, list) else value
    return meta


def apply_recorded(session: Session[Any], actions: Iterable[Any], from_json: Callable[[Any], Any],
                   where: str = "action") -> None:
    """Apply recorded actions in order; the first bad one is named by its number."""
    for number, data in enumerate(actions, start=1):
        try:
            session.history.apply(from_json(data))
        except (IllegalAction, RecordError) as exc:
            raise RecordError(f"{where} {number} {short_json(data)}: {exc}") from None


def read_record(path: StrPath) -> dict[str, Any]:
    """The record in a file. Its messages do not repeat the path: the caller names the file."""
    return parse_record(read_text(path))


def read_text(path: StrPath, limit: int = MAX_BYTES, what: str = "a record") -> str:
    """A regular file's UTF-8 text, at most `limit` bytes, read by the bounded reader (a FIFO
    would block and /dev/zero never ends: anything but a regular file is refused before it is
    opened)."""
    # imported here: game.storage imports its store, which imports this module
    from .files import TooLarge, Unreadable, read_bounded
    try:
        data = read_bounded(path, limit)
    except FileNotFoundError:
        raise RecordError("no such file") from None
    except TooLarge:
        size = f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit // 1024} KiB"
        raise RecordError(f"too large to be {what} (over {size})") from None
    except Unreadable as exc:  # not a regular file, or what the disk said
        raise RecordError(str(exc)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"not UTF-8 text (byte {exc.start + 1})") from None


def replay(record: dict[str, Any], snapshots: bool = True) -> Session[Any]:
    """A Session holding the record's game with every recorded action applied. snapshots=False
    when nobody will undo (verify, the History's reader): no position is kept per move, so the
    replay costs the record's length only."""
    return game_module(record["game"]).replay(record, snapshots=snapshots)


def record_of(session: Session[Any]) -> dict[str, Any]:
    return game_module(session.meta["game"]).to_record(session)


@dataclass(frozen=True)
class Snapshot:
    """A record as it stood when it was handed over to be kept, made on the thread that plays:
    its JSON text, so that nothing in it is shared with the session (the players' list that a
    bot's failure changes, the actions that go on). The save thread reads only this."""

    text: str | None
    # a record JSON cannot write (the store says why, as it always has): a copy of its own instead
    kept: Any = None

    @classmethod
    def of(cls, record: dict[str, Any]) -> "Snapshot":
        try:
            return cls(json.dumps(record, separators=(",", ":"), ensure_ascii=False,
                                  allow_nan=False))
        except (TypeError, ValueError, RecursionError):
            try:
                return cls(None, copy.deepcopy(record))
            except Exception:  # noqa: BLE001 - not even copied: the store says why
                return cls(None, record)

    def record(self) -> dict[str, Any]:
        """The record, a dict of its own (each call a new one)."""
        if self.text is None:
            kept: dict[str, Any] = self.kept
            return kept
        value: dict[str, Any] = json.loads(self.text)
        return value


def verify(record: dict[str, Any]) -> None:
    """Raise RecordError naming the first problem; return quietly when the record holds."""
    verified(record)


def verified(record: dict[str, Any]) -> Session[Any]:
    """The record's game replayed (a Session without snapshots) once it holds: RecordError naming
    the first problem otherwise (verify)."""
    module = game_module(record["game"])
    session = module.replay(record, snapshots=False)
    state = session.state
    given = record.get("result")
    if given is None:
        if state.is_over():
            raise RecordError("the game is over but the record has no result")
        return session
    if not state.is_over():
        raise RecordError("the record has a result but the game is not over")
    problem = module.compare_result(given, state.result().record)
    if problem:
        raise RecordError(f"result does not match the replay: {problem}")
    return session


def write_record(path: StrPath, record: dict[str, Any]) -> None:
    """Write a record atomically (write_atomic)."""
    write_atomic(Path(path), json.dumps(record, indent=None, separators=(",", ":")) + "\n")


def write_atomic(path: Path, text: str) -> None:
    """Write atomically: a temp file in the same folder, fsynced, then renamed over the target,
    so a kill at any moment leaves the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
