"""Where a player left each lesson, kept in the player's data (game.storage: one entry per game),
so that a lesson left at any step (the window closed, the app killed) resumes there.

A lesson never touches the games in progress, the finished games, the settings or the statistics:
only its own entry, and only what a lesson needs (its game so far and the step). Like everything
the app reads, an entry is untrusted: one that cannot be used is dropped with one line and the
lesson starts afresh.
"""

from __future__ import annotations

from typing import Any

from ..core.commands import Session
from ..core.i18n import N_
from ..core.messages import message
from ..core.records import check_envelope, replay
from . import Store, StoreError
from ..core.files import describe
from ..tutorial.lesson import Lesson, Script


def load(db: Store, script: Script) -> tuple[Session[Any] | None, Lesson | None, str | None]:
    """(session, lesson, message) for the script's game: where the player left it, or
    (None, None, message-or-None) when there is nothing to resume."""
    try:
        entry = db.lessons.read(script.game)
    except StoreError as exc:
        forget(db, script.game)
        return None, None, message(
            N_("Your place in the lesson could not be restored ({reason}); it starts afresh."),
            reason=exc.words)
    if entry is None:
        return None, None, None
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
        forget(db, script.game)
        return None, None, message(
            N_("Your place in the lesson could not be restored ({reason}); it starts afresh."),
            reason=describe(exc))
    return session, lesson, None


def has(db: Store, game: str) -> bool:
    """Whether a place is kept for the lesson (one that cannot be read too: opening it says why
    and starts afresh)."""
    try:
        return db.lessons.read(game) is not None
    except StoreError:
        return True


def entry(record: dict[str, Any], lesson: Lesson) -> dict[str, Any]:
    """What is kept of a lesson's place."""
    return {"record": record, "lesson": lesson.to_json()}


def keep(db: Store, game: str, record: dict[str, Any], lesson: Lesson) -> str | None:
    """Remember where the lesson is; a message if it cannot be kept (the lesson goes on)."""
    try:
        db.lessons.keep(game, entry(record, lesson))
    except StoreError as exc:
        return exc.words
    return None


def forget(db: Store, game: str) -> str | None:
    """The lesson was finished or started over: nothing to resume."""
    try:
        db.lessons.forget(game)
    except StoreError as exc:
        return exc.words
    return None
