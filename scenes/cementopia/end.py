"""Cementopia's end screen: the finished network with each card's adjacency, the scoring, the
rulebook's targets and the personal best for the deal; Play again (the same kind of deal) or Title."""

from __future__ import annotations

import pygame

from game.cementopia.best import best_words
from game.cementopia.setup import daily_seed
from game.cementopia.state import COMPLETE
from game.commands import helps_of

from scenes.app.stack import Scene
from scenes.cementopia import draw, geometry
from scenes.cementopia.table import deal_label
from scenes.config import GameConfig, Seat
from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton, focus_on_hover


def help_used(meta) -> str:
    """Which help made the attempt assisted: "Hint used", "Undo used", "Hint and undo used"
    ("Help used" for an older record that does not say)."""
    helps = helps_of(meta)
    return (" and ".join(h for h in ("hint", "undo") if h in helps) or "help").capitalize() + " used"


class CementopiaEndScene(Scene):
    name = "cementopia_end"

    def __init__(self, app, session, config=None, best=None, improved: bool = False):
        super().__init__(app)
        self.session, self.config, self.best, self.improved = session, config, best, improved
        self.state, self.assisted, self.deal_label = session.state, bool(session.meta.get("assisted")), deal_label(session.meta)
        self.help_used = help_used(session.meta)
        self.cam, self.sprites = geometry.Camera(), draw.Sprites(app.art)
        self.again_b, self.title_b = PrimaryButton("Play again", self.play_again), ui.Button("Title", self.to_title)
        self.ring = ui.FocusRing([self.again_b, self.title_b])
        self.ring.move(1)
        self.hover_row, self.row_rects, self.t, self.snapped, self.s = None, [], 0.0, False, 1.0

    def best_lines(self) -> list:
        lines = [("New personal best for this deal!", ui.GOOD)] if self.improved else []
        lines.append(("Personal best for this deal: " + best_words(self.best), ui.TEXT))
        if self.assisted:
            lines.append((f"{self.help_used}: this attempt counts as assisted.", draw.ASSISTED))
        if self.state.outcome != COMPLETE:
            lines.append(("A stuck attempt is not ranked.", ui.MUTED))
        return lines

    def resize(self, size) -> None:
        geometry.end_layout(self, size)
        self.cam.lo, self.cam.hi = 20 * self.s, 200 * self.s
        self.cam.fit(self.board.inflate(0, -round(60 * self.s)), self.state.placed, now=True, room=0.2)

    def play_again(self) -> None:
        seats = list(getattr(self.config, "seats", None) or [Seat("You")])
        seed = daily_seed() if self.session.meta.get("daily") else None
        self.app.stack.replace(self.app.make("cementopia", config=GameConfig(seats, None, seed, "cementopia")))

    def to_title(self) -> None:
        self.app.stack.clear_to(self.app.make("title"))

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            focus_on_hover(self.ring, event)
            self.hover_row = next((v for v, r in self.row_rects if r.collidepoint(event.pos)), None)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_title()
        else:
            self.ring.handle(event)

    def update(self, dt: float) -> None:
        self.t += dt
        if self.app.demo and not self.snapped and self.t > 0.4:
            self.snapped = True
            self.app.snap("scoring")
            self.app.exit_in(self.app.options.exit_after or 0)

    def draw(self, surface) -> None:
        self.sprites.frame()
        draw.draw_end(self, surface)
