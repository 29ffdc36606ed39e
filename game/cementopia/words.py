"""Why Cementopia's rules refuse a placement: the reason codes `why_illegal` gives
(contract.Refusal) and their words. A refusal is one whole message (game.core.messages): English as a
str for the CLI and records, the player's language through shown(). The words name cards and a
card's own gear rows (from 1 at the top), never grid cells: the table says them too, and the CLI
shows the action beside them."""

from __future__ import annotations

from ..core.contract import GAME_OVER, Refusal
from ..core.messages import Message, later

NOT_IN_HAND = "not_in_hand"  # card, hand (the cards held)
OVERLAP = "overlap"  # card, x, y, other (the card it would cover)
ALONE = "alone"  # card, x, y: no placed card side by side
MISMATCH = "mismatch"  # card, side ("left"/"right"), other, row (the card's own, 0 at the top)
NOT_BESIDE = "not_beside"  # other (the card to count), x, y
NO_COUNTER_5 = "no_counter_5"  # other: it faces all 5 rows
COUNTER_SPENT = "counter_spent"  # counter (1..4)


def refusal_words(refusal: Refusal) -> Message:
    code, f = refusal.code, refusal.fields
    if code == MISMATCH:
        fields = dict(card=f["card"], other=f["other"], row=f["row"] + 1)
        if f["side"] == "left":
            return later._("Card {card} does not match card {other} on its left: a gear faces a "
                           "blank in its row {row} from the top.", **fields)
        return later._("Card {card} does not match card {other} on its right: a gear faces a "
                       "blank in its row {row} from the top.", **fields)
    if code == COUNTER_SPENT:
        return later._("Counter {counter} has no uses left.", **f)
    if code == NO_COUNTER_5:
        return later._("Card {other} faces all 5 rows: there is no counter 5.", **f)
    if code == NOT_BESIDE:
        return later._("Card {other} is not beside that place, so it cannot be counted.",
                       other=f["other"])
    if code == ALONE:
        return later._("Card {card} must go beside a card already placed.", card=f["card"])
    if code == OVERLAP:
        return later._("Card {card} would overlap card {other}.", card=f["card"], other=f["other"])
    if code == NOT_IN_HAND:
        return later._("Card {card} is not in the hand (the hand holds {hand}).",
                       card=f["card"], hand=", ".join(map(str, f["hand"])))
    if code == GAME_OVER:
        return later._("The puzzle is over.")
    return later._("{action} is not a Cementopia action.", **f)
