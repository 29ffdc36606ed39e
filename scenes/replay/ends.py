"""What every game's end screen does as a replay shows it (each game's own: scenes/<game>/
replay_end.py, made by its table's replay_end): no Play again; back to the replay, or close it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.i18n import N_

if TYPE_CHECKING:
    from scenes.app.stack import Scene

BACK = N_("Back to replay")
CLOSE = N_("Close the replay")


def back_to_viewer(scene: Scene) -> None:
    scene.app.stack.pop()


def close_viewer(scene: Scene) -> None:
    """The end screen and the viewer under it go: back to where the replay was opened from."""
    scene.app.stack.pop()
    from scenes.replay.viewer import ReplayScene  # (the review is one too)
    viewer = scene.app.stack.top
    if isinstance(viewer, ReplayScene):
        viewer.close_replay()
