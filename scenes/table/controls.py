"""The table's shared controls: the keys every table answers the same way (undo, redo, Esc to stop
looking for a hint) and its Undo, Redo and Hint buttons, lit only when they would work. Each
game's table handles its own pointer, drag and keys for moves, and passes these on first."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _

from scenes.table.undoing import UndoButton
from scenes.widgets import ui

if TYPE_CHECKING:
    from scenes.table.base import GameTable

# Ctrl on Windows and Linux, Cmd on macOS: both, everywhere
SHORTCUT_MODS = pygame.KMOD_CTRL | pygame.KMOD_META


def history_key(event: pygame.event.Event) -> str | None:
    """"undo", "redo" or None for a key press (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl/Cmd+Y)."""
    if event.type != pygame.KEYDOWN or not event.mod & SHORTCUT_MODS:
        return None
    if event.key == pygame.K_z:
        return "redo" if event.mod & pygame.KMOD_SHIFT else "undo"
    if event.key == pygame.K_y:
        return "redo"
    return None


class Controls:
    def __init__(self, table: GameTable) -> None:
        self.table = table

    def shortcut(self, event: pygame.event.Event) -> bool:
        """The keys every table shares; True when the event was one of them. Esc while a hint
        is being looked for stops looking (and only that: the menu waits for the next Esc)."""
        table = self.table
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE \
                and table.hints.turns.cancel_hint():
            table.app.toast(_("Hint cancelled."), 2.0)
            return True
        step = history_key(event)
        if step is not None:
            (table.undoing.undo if step == "undo" else table.undoing.redo)()
            return True
        return False

    def buttons(self) -> list:
        table = self.table
        return [UndoButton(table), ui.Button(N_("Redo"), table.undoing.redo, "Ctrl+Y"),
                ui.Button(N_("Hint"), table.hints.ask, "H")]

    def refresh(self, buttons: list[ui.Button]) -> None:
        """Undo, Redo and Hint (the first three of `buttons`) lit only when they would work."""
        table = self.table
        buttons[0].enabled = table.undoing.can_undo()
        buttons[1].enabled = table.undoing.can_redo()
        buttons[2].enabled = table.hints.can_hint()
