"""The mark of a game's table. Screens over a table (the pause menu, leaving the game) find it by
`isinstance(scene, Table)`, never by asking a scene which attributes it happens to have, and read
only what is declared here; GameTable (scenes/table/base.py) is the only subclass, and sets it all.
This module imports none of the table's parts at run time (they draw with the pause menu's panels)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from scenes.app.stack import Scene

if TYPE_CHECKING:
    from game.core.commands import Session
    from scenes.config import GameConfig
    from scenes.table.hotseat import HotSeat
    from scenes.table.keeping import Saves
    from scenes.tutorial.coach import Coach


class Table(Scene):
    game: ClassVar[str] = ""  # the registry's name for the game
    config: GameConfig
    session: Session
    humans: frozenset[int]  # who plays at this screen
    finished: bool
    coach: Coach | None  # a lesson's coach, while one runs
    saves: Saves
    seat: HotSeat

    def concede_words(self) -> str:
        """What conceding means here, said before the humans at this computer confirm it."""
        raise NotImplementedError
