"""Cementopia records: sessions to records and back, and the registry's module interface."""

from __future__ import annotations

from typing import Any

from ..core.commands import History, Session
from ..core.records import apply_recorded, same, session_meta, setup_record, short_json
from .descriptor import INFO
from .setup import Action, Setup
from .state import COMPLETE, STUCK, CementopiaState

GAME, PLAYER_COUNTS, DEFAULT_PLAYERS = INFO.id, INFO.player_counts, INFO.default_players


def parse_rules(text: str) -> None:
    """Cementopia has no optional rules: only an empty list is accepted."""
    names = [n.strip() for n in (text or "").split(",") if n.strip()]
    if names:
        raise ValueError(f"unknown rule {names[0]!r}: Cementopia has no optional rules")
    return None


def new_session(seed: int, players: list[dict[str, Any]] | None = None, rules: object = None,
                snapshots: bool = True) -> Session[CementopiaState]:
    if players is not None and len(players) != 1:
        raise ValueError(f"Cementopia is for 1 player, not {len(players)}")
    if rules:
        raise ValueError("Cementopia has no optional rules")
    state = CementopiaState.start(Setup.deal(seed))
    return Session(History(state, snapshots), {"game": GAME, "seed": seed, "players": players or []})


def to_record(session: Session[CementopiaState]) -> dict[str, Any]:
    record = setup_record(session, GAME)
    record.pop("players", None)  # the format has no players list for the solo game
    return record


def replay(record: dict[str, Any], snapshots: bool = True) -> Session[CementopiaState]:
    state = CementopiaState.start(Setup.from_json(record.get("setup")))
    players = record.get("players") if isinstance(record.get("players"), list) else []
    session = Session(History(state, snapshots), session_meta(record, GAME, players))
    apply_recorded(session, record.get("actions", []), Action.from_json)
    return session


def compare_result(given: Any, actual: dict[str, Any]) -> str | None:
    if not isinstance(given, dict):
        return "result must be an object"
    if given.get("outcome") not in (COMPLETE, STUCK):
        return f"result.outcome must be {COMPLETE!r} or {STUCK!r}, not {given.get('outcome')!r}"
    for key in ("outcome", "score"):
        if not same(given.get(key), actual[key]):
            return f"{key} {short_json(given.get(key))} but the replay gives {short_json(actual[key])}"
    return None

