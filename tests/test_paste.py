"""Paste (issue 41, item 9): Ctrl+V (Cmd+V) puts the clipboard's text at the caret of every text
field, English or Japanese, one clean line within the field's length. The dummy driver's clipboard
is the test's own: pygame.scrap.get_text is replaced by what a player would have copied."""

import pygame
import pytest

from scenes.menus.setup import NAME_LEN, SEED_LEN
from tests.test_ime import name_field
from tests.test_menu_scenes import right_half
from tests.ui_helpers import click, key, type_text

CTRL, CMD = pygame.KMOD_LCTRL, pygame.KMOD_LMETA


@pytest.fixture
def clipboard(monkeypatch):
    """The clipboard holds what a test puts in it."""
    held = {"text": ""}
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: held["text"])
    return held


def paste(app, mod=CTRL):
    key(app, pygame.K_v, mod)


def test_ctrl_v_pastes_a_name_at_the_caret_and_it_starts_the_game(app, table, clipboard):
    scene, field = name_field(app)
    type_text(app, "Ae")
    key(app, pygame.K_LEFT)
    clipboard["text"] = "lic"
    paste(app)
    assert field.value == "Alice" and field.caret == 4  # in at the caret, the caret after it
    type_text(app, "!")
    click(app, scene.start.rect.center)
    assert table[0]["config"].seats[0].name == "Alic!e"


def test_cmd_v_and_shift_insert_paste_too_and_plain_v_types(app, table, clipboard):
    _scene, field = name_field(app)
    clipboard["text"] = "Bo"
    paste(app, CMD)
    key(app, pygame.K_INSERT, pygame.KMOD_LSHIFT)
    assert field.value == "BoBo"
    type_text(app, "v")  # v alone is a letter
    assert field.value == "BoBov"


def test_japanese_text_pastes_whole_in_either_language(app, table, clipboard, ja):
    scene, field = name_field(app)
    clipboard["text"] = "アリス"
    paste(app)
    assert field.value == "アリス" and field.caret == 3
    click(app, scene.start.rect.center)
    assert table[0]["config"].seats[0].name == "アリス"


def test_pasted_text_is_one_clean_line_within_the_cap(app, table, clipboard):
    _scene, field = name_field(app)
    clipboard["text"] = "  Ada\r\n\tLovelace\x00\x07\n\n"
    paste(app)
    assert field.value == "Ada Lovelace"
    clipboard["text"] = "寿限無寿限無五劫の擦り切れ"
    paste(app)
    assert len(field.value) == NAME_LEN and field.value.startswith("Ada Lovelace")
    paste(app)  # full: nothing more, nothing lost
    assert len(field.value) == NAME_LEN and field.value.startswith("Ada Lovelace")


def test_an_empty_or_missing_clipboard_changes_nothing(app, table, clipboard, monkeypatch):
    _scene, field = name_field(app)
    type_text(app, "Cy")
    paste(app)
    assert field.value == "Cy"

    def no_clipboard():
        raise pygame.error("video system not initialized")
    monkeypatch.setattr(pygame.scrap, "get_text", no_clipboard)
    paste(app)
    assert field.value == "Cy"


def test_the_seed_takes_the_digits_full_width_ones_too(app, table, clipboard):
    scene = app.stack.push(app.make("setup"))
    click(app, scene.seed.rect.center)
    clipboard["text"] = "seed: １２3 45\n"
    paste(app)
    assert scene.seed.value == "12345"
    clipboard["text"] = "9" * 40
    paste(app)
    assert scene.seed.value == ("12345" + "9" * 40)[:SEED_LEN]


def test_the_external_programs_command_line_pastes(app, table, clipboard):
    scene = app.stack.push(app.make("setup"))
    click(app, scene.advanced.rect.center)
    while scene.rows[1].kind.value != "external":
        click(app, right_half(scene.rows[1].kind.rect))
    click(app, scene.command.rect.center)
    clipboard["text"] = "python3 /home/ada/bots/mybot.py --fast\n"
    paste(app)
    click(app, scene.start.rect.center)
    assert table[-1]["config"].seats[1].kind == "cmd:python3 /home/ada/bots/mybot.py --fast"


def test_the_export_folder_pastes(app, data_dir, clipboard):
    export = app.stack.push(app.make("export", ids=[]))
    click(app, export.folder.rect.center)
    key(app, pygame.K_END)
    for _ in range(len(export.folder.value)):
        key(app, pygame.K_BACKSPACE)
    clipboard["text"] = "/tmp/アリス records"
    paste(app)
    assert export.folder.value == "/tmp/アリス records"


# --- select, copy and cut (issue 59, item 4: Ctrl+A selected nothing and typing appended) ------

@pytest.fixture
def both_ways(monkeypatch):
    """A clipboard the field can write to and read from."""
    held = {"text": ""}
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: held["text"])
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: held.update(text=text))
    return held


def test_ctrl_a_selects_the_whole_field_and_typing_replaces_it(app, table, both_ways):
    _scene, field = name_field(app)
    type_text(app, "Alice Assemble")
    key(app, pygame.K_a, CTRL)
    type_text(app, "Bo")
    assert field.value == "Bo"
    key(app, pygame.K_a, CMD)
    key(app, pygame.K_BACKSPACE)
    assert field.value == ""


def test_shift_selects_and_copy_cut_paste_move_the_words(app, table, both_ways):
    _scene, field = name_field(app)
    type_text(app, "Ada Bo")
    key(app, pygame.K_HOME)
    for _ in range(3):
        key(app, pygame.K_RIGHT, pygame.KMOD_LSHIFT)
    key(app, pygame.K_c, CTRL)
    assert both_ways["text"] == "Ada" and field.value == "Ada Bo"
    key(app, pygame.K_END)
    paste(app)
    assert field.value == "Ada BoAda"
    key(app, pygame.K_HOME, pygame.KMOD_LSHIFT)  # from the end back to the start: all of it
    key(app, pygame.K_x, CTRL)
    assert field.value == "" and both_ways["text"] == "Ada BoAda"
    paste(app)
    key(app, pygame.K_HOME)
    key(app, pygame.K_END, pygame.KMOD_LSHIFT)
    key(app, pygame.K_LEFT)  # an arrow leaves the selection at its start
    type_text(app, "!")
    assert field.value == "!Ada BoAda"
