"""Alice Assemble records: sessions to records and back."""

from __future__ import annotations

from typing import Any

from ..core.commands import History, Session
from ..core.errors import RecordError
from ..core.records import apply_recorded, same, session_meta, setup_record, short_json
from .descriptor import INFO
from .setup import Action, Rules, Setup
from .state import AssembleState

GAME, PLAYER_COUNTS, DEFAULT_PLAYERS = INFO.id, INFO.player_counts, INFO.default_players


def parse_rules(text: str) -> Rules:
    return Rules.parse(text)


def new_session(seed: int, players: list[dict[str, Any]], rules: Rules = Rules(),
                snapshots: bool = True) -> Session[AssembleState]:
    if not 2 <= len(players) <= 4:
        raise ValueError(f"Alice Assemble is for 2 to 4 players, not {len(players)}")
    state = AssembleState.start(Setup.deal(seed, len(players)), rules)
    return Session(History(state, snapshots), {"game": GAME, "seed": seed, "players": players})


def to_record(session: Session[AssembleState]) -> dict[str, Any]:
    state: AssembleState = session.state
    return setup_record(session, GAME, rules=state.rules.to_json())


def start_state(record: dict[str, Any]) -> AssembleState:
    players = record.get("players")
    if not isinstance(players, list):
        raise RecordError("an assemble record needs its players list")
    rules = Rules.from_json(record.get("rules"))
    return AssembleState.start(Setup.from_json(record.get("setup"), len(players)), rules)


def replay(record: dict[str, Any], snapshots: bool = True) -> Session[AssembleState]:
    session = Session(History(start_state(record), snapshots), session_meta(record, GAME))
    apply_recorded(session, record.get("actions", []), Action.from_json)
    return session


def compare_result(given: Any, actual: dict[str, Any]) -> str | None:
    if not isinstance(given, dict):
        return "result must be an object"
    if not same(given.get("winners"), actual["winners"]):
        return (f"winners {short_json(given.get('winners'))} but the replay gives "
                f"{short_json(actual['winners'])}")
    lanes = given.get("lanes")
    if not isinstance(lanes, list) or len(lanes) != len(actual["lanes"]):
        return "result.lanes must list every lane"
    for i, (mine, theirs) in enumerate(zip(lanes, actual["lanes"])):
        if not isinstance(mine, dict):
            return f"result.lanes[{i}] must be an object"
        for key in ("line", "capacity", "score"):
            if not same(mine.get(key), theirs[key]):
                return (f"lane {i} {key} {short_json(mine.get(key))} but the replay gives "
                        f"{short_json(theirs[key])}")
    return None

