"""The table's tooltip part: what the thing under the resting mouse means, in player words, drawn
over everything (never over a drag or the lesson's panel), with the hint's progress under it. A
game says what its things mean by extending Tips with `at` and naming it as its table's `Tips`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.widgets import ui

if TYPE_CHECKING:
    import pygame

    from scenes.table.base import GameTable


class Tips:
    def __init__(self, table: GameTable) -> None:
        self.table = table

    def at(self, pos: tuple[int, int]) -> str | None:
        """What the thing under `pos` means, in player words (None: nothing to explain)."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The tooltip over everything, once the mouse rests (never over a drag); under it, the
        hint's progress while one is looked for."""
        table = self.table
        tooltip = table.tooltip
        table.hints.draw_progress(surface)
        over_coach = table.coach is not None and tooltip.pos is not None \
            and table.coach.panel.collidepoint(tooltip.pos)  # the lesson's words are on top
        if table.drag is not None or table.pan is not None or not tooltip.ready \
                or tooltip.pos is None or over_coach:
            tooltip.rect = tooltip.words = None
            return
        s = max(0.5, ui.scale_for(surface.get_size()))
        tooltip.draw(surface, self.at(tooltip.pos), s)
