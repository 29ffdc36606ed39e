"""Japanese names through an input method: TEXTEDITING shows the composition at the caret,
TEXTINPUT commits it (SDL dummy driver, real setup scene)."""

import pygame

from scenes.menus.setup import NAME_LEN, SetupScene
from tests.ui_helpers import click, compose, frames, key, post, top, type_text


def name_field(app):
    scene = app.stack.push(app.make("setup"))
    frames(app, 1)
    field = scene.rows[0].name
    click(app, field.rect.center)
    for _ in range(NAME_LEN):
        key(app, pygame.K_BACKSPACE)
    assert field.value == "" and field.focused
    return scene, field


def field_pixels(app, field):
    app.draw()
    return pygame.image.tobytes(app.screen.subsurface(field.rect), "RGB")


def test_composition_shows_at_the_caret_then_commits(app, table):
    scene, field = name_field(app)
    type_text(app, "Ai")
    empty = field_pixels(app, field)
    post(app, pygame.event.Event(pygame.TEXTEDITING, text="あり", start=2, length=0))
    assert field.composition == "あり" and field.value == "Ai"  # not part of the name yet
    assert field_pixels(app, field) != empty  # drawn in the field while composing
    key(app, pygame.K_BACKSPACE)  # the IME's key: it edits the composition, not the name
    key(app, pygame.K_RETURN)  # converts in the IME; must not move on or start the game
    key(app, pygame.K_ESCAPE)  # cancels in the IME; must not leave setup
    assert field.value == "Ai" and field.focused and isinstance(top(app), SetupScene)
    compose(app, ["ありす"], "アリス")
    assert field.value == "Aiアリス" and field.composition == "" and field.caret == 5
    click(app, scene.start.rect.center)
    assert table[0]["config"].seats[0].name == "Aiアリス"


def test_the_candidate_window_follows_the_caret(app, table, monkeypatch):
    _scene, field = name_field(app)
    spots = []
    monkeypatch.setattr(pygame.key, "set_text_input_rect", lambda r: spots.append(pygame.Rect(r)))
    post(app, pygame.event.Event(pygame.TEXTEDITING, text="か", start=1, length=0))
    app.draw()
    first = spots[-1]
    post(app, pygame.event.Event(pygame.TEXTEDITING, text="かな", start=2, length=0))
    app.draw()
    assert spots[-1].x > first.x and field.rect.contains(spots[-1])


def test_long_conversions_stop_at_the_name_length(app, table):
    _scene, field = name_field(app)
    compose(app, ["じゅげむ"], "寿限無寿限無五劫の擦り切れ海砂利水魚")
    assert field.value == "寿限無寿限無五劫の擦り切れ海砂利水魚"[:NAME_LEN]
    compose(app, ["あ"], "亜")  # full: nothing more, nothing lost
    assert len(field.value) == NAME_LEN and field.composition == ""


def test_seed_field_keeps_digits_of_a_full_width_commit(app, table):
    scene = app.stack.push(app.make("setup"))
    frames(app, 1)
    click(app, scene.seed.rect.center)
    compose(app, ["12"], "12ab3")
    assert scene.seed.value == "123"


def test_leaving_a_field_drops_its_composition(app, table):
    scene, field = name_field(app)
    post(app, pygame.event.Event(pygame.TEXTEDITING, text="あ", start=1, length=0))
    click(app, scene.seed.rect.center)
    assert field.composition == "" and field.value == ""
    post(app, pygame.event.Event(pygame.TEXTINPUT, text="7"))
    assert scene.seed.value == "7" and field.value == ""


def test_a_japanese_name_draws_in_english_too(app, table):
    """The app speaks English, the player types a Japanese name: it draws in the Japanese face
    (the Latin faces have no kana: they would draw boxes), the same as in Japanese."""
    from scenes.widgets import ui
    assert ui.has_glyphs("Ai") and not ui.has_glyphs("アリス")  # English faces: no kana
    boxes = ui.font(20).render("アリス", True, (255, 255, 255))
    drawn = ui.render("アリス", 20)
    assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(boxes, "RGBA")
    assert drawn.get_size() == ui.font_for("アリス", 20).size("アリス")  # measured as drawn
