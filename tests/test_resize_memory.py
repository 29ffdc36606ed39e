"""Issue 56 item 14: 400 window resizes took the title screen to 1.8 GB, about 1 MB a resize,
never freed (every size's table background and cards were kept). What is kept per size stays
bounded, however many sizes the window has had."""

import pygame

from scenes.art import shapes
from scenes.widgets import decor, ui
from tests.ui_helpers import frames, resize


def kept_pixels(app) -> int:
    """Bytes of the surfaces the card art keeps."""
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in app.art._cache.values())


def test_200_window_sizes_keep_the_art_of_about_one(app):
    app.stack.push(app.make("title"))
    frames(app, 3)
    one_size, panels = kept_pixels(app), len(ui._PANELS)
    for i in range(200):  # a window edge dragged: a new size every frame
        resize(app, (900 + 3 * i, 600 + i))
        frames(app, 1)
    resize(app, (1280, 720))
    frames(app, 2)
    assert app.stack.top.name == "title"
    tables = [key for key in app.art._cache if key[0] == "table"]
    assert len(tables) == 1  # the window's size only
    assert kept_pixels(app) <= 2 * one_size  # not one background and card set per size
    screen = pygame.display.get_surface().get_size()
    assert {key[2] for key in tables} == {screen}
    assert shapes._font.cache_info().maxsize <= 64
    for cached in (ui._font, ui._fitted, ui._wrapped, decor._vignette, decor._dim_layer):
        assert cached.cache_info().maxsize is not None  # an lru_cache without a bound grows per size
    assert len(ui._TEXT_CACHE) <= 800
    assert sum(map(ui._text_bytes, ui._TEXT_CACHE.values())) <= ui.TEXT_CACHE_BYTES
    assert len(ui._PANELS) <= panels  # the panels of the size on show
