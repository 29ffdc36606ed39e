"""Words every game's log shares."""

from __future__ import annotations

from typing import Any
from .i18n import N_, _
from .messages import Message, message

YOU = N_("You")


def _you_word(who: str) -> str | None:
    """The word for the player that `who` is or starts with ("You", "You (doll A)"), or None."""
    for you in ("You", _(YOU)):
        if who == you or who.startswith(you + " (") or who.startswith(you + "（"):
            return you
    return None


def is_you(who: str) -> bool:
    """Whether `who` (a seat's label, English or translated) is the player: "You", "You (doll A)"."""
    return _you_word(who) is not None


def said(who: str, you_form: str, other_form: str, **fields: Any) -> str:
    """A sentence about `who` in the form for the player or for someone else. Each form is a whole
    translated message with a {who} field, since English conjugates ("{who} take the {card}." /
    "{who} takes the {card}.") and other languages put words in their own order:

        said(who, _("{who} take {card}."), _("{who} takes {card}."), card=12)"""
    return (you_form if is_you(who) else other_form).format(who=who, **fields)


NAMES = N_("{name}'s")  # another's: "Ann's", 「Annの」
NAMES_S = N_("{name}'")  # a name ending in s: "Bellows'" (not "Bellows's"), 「Bellowsの」


def _possessive(who: str) -> tuple[str, dict[str, Any]]:
    """The msgid and fields of `who`'s possessive (see whose)."""
    you = _you_word(who)
    if you is None:
        return NAMES_S if who.endswith(("s", "S")) else NAMES, {"name": who}
    detail = who[len(you):].strip()
    if detail[:1] in ("(", "（") and detail[-1:] in (")", "）"):
        return N_("your ({detail})"), {"detail": detail[1:-1]}
    return N_("your"), {}


def whose(who: str, start: bool = False) -> str:
    """The possessive of a seat's label, in the language of the moment, for a message's {whose}
    field: "Ann's" (「Annの」), "Bellows'" for a name ending in s, and the player's own "your" (「あなたの」), so that the words say
    "It is your turn.", never "It is You's turn.". A label like "You (doll A)" is "your (doll A)"
    (「あなた（人形A）の」). `start`: the head of a sentence, "Your areas" (a name is never
    changed). Every possessive of a name is made here (tests/test_possessives.py keeps it so)."""
    msgid, fields = _possessive(who)
    form = _(msgid).format(**fields)
    return form[:1].upper() + form[1:] if start and msgid not in (NAMES, NAMES_S) else form


def whose_later(who: str) -> Message:
    """whose() as a Message, put in the language of the moment when it is shown (a lesson's words
    are): mid-sentence only."""
    msgid, fields = _possessive(who)
    return message(msgid, **fields)


def chained(parts: list[str], how: str) -> str:
    """Parts in one phrase, each pair joined by the message `how` ("{first} and {second}",
    "{first} / {second}") in the player's language: "Ada and Bo and Cy", 「1／0／2」."""
    out = parts[0] if parts else ""
    for part in parts[1:]:
        out = _(how).format(first=out, second=part)
    return out
