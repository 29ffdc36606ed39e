"""Continue's Delete acts on the game the player chose, never on the row the pointer last passed
over; the question names the game and keeps it by default; a deleted game comes back with Undo
delete for the rest of the run (issue 59, item 2)."""

import pygame
import pytest

from game.core import records, registry
from scenes.widgets.decor import PrimaryButton
from storage_helpers import in_progress, keep_in_progress
from ui_helpers import click, frames, key, move, top, wait

NAMES = {"Ada": "Bo", "Cy": "Di", "Ed": "Flo"}


def three_games(app):
    """Three games in progress (Ada's oldest, Ed's newest) and the Continue list open."""
    game = registry.ids()[0]
    ids = {}
    for n, (first, second) in enumerate(NAMES.items()):
        session = registry.game_module(game).new_session(
            n + 1, [{"name": first, "seat": "human"}, {"name": second, "seat": "human"}])
        for _ in range(n + 1):
            session.play(session.state.legal_actions()[0])
        ids[first] = keep_in_progress(records.record_of(session))
    title = app.stack.push(app.make("title"))
    frames(app, 1)
    click(app, title.cont.rect.center)
    listed = top(app)
    assert listed.name == "continue" and len(listed.games) == 3
    return listed, ids


def row_centre(listed, i):
    return listed.rows.rect(i, listed.s).center


def first_player(listed, i):
    return listed.games[i].players[0][0]


def test_the_pointer_on_its_way_to_delete_does_not_change_the_game_asked_about(app):
    listed, ids = three_games(app)
    chosen = first_player(listed, 2)
    click(app, row_centre(listed, 2))  # a click chooses the row; it does not resume it
    assert top(app) is listed
    for i in (1, 0):  # the way up to the buttons passes over the other rows
        move(app, row_centre(listed, i))
    click(app, listed.delete_b.rect.center)
    asked = top(app)
    assert asked.name == "confirm"
    assert chosen in asked.detail and NAMES[chosen] in asked.detail
    assert "1 move" in asked.detail  # what it is: its players, its moves, when it was played
    # the default looks it: Keep is the gold button, Delete a plain one
    assert isinstance(asked.no_b, PrimaryButton) and not isinstance(asked.yes_b, PrimaryButton)
    assert asked.ring.current is asked.no_b
    key(app, pygame.K_RETURN)  # Keep it is the default: Enter deletes nothing
    assert top(app) is listed and len(in_progress()) == 3
    click(app, listed.delete_b.rect.center)
    key(app, pygame.K_y)
    assert sorted(g.id for g in in_progress()) == sorted(v for k, v in ids.items() if k != chosen)


def test_a_second_click_on_the_chosen_row_resumes_it(app):
    listed, _ids = three_games(app)
    chosen = first_player(listed, 1)
    click(app, row_centre(listed, 1))
    assert top(app) is listed and listed.chosen().players[0][0] == chosen
    click(app, row_centre(listed, 1))
    table = top(app)
    assert table is not listed and table.config.seats[0].name == chosen


def test_a_deleted_game_comes_back_with_undo_delete(app):
    listed, ids = three_games(app)
    assert not listed.undo_b.enabled
    click(app, row_centre(listed, 0))
    gone = listed.chosen()
    before = records.record_of(records.replay(app.store.games.record(gone.id)))
    click(app, listed.delete_b.rect.center)
    key(app, pygame.K_y)
    assert len(in_progress()) == 2 and "Undo delete" in app.toasts[-1][0]
    key(app, pygame.K_ESCAPE)  # the list closed and opened again: still there to undo
    click(app, top(app).cont.rect.center)
    listed = top(app)
    assert listed.undo_b.enabled
    click(app, listed.undo_b.rect.center)
    assert len(in_progress()) == 3 and not listed.undo_b.enabled
    back = listed.chosen()
    assert back.players == gone.players and back.actions == gone.actions
    assert records.record_of(records.replay(app.store.games.record(back.id))) == before


# --- where each game stands (issue 59, item 3) -------------------------------------------------

def played(game, moves, seed=4):
    n = min(registry.info(game).player_counts)
    session = registry.game_module(game).new_session(
        seed, [{"name": f"P{i}", "seat": "human"} for i in range(n)])
    for _ in range(moves):
        session.play(session.state.legal_actions()[0])
    return session


@pytest.mark.parametrize("game", registry.ids())
def test_each_row_says_the_scores_whose_turn_and_the_stage(app, game):
    session = played(game, 9)
    keep_in_progress(records.record_of(session))
    title = app.stack.push(app.make("title"))
    frames(app, 1)
    click(app, title.cont.rect.center)
    listed = top(app)
    _title, names, where, _when = listed.cells(listed.games[0])
    state = session.state
    info = registry.info(game)
    scores = state.scores()
    if info.solo:
        assert names.endswith(f": {scores[0]}")
    else:
        for i, score in enumerate(scores):
            assert f"P{i}: {score}" in names
        assert f"P{state.current_player()} to move" in where
    assert str(info.stage(state)) in where


def test_a_move_made_in_another_window_shows_in_the_open_list(app, data_dir):
    from game.storage import Store
    game = registry.ids()[0]
    session = played(game, 2)
    game_id = keep_in_progress(records.record_of(session))
    title = app.stack.push(app.make("title"))
    frames(app, 1)
    click(app, title.cont.rect.center)
    listed = top(app)
    assert listed.games[0].actions == 2
    other = Store.open(data_dir)  # the other window takes the game and plays on
    try:
        other.games.take(game_id)
        for _ in range(5):
            session.play(session.state.legal_actions()[0])
        other.games.save(game_id, records.record_of(session))
        wait(app, 3)  # the list looks again every two seconds of its own time
        [row] = listed.games
        assert row.actions == 7 and listed.cells(row)[3] == "open in another window"
        assert f"P{session.state.current_player()} to move" in listed.cells(row)[2]
    finally:
        other.close()
