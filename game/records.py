"""Game records (`alice-record`, version 1): read, check, write, replay, verify.

The envelope (format, version, game, seed, players) is checked here; each game's module builds
and replays its own body. Readers ignore fields they do not know, as the format asks.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from .errors import IllegalAction, RecordError

FORMAT, VERSION = "alice-record", 1
SEATS = ("human", "random", "easy", "normal", "hard")
# session extras written into the record beside the format's own fields (readers ignore them):
# assisted (undo or hints were used), daily (the date of a daily deal), started_at
EXTRAS = {"assisted": bool, "daily": str, "started_at": str}


def game_module(name):
    from .registry import game_module as load
    if not isinstance(name, str):
        raise RecordError(f"game must be a name like \"assemble\", not {name!r}")
    return load(name)


def parse_record(text: str) -> dict:
    """A record from JSON text, its envelope checked. Raises RecordError in one line."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}); "
                          "the file may be truncated") from None
    return check_envelope(data)


def check_envelope(data) -> dict:
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format is {data.get('format')!r}, expected {FORMAT!r}")
    if data.get("version") != VERSION:
        raise RecordError(f"record version {data.get('version')!r} is not supported (only {VERSION})")
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
    if not isinstance(data.get("actions", []), list):
        raise RecordError("actions must be a list")
    return data


def short_json(data) -> str:
    """A recorded item, short enough to quote in a one-line error."""
    try:
        return json.dumps(data, separators=(",", ":"))[:80]
    except (TypeError, ValueError):
        return repr(data)[:80]


def envelope(session, game: str) -> dict:
    """The fields every record starts with, and the session's extras."""
    meta = session.meta
    record = {"format": FORMAT, "version": VERSION, "game": game, "seed": meta.get("seed")}
    if meta.get("players") is not None:
        record["players"] = meta["players"]
    for key, kind in EXTRAS.items():
        if isinstance(meta.get(key), kind) and meta[key]:
            record[key] = meta[key]
    return record


def session_meta(record: dict, game: str, players=None) -> dict:
    """A replayed session's meta: what the record says of the game and its players, extras too."""
    meta = {"game": game, "seed": record.get("seed"),
            "players": record.get("players") if players is None else players}
    for key, kind in EXTRAS.items():
        if isinstance(record.get(key), kind):
            meta[key] = record[key]
    return meta


def apply_recorded(session, actions, from_json, where: str = "action") -> None:
    """Apply recorded actions in order; the first bad one is named by its number."""
    for number, data in enumerate(actions, start=1):
        try:
            session.history.apply(from_json(data))
        except (IllegalAction, RecordError) as exc:
            raise RecordError(f"{where} {number} {short_json(data)}: {exc}") from None


def read_record(path) -> dict:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read ({exc})") from None
    return parse_record(text)


def replay(record: dict):
    """A Session holding the record's game with every recorded action applied."""
    return game_module(record["game"]).replay(record)


def record_of(session) -> dict:
    return game_module(session.meta["game"]).to_record(session)


def verify(record: dict) -> None:
    """Raise RecordError naming the first problem; return quietly when the record holds."""
    module = game_module(record["game"])
    session = module.replay(record)
    state = session.state
    given = record.get("result")
    if given is None:
        if state.is_over():
            raise RecordError("the game is over but the record has no result")
        return
    if not state.is_over():
        raise RecordError("the record has a result but the game is not over")
    problem = module.compare_result(given, state.result().record)
    if problem:
        raise RecordError(f"result does not match the replay: {problem}")


def write_record(path, record: dict) -> None:
    """Write atomically: a temp file in the same folder, then rename over the target."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(record, fh, indent=None, separators=(",", ":"))
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
