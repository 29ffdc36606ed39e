"""Where a player left each lesson: `lessons.json` in the data folder, so that a lesson left at any
step (the window closed, the app killed) resumes there.

A lesson never writes the autosave, the settings, the records folder or the statistics: only this
file, and only what a lesson needs (its game so far and the step). Like every file the app reads,
it is untrusted: a file or an entry that cannot be used is dropped with one line and the lesson
starts afresh; the rest is kept.
"""

from __future__ import annotations

import json

from .. import saves
from ..i18n import N_
from ..messages import Message, message
from ..records import check_envelope, replay, write_atomic
from .lesson import Lesson, Script

LESSONS_BYTES = 1 << 20  # a lesson's game is a few KB


def path():
    return saves.data_dir() / "lessons.json"


def _read(mend: bool = True) -> tuple[dict, Message | None]:
    """The file's entries, and what was wrong with it; an unreadable file is set aside (unless
    only looking: `mend` False)."""
    try:
        return saves.read_json(path(), LESSONS_BYTES), None
    except FileNotFoundError:
        return {}, None
    except saves.Unreadable as exc:
        if not mend:
            return {}, None
        aside = saves.set_aside(path())
        return {}, message(N_("Your lesson progress could not be read ({reason}); {aside}."),
                           reason=saves.describe(exc), aside=saves.aside_words(aside))


def load(script: Script):
    """(session, lesson, message) for the script's game: where the player left it, or
    (None, None, message-or-None) when there is nothing to resume."""
    data, problem = _read()
    entry = data.get(script.game)
    if entry is None:
        return None, None, problem
    try:
        if not isinstance(entry, dict):
            raise ValueError("not an object")
        record = check_envelope(entry.get("record"))
        if record.get("game") != script.game or record.get("seed") != script.seed:
            raise ValueError("it belongs to another lesson")
        # never another program's seat; a solo record (Cementopia's) names no players: its seat
        # is the lesson's one human
        seats = [p.get("seat") for p in record["players"]] if "players" in record else ["human"]
        if seats != [kind for _name, kind in script.players]:
            raise ValueError("its players are not the lesson's")
        session = replay(record)
        lesson = Lesson.from_json(script, entry.get("lesson"))
    except Exception as exc:  # noqa: BLE001 - any bad entry: start the lesson afresh
        forget(script.game)
        return None, None, message(
            N_("Your place in the lesson could not be restored ({reason}); it starts afresh."),
            reason=saves.describe(exc))
    return session, lesson, problem


def has(game: str) -> bool:
    data, _problem = _read(mend=False)  # the chooser only looks; opening the lesson says why
    return isinstance(data.get(game), dict)


def keep(game: str, record: dict, lesson: Lesson) -> Message | None:
    """Remember where the lesson is; a message if the disk says no (the lesson goes on)."""
    data, _problem = _read()
    data[game] = {"record": record, "lesson": lesson.to_json()}
    return _write(data)


def forget(game: str) -> Message | None:
    """The lesson was finished or started over: nothing to resume."""
    data, problem = _read()
    if game not in data:
        return problem
    del data[game]
    return _write(data) or problem


def _write(data: dict) -> Message | None:
    try:
        write_atomic(path(), json.dumps(data, separators=(",", ":")))
    except (OSError, TypeError, ValueError) as exc:
        return message(N_("Could not keep your place in the lesson: {reason}"),
                       reason=saves.describe(exc))
    return None
