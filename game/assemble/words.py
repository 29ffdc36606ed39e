"""Alice Assemble in a player's words: whose doll (names, doll A/B), where in a line (left end,
right end, between 12 and 7), which card ("the 12"). The table, the log, hints and the scoring
screen all say it this way, so a lane is never "lane 0" and a position never "position 3".

Every phrase is one whole message in the player's language (game.core.i18n), one per case, so a
translation puts its words in its own order; they are looked up when called, never cached.
Names live in the scene's seats, not in the state: callers pass them in.

Why the rules refuse a move is said here too (`refusal_words`), from the state's reason code.
"""

from __future__ import annotations

from typing import Sequence

from ..core.contract import GAME_OVER, NOT_YOUR_TURN, Refusal
from ..core.i18n import _
from ..core.messages import Message, later


def doll_letter(owners: Sequence[int], lane: int) -> str | None:
    """"A" or "B" for a two-player game, where each player builds two dolls; else None."""
    mine = [i for i, o in enumerate(owners) if o == owners[lane]]
    return "AB"[mine.index(lane)] if len(mine) == 2 else None


def lane_label(names: Sequence[str], owners: Sequence[int], lane: int) -> str:
    """"Ada", or "Ada (doll A)" when Ada builds two dolls."""
    letter = doll_letter(owners, lane)
    name = names[owners[lane]]
    return name if letter is None else _("{name} (doll {letter})").format(name=name, letter=letter)


def card_words(card: int) -> str:
    return _("the {card}").format(card=card)


def position_words(line: Sequence[int], pos: int) -> str:
    """Where a card goes into `line` (its cards left to right) at insertion position `pos`."""
    if not line:
        return _("the start of the line")
    if pos <= 0:
        return _("the left end")
    if pos >= len(line):
        return _("the right end")
    return _("between {left} and {right}").format(left=line[pos - 1], right=line[pos])


def placement_words(line: Sequence[int], pos: int, letter: str | None = None) -> str:
    """"at the left end", "between 12 and 7", "at the right end of doll A's line": the place a
    card goes, as it follows "place the 7" (in Japanese a noun phrase: the sentences around it say
    「…に配置」)."""
    if not line:
        return (_("to start doll {letter}'s line") if letter else _("to start the line")).format(
            letter=letter)
    if 0 < pos < len(line):
        where = (_("between {left} and {right} in doll {letter}'s line") if letter
                 else _("between {left} and {right}"))
        return where.format(left=line[pos - 1], right=line[pos], letter=letter)
    if pos <= 0:
        where = _("at the left end of doll {letter}'s line") if letter else _("at the left end")
    else:
        where = _("at the right end of doll {letter}'s line") if letter else _("at the right end")
    return where.format(letter=letter)


# --- refusals: why_illegal's codes (contract.Refusal) and their words --------------------------

PLACE_FIRST = "place_first"  # a take while the lane's bench card must go into the line
MUST_TAKE = "must_take"  # a placement while the lane must take a field card
NOT_ON_THE_FIELD = "not_on_the_field"  # card; field: the cards there
OFF_THE_LINE = "off_the_line"  # position; size: the line's length
IDENTITY = "identity"  # the rightmost place while capacity is 1 (The Identity)
UNKNOWN_KIND = "unknown_kind"  # kind


def refusal_words(refusal: Refusal) -> Message:
    """Why the rules refuse a move, in one sentence: English as a str (the CLI, records), the
    player's language through shown(). Lanes are numbered as actions and records number them."""
    code, f = refusal.code, refusal.fields
    if code == IDENTITY:
        return later._("The Identity: no placing at the right end while capacity is 1.")
    if code == PLACE_FIRST:
        return later._("Place your bench card into the line first; then take a field card.")
    if code == MUST_TAKE:
        return later._("There is no bench card to place now: take a field card.")
    if code == NOT_ON_THE_FIELD:
        return later._("Card {card} is not on the field (the field holds {field}).",
                       card=f["card"], field=", ".join(map(str, f["field"])))
    if code == OFF_THE_LINE:
        return later._("Position {position} is outside the line (0 to {size}).", **f)
    if code == NOT_YOUR_TURN:
        return later._("It is lane {turn}'s turn, not lane {tried}'s.", **f)
    if code == GAME_OVER:
        return later._("The game is over.")
    if code == UNKNOWN_KIND:
        return later._("{kind} is not a kind of Alice Assemble action.", **f)
    return later._("{action} is not an Alice Assemble action.", **f)
