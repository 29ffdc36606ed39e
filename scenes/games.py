"""The games' screens: one declaration each (scenes.descriptor.SceneInfo, in the game's own scene
folder), listed here explicitly (no scanning: PyInstaller sees the imports), in game.core.registry's
order. The scene registry, setup, rules pages, Learn to play and the card art planned ahead read
them. Shared screens import this module (`from scenes import games`) and look in it as they run:
the tables import shared screens too."""

from __future__ import annotations

from scenes.alicematic.descriptor import SCENES as ALICEMATIC
from scenes.assemble.descriptor import SCENES as ASSEMBLE
from scenes.cementopia.descriptor import SCENES as CEMENTOPIA
from scenes.descriptor import SceneInfo
from scenes.grayblock.descriptor import SCENES as GRAYBLOCK

GAMES: tuple[SceneInfo, ...] = (ASSEMBLE, CEMENTOPIA, GRAYBLOCK, ALICEMATIC)


def find(game: str | None) -> SceneInfo | None:
    """A game's screens, or None for a game this build cannot show."""
    return next((info for info in GAMES if info.game == game), None)


def info(game: str) -> SceneInfo:
    found = find(game)
    if found is None:
        raise KeyError(f"no screens for the game {game!r}")
    return found
