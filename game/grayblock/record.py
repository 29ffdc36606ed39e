"""Grayblock records: sessions to records and back. Actions are nested per hand, each hand with
its deal (authoritative: the seed is informational), its start player and its result."""

from __future__ import annotations

from typing import Any

from ..core.commands import History, Session
from ..core.errors import IllegalAction, RecordError
from ..core.records import envelope, same, session_meta, short_json
from .descriptor import DEFAULT_TARGET, INFO
from .setup import Action, Rules, deal_from_json
from .state import GrayblockState

GAME, PLAYER_COUNTS, DEFAULT_PLAYERS = INFO.id, INFO.player_counts, INFO.default_players


def parse_rules(text: str) -> Rules:
    return Rules.parse(text)


def new_session(seed: int, players: list[dict[str, Any]], rules: Rules = Rules(),
                target: int | None = DEFAULT_TARGET, snapshots: bool = True) -> Session[GrayblockState]:
    if len(players) not in PLAYER_COUNTS:
        raise ValueError(f"Grayblock is for 2 to 4 players, not {len(players)}")
    # None: a table set up without a target (scenes.config.GameConfig for another game)
    state = GrayblockState.new(seed, len(players), rules, DEFAULT_TARGET if target is None else target)
    return Session(History(state, snapshots), {"game": GAME, "seed": seed, "players": players})


def to_record(session: Session[GrayblockState]) -> dict[str, Any]:
    state: GrayblockState = session.state
    hands = []
    for number, deal in enumerate(state.deals):
        hand = {"deal": [list(cards) for cards in deal],
                "start": (state.first + number) % state.players}
        if number < len(state.results):
            result = state.results[number]
            hand["actions"] = [action.to_json() for action in result.actions]
            hand["result"] = result.to_json()
        else:
            hand["actions"] = [action.to_json() for action in state.log]
        hands.append(hand)
    record = envelope(session, GAME)
    record.update({
        "players": session.meta["players"],
        "rules": state.rules.to_json(), "target": state.target,
        "hands": hands,
    })
    if state.is_over():
        record["result"] = state.result().record
    return record


def start_state(record: dict[str, Any]) -> GrayblockState:
    players = record.get("players")
    if not isinstance(players, list) or len(players) not in PLAYER_COUNTS:
        raise RecordError("a grayblock record needs its players list of 2 to 4 players")
    n = len(players)
    rules = Rules.from_json(record.get("rules"))
    target = record.get("target", DEFAULT_TARGET)
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise RecordError(f"target must be a positive integer, not {target!r}")
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("hands must be a non-empty list (each with deal, start and actions)")
    deals = []
    for number, hand in enumerate(hands, start=1):
        if not isinstance(hand, dict):
            raise RecordError(f"hand {number} must be an object with deal, start and actions")
        deals.append(deal_from_json(hand.get("deal"), n, f"hand {number}"))
    first = hands[0].get("start")
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
        raise RecordError(f"hand 1 start must be a player 0..{n - 1}, not {first!r}")
    seed = record.get("seed")
    return GrayblockState.new(seed if isinstance(seed, int) else 0, n, rules, target,
                              tuple(deals), first)


def replay(record: dict[str, Any], snapshots: bool = True) -> Session[GrayblockState]:
    session = Session(History(start_state(record), snapshots), session_meta(record, GAME))
    hands = record["hands"]
    if "actions" in record and record["actions"]:
        raise RecordError("grayblock actions belong in hands[].actions, not at the top level")
    for number, hand in enumerate(hands, start=1):
        state = session.state
        if state.is_over():
            raise RecordError(f"hand {number}: the match was already over")
        if state.number != number - 1:
            raise RecordError(f"hand {number - 1} has not ended, yet hand {number} follows")
        if not same(hand.get("start"), state.start):
            raise RecordError(f"hand {number} start must be player {state.start} "
                              f"(the start passes clockwise), not {short_json(hand.get('start'))}")
        actions = hand.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError(f"hand {number} actions must be a list")
        for index, data in enumerate(actions, start=1):
            if session.state.number != number - 1:
                raise RecordError(f"hand {number} action {index} {short_json(data)}: "
                                  "the hand is already over")
            try:
                session.history.apply(Action.from_json(data))  # the state checks it
            except (IllegalAction, RecordError) as exc:
                raise RecordError(f"hand {number} action {index} {short_json(data)}: {exc}") from None
        _check_hand_result(session.state, number, hand, last=number == len(hands))
    return session


def _check_hand_result(state: GrayblockState, number: int, hand: dict[str, Any],
                       last: bool) -> None:
    given = hand.get("result")
    done = len(state.results) >= number
    if given is None:
        if done and not last:
            raise RecordError(f"hand {number} has ended but has no result")
        if not done and not last:
            raise RecordError(f"hand {number} has not ended, yet hand {number + 1} follows")
        return
    if not done:
        raise RecordError(f"hand {number} has a result but has not ended")
    actual = state.results[number - 1].to_json()
    if not isinstance(given, dict):
        raise RecordError(f"hand {number} result must be an object")
    for key in ("winner", "kind", "points"):
        if not same(given.get(key), actual[key]):
            raise RecordError(f"hand {number} result {key} {short_json(given.get(key))} but the "
                              f"replay gives {short_json(actual[key])}")


def compare_result(given: Any, actual: dict[str, Any]) -> str | None:
    if not isinstance(given, dict):
        return "result must be an object"
    for key in ("scores", "champion"):
        if not same(given.get(key), actual[key]):
            return f"{key} {short_json(given.get(key))} but the replay gives {short_json(actual[key])}"
    return None

