"""The settings overlay: each choice takes effect, is saved at once, and survives a restart."""

import pygame

from game.assemble.setup import Rules
from scenes.config import GameConfig, Seat
from scenes.assemble.table import TableScene
from storage_helpers import settings_kept
from ui_helpers import click, frames, key, top


def open_settings(app):
    title = app.stack.push(app.make("title"))
    frames(app, 1)
    click(app, title.settings.rect.center)
    settings = top(app)
    assert settings.name == "settings"
    frames(app, 1)
    return title, settings


def right_part(rect):
    return rect.right - rect.w // 8, rect.centery


def saved():
    return settings_kept()


def test_settings_change_speed_think_and_magnify_and_are_kept(app, data_dir):
    title, settings = open_settings(app)
    assert app.speed == 1.0
    click(app, right_part(settings.speed.rect))  # the right half steps forward
    assert app.speed == 1.5 and saved()["speed"] == 1.5
    key(app, pygame.K_DOWN)  # keyboard: focus the next choice, Left/Right change it
    assert settings.ring.current is settings.think
    key(app, pygame.K_LEFT)
    assert saved()["think"] == 0.3
    click(app, right_part(settings.magnify.rect))
    assert saved()["hover_magnify"] is False
    key(app, pygame.K_ESCAPE)
    assert top(app) is title
    # the next game's bots think for the chosen time
    table = TableScene(app, GameConfig([Seat("Ada", "human", 0), Seat("Bot", "hard", 1)], Rules(), 3))
    assert table.hints.turns.think == 0.3
    table.close()
    # and a restart reads them back
    from scenes.app.window import App, AppOptions
    again = App(AppOptions(size=(800, 450)))
    assert again.speed == 1.5 and again.settings["hover_magnify"] is False


def test_full_screen_that_the_window_refuses_stays_off(app, data_dir):
    _, settings = open_settings(app)
    click(app, right_part(settings.full.rect))
    assert settings.full.value == bool(pygame.display.get_surface().get_flags() & pygame.FULLSCREEN)


def test_odd_values_in_the_settings_file_fall_back_to_the_defaults(app, data_dir):
    app.settings.update(speed="warp", think=-4)
    _, settings = open_settings(app)
    assert app.speed == 1.0 and settings.speed.value == 1.0 and settings.think.value == 0.8


def test_the_volume_stops_at_its_ends(app, data_dir):
    """Right at 100% stays at 100% (it does not wrap round to silence), Left at 0% stays at 0%
    (issue 41, item 15); clicking its ends does the same."""
    _, settings = open_settings(app)
    while settings.ring.current is not settings.volume:
        key(app, pygame.K_DOWN)
    for _ in range(len(settings.volume.options) + 2):
        key(app, pygame.K_RIGHT)
    assert settings.volume.value == 100 and app.sound.volume == 100  # (the default: never saved)
    assert saved().get("volume", 100) == 100
    click(app, right_part(settings.volume.rect))
    assert settings.volume.value == 100
    for _ in range(len(settings.volume.options) + 2):
        key(app, pygame.K_LEFT)
    assert settings.volume.value == 0 and saved()["volume"] == 0
    click(app, (settings.volume.rect.x + 4, settings.volume.rect.centery))
    assert settings.volume.value == 0
    key(app, pygame.K_RIGHT)
    assert settings.volume.value == 10 and saved()["volume"] == 10
    key(app, pygame.K_DOWN)  # the other choices still go round
    assert settings.ring.current is settings.text_size
    for _ in range(len(settings.text_size.options)):
        key(app, pygame.K_RIGHT)
    assert settings.text_size.value == "normal"
