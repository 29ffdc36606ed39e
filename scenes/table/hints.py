"""The table's hints-and-bots part: a bot seat's turn played once its move is decided (by
BotTurns, scenes/table/bots.py, off the frame loop), and the hint a human asks for: asked, its
progress drawn while it is looked for, told in the log once found. A game whose hints ask first
(Cementopia: a hint marks the attempt assisted) extends Hints and names it as its table's `Hints`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.core.commands import helps_of, mark_help
from game.core.i18n import _

from scenes.table import look
from scenes.table.bots import BotTurns
from scenes.widgets import ui

if TYPE_CHECKING:
    from scenes.table.base import GameTable


class Hints:
    def __init__(self, table: GameTable) -> None:
        self.table = table
        self.turns = BotTurns(table, game=table.game)
        self.box: pygame.Rect | None = None  # the hint's progress panel, as last drawn

    def update(self, dt: float) -> bool:
        """A bot seat's turn: its move once decided and shown long enough (thought out while the
        last move's cards fly, played only once they have landed and nothing is dragged); a
        human's turn: the hint they asked for. True when no human at the
        screen is to move (a bot's turn, or a pass screen waiting for the next human)."""
        table = self.table
        if table.seat.pass_screen_for() is not None:
            return True
        if table.coach is not None and table.coach.holds_bots():
            return table.state.current_player() not in table.humans  # the lesson moves them
        if table.state.current_player() not in self.turns.seats:
            self.turns.hint_progress(dt)
            self.poll()
            return False
        action = self.turns.update(dt, ready=not table.motion.busy and table.drag is None)
        if action is not None:
            table.play(action)
        return True

    def poll(self) -> None:
        self.turns.poll_hint()
        hint = self.turns.hint
        if hint and hint[0] is not None and self.table.logbook.hint_logged is not hint:
            self.table.logbook.hint(hint)

    def can_hint(self) -> bool:
        table = self.table
        return table.can_act() and not self.turns.hint_pending and (
            table.coach is None or table.coach.can_hint())

    def ask(self) -> None:
        if self.can_hint():
            self.before_hint()
            self.turns.ask_hint()

    def before_hint(self) -> None:
        """A hint is help: the game counts as assisted (Statistics counts it apart, its record
        says "hint"), kept at once so that a kill right after it does not lose that."""
        meta = self.table.session.meta
        fresh = "hint" not in helps_of(meta)
        mark_help(meta, "hint")
        if fresh:
            self.table.saves.autosave()

    def draw_progress(self, surface: pygame.Surface) -> pygame.Rect | None:
        """While a hint is being looked for: a panel at the top of the toasts' area with what is
        going on, a bar filling towards the hint's time budget, a turning spinner and "Esc
        cancels". Its rect (also kept as `box`, as last drawn), or None."""
        progress = self.turns.hint_progress()
        self.box = None
        if progress is None:
            return None
        area = self.table.toast_area() or surface.get_rect()
        s = max(0.5, ui.scale_for(surface.get_size()))
        pad = 10 * s
        px, small = max(10, int(16 * s)), max(9, int(13 * s))
        words, cancels = _("Looking for a hint\u2026"), _("Esc cancels")
        width = min(area.w - 8 * s, max(300 * s, ui.font(px, "bold").size(words)[0] + 60 * s,
                                        ui.font(small).size(cancels)[0] + 2 * pad))
        bar_h = max(4, round(7 * s))
        height = ui.font(px, "bold").get_height() + ui.font(small).get_height() + bar_h + 4 * pad / 1.5
        box = pygame.Rect(0, 0, round(width), round(height))
        box.midtop = (area.centerx, round(area.y + 8 * s))
        ui.panel(surface, box, (24, 20, 24, 235), look.HINT, radius=int(8 * s), width=max(1, round(2 * s)))
        # the spinner: a dot running round a ring, by the app's clock (it shows the app is alive)
        r = round(8 * s)
        hub = (round(box.x + pad + r), round(box.y + pad + ui.font(px, "bold").get_height() / 2))
        pygame.draw.circle(surface, ui.BRASS_DARK, hub, r, max(1, round(2 * s)))
        turn = self.table.app.clock_s * 5.0
        dot = (hub[0] + r * math.cos(turn), hub[1] + r * math.sin(turn))
        pygame.draw.circle(surface, look.HINT, dot, max(2, round(3 * s)))
        room = box.right - pad - (hub[0] + r + 8 * s)
        top = ui.text(surface, words, px, (hub[0] + r + 8 * s, box.y + pad), look.HINT_TEXT, style="bold",
                      max_width=room)
        bar = pygame.Rect(round(box.x + pad), round(top.bottom + pad / 1.5), round(box.w - 2 * pad), bar_h)
        pygame.draw.rect(surface, (60, 52, 56), bar, border_radius=bar_h // 2)
        filled = bar.copy()
        filled.w = max(bar_h, round(bar.w * progress))
        pygame.draw.rect(surface, look.HINT, filled, border_radius=bar_h // 2)
        ui.text(surface, cancels, small, (box.centerx, bar.bottom + pad / 1.5), ui.MUTED, "midtop",
                max_width=box.w - 2 * pad)
        self.box = box
        return box
