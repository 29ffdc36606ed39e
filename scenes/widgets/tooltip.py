"""A small panel explaining what the mouse rests on (issue 14: tooltips on the tables).

The scene feeds it its events and time and asks it, when drawing, whether the mouse has been still
long enough; the words come from the scene (its tips part, `tips.at(pos)`), looked up when drawn. A click or a
key hides it until the mouse moves again, so it never covers what the player is doing.
"""

from __future__ import annotations

import pygame

from scenes.widgets import ui

DELAY = 0.4  # seconds the mouse rests before the panel shows
FILL = (24, 19, 22, 245)


class Tooltip:
    def __init__(self, delay: float = DELAY):
        self.delay = delay
        self.pos: tuple[int, int] | None = None  # where the mouse rests (None: never moved here)
        self.still = 0.0
        self.hidden = False  # a click or key: hidden until the mouse moves on
        self.rect: pygame.Rect | None = None  # the panel last drawn (tests, and staying clear)
        self.words: str | None = None
        self.complete = True  # every word shown (none cut off at the panel's foot)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            if tuple(event.pos) != self.pos:
                self.pos = tuple(event.pos)
                self.still = 0.0
                self.hidden = False
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
                            pygame.MOUSEWHEEL):
            self.hide()
        elif event.type == pygame.WINDOWLEAVE:
            self.pos = None
            self.hide()

    def hide(self) -> None:
        self.hidden = True
        self.still = 0.0
        self.rect = None
        self.words = None

    def update(self, dt: float) -> None:
        self.still += dt

    @property
    def ready(self) -> bool:
        return self.pos is not None and not self.hidden and self.still >= self.delay

    def draw(self, surface: pygame.Surface, words: str | None, s: float) -> pygame.Rect | None:
        """The panel with `words` near the mouse, inside the window, clear of the cursor."""
        self.rect, self.words = None, None
        if not words or not self.ready or self.pos is None:
            return None
        self.rect, self.complete = place(surface, words, self.pos, s)
        self.words = words
        return self.rect


def layout(words: str, window: tuple[int, int], s: float) -> tuple[pygame.Rect, int, pygame.Rect]:
    """(panel size, text px, text box inside it) for `words` in a window this size."""
    w, h = window
    pad = max(6, round(8 * s))
    width = round(min(w - 2 * pad, max(240, 340 * s)))
    px = max(ui.READABLE, int(14 * s))
    inner_w = width - 2 * pad
    while True:
        inner_h = ui.paragraph_height(words, px, inner_w) + 4
        if inner_h + 2 * pad <= h - 2 * pad or px <= ui.READABLE:
            break
        px -= 1
    lines, f = ui.wrap(words, px, inner_w), ui.font(px)
    widest = max((f.size(line)[0] for line in lines), default=0)
    if len(lines) == 1:  # a short tip: a panel as wide as its words
        inner_w = min(inner_w, widest + 4)
    panel = pygame.Rect(0, 0, inner_w + 2 * pad, min(h, inner_h + 2 * pad))
    return panel, px, pygame.Rect(pad, pad, inner_w, panel.h - 2 * pad)


def place(surface: pygame.Surface, words: str, pos: tuple[int, int], s: float) -> tuple[pygame.Rect, bool]:
    """Draw the panel; (its rect, whether every word fitted)."""
    size = surface.get_size()
    box, px, inner = layout(words, size, s)
    gap = max(10, round(18 * s))
    x, y = pos
    box.topleft = (x + gap // 2, y + gap)  # below and right of the pointer's tip
    if box.right > size[0]:
        box.right = x - gap // 2
    if box.bottom > size[1]:
        box.bottom = y - gap // 2
    box.clamp_ip(surface.get_rect())
    ui.panel(surface, box, FILL, ui.BRASS, radius=max(4, int(8 * s)), width=1)
    inner = inner.move(box.topleft)
    ui.paragraph(surface, words, px, inner, ui.TEXT)
    return box, ui.paragraph_fits(words, px, inner)
