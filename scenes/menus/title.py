"""The title screen: the game's name, a fan of doll cards and the main menu."""

from __future__ import annotations

import math

import pygame

from game import saves

from scenes.widgets import ui
from scenes.widgets.decor import (
    PrimaryButton, backdrop, focus_on_hover, heading, ornament, shadowed, vignette)
from scenes.config import GameConfig
from scenes.app.stack import Scene

FAN_CARDS = (9, 22, 27, 13, 5)  # doll indices shown in the fan, left to right
FAN_ANGLES = (-18, -9, 0, 9, 18)


# ---------------------------------------------------------------- the scene

class TitleScene(Scene):
    name = "title"

    def __init__(self, app):
        super().__init__(app)
        self.new_game = PrimaryButton("New game", self.start_new)
        self.cont = ui.Button("Continue", self.resume)
        self.rules = ui.Button("Rules", self.show_rules)
        self.settings = ui.Button("Settings", lambda: self.app.stack.push(self.app.make("settings")))
        self.quit = ui.Button("Quit", self.app.quit)
        self.buttons = [self.cont, self.new_game, self.rules, self.settings, self.quit]
        self.ring = ui.FocusRing(self.buttons)
        self.size = (1280, 720)
        self.s = 1.0
        self.bg: pygame.Surface | None = None
        self.fan: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.t = 0.0
        self.snapped = False
        self.left_demo = False
        self.has_save = False
        self._glow: pygame.Surface | None = None
        self._glow_key = None

    # --- life cycle ------------------------------------------------------------------------

    def enter(self) -> None:
        self.has_save = saves.has_autosave()
        self.layout()
        self.ring.index = -1
        self.ring.move(1)  # focus the first live button: Enter does the obvious thing

    def resize(self, size) -> None:
        self.size = (max(1, size[0]), max(1, size[1]))
        self.s = ui.scale_for(self.size)
        self.bg = backdrop(self.app, self.size).copy()
        self.bg.blit(vignette(self.size), (0, 0))
        self.make_fan()
        self.layout()

    def design_box(self) -> pygame.Rect:
        s = self.s
        box = pygame.Rect(0, 0, int(1280 * s), int(720 * s))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        return box

    def make_fan(self) -> None:
        s, box = self.s, self.design_box()
        width = max(24, int(156 * s))
        radius = 620 * s
        pivot = (box.x + 950 * s, box.y + (340 + 620) * s)
        self.fan = []
        for index, angle in zip(FAN_CARDS, FAN_ANGLES):
            try:
                card = self.app.art.doll(index, width)
            except Exception:  # noqa: BLE001 - decoration only
                return
            surf = pygame.transform.rotozoom(shadowed(card, s), -angle, 1.0)
            a = math.radians(angle)
            centre = (pivot[0] + math.sin(a) * radius, pivot[1] - math.cos(a) * radius)
            self.fan.append((surf, surf.get_rect(center=(int(centre[0]), int(centre[1])))))

    def layout(self) -> None:
        s, box = self.s, self.design_box()
        self.cont.enabled = self.has_save
        live = [b for b in self.buttons if b is not self.cont or self.has_save]
        w, h, gap = int(340 * s), int(52 * s), int(12 * s)
        x = int(box.x + 360 * s - w / 2)
        y = int(box.y + 350 * s)
        if not self.has_save:
            y += (h + gap) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(0, 0, 0, 0)
        for b in live:
            b.rect = pygame.Rect(x, y, w, h)
            y += h + gap

    # --- actions ---------------------------------------------------------------------------

    def start_new(self) -> None:
        self.app.stack.replace(self.app.make("setup"))

    def resume(self) -> None:
        session, record, message = saves.load_autosave()
        if session is not None and record is not None:
            config = GameConfig.from_record(record, session)
            self.app.stack.replace(self.app.make(config.scene, config=config, session=session))
            return
        self.app.toast(message or "There is no saved game to continue.")
        self.has_save = False
        self.layout()
        self.ring.index = -1
        self.ring.move(1)

    def show_rules(self) -> None:
        setup = self.app.settings.get("setup") if isinstance(self.app.settings, dict) else None
        game = setup.get("game") if isinstance(setup, dict) else None  # the game last set up
        self.app.stack.push(self.app.make("rules", game=game))

    # --- frame -----------------------------------------------------------------------------

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return
        focus_on_hover(self.ring, event)
        self.ring.handle(event)

    def update(self, dt: float) -> None:
        self.t += dt
        if not self.app.demo or self.left_demo:
            return
        if not self.snapped and self.t >= 0.5:
            self.snapped = True
            self.app.snap("title")
        elif self.snapped and self.t >= 0.8:
            self.left_demo = True
            self.start_new()

    def draw(self, surface) -> None:
        s, box = self.s, self.design_box()
        if self.bg is not None:
            surface.blit(self.bg, (0, 0))
        else:
            surface.fill((48, 32, 24))
        self.draw_glow(surface, (int(box.x + 950 * s), int(box.y + 350 * s)), int(380 * s))
        for surf, rect in self.fan:
            surface.blit(surf, rect)
        cx = box.x + 360 * s
        heading(surface, "Alice", int(96 * s), (cx, box.y + 124 * s), max_width=600 * s)
        heading(surface, "Assemble", int(96 * s), (cx, box.y + 222 * s), max_width=600 * s)
        ornament(surface, (cx, box.y + 290 * s), 400 * s, s)
        ui.text(surface, "a doll-assembly card game (and two more)", max(9, int(22 * s)),
                (cx, box.y + 322 * s), ui.MUTED, "center", max_width=600 * s)
        self.ring.draw(surface, s)
        ui.text(surface, "\u2191 \u2193  choose     Enter  confirm     Esc  quit",
                max(8, int(15 * s)), (cx, box.bottom - 30 * s), (150, 132, 108), "center",
                max_width=700 * s)

    def draw_glow(self, surface, center, radius: int) -> None:
        """A warm pool of lamp light behind the fan."""
        if radius <= 4:
            return
        key = (radius,)
        if self._glow is None or self._glow_key != key:
            small = pygame.Surface((64, 64), pygame.SRCALPHA)
            for r in range(32, 0, -1):
                a = int(70 * (1 - r / 32) ** 1.5)
                pygame.draw.circle(small, (255, 200, 120, a), (32, 32), r)
            self._glow = pygame.transform.smoothscale(small, (radius * 2, radius * 2))
            self._glow_key = key
        surface.blit(self._glow, self._glow.get_rect(center=center))
