"""The table's saving part: a real game is kept after every command and when it is left, through
its SaveService (scenes/table/saving.py, which writes off the frame loop); a finished game joins
the finished games. The demo, a lesson and a replay keep nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core import records
from game.core.commands import SAVE, Play

from scenes.table.saving import SaveService

if TYPE_CHECKING:
    from game.core.commands import Outcome, Session
    from scenes.table.base import GameTable


class Saves:
    def __init__(self, table: GameTable) -> None:
        self.table = table
        config = table.config
        self.service = SaveService(table.app.store if self.keeps() else None, config.game_id)
        self.unlisten = table.session.listen(self.after_command, SAVE)

    def keeps(self) -> bool:
        """Only a real game is kept (never the demo, never a lesson, never a replay)."""
        config = self.table.config
        return not self.table.app.demo and not config.lesson and not config.replay

    def record(self) -> dict:
        """The game as a record; the session's meta carries colours, assisted and daily."""
        return records.record_of(self.table.session)

    def after_command(self, session: Session[Any], outcome: Outcome) -> None:
        """The save stage: last of those that hear a command, once it is shown and told. A move
        that ends the game finishes it (kept among the finished games)."""
        if outcome.ok and not self.table.finished:
            self.autosave()
            if isinstance(outcome.command, Play) and self.table.state.is_over():
                self.table.finish()

    def autosave(self) -> None:
        """Keep the position (after every command, and when the game is left). A finished game
        whose end could not be kept is offered to the store again."""
        service = self.service
        if not service.enabled:
            return
        if not self.table.state.is_over():
            service.save(self.record())
        elif self.table.finished and not service.saved:
            service.retry_finish()

    def close(self) -> None:
        self.unlisten()
        self.service.close()  # what is handed over is kept before the scene goes; the game is let go
