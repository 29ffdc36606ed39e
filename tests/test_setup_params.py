"""A designer's parameters file chosen on the setup screen (issue 60, item 2): offered for every
registered game that has designers' tools and for no other, chosen with the file picker, refused
with its one-line reason when the game cannot use it, played by the game that starts, remembered
for the next setup, and switched back to the game's own numbers with Left. Laid out clear of the
other widgets in both languages, at every window and text size."""

import json

import pygame
import pytest

from game.core import registry
from scenes.app import picker
from scenes.menus import setup as setup_screen
from scenes.menus.settings import use_language
from scenes.widgets import ui
from ui_helpers import frames, key

TOOLS = [game for game in registry.GAMES if game.workbench is not None]


@pytest.fixture
def chooses(monkeypatch):
    """The file picker answering with the path the test puts in `answer[0]` (or cancelling)."""
    answer: list = [None]

    def choose(app, kind, title, start, on_chosen):
        assert kind == picker.FILE
        if answer[0] is not None:
            on_chosen([answer[0]])
    monkeypatch.setattr(picker, "choose", choose)
    return answer


def open_setup(app, game: str):
    scene = app.make("setup")
    app.stack.push(scene)
    scene.game.set(game)
    scene._game_changed()
    frames(app, 2)
    return scene


@pytest.mark.parametrize("game", registry.GAMES, ids=registry.ids())
def test_offered_only_by_the_games_with_designers_tools(app, game):
    scene = open_setup(app, game.id)
    widget = scene.options.get(setup_screen.PARAMS)
    shown = widget is not None and widget.rect.w > 0 and widget.enabled
    assert shown == (game.workbench is not None)


@pytest.mark.parametrize("game", TOOLS, ids=[g.id for g in TOOLS])
def test_a_chosen_file_is_played_remembered_and_left_with_left(app, game, chooses, tmp_path):
    numbers = tmp_path / "short game.json"
    numbers.write_text(json.dumps({"rounds": 3}), encoding="utf-8")
    scene = open_setup(app, game.id)
    widget = scene.options[setup_screen.PARAMS]
    assert widget.value == ""  # the game's own numbers to begin with
    chooses[0] = numbers
    pygame.mouse.set_pos(widget.rect.center)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=widget.rect.center))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=widget.rect.center))
    frames(app, 1)
    assert widget.value == str(numbers)
    scene.start_game()
    table = app.stack.top
    assert table is not scene and table.state.params.rounds == 3
    app.stack.close_all()
    again = open_setup(app, game.id)  # the next setup remembers it
    widget = again.options[setup_screen.PARAMS]
    assert widget.value == str(numbers)
    again.ring.index = again.ring.widgets.index(widget)
    key(app, pygame.K_LEFT)  # back to the game's own numbers
    assert widget.value == ""
    again.start_game()
    assert app.stack.top.state.params.rounds == type(app.stack.top.state.params)().rounds


@pytest.mark.parametrize("game", TOOLS, ids=[g.id for g in TOOLS])
def test_a_file_the_game_cannot_use_is_refused_in_one_line(app, game, chooses, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"rounds": 0, "om": 1}), encoding="utf-8")
    scene = open_setup(app, game.id)
    widget = scene.options[setup_screen.PARAMS]
    toasts = len(app.toasts)
    chooses[0] = bad
    widget.activate()
    assert widget.value == ""  # unchanged
    said = app.toasts[-1][0]
    assert len(app.toasts) == toasts + 1 and "\n" not in str(said) and "bad.json" in str(said)
    chooses[0] = None  # a cancelled picker changes nothing either
    widget.activate()
    assert widget.value == "" and len(app.toasts) == toasts + 1


@pytest.mark.parametrize("game", TOOLS, ids=[g.id for g in TOOLS])
def test_this_runs_params_file_is_the_one_shown(app, game, tmp_path):
    numbers = tmp_path / "p.json"
    numbers.write_text(json.dumps({"rounds": 5}), encoding="utf-8")
    app.options.workbench = {game.id: {"params": numbers, "content": None}}
    scene = open_setup(app, game.id)
    assert scene.options[setup_screen.PARAMS].value == str(numbers)
    scene.start_game()
    assert app.stack.top.state.params.rounds == 5


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
@pytest.mark.parametrize("text_size", ["normal", "large", "larger"])
@pytest.mark.parametrize("game", TOOLS, ids=[g.id for g in TOOLS])
def test_the_choice_stays_clear_of_the_rest(app, ja, game, lang, size, text_size, tmp_path):
    use_language(lang)  # (the ja fixture puts English and the normal text size back after)
    ui.set_text_size(text_size)
    app.resize(size) if hasattr(app, "resize") else None
    scene = open_setup(app, game.id)
    scene.resize(size)
    widget = scene.options[setup_screen.PARAMS]
    widget.pick(str(tmp_path / "とても長い名前の数値ファイル-version-2.json"))
    scene.layout()
    others = [w.rect for w in scene.all_widgets() if w is not widget and w.rect.w > 0]
    assert widget.rect.w > 0 and not [r for r in others if r.colliderect(widget.rect)]
    assert widget.rect.bottom <= scene.seed_top()  # clear of the SEED label
    assert scene.panel.contains(widget.rect)
