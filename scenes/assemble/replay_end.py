"""Alice Assemble's end screen as a replay shows it (scenes.replay.ends): the scoring walk-through
over the viewer, no Play again."""

from __future__ import annotations

from game.core.i18n import _

from scenes.assemble.scoring import ScoringScene
from scenes.replay.ends import BACK, CLOSE, back_to_viewer, close_viewer


class ReplayScoring(ScoringScene):
    """Alice Assemble's scoring walk-through over the viewer."""

    name = "replay_scoring"

    def play_again(self) -> None:
        back_to_viewer(self)

    def to_title(self) -> None:
        close_viewer(self)

    def _label_buttons(self) -> None:
        super()._label_buttons()
        self.again_btn.label, self.title_btn.label = _(BACK), _(CLOSE)
