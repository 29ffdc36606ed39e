"""The table's undo part: Undo and Redo, their buttons' state and what a refused one says.

Undo and redo go back to the last position a human decides in (bot moves are skipped). Fair undo
(the mode a game was set up with, kept in its record) takes back only what nobody has answered
since; free undo takes back anything and makes the game assisted. In hot seat, taking back
another human's move asks them first. A game with its own rule about undoing (Cementopia: one
placement back, and the attempt becomes assisted) extends Undoing and names it as its table's
`Undo`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.commands import FAIR, Redo, Undo, UndoPlan, undo_plan
from game.core.i18n import N_, _, ngettext, pgettext
from game.core.words import whose

from scenes.table.log import joined
from scenes.widgets import ui

if TYPE_CHECKING:
    from game.core.commands import Command
    from scenes.table.base import GameTable


class Undoing:
    def __init__(self, table: GameTable) -> None:
        self.table = table
        self._plan: tuple | None = None  # (history, its version, scope, the plan)

    @property
    def fair(self) -> bool:
        table = self.table
        return table.undo_modes and table.session.meta.get("undo") == FAIR

    def scope(self) -> frozenset[int] | None:
        """Whose decisions undo goes back to: the humans' (bot moves are skipped)."""
        return self.table.humans or None

    def plan(self) -> UndoPlan | None:
        """What Undo would take back now, worked out once for the position as it stands (the
        buttons ask every frame, a click asks again: the same plan while nothing moved)."""
        history = self.table.session.history
        scope = self.scope()
        kept = self._plan
        if kept is not None and kept[0] is history and kept[1] == history.version and kept[2] == scope:
            return kept[3]
        plan = undo_plan(history, scope)
        self._plan = (history, history.version, scope, plan)
        return plan

    def blocked(self, plan: UndoPlan | None | bool = True) -> str | None:
        """None when Undo would work now, else why not: a line for the Ctrl+Z toast ("" when
        there is nothing to say: nothing done yet, the game over, the demo). `plan`: the one
        this click worked out (by default the position's own)."""
        table = self.table
        if table.finished or table.app.demo:
            return ""
        if table.coach is not None:
            return table.coach.blocks_undo()
        if plan is True:
            plan = self.plan()
        if not isinstance(plan, UndoPlan):
            return ""
        if self.fair:
            reason = plan.refusal(table.player_word)
            if reason is not None:
                return reason.text()
        return None

    def can_undo(self) -> bool:
        return self.blocked() is None

    def can_redo(self) -> bool:
        table = self.table
        return table.session.history.can_redo() and not table.finished and not table.app.demo \
            and table.coach is None

    def undo(self) -> None:
        """Undo, if it may: in hot seat, taking back another human's move asks first. The plan
        is worked out once for the click, and the command takes it."""
        table = self.table
        plan = self.plan()
        blocked = self.blocked(plan)
        if blocked is not None or plan is None:  # (no plan: blocked says so)
            if blocked:
                table.app.toast(blocked)
            return
        current = table.state.current_player()
        # who asks: the human to move, else the one whose own decision comes back
        asker = current if current in table.humans else plan.steps[-1].actor
        others = plan.others(asker) if table.seat.shared_screen() else []
        if not others:
            self.undo_now(plan)
            return
        who = joined([table.player_word(p) for p in others])
        question = ngettext("Undo {whose} move?", "Undo {whose} moves?", len(others))
        # the answers of the one asked (Japanese: 認める／認めない, not the asker's 待った)
        yes, no = pgettext("answer an undo request", "Undo"), pgettext("answer an undo request", "Keep it")
        # who answers, and with what: the buttons' own words and their keys (scenes/menus/confirm.py)
        detail = ngettext("Only {names} may answer: {yes} (Y) takes the move back, {no} (N) keeps it.",
                          "Only {names} may answer: {yes} (Y) takes the moves back, {no} (N) keeps them.",
                          len(others))
        table.app.stack.push(table.app.make(
            "confirm", question=question.format(whose=whose(who)), yes=yes, no=no,
            on_yes=lambda: self.undo_now(plan), detail=detail.format(names=who, yes=yes, no=no)))

    def undo_now(self, plan: UndoPlan | None = None) -> None:
        """Take back what `plan` says (worked out for this click; by default now)."""
        if plan is None or plan.at != self.table.session.history.version:
            plan = self.plan()
        if self.blocked(plan) is not None:
            return
        table = self.table
        was_assisted = bool(table.session.meta.get("assisted"))
        self.before_undo()
        self.step(Undo(self.scope(), fair=self.fair, plan=plan))
        if table.undo_modes and table.session.meta.get("assisted") and not was_assisted:
            table.app.toast(_("Free undo: this game now counts as assisted."), 3.0)

    def redo(self) -> None:
        if self.can_redo():
            self.step(Redo(self.scope()))

    def before_undo(self) -> None:
        """A game's rule about undoing (Cementopia: the attempt becomes assisted)."""

    def step(self, command: Command[Any]) -> None:
        """Submit the command and run the queue now: the table's stages show it, tell it (or why
        it was refused) and keep it."""
        table = self.table
        table.submit(command)
        table.session.process()


class UndoButton(ui.Button):
    """Undo; greyed out when fair undo has nothing to take back, and a click then says why."""

    def __init__(self, table: GameTable):
        super().__init__(N_("Undo"), table.undoing.undo, "Ctrl+Z")
        self.table = table

    def handle(self, event: pygame.event.Event) -> bool:
        if (not self.enabled and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.rect.collidepoint(event.pos)):
            why = self.table.undoing.blocked()
            if why:
                self.table.app.toast(why)
            return True
        return super().handle(event)
