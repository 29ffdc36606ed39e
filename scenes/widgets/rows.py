"""A list of rows chosen with the keys, the wheel or a click (History, Continue): which row is
chosen, which are in sight, and where each is drawn. The scene that owns it draws each row's
words; this only says where.

The pointer only lights the row under it: the chosen row changes by a click or a key, never by
the pointer passing over rows on its way to a button (Continue's Delete acts on the chosen row)."""

from __future__ import annotations

from typing import Callable

import pygame

from scenes.widgets import ui

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class RowList:
    def __init__(self, click_opens: bool = True):
        self.count = 0
        self.index = 0  # the row chosen
        self.hover: int | None = None  # the row under the pointer
        self.clicked: int | None = None  # the row the last click chose
        # False: a click chooses a row, a second click on it (a double click) opens it
        self.click_opens = click_opens
        self.top = 0  # the first row in sight
        self.view = pygame.Rect(0, 0, 0, 0)
        self.row_h = 40

    def reset(self, count: int) -> None:
        self.count, self.index, self.top, self.hover, self.clicked = count, 0, 0, None, None

    def place(self, view: pygame.Rect, row_h: int) -> None:
        self.view, self.row_h = view, max(1, row_h)
        self.show_index()

    def rows_in_sight(self) -> int:
        return max(1, self.view.h // self.row_h)

    def in_sight(self) -> range:
        return range(self.top, min(self.count, self.top + self.rows_in_sight()))

    def rect(self, i: int, s: float) -> pygame.Rect:
        return pygame.Rect(self.view.x, self.view.y + (i - self.top) * self.row_h, self.view.w,
                           self.row_h - max(2, int(4 * s)))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.view.y) // self.row_h
        return i if 0 <= i < self.count else None

    def show_index(self) -> None:
        n = self.rows_in_sight()
        self.index = max(0, min(self.index, self.count - 1))
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + n:
            self.top = self.index - n + 1
        self.top = max(0, min(self.top, max(0, self.count - n)))

    def handle(self, event: pygame.event.Event, ring: ui.FocusRing,
               on_open: Callable[[int], object]) -> bool:
        """Arrows, Page Up/Down, the wheel and a click choose a row; Enter (when no button has
        the focus) or a click opens it (with `click_opens` off, a second click on the row):
        on_open(index). True when the event was the list's."""
        if event.type == pygame.KEYDOWN:
            n = self.rows_in_sight()
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -n,
                    pygame.K_PAGEDOWN: n}.get(event.key)
            if step is not None and self.count:
                self.clicked = None
                self.index += step
                self.show_index()
                return True
            if event.key in ENTER and self.count \
                    and not (ring.current is not None and ring.current.focused):
                on_open(self.index)
                return True
        elif event.type == pygame.MOUSEWHEEL and self.count:
            self.top = max(0, min(self.top - event.y * 3, max(0, self.count - self.rows_in_sight())))
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None:
                again, self.clicked = row == self.clicked, row
                self.index = row
                if self.click_opens or again:
                    on_open(row)
                return True
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
        return False

    def draw_row(self, surface: pygame.Surface, i: int, s: float) -> pygame.Rect:
        """The row's panel (lit when chosen); its rectangle, for the words."""
        row = self.rect(i, s)
        chosen = i == self.index
        fill = (74, 58, 44, 230) if chosen else (56, 44, 40, 225) if i == self.hover \
            else (44, 34, 34, 220)
        ui.panel(surface, row, fill, ui.HILITE if chosen else ui.BRASS_DARK, radius=int(6 * s))
        return row
