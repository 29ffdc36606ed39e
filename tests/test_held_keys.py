"""A key belongs to the screen it was pressed on (issue 59, item 1): the Enter that resumes a game
from Continue, held down (SDL repeats it), never plays a move in that game, and a table takes no
key before its first frame is drawn. Over every registered game, hot seat (every seat a person's:
any key that acts would act)."""

import pygame
import pytest

from game.core import records, registry
from storage_helpers import keep_in_progress
from ui_helpers import click, frames, key

ENTER = pygame.K_RETURN


def down(k=ENTER):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="\r", scancode=0)


def up(k=ENTER):
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="\r", scancode=0)


def title(app, game):
    """The title, with one game of `game` in progress (nobody has moved)."""
    n = min(registry.info(game).player_counts)
    session = registry.game_module(game).new_session(7, [{"name": f"P{i}", "seat": "human"}
                                                         for i in range(n)])
    keep_in_progress(records.record_of(session))
    app.stack.push(app.make("title"))
    frames(app, 2)


def continue_list(app, game):
    """The title's Continue list, with one game of `game` in progress."""
    title(app, game)
    click(app, app.stack.top.cont.rect.center)
    frames(app, 1)
    assert app.stack.top.name == "continue"


def moves(scene) -> int:
    return len(scene.session.history)


@pytest.mark.parametrize("game", registry.ids())
def test_enter_held_through_continue_never_plays_in_the_resumed_game(app, game):
    continue_list(app, game)
    app.dispatch(down())  # resumes the game
    table = app.stack.top
    assert table.name != "continue" and moves(table) == 0
    for _ in range(40):  # held for two thirds of a second: SDL's repeats
        app.dispatch(down())
        app.step(1 / 60)
    assert app.stack.top is table and moves(table) == 0
    app.dispatch(up())
    frames(app, 2)
    assert app.stack.top is table and moves(table) == 0


@pytest.mark.parametrize("game", registry.ids())
def test_a_press_that_comes_before_the_first_frame_is_not_the_tables(app, game):
    """A busy machine: the press that resumes, its release and another press all arrive before
    the table has been drawn once."""
    continue_list(app, game)
    for event in (down(), up(), down(), up()):
        app.dispatch(event)
    table = app.stack.top
    frames(app, 2)
    assert app.stack.top is table and moves(table) == 0


def test_once_let_go_a_key_acts_in_the_new_scene_again(app):
    """What is kept back is only the held key: Esc pressed afresh on the Continue list goes back
    to the title, as it always did."""
    title(app, registry.ids()[0])
    app.dispatch(down(pygame.K_c))  # a key held down while the list opens
    click(app, app.stack.top.cont.rect.center)
    frames(app, 1)
    assert app.stack.top.name == "continue"
    app.dispatch(down(pygame.K_c))  # its repeat: nothing
    app.dispatch(up(pygame.K_c))
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "title"
