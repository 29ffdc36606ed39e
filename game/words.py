"""Words every game's log shares."""

from __future__ import annotations


def verb(who: str, base: str) -> str:
    """'You take' but 'Ada takes' ('You (doll A) take' too); `base` is the plain form."""
    if who == "You" or who.startswith("You ("):
        return base
    return base + ("es" if base.endswith(("s", "sh", "ch", "o")) else "s")
