"""A toast that brings news (exported, deleted, sound on) is framed as news, not as a problem
(issue 59, item 6): the player tells at a glance whether something went wrong."""

import pygame

from scenes.widgets import ui
from ui_helpers import frames, key


def colours_at_the_bottom(app) -> set:
    w, h = app.screen.get_size()
    area = app.screen.subsurface(pygame.Rect(0, h * 2 // 3, w, h // 3))
    return {tuple(area.get_at((x, y)))[:3] for x in range(0, area.get_width(), 2)
            for y in range(area.get_height())}


def test_news_is_framed_in_green_and_a_problem_in_red(app):
    app.stack.push(app.make("title"))
    frames(app, 1)
    key(app, pygame.K_s)  # sound off: news
    seen = colours_at_the_bottom(app)
    assert ui.GOOD in seen and ui.BAD not in seen
    app.toasts.clear()
    app.toast("Could not save the game: the disk is full")
    frames(app, 1)
    seen = colours_at_the_bottom(app)
    assert ui.BAD in seen and ui.GOOD not in seen
