"""Finished games as History lists them and Statistics counts them (issue 15): one `Entry` per
game, made once when the game is kept (game.storage keeps it beside the record) by replaying its
record, so every figure is the game's own. Pure Python, no pygame.

An Entry holds the game, its players (names and seat kinds), scores, winners, when it finished,
whether it was assisted, conceded or a daily deal, the colour each seat played, and the figures of
the game's own that its declaration asks for (game.core.descriptor: Cementopia's outcome, Grayblock's
hands). A game whose row cannot be read is an Entry too, with `problem` set to one line saying
why: it is listed as unreadable, never a crash.
"""

from .entries import BIG, EXTERNAL, UNKNOWN, Entry, colours_of, entry_of, fold, is_date, seat_kind

__all__ = ["BIG", "EXTERNAL", "UNKNOWN", "Entry", "colours_of", "entry_of", "fold", "is_date",
           "seat_kind"]
