"""What the table explains about a move before it is made, from the rules themselves: why a summon,
an expedition or a war is not offered (a Refusal with a code of words.py, which refusal_words
words: short of strength, food or DP, a full area, out of reach, ...), and what a conquest would
bring. Legality stays the state's (why_illegal, expeditions); this only says which part fails."""

from __future__ import annotations

from ..contract import Event, Refusal
from . import effects as fx
from . import words
from .content import CITY, FOREST, GREEN, RED, YELLOW
from .hexmap import Hex, connected, food_map
from .setup import CONQUER, SUMMON, WAR, Action
from .state import EXPEDITION, AlicematicState

GAINS = ("gained", "drew", "scored", "recruited")  # the event kinds a conquest may bring (state.py)
TURN_OVER = ("turn_started", "round_started", "game_over")


def summon_refusal(state: AlicematicState, card: int) -> Refusal | None:
    """Why the player to move may not summon `card` now (None: they may): the rules' refusal,
    a full area, or short of DP by more than their yellow resources (with the figures)."""
    action = Action(SUMMON, card=card)
    refusal = state.why_illegal(action)
    if refusal is None or refusal.code != words.NOT_ENOUGH_DP:
        return refusal
    p = state.turn
    assert p is not None
    have = state.count(p, YELLOW) + state.bonus(p, fx.DP)
    return Refusal(words.SHORT_OF_DP, {"card": card, "dp": state.cards[card].dp, "have": have,
                                       "resources": state.resource(p, YELLOW)})


def expedition_refusal(state: AlicematicState, kind: str, h: Hex) -> Refusal | None:
    """Why the player to move may not take hex `h` (kind CONQUER) or start a war on it (WAR) now
    (None: they may), naming the part of the rules that fails."""
    refusal = state.why_illegal(Action(kind, hex=h))
    if refusal is None or refusal.code not in (words.CANNOT_CONQUER, words.CANNOT_WAR):
        return refusal
    p = state.turn
    assert p is not None
    board = state.board
    info = board.hexes[h]
    owners = state.holders.get(h, ())
    at_war = state.war.get(h)
    fields: dict = {"player": p, "hex": h}
    if p in owners:
        return Refusal(words.YOURS_ALREADY, fields)
    if state.supply[p] == 0:
        return Refusal(words.NO_CHITS_LEFT, fields)
    if info.kind.kind == CITY and len(owners) >= info.kind.city_size:
        return Refusal(words.CITY_FULL, dict(fields, size=info.kind.city_size))
    if owners and info.kind.kind != CITY and h in connected(board, owners[0], state.holders):
        return Refusal(words.HELD_AND_JOINED, dict(fields, holder=owners[0]))
    if info.kind.kind == FOREST and not state.forest_open(p, h):
        closed = any(not state.holders.get(n) and board.hexes[n].kind.kind != FOREST
                     for n in board.neighbours[h])
        return Refusal(words.FOREST_CLOSED if closed else words.FOREST_NOT_MOST, fields)
    if kind == WAR:
        if info.kind.kind == CITY:
            return Refusal(words.NO_WAR_ON_A_CITY, fields)
        if owners:
            return Refusal(words.NO_WAR_ON_HELD_LAND, dict(fields, holder=owners[0]))
        if at_war is not None:
            return Refusal(words.AT_WAR_ALREADY, dict(fields, holder=at_war))
        if Action(CONQUER, hex=h) in dict(state.expeditions(p)):
            return Refusal(words.NO_WAR_NEEDED, fields)
        return refusal
    bases = state.bases(p)
    if info.tile in {board.hexes[b].tile for b in bases}:
        food: int | None = 0
    else:
        food = food_map(board, p, bases, state.holders).get(h)
    if food is None:
        return Refusal(words.OUT_OF_REACH, fields)
    strength = state.count(p, RED) + state.bonus(p, fx.STRENGTH)
    red = state.resource(p, RED)
    if info.strength - strength > red:
        return Refusal(words.SHORT_OF_STRENGTH, dict(fields, need=info.strength, have=strength,
                                                     resources=red))
    supplies = state.count(p, GREEN) + state.bonus(p, fx.FOOD)
    green = state.resource(p, GREEN)
    if food - supplies > green:
        return Refusal(words.SHORT_OF_FOOD, dict(fields, need=food, have=supplies, resources=green))
    return refusal


def conquest_gains(state: AlicematicState, h: Hex) -> list[Event]:
    """What taking hex `h` now would bring the player to move, as the events the move itself
    reports (the hex's bonus, then powers that work on a conquest); [] when it brings nothing.
    Played out on a copy, so it is exactly what the rules give (the supply's limits too)."""
    action = Action(CONQUER, hex=h)
    p = state.turn
    if p is None or state.phase != EXPEDITION or action not in dict(state.expeditions(p)):
        return []
    events = state.clone()._do(action)  # (legal: checked just above, once)
    out = []
    for e in events:
        if e.kind in TURN_OVER:
            break
        if e.kind in GAINS and e.player == p:
            out.append(e)
    return out
