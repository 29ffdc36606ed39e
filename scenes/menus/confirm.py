"""A yes/no question over the current scene (which stays drawn, dimmed, beneath it).

Made with app.make("confirm", question=..., yes=..., no=..., on_yes=..., on_no=None, detail=""):
Enter or Y says yes, Esc or N says no, or click a button. It pops itself first, then calls the
answer's callback, so the callback may push or replace scenes freely.
"""

from __future__ import annotations

import pygame

from scenes.app.stack import Scene
from scenes.menus.pause import overlay_panel
from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton, dim, focus_on_hover, heading, ornament


class Confirm(Scene):
    name = "confirm"
    opaque = False

    def __init__(self, app, question: str, yes: str, no: str, on_yes, on_no=None, detail: str = ""):
        super().__init__(app)
        self.question, self.detail = question, detail
        self.on_yes, self.on_no = on_yes, on_no
        self.yes_b = PrimaryButton(yes, self.yes)
        self.no_b = ui.Button(no, self.no)
        self.ring = ui.FocusRing([self.no_b, self.yes_b])
        self.ring.move(-1)  # Yes has the focus: Enter says yes
        self.s = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.answered = False

    def yes(self) -> None:
        self._answer(self.on_yes)

    def no(self) -> None:
        self._answer(self.on_no)

    def _answer(self, callback) -> None:
        if self.answered:  # a double click answers once
            return
        self.answered = True
        if self.app.stack.top is self:
            self.app.stack.pop()
        if callback is not None:
            callback()

    def resize(self, size) -> None:
        s = self.s = ui.scale_for(size)
        P = self.panel = pygame.Rect(0, 0, min(int(640 * s), size[0] - int(16 * s)), int(300 * s))
        P.center = (size[0] // 2, size[1] // 2)
        w, h, gap = int(210 * s), int(54 * s), int(24 * s)
        y = P.bottom - int(88 * s)
        self.no_b.rect = pygame.Rect(P.centerx - gap // 2 - w, y, w, h)
        self.yes_b.rect = pygame.Rect(P.centerx + gap // 2, y, w, h)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.no()
                return
            if event.key == pygame.K_y:
                self.yes()
                return
        focus_on_hover(self.ring, event)
        self.ring.handle(event)

    def draw(self, surface) -> None:
        s, P = self.s, self.panel
        dim(surface, 170)
        overlay_panel(surface, P, s)
        heading(surface, self.question, int(34 * s), (P.centerx, P.y + 50 * s), max_width=P.w - 48 * s)
        ornament(surface, (P.centerx, P.y + 86 * s), 260 * s, s)
        px = max(9, int(19 * s))
        y = P.y + 108 * s
        for line in ui.wrap(self.detail, px, P.w - 72 * s)[:3] if self.detail else []:
            ui.text(surface, line, px, (P.centerx, y), ui.TEXT, "midtop", max_width=P.w - 48 * s)
            y += px * 1.35
        self.ring.draw(surface, s)
