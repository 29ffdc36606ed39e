"""Words every game's log shares."""

from __future__ import annotations

from .i18n import N_, _

YOU = N_("You")


def is_you(who: str) -> bool:
    """Whether `who` (a seat's label, English or translated) is the player: "You", "You (doll A)"."""
    return any(who == you or who.startswith(you + " (") or who.startswith(you + "（")
               for you in ("You", _(YOU)))


def said(who: str, you_form: str, other_form: str, **fields) -> str:
    """A sentence about `who` in the form for the player or for someone else. Each form is a whole
    translated message with a {who} field, since English conjugates ("{who} take the {card}." /
    "{who} takes the {card}.") and other languages put words in their own order:

        said(who, _("{who} take {card}."), _("{who} takes {card}."), card=12)"""
    return (you_form if is_you(who) else other_form).format(who=who, **fields)

