"""Sound effects: timed to the animations, switchable with S or the pause menu, and never a
reason to fail (no device, no file)."""


import pygame

from game.assemble.setup import Rules
from scenes.config import GameConfig, Seat
from scenes.sound.player import NAMES, Sound
from scenes.assemble.table import FLIGHT, TableScene
from storage_helpers import settings_kept
from ui_helpers import click, frames, key, top, type_text


def hot_seat(app):
    table = TableScene(app, GameConfig([Seat("Ada", "human", 0), Seat("Bo", "human", 1)], Rules(), 21))
    app.stack.push(table)
    while table.state.phase != "place":  # past the draft
        table.play(table.state.legal_actions()[0])
    frames(app, 40)
    return table


def a_placement(table):
    return next(a for a in table.state.legal_actions() if a.kind == "place")


def test_every_sound_loads_from_the_assets(app):
    assert app.sound.problem is None
    assert set(app.sound.sounds) == set(NAMES)
    assert all(s.get_length() > 0.01 for s in app.sound.sounds.values())


def test_a_placement_is_heard_when_its_card_lands(app):
    table = hot_seat(app)
    place = a_placement(table)
    app.sound.played.clear()
    assert table.play(place)
    frames(app, 1)
    assert "place" not in app.sound.played  # still in the air
    frames(app, int(FLIGHT * 60) + 2)
    assert app.sound.played[-1] == "place"
    take = table.state.legal_actions()[0]
    table.play(take)
    assert app.sound.played[-1] == "take"  # picked up at once


def test_undo_forgets_the_sounds_of_moves_taken_back(app):
    table = hot_seat(app)
    table.play(a_placement(table))
    table.undoing.undo()
    frames(app, 40)
    assert "place" not in app.sound.played and app.sound.played[-1] == "flip"


def test_s_switches_sound_off_and_on_and_the_choice_is_kept(app, data_dir):
    table = hot_seat(app)
    key(app, pygame.K_s)
    assert not app.sound.on
    assert settings_kept()["sound"] is False
    app.sound.played.clear()
    table.play(a_placement(table))
    frames(app, 40)
    assert app.sound.played == []
    key(app, pygame.K_ESCAPE)  # the pause menu's settings show it, and switch it back
    menu = top(app)
    frames(app, 1)
    click(app, menu.settings_b.rect.center)
    settings = top(app)
    frames(app, 1)
    assert settings.name == "settings" and settings.sound.value is False
    click(app, settings.sound.rect.center)
    assert app.sound.on and settings.sound.value is True


def test_typing_an_s_into_a_name_is_not_a_shortcut(app):
    setup = app.stack.push(app.make("setup"))
    frames(app, 1)
    field = setup.rows[0].name
    click(app, field.rect.center)
    type_text(app, "s")
    assert app.sound.on and field.value.endswith("s")


def test_no_sound_device_means_silence_not_a_crash(monkeypatch):
    def broken():
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    sound = Sound({})
    assert sound.problem and "no audio device" in sound.problem and not sound.sounds
    sound.play("place", delay=0.1)
    sound.update(0.2)
    assert sound.played == ["place"]  # noted, and nothing else happened
