"""What the table explains about a move before it is made, from the rules themselves: why a summon,
an expedition or a war is not offered (a Refusal with a code of words.py, which refusal_words
words: short of strength, food or DP, a full area, out of reach, ...), and what a conquest would
bring. Legality stays the state's (why_illegal, expeditions); this only says which part fails."""

from __future__ import annotations

from ..core.contract import Event, Refusal
from . import effects as fx
from . import words
from .content import YELLOW
from .hexmap import Hex
from .setup import CONQUER, SUMMON, Action
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
    (None: they may): the rules' own refusal, which names the part of the rules that fails."""
    return state.why_illegal(Action(kind, hex=h))


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
