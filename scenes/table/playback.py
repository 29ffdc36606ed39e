"""The table's part in the replay viewer (scenes/replay/viewer.py; the table is read-only there,
`table.replay`): how the game's record divides into parts to jump between, where the viewer's
panel lies over the table, and the end screen after a finished game's last move. A game says its
own by extending Playback and naming it as its table's `Playback`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from scenes.app.stack import Scene
    from scenes.table.base import GameTable


class Playback:
    def __init__(self, table: GameTable) -> None:
        self.table = table

    def segment(self, state: Any) -> int | None:
        """Which part of the game a position is in (a round, a hand): the replay's jumps go from
        part to part. None: the game has no such parts (the replay's jumps go ten moves)."""
        return None

    def segment_words(self, state: Any) -> str:
        """The part a position is in, as the replay's panel heads it ("Round 3"); "" for none."""
        return ""

    def end(self) -> Scene | None:
        """The end screen the replay opens over itself after a finished game's last move
        (worded for a replay: back to it, or close it); None: the table shows the end itself."""
        return None

    def panel(self) -> pygame.Rect:
        """Where the replay's panel (where it stands, the moves, its controls) lies over the
        table: over its log and buttons. By default the window's lower right."""
        w, h = self.table.app.stack.size
        return pygame.Rect(round(w * 0.68), round(h * 0.45), round(w * 0.31), round(h * 0.54))

    def cover(self) -> pygame.Rect | None:
        """Where the replay's one button (Continue) goes while the table shows something over
        its whole picture that the panel must not hide (a hand's result), as last drawn; None:
        nothing covers the table, the panel lies over panel()."""
        return None
