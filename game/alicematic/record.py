"""Alicematic records: sessions to records and back, and the registry's module interface.
The record carries the setup (tiles, rotations, deck order, start player): authoritative, the
seed is informational."""

from __future__ import annotations

from ..commands import History, Session
from ..errors import RecordError
from ..records import apply_recorded, same, session_meta, setup_record, short_json
from .descriptor import INFO
from .setup import Action, Setup
from .state import AlicematicState

GAME, PLAYER_COUNTS, DEFAULT_PLAYERS = INFO.id, INFO.player_counts, INFO.default_players
__all__ = ["GAME", "PLAYER_COUNTS", "DEFAULT_PLAYERS", "parse_rules", "new_session", "to_record",
           "replay", "compare_result"]


def parse_rules(text: str) -> None:
    names = [n.strip() for n in (text or "").split(",") if n.strip()]
    if names:
        raise ValueError(f"unknown rule {names[0]!r}: Alicematic Eiketsuden has no optional rules")
    return None


def new_session(seed: int, players: list[dict], rules=None, snapshots: bool = True) -> Session:
    if len(players) not in PLAYER_COUNTS:
        raise ValueError(f"Alicematic Eiketsuden is for 3 to 5 players, not {len(players)}")
    if rules:
        raise ValueError("Alicematic Eiketsuden has no optional rules")
    state = AlicematicState.start(Setup.deal(seed, len(players)))
    return Session(History(state, snapshots), {"game": GAME, "seed": seed, "players": players})


def to_record(session: Session) -> dict:
    return setup_record(session, GAME)


def replay(record: dict, snapshots: bool = True) -> Session:
    players = record.get("players")
    setup = Setup.from_json(record.get("setup"), record.get("seed"))
    if not isinstance(players, list) or len(players) != setup.players:
        raise RecordError(f"players must list the {setup.players} players of setup.players")
    session = Session(History(AlicematicState.start(setup), snapshots), session_meta(record, GAME))
    apply_recorded(session, record.get("actions", []), Action.from_json)
    return session


def compare_result(given, actual: dict) -> str | None:
    if not isinstance(given, dict):
        return "result must be an object"
    for key in ("scores", "winners"):
        if not same(given.get(key), actual[key]):
            return f"{key} {short_json(given.get(key))} but the replay gives {short_json(actual[key])}"
    return None
