"""A yes/no question over the current scene (which stays drawn, dimmed, beneath).

Enter (the focus starts on yes) or Y answers yes, Esc or N no; the two buttons too. A third answer
(`also`: its words and callback) may sit between them, reached by its button only. It pops
itself, then calls the answer's callback (so the callback finds its own scene on top again).

The asker passes its words already in the player's language (Settings cannot open over a question,
so the language does not change while one is up); Yes and No are translated here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.core.i18n import _

from scenes.app.stack import Scene
from scenes.menus.pause import overlay_panel
from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton, dim, heading, menu_event

if TYPE_CHECKING:
    from scenes.app.window import App

Answer = Callable[[], object]  # what an answer does (what it gives back is not used)


class Confirm(Scene):
    name = "confirm"
    opaque = False

    def __init__(self, app: App, question: str, yes: str | None = None, no: str | None = None,
                 on_yes: Answer | None = None, on_no: Answer | None = None, detail: str = "",
                 also: tuple[str, Answer] | None = None, default_no: bool = False) -> None:
        super().__init__(app)
        self.question, self.detail = question, detail
        self.on_yes, self.on_no = on_yes, on_no
        # the gold button is the one Enter presses: Keep where the answer cannot be taken back
        yes_kind, no_kind = (ui.Button, PrimaryButton) if default_no else (PrimaryButton, ui.Button)
        self.yes_b = yes_kind(_("Yes") if yes is None else yes, self.yes)
        self.no_b = no_kind(_("No") if no is None else no, self.no)
        self.also_b = ui.Button(also[0], lambda: self._answer(also[1])) if also else None
        self.ring = ui.FocusRing([b for b in (self.yes_b, self.also_b, self.no_b) if b is not None])
        self.ring.move(1)
        if default_no:  # what cannot be taken back is not what Enter does
            self.ring.focus(self.ring.widgets.index(self.no_b))
        self.s = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.answered = False

    def _answer(self, callback: Answer | None) -> None:
        if self.answered:
            return
        self.answered = True
        self.app.stack.pop()
        if callback is not None:
            callback()

    def yes(self) -> None:
        self._answer(self.on_yes)

    def no(self) -> None:
        self._answer(self.on_no)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.s = ui.scale_for(size)
        P = pygame.Rect(0, 0, min(int(560 * s), size[0] - 16), int(260 * s))
        P.h = min(size[1] - 8, max(P.h, self._text_height(P.w) + int(138 * s)))  # large text: taller
        P.center = (size[0] // 2, size[1] // 2)
        self.panel = P
        buttons = list(self.ring.widgets)
        gap = int(24 * s) if len(buttons) == 2 else int(14 * s)
        w = min(int(200 * s), (P.w - int(40 * s) - gap * (len(buttons) - 1)) // len(buttons))
        h = int(52 * s)
        y = P.bottom - int(36 * s) - h
        x = P.centerx - (w * len(buttons) + gap * (len(buttons) - 1)) // 2
        for b in buttons:
            b.rect = pygame.Rect(x, y, w, h)
            x += w + gap

    def _words(self, width: float) -> tuple[list[str], int, float, list[str], int, float]:
        """The question's lines, their size and step; the detail's lines, their size and step:
        what `draw` draws and `resize` makes room for."""
        s = self.s
        px, small = max(10, int(28 * s)), max(8, int(16 * s))
        lines = ui.wrap(self.question, px, width, "title")[:2]
        more = ui.wrap(self.detail, small, width)[:4] if self.detail else []
        step = max(px * 1.25, ui.font(px, "title").get_linesize())  # the player's text size
        small_step = max(small * 1.3, ui.font(small).get_linesize())
        return lines, px, step, more, small, small_step

    def _text_height(self, panel_w: int) -> int:
        lines, _px, step, more, _small, small_step = self._words(panel_w - 60 * self.s)
        return int(34 * self.s + len(lines) * step + 8 * self.s + len(more) * small_step)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_y, pygame.K_n):
            (self.yes if event.key == pygame.K_y else self.no)()
            return
        menu_event(self.ring, event, self.no)

    def draw(self, surface: pygame.Surface) -> None:
        s, P = self.s, self.panel
        dim(surface, 170)
        overlay_panel(surface, P, s)
        width = P.w - 60 * s
        lines, px, step, more, small, small_step = self._words(width)
        y = P.y + 44 * s if len(lines) == 1 else P.y + 34 * s
        for line in lines:
            heading(surface, line, px, (P.centerx, y), max_width=width)
            y += step
        y += 8 * s
        for line in more:  # a longer say
            ui.text(surface, line, small, (P.centerx, y), ui.MUTED, "midtop", max_width=width)
            y += small_step
        self.ring.draw(surface, s)
