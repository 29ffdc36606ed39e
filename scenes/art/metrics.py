"""Proportions shared by the card art and the table layouts (no pygame here)."""

DESIGN_SIZE = (1280, 720)  # layouts are authored at this size and scaled uniformly
CARD_ASPECT = 0.70  # card width / height (portrait: the 5 gear rows run down the long edges)
STRIP = 0.26  # fraction of a card's width left visible when the next card overlaps it
MAX_LINE = 10  # most cards in one assembly line (3 players)
# Gear rows on the card: row r's centre sits at GEAR_TOP + r * GEAR_STEP of the card height.
GEAR_TOP = 0.22
GEAR_STEP = 0.15


def line_width(card_w: float, n: int) -> float:
    """Width of a line of n overlapping cards: strips for all but the last, which shows whole."""
    return 0.0 if n <= 0 else card_w * (1 + STRIP * (n - 1))
