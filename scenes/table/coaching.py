"""The table's side of a lesson's coach marks (the coach itself: scenes/tutorial/coach.py, held
as `table.coach` while a lesson runs). The coach points at things on the table; a game says where
they are drawn by extending CoachMarks with `anchor` (and `home`, `corner`: where the lesson's
panel rests) and naming it as its table's `Marks`. Outside a lesson every call here does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from scenes.table.base import GameTable


class CoachMarks:
    def __init__(self, table: GameTable) -> None:
        self.table = table

    def anchor(self, point: tuple) -> pygame.Rect | None:
        """Where the thing a lesson points at is drawn ("field", 31), ("bench", lane), ...; None
        when the table does not show it now."""
        return None

    def home(self) -> pygame.Rect | None:
        """Where the lesson's panel rests (None: the window's corner)."""
        return None

    def corner(self) -> str:
        """The corner of `home` the lesson's panel sits in."""
        return "bottomright"

    def handle(self, event: pygame.event.Event) -> bool:
        """A lesson's coach takes the event before the table (True: it was the coach's)."""
        coach = self.table.coach
        return coach is not None and coach.handle(event)

    def place(self, size: tuple[int, int]) -> None:
        """A lesson's panel placed for this layout and this moment: at the table's resize and
        before it draws, so what makes room for the panel (the log, the scoreboard) knows where
        it is in the same frame, and a new window size is right at once."""
        if self.table.coach is not None:
            self.table.coach.place(size)

    def draw(self, surface: pygame.Surface) -> None:
        if self.table.coach is not None:
            self.table.coach.draw(surface)
