"""A hint is help (issue 59, item 6): at every game's table, the game that had one counts as
assisted, its record says "hint", and that is kept at once."""

import pygame
import pytest

from game import records, registry
from storage_helpers import keep_in_progress, latest_record
from ui_helpers import click, frames, key, wait_for


@pytest.mark.parametrize("game", registry.ids())
def test_a_hint_marks_the_game_as_helped_and_is_kept(app, game):
    n = min(registry.info(game).player_counts)
    session = registry.game_module(game).new_session(
        5, [{"name": f"P{i}", "seat": "human" if i == 0 else "easy"} for i in range(n)])
    keep_in_progress(records.record_of(session))
    title = app.stack.push(app.make("title"))
    frames(app, 2)
    click(app, title.cont.rect.center)
    key(app, pygame.K_RETURN)
    table = app.stack.top
    frames(app, 2)
    wait_for(app, table.can_hint)
    table.ask_hint()
    if app.stack.top is not table:  # Cementopia asks first: a hint marks the attempt
        key(app, pygame.K_y)
    wait_for(app, lambda: table.turns.hint is not None)
    assert table.session.meta.get("assisted") and "hint" in table.session.meta["helps"]
    assert table.saver.flush(30)
    assert latest_record().get("helps") == ["hint"]
