"""The table's hearing part: how the table answers every command's outcome, at the stages
game.core.commands.STAGES declares (docs/architecture.md, "The command path"). The session calls them
in that order whatever order they were added in: the state stage (a bot's or a hint's thinking
about the old position dropped), the animation stage (the game's on_played and on_history: its
flights, sounds and, beside them, its log lines), the log stage (why a command was refused, the
undo's line, who has seen the move, the lesson's coach) and last the save stage (the saving part,
keeping.py: the position kept, a game that ended finished)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.commands import ANIMATION, LOG, STATE, Outcome, Play, Redo, Session, Undo

if TYPE_CHECKING:
    from scenes.table.base import GameTable


class Hearing:
    def __init__(self, table: GameTable) -> None:
        self.table = table
        session = table.session
        self._unlisten = [session.listen(self.state, STATE), session.listen(self.animation, ANIMATION),
                          session.listen(self.log, LOG)]

    def state(self, session: Session[Any], outcome: Outcome) -> None:
        """The position moved: a bot's or a hint's thinking about the old one is dropped."""
        table = self.table
        if outcome.ok and isinstance(outcome.command, (Play, Undo, Redo)):
            table.hints.turns.forget()

    def animation(self, session: Session[Any], outcome: Outcome) -> None:
        """Shown: a move's flights and sounds (the game's on_played, which tells it in the log
        beside them); an undo or redo stops what flies and lays the table out again."""
        table = self.table
        if not outcome.ok:
            return
        command = outcome.command
        if isinstance(command, Play):
            table.on_played(command.action, outcome)
        elif isinstance(command, (Undo, Redo)):
            table.motion.stop()
            table.app.sound.rewind()
            if table.seat.secret is not None:  # whoever pressed it, the one to move now confirms
                table.seat.unseat()  # on the pass screen before any hand shows
            table.on_history(outcome)

    def log(self, session: Session[Any], outcome: Outcome) -> None:
        """Told: why a command was refused; a player's own move is no news to them; the lesson's
        coach moves on."""
        table = self.table
        command = outcome.command
        if not outcome.ok:
            if isinstance(command, Play):
                table.tell(table.refused(outcome))
            else:
                table.app.toast(table.refused(outcome))
            return
        if isinstance(command, (Undo, Redo)):
            table.log.append(table.logbook.history_line(outcome))
        elif isinstance(command, Play):
            before = session.history.before() if session.history.snapshots else None
            mover = before.current_player() if before is not None else None
            if mover in table.humans:
                table.seen_by[mover] = len(table.log)
            if table.coach is not None and before is not None:
                table.coach.played(before, command.action, outcome.events, table.state)

    def close(self) -> None:
        for unlisten in self._unlisten:
            unlisten()
