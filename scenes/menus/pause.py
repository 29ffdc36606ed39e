"""The pause menu, drawn over the table it paused."""

from __future__ import annotations

import pygame

from scenes.widgets import ui
from scenes.app.stack import Scene
from scenes.widgets.decor import PrimaryButton, dim, heading, menu_event, ornament

def overlay_panel(surface, rect, s: float) -> None:
    ui.panel(surface, rect, (34, 26, 26), ui.PANEL_EDGE, radius=int(16 * s) + 2,
             width=max(1, int(2 * s)))
    inner = rect.inflate(-int(14 * s), -int(14 * s))
    ui.panel(surface, inner, (0, 0, 0, 0), (110, 84, 44), radius=int(12 * s) + 2, width=1)


class PauseMenu(Scene):
    name = "menu"
    opaque = False

    def __init__(self, app, table=None):
        super().__init__(app)
        self.table = table
        self.resume_b = PrimaryButton("Resume", self.resume)
        self.rules_b = ui.Button("Rules", self.rules)
        self.settings_b = ui.Button("Settings", self.settings)
        self.title_b = ui.Button("Title screen", self.to_title)
        self.quit_b = ui.Button("Quit", self.quit)
        self.ring = ui.FocusRing([self.resume_b, self.rules_b, self.settings_b, self.title_b, self.quit_b])
        self.ring.move(1)
        self.s = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _save(self) -> None:
        save = getattr(self.table, "autosave", None)
        if callable(save):
            try:
                save()
            except Exception as exc:  # noqa: BLE001 - report, never crash on the way out
                self.app.toast(f"Could not save the game: {exc}")

    def resume(self) -> None:
        self.app.stack.pop()

    def rules(self) -> None:
        config = getattr(self.table, "config", None)
        self.app.stack.push(self.app.make("rules", game=getattr(config, "game", None)))

    def settings(self) -> None:
        self.app.stack.push(self.app.make("settings"))

    def to_title(self) -> None:
        self._save()
        self.app.stack.clear_to(self.app.make("title"))

    def quit(self) -> None:
        self._save()
        self.app.quit()

    def resize(self, size) -> None:
        s = self.s = ui.scale_for(size)
        P = pygame.Rect(0, 0, int(440 * s), int(500 * s))
        P.center = (size[0] // 2, size[1] // 2)
        self.panel = P
        w, h = int(320 * s), int(54 * s)
        x = P.centerx - w // 2
        y = P.y + int(128 * s)
        for b, gap in ((self.resume_b, 14), (self.rules_b, 14), (self.settings_b, 14), (self.title_b, 46),
                       (self.quit_b, 0)):
            b.rect = pygame.Rect(x, y, w, h)
            y += h + int(gap * s)

    def handle(self, event) -> None:
        menu_event(self.ring, event, self.resume)

    def draw(self, surface) -> None:
        s, P = self.s, self.panel
        dim(surface, 180)
        overlay_panel(surface, P, s)
        heading(surface, "Paused", int(44 * s), (P.centerx, P.y + 52 * s), max_width=P.w - 40 * s)
        ornament(surface, (P.centerx, P.y + 92 * s), 260 * s, s)
        self.ring.draw(surface, s)
        ui.text(surface, "Your game is saved automatically.", max(8, int(14 * s)),
                (P.centerx, self.title_b.rect.bottom + 8 * s), ui.MUTED, "midtop",
                max_width=P.w - 40 * s)
