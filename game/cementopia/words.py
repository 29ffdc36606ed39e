"""Why Cementopia's rules refuse a placement: the reason codes `why_illegal` gives
(contract.Refusal) and their words. A refusal is one whole message (game.messages): English as a
str for the CLI and records, the player's language through shown(). Places are grid cells (x, y)
as actions and records give them."""

from __future__ import annotations

from ..contract import GAME_OVER, Refusal
from ..messages import Message, later

NOT_IN_HAND = "not_in_hand"  # card, hand (the cards held)
OVERLAP = "overlap"  # card, x, y, other (the card it would cover)
ALONE = "alone"  # x, y: no placed card side by side
MISMATCH = "mismatch"  # card, side ("left"/"right"), other, row: a gear faces a blank
NOT_BESIDE = "not_beside"  # other (the card to count), x, y
NO_COUNTER_5 = "no_counter_5"  # other: it faces all 5 rows
COUNTER_SPENT = "counter_spent"  # counter (1..4)


def refusal_words(refusal: Refusal) -> Message:
    code, f = refusal.code, refusal.fields
    if code == MISMATCH:
        if f["side"] == "left":
            return later._("Card {card} does not match its left neighbour {other}: a gear faces a "
                           "blank at row {row}.", **f)
        return later._("Card {card} does not match its right neighbour {other}: a gear faces a "
                       "blank at row {row}.", **f)
    if code == COUNTER_SPENT:
        return later._("Counter {counter} has no uses left.", **f)
    if code == NO_COUNTER_5:
        return later._("Card {other} faces all 5 rows: there is no counter 5.", **f)
    if code == NOT_BESIDE:
        return later._("Card {other} is not side by side with ({x}, {y}).", **f)
    if code == ALONE:
        return later._("({x}, {y}) is not side by side with any placed card.", **f)
    if code == OVERLAP:
        return later._("Card {card} at ({x}, {y}) would overlap card {other}.", **f)
    if code == NOT_IN_HAND:
        return later._("Card {card} is not in the hand (the hand holds {hand}).",
                       card=f["card"], hand=", ".join(map(str, f["hand"])))
    if code == GAME_OVER:
        return later._("The puzzle is over.")
    return later._("{action} is not a Cementopia action.", **f)
