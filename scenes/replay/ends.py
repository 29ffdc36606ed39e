"""The games' end screens as a replay shows them: no Play again; back to the replay, or close it."""

from __future__ import annotations

from game.i18n import N_, _

from scenes.assemble.scoring import ScoringScene
from scenes.cementopia.end import CementopiaEndScene

BACK = N_("Back to replay")
CLOSE = N_("Close the replay")


def back_to_viewer(scene) -> None:
    scene.app.stack.pop()


def close_viewer(scene) -> None:
    """The end screen and the viewer under it go: back to where the replay was opened from."""
    scene.app.stack.pop()
    viewer = scene.app.stack.top
    if getattr(viewer, "name", "") in ("replay", "review"):
        viewer.close_replay()


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


class ReplayCementopiaEnd(CementopiaEndScene):
    """Cementopia's end figures over the viewer."""

    name = "replay_end"

    def __init__(self, app, session, config=None, best=None, improved: bool = False):
        super().__init__(app, session, config, best, improved)
        self.words = {self.again_b: BACK, self.title_b: CLOSE}
        self.title_b.action = lambda: close_viewer(self)

    def play_again(self) -> None:
        back_to_viewer(self)

    def to_title(self) -> None:  # Esc too: back to the replay, as from any overlay
        back_to_viewer(self)
