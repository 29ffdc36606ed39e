"""What every game's end screen does as a replay shows it (each game's own: scenes/<game>/
replay_end.py, made by its table's replay_end): no Play again; back to the replay, or close it."""

from __future__ import annotations

from game.i18n import N_

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
