"""The History screen (issue 15, point 1): the finished games newest first, filters by game and
player, a row opening the replay viewer, an unreadable game listed and refused in one line, only
the rows in sight read from the player's data."""

from __future__ import annotations

import pygame
import pytest

from game.core import registry
from game.bots import make_bot
from game.core.records import game_module, record_of

from tests.storage_helpers import edit, store
from tests.ui_helpers import click, frames, key


def finished(game: str, seed: int, players: list[tuple[str, str]]) -> dict:
    """A finished game's record, played by the easy bot for every seat."""
    session = game_module(game).new_session(seed, [{"name": n, "seat": k} for n, k in players])
    n = 0
    while not session.state.is_over():
        state = session.state
        session.play(make_bot("easy", game, n).decide(state.view(state.current_player()), state.legal_actions()))
        n += 1
    return record_of(session)


def make_records(data_dir) -> list:
    """Three finished games a day apart (Grayblock newest) and an older one whose row was damaged
    behind the app's back: their ids."""
    db = store()
    ids = []
    for i, (game, players) in enumerate((
            ("assemble", [("Ada", "human"), ("Bellows", "hard")]),
            ("cementopia", [("Ada", "human")]),
            ("grayblock", [("Bo", "human"), ("Ratchet", "normal"), ("Ada", "easy")]))):
        record = finished(game, 3 + i, players)
        record["finished_at"] = f"2026-11-2{i}T10:00:00Z"
        ids.append(db.games.finish(None, record))
    broken = finished("assemble", 9, [("Cy", "human"), ("Dee", "easy")])
    ids.append(db.games.finish(None, dict(broken, finished_at="2026-11-01T10:00:00Z")))
    db.close()
    edit("UPDATE games SET entry = 'x', record = '{\"format\": \"alice-record\", \"actions\": [' "
         "WHERE id = ?", ids[-1])
    return ids


def open_history(app):
    app.stack.push(app.make("title"))
    frames(app, 2)
    click(app, app.stack.top.history.rect.center)
    scene = app.stack.top
    assert scene.name == "history"
    frames(app, 2)
    return scene


def test_history_lists_newest_first_and_filters_by_game_and_player(app, data_dir):
    make_records(data_dir)
    scene = open_history(app)
    assert [e.game for e in scene.shown] == ["grayblock", "cementopia", "assemble", "assemble"]
    cells = scene.cells(scene.shown[0])
    assert cells[0].startswith("2026-11-2") and "Ratchet (normal bot)" in cells[2]
    assert cells[4].endswith("wins") and cells[3].count("\u00b7") == 2
    assert "unreadable" in scene.cells(scene.shown[-1])[2]
    click(app, (scene.game_c.rect.right - 4, scene.game_c.rect.centery))  # the game filter, on
    assert [e.game for e in scene.shown] == ["assemble", "assemble"]  # the damaged one too
    scene.game_c.set("")
    scene.refilter()
    while scene.player_c.value != "Bo":
        click(app, (scene.player_c.rect.right - 4, scene.player_c.rect.centery))
    assert [e.game for e in scene.shown] == ["grayblock"]
    while scene.player_c.value != "Ada":
        click(app, (scene.player_c.rect.right - 4, scene.player_c.rect.centery))
    assert [e.game for e in scene.shown] == ["grayblock", "assemble"]  # a Cementopia record names no one
    scene.player_c.set("")
    scene.refilter()
    assert scene.cells(scene.shown[1])[2] == "solo puzzle" and scene.cells(scene.shown[1])[4] in ("complete", "stuck")


@pytest.mark.parametrize("game", registry.GAMES, ids=registry.ids())
def test_every_games_record_is_listed_with_its_players_scores_and_end(app, data_dir, game):
    from tests.test_history import played
    record, result = played(game.id, 5)
    db = store()
    db.games.finish(None, record)
    db.close()
    scene = open_history(app)
    [entry] = scene.shown
    stamp, title, names, scores, end = scene.cells(entry)
    assert title == game.title and scores.count("\u00b7") == len(result.scores) - 1
    if game.solo:
        assert names == "solo puzzle" and end in [word for _key, word in game.outcomes]
    else:
        assert names.startswith("Ada, Bo (easy bot)")
        assert end.endswith(" wins") or end.startswith("shared: ")
    assert game.id in scene.game_c.options
    scene.game_c.set(game.id)
    scene.refilter()
    assert scene.shown == [entry]
    scene.game_c.set(next(other for other in registry.ids() if other != game.id))
    scene.refilter()
    assert scene.shown == []


def test_a_row_opens_the_replay_and_escape_comes_back(app, data_dir):
    make_records(data_dir)
    scene = open_history(app)
    rows = scene.rows
    row = rows.view.y + rows.row_h * 2 + rows.row_h // 2  # the third row: the Assemble game
    click(app, (rows.view.centerx, row))
    replay = app.stack.top
    assert replay.name == "replay" and replay.record["game"] == "assemble"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_an_unreadable_record_is_listed_and_says_why_in_one_line(app, data_dir):
    make_records(data_dir)
    scene = open_history(app)
    for _ in range(3):
        key(app, pygame.K_DOWN)
    assert scene.shown[scene.rows.index].problem
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene
    said = [str(m) for m, _t in app.toasts]
    assert said and "cannot be read" in said[-1] and "\n" not in said[-1]


def test_no_records_says_so_and_escape_closes(app, data_dir):
    scene = open_history(app)
    assert scene.shown == []
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "title"


def test_many_records_scroll_and_only_the_rows_in_sight_are_read(app, data_dir, monkeypatch):
    ids = make_records(data_dir)
    scene = open_history(app)
    scene.ids = scene.ids * 400  # a long list, as years of games give
    scene.rows.reset(len(scene.ids))
    read = []
    real = app.store.finished.entries
    monkeypatch.setattr(app.store.finished, "entries", lambda wanted=None: read.append(len(wanted)) or real(wanted))
    scene.cache.clear()
    frames(app, 1)
    assert read and max(read) <= 200  # a page, not the 1,600 rows listed
    rows = scene.rows
    for _ in range(60):
        key(app, pygame.K_DOWN)
    assert rows.index == 60 and rows.top <= 60 < rows.top + rows.rows_in_sight()
    key(app, pygame.K_PAGEUP)
    assert rows.index == 60 - rows.rows_in_sight()
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False, precise_x=0, precise_y=-5))
    frames(app, 1)
    assert rows.top > 0 and scene.entry(rows.index).id in ids


def test_a_game_the_player_won_says_you_win(app, data_dir):
    from tests.test_history import played
    record, result = played("assemble", 5)
    record["players"][result.winners[0]]["name"] = "You"
    db = store()
    db.games.finish(None, record)
    db.close()
    scene = open_history(app)
    [entry] = scene.shown
    assert scene.cells(entry)[4] == "You win"  # not "You wins"
