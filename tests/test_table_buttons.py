"""Every table shows its Undo, Redo, Hint and Menu buttons on screen, each clear of the others,
at the smallest and the usual window size (issue 59, item 6: Alicematic's were never placed, so
only Esc reached its menu). Over every registered game."""

import pytest

from game.core import registry
from ui_helpers import click, frames, resize, resumed_table


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
@pytest.mark.parametrize("game", registry.ids())
def test_the_table_buttons_are_on_screen_and_work(app, game, size):
    resize(app, size)
    table = resumed_table(app, game)
    frames(app, 1)
    window = app.screen.get_rect()
    rects = [b.rect for b in table.buttons]
    assert len(rects) >= 4 and all(r.w > 0 and r.h > 0 and window.contains(r) for r in rects)
    assert all(a.colliderect(b) is False for i, a in enumerate(rects) for b in rects[i + 1:])
    menu = table.buttons[-1]
    click(app, menu.rect.center)
    assert app.stack.top is not table  # the on-screen Menu opens the menu
