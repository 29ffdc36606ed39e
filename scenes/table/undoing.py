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

from game.commands import FAIR, MOVED, Redo, Undo, undo_plan
from game.i18n import N_, _, ngettext, pgettext
from game.words import whose

from scenes.table.log import joined
from scenes.widgets import ui

if TYPE_CHECKING:
    from game.commands import Command
    from scenes.table.base import GameTable


class Undoing:
    def __init__(self, table: GameTable) -> None:
        self.table = table

    @property
    def fair(self) -> bool:
        table = self.table
        return table.undo_modes and table.session.meta.get("undo") == FAIR

    def scope(self) -> frozenset[int] | None:
        """Whose decisions undo goes back to: the humans' (bot moves are skipped)."""
        return self.table.humans or None

    def blocked(self) -> str | None:
        """None when Undo would work now, else why not: a line for the Ctrl+Z toast ("" when
        there is nothing to say: nothing done yet, the game over, the demo)."""
        table = self.table
        if table.finished or table.app.demo:
            return ""
        if table.coach is not None:
            return table.coach.blocks_undo()
        plan = undo_plan(table.session.history, self.scope())
        if plan is None:
            return ""
        if self.fair:
            obstacle = plan.obstacle()
            if obstacle is not None and obstacle[0] == MOVED:
                return _("Fair undo: {name} has moved since.").format(name=table.player_word(obstacle[1]))
            if obstacle is not None:
                return _("Fair undo: new cards were dealt since.")
        return None

    def can_undo(self) -> bool:
        return self.blocked() is None

    def can_redo(self) -> bool:
        table = self.table
        return table.session.history.can_redo() and not table.finished and not table.app.demo \
            and table.coach is None

    def undo(self) -> None:
        """Undo, if it may: in hot seat, taking back another human's move asks first."""
        table = self.table
        blocked = self.blocked()
        plan = undo_plan(table.session.history, self.scope())
        if blocked is not None or plan is None:  # (no plan: blocked says so)
            if blocked:
                table.app.toast(blocked)
            return
        current = table.state.current_player()
        # who asks: the human to move, else the one whose own decision comes back
        asker = current if current in table.humans else plan.steps[-1].actor
        others = plan.others(asker) if table.seat.shared_screen() else []
        if not others:
            self.undo_now()
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
            on_yes=self.undo_now, detail=detail.format(names=who, yes=yes, no=no)))

    def undo_now(self) -> None:
        if not self.can_undo():
            return
        table = self.table
        was_assisted = bool(table.session.meta.get("assisted"))
        self.before_undo()
        self.step(Undo(self.scope(), fair=self.fair))
        if table.undo_modes and table.session.meta.get("assisted") and not was_assisted:
            table.app.toast(_("Free undo: this game now counts as assisted."), 3.0)

    def redo(self) -> None:
        if self.can_redo():
            self.step(Redo(self.scope()))

    def before_undo(self) -> None:
        """A game's rule about undoing (Cementopia: the attempt becomes assisted)."""

    def step(self, command: Command[Any]) -> None:
        table = self.table
        outcome = table.session.run(command)
        if not outcome.ok:
            table.app.toast(table.refused(outcome))
            return
        table.motion.stop()
        table.app.sound.rewind()
        table.log.append(table.logbook.history_line(outcome))
        table.hints.turns.forget()
        if table.seat.secret is not None:  # whoever pressed it, the one to move now confirms
            table.seat.unseat()  # on the pass screen before any hand shows
        table.on_history(outcome)


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
