"""Cementopia's end screen as a replay shows it (scenes.replay.ends): its end figures over the
viewer, no Play again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scenes.cementopia.end import CementopiaEndScene
from scenes.replay.ends import BACK, CLOSE, back_to_viewer, close_viewer

if TYPE_CHECKING:
    from game.cementopia.state import CementopiaState
    from game.core.commands import Session
    from scenes.app.window import App
    from scenes.config import GameConfig


class ReplayCementopiaEnd(CementopiaEndScene):
    """Cementopia's end figures over the viewer."""

    name = "replay_end"

    def __init__(self, app: App, session: Session[CementopiaState], config: GameConfig | None = None,
                 best: dict[str, Any] | None = None, improved: bool = False) -> None:
        super().__init__(app, session, config, best, improved)
        self.words = {self.again_b: BACK, self.title_b: CLOSE}
        self.title_b.action = lambda: close_viewer(self)

    def play_again(self) -> None:
        back_to_viewer(self)

    def to_title(self) -> None:  # Esc too: back to the replay, as from any overlay
        back_to_viewer(self)
