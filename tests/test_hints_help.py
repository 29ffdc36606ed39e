"""A hint is help (issue 59, item 6): at every game's table, the game that had one counts as
assisted, its record says "hint", and that is kept at once."""

import pygame
import pytest

from game.core import registry
from storage_helpers import latest_record
from ui_helpers import key, resumed_table, wait_for


@pytest.mark.parametrize("game", registry.ids())
def test_a_hint_marks_the_game_as_helped_and_is_kept(app, game):
    table = resumed_table(app, game, seed=5)
    wait_for(app, table.hints.can_hint)
    table.hints.ask()
    if app.stack.top is not table:  # Cementopia asks first: a hint marks the attempt
        key(app, pygame.K_y)
    wait_for(app, lambda: table.hints.turns.hint is not None)
    assert table.session.meta.get("assisted") and "hint" in table.session.meta["helps"]
    assert table.saves.service.flush(30)
    assert latest_record().get("helps") == ["hint"]
