"""Cementopia's end screen: the finished network with each card's adjacency, the scoring, the
rulebook's targets and the personal best for the deal; Play again (the same kind of deal) or Title."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.cementopia.setup import MAXIMUM, TARGETS, daily_seed, target_reached
from game.cementopia.state import COMPLETE
from game.core.commands import helps_of
from game.core.i18n import N_, _, ngettext

from scenes.app.stack import Scene
from scenes.cementopia import draw, geometry
from scenes.cementopia.table import deal_label
from scenes.config import GameConfig, Seat
from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton, focus_on_hover

if TYPE_CHECKING:
    from game.cementopia.state import CementopiaState
    from game.core.commands import Session
    from scenes.app.window import App


HELPS_USED = {("hint",): N_("Hint used"), ("undo",): N_("Undo used"), ("hint", "undo"): N_("Hint and undo used"),
              (): N_("Help used")}


def help_used(meta: dict[str, Any]) -> str:
    """Which help made the attempt assisted: "Hint used", "Undo used", "Hint and undo used"
    ("Help used" for an older record that does not say), in the player's language."""
    helps = helps_of(meta)
    return _(HELPS_USED[tuple(h for h in ("hint", "undo") if h in helps)])


class CementopiaEndScene(Scene):
    name = "cementopia_end"

    def __init__(self, app: App, session: Session[CementopiaState], config: GameConfig | None = None,
                 best: dict[str, Any] | None = None, improved: bool = False, game_id: int | None = None) -> None:
        super().__init__(app)
        self.session, self.config, self.best, self.improved = session, config, best, improved
        self.game_id = game_id  # the attempt's row in History: its review is kept there
        self.state, self.assisted = session.state, bool(session.meta.get("assisted"))
        self.cam, self.sprites = geometry.Camera(), draw.Sprites(app.art)
        self.again_b, self.title_b = PrimaryButton(N_("Play again"), self.play_again), ui.Button(N_("Title"), self.to_title)
        self.review_b = ui.Button(N_("Review"), self.review)
        self.words = {self.again_b: self.again_b.label, self.title_b: self.title_b.label,
                      self.review_b: self.review_b.label}  # English; drawn translated
        self.ring = ui.FocusRing([self.again_b] + ([self.review_b] if self.review_offered() else [])
                                 + [self.title_b])
        self.ring.move(1)
        self.hover_row: int | None = None  # the adjacency row under the mouse
        self.row_rects: list[tuple[int, pygame.Rect]] = []  # (adjacency, its row), as drawn
        self.t, self.snapped, self.s = 0.0, False, 1.0
        self.banner = self.panel = self.board = pygame.Rect(0, 0, 0, 0)  # set by resize

    @property
    def deal_label(self) -> str:
        return deal_label(self.session.meta)

    @property
    def help_used(self) -> str:
        return help_used(self.session.meta)

    def best_lines(self) -> list[tuple[str, ui.Colour]]:
        """The bests in words a player can tell apart: a new best says which one it is (the best
        of all, or the best without help), and the deal's two bests are named each for what it is."""
        entry = self.best if isinstance(self.best, dict) else {}
        best, plain, score = entry.get("best"), entry.get("unassisted_best"), self.state.score()
        lines: list[tuple[str, ui.Colour]] = []
        if self.improved:
            if self.assisted:
                lines.append((_("New personal best for this deal, with help!"), ui.GOOD))
            elif best == score:
                lines.append((_("New personal best for this deal, without help!"), ui.GOOD))
            else:  # a better help-free attempt, under a best made with help
                lines.append((_("New best without help for this deal!"), ui.GOOD))
        if best is None:
            lines.append((_("Personal best for this deal: none yet"), ui.TEXT))
        elif plain == best:
            lines.append((_("Personal best for this deal: {best}, without help").format(best=best), ui.TEXT))
        else:
            lines.append((_("Personal best for this deal: {best}, with help").format(best=best), ui.TEXT))
            lines.append((_("Best without help: {best}").format(best=plain) if plain is not None
                          else _("Best without help: none yet"), ui.TEXT))
        if self.assisted:
            lines.append((_("{help}: this attempt counts as assisted.").format(help=self.help_used), draw.ASSISTED))
        if self.state.outcome != COMPLETE:
            lines.append((_("A stuck attempt is not ranked."), ui.MUTED))
        return lines

    def headline(self) -> str:
        """The banner: which of the rulebook's targets the network reached, or the first one it
        missed (a complete network under 8 is not a success to cheer), or stuck."""
        score = self.state.score()
        if self.state.outcome != COMPLETE:
            return _("Stuck: no hand card fits")
        reached = target_reached(score)
        if reached is None:
            return _("Complete, short of the first target ({target})").format(target=TARGETS[0])
        if reached == MAXIMUM:
            return ngettext("Complete: the maximum, {points} point!", "Complete: the maximum, {points} points!",
                            score).format(points=score)
        return _("Complete: target {target} reached!").format(target=reached)

    def resize(self, size: tuple[int, int]) -> None:
        geometry.end_layout(self, size)
        self.cam.lo, self.cam.hi = 20 * self.s, 200 * self.s
        self.cam.fit(self.board.inflate(0, -round(60 * self.s)), self.state.placed, now=True, room=0.2)

    def review_offered(self) -> bool:
        """Review (issue 42) after a real attempt, not over a replay."""
        return self.name == "cementopia_end"

    def review(self) -> None:
        from game.core.records import record_of
        from scenes.replay.review import open_review
        open_review(self.app, record_of(self.session), self.game_id)

    def play_again(self) -> None:
        seats = list(getattr(self.config, "seats", None) or [Seat("You")])
        seed = daily_seed() if self.session.meta.get("daily") else None
        self.app.stack.replace(self.app.make("cementopia", config=GameConfig(seats, None, seed, "cementopia")))

    def to_title(self) -> None:
        self.app.stack.clear_to(self.app.make("title"))

    def handle(self, event: pygame.event.Event) -> None:
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
            self.app.end_demo()

    def draw(self, surface: pygame.Surface) -> None:
        for button, word in self.words.items():  # looked up now: Settings may switch language
            button.label = _(word)
        self.sprites.frame()
        draw.draw_end(self, surface)
