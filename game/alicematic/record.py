"""Alicematic records: sessions to records and back, and the registry's module interface.
The record carries the setup (tiles, rotations, deck order, start player): authoritative, the
seed is informational."""

from __future__ import annotations

from typing import Any

from ..core.commands import History, Session
from ..core.errors import RecordError
from ..core.records import apply_recorded, same, session_meta, setup_record, short_json
from .content import Content, ContentError, legacy
from .descriptor import INFO
from .params import Params, ParamsError
from .setup import Action, Setup
from .state import AlicematicState
from .variants import Variants

GAME, PLAYER_COUNTS, DEFAULT_PLAYERS = INFO.id, INFO.player_counts, INFO.default_players
__all__ = ["GAME", "PLAYER_COUNTS", "DEFAULT_PLAYERS", "parse_rules", "new_session", "to_record",
           "replay", "compare_result"]


def parse_rules(text: str) -> Variants:
    return Variants.parse(text)


def new_session(seed: int, players: list[dict[str, Any]], rules: object = None,
                snapshots: bool = True, content: Content | None = None,
                params: Params | None = None) -> Session[AlicematicState]:
    """`content`: a designer's cards and tiles (the installed ones by default); `params`: the
    numbers (the draft's by default)."""
    if len(players) not in PLAYER_COUNTS:
        raise ValueError(f"Alicematic Eiketsuden is for 3 to 5 players, not {len(players)}")
    if rules is not None and not isinstance(rules, Variants):
        raise ValueError("Alicematic's rules are its draft variants (game.alicematic.variants)")
    params = params or Params()
    state = AlicematicState.start(Setup.deal(seed, len(players), None if content is None else len(content.cards)),
                                  rules or Variants(), content, params)
    check_hands(params, len(players), len(state.cards))
    return Session(History(state, snapshots), {"game": GAME, "seed": seed, "players": players})


def to_record(session: Session[AlicematicState]) -> dict[str, Any]:
    state = session.state
    return setup_record(session, GAME, rules=state.rules.to_json(), params=state.params.to_json(),
                        content=state.content.to_json())


def check_hands(params: Params, players: int, cards: int) -> None:
    """The opening hands must come out of the deck (ParamsError: a ValueError)."""
    if params.hand * players > cards:
        raise ParamsError(f"hand: {players} opening hands of {params.hand} need "
                          f"{params.hand * players} cards; the content has {cards}")


def replay(record: dict[str, Any], snapshots: bool = True) -> Session[AlicematicState]:
    players = record.get("players")
    content = content_of(record)
    setup = Setup.from_json(record.get("setup"), record.get("seed"), len(content.cards))
    if not isinstance(players, list) or len(players) != setup.players:
        raise RecordError(f"players must list the {setup.players} players of setup.players")
    rules = Variants.from_json(record.get("rules"))
    try:
        params = Params.from_json(record.get("params"))
        check_hands(params, setup.players, len(content.cards))
    except ParamsError as exc:
        raise RecordError(str(exc)) from None
    session = Session(History(AlicematicState.start(setup, rules, content, params), snapshots),
                      session_meta(record, GAME))
    apply_recorded(session, record.get("actions", []), Action.from_json)
    return session


def content_of(record: dict[str, Any]) -> Content:
    """The cards and tiles a record was played with: its own "content", or for a record made
    before records carried it, the sample content of that time (content.legacy)."""
    if "content" not in record:
        return legacy()
    try:
        return Content.from_json(record["content"])
    except ContentError as exc:
        raise RecordError(str(exc)) from None


def compare_result(given: object, actual: dict[str, Any]) -> str | None:
    if not isinstance(given, dict):
        return "result must be an object"
    for key in ("scores", "winners"):
        if not same(given.get(key), actual[key]):
            return f"{key} {short_json(given.get(key))} but the replay gives {short_json(actual[key])}"
    return None
