"""Alice Assemble in a player's words: whose doll (names, doll A/B), where in a line (left end,
right end, between 12 and 7), which card ("the 12"). The table, the log, hints and the scoring
screen all say it this way, so a lane is never "lane 0" and a position never "position 3".

Names live in the scene's seats, not in the state: callers pass them in.
"""

from __future__ import annotations

from typing import Sequence


def doll_letter(owners: Sequence[int], lane: int) -> str | None:
    """"A" or "B" for a two-player game, where each player builds two dolls; else None."""
    mine = [i for i, o in enumerate(owners) if o == owners[lane]]
    return "AB"[mine.index(lane)] if len(mine) == 2 else None


def lane_label(names: Sequence[str], owners: Sequence[int], lane: int) -> str:
    """"Ada", or "Ada (doll A)" when Ada builds two dolls."""
    letter = doll_letter(owners, lane)
    name = names[owners[lane]]
    return name if letter is None else f"{name} (doll {letter})"


def card_words(card: int) -> str:
    return f"the {card}"


def position_words(line: Sequence[int], pos: int) -> str:
    """Where a card goes into `line` (its cards left to right) at insertion position `pos`."""
    if not line:
        return "the start of the line"
    if pos <= 0:
        return "the left end"
    if pos >= len(line):
        return "the right end"
    return f"between {line[pos - 1]} and {line[pos]}"


def placement_words(line: Sequence[int], pos: int, letter: str | None = None) -> str:
    """"at the left end", "between 12 and 7", "at the right end of doll A's line"."""
    whose = f"doll {letter}'s line" if letter else "the line"
    if not line:
        return f"to start {whose}"
    where = position_words(line, pos)
    if where.startswith("between"):
        return where + (f" in {whose}" if letter else "")
    return f"at {where}" + (f" of {whose}" if letter else "")
