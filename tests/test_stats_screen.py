"""The Statistics screen (issue 15, point 3): a player's figures per game, as game.stats computes
them, with the score over time and the distribution drawn; Cementopia's page for the folder."""

from __future__ import annotations

import pygame
import pytest

from game import registry, stats

from tests.test_history_screen import make_records, open_history
from tests.ui_helpers import click, frames, key, spy_texts


def open_stats(app):
    scene = open_history(app)
    click(app, scene.stats_b.rect.center)
    page = app.stack.top
    assert page.name == "stats"
    frames(app, 2)
    return page


def test_a_players_figures_per_game_with_both_charts(app, data_dir, monkeypatch):
    make_records(data_dir)
    page = open_stats(app)
    assert page.player_c.value == "Ada"  # the name with the most games comes first
    said = spy_texts(monkeypatch)
    frames(app, 1)
    words = [t for t, _rect in said]
    figures = stats.player(app.store.entries(), "Ada")["assemble"]
    assert figures["games"] == 1 and "Games" in words and "Best score" in words
    assert str(figures["best_score"]) in words
    assert "hard bot" in words  # the opponents' level, in player words
    assert page.charts["time"].w > 0 and page.charts["spread"].w > 0
    click(app, (page.game_c.rect.right - 4, page.game_c.rect.centery))  # Cementopia: the folder's
    assert page.game_c.value == "cementopia"
    said.clear()
    frames(app, 1)
    words = [t for t, _rect in said]
    assert "Puzzles finished" in words and "Daily deals" in words
    assert "Best per deal" in words and "seed 4 (1 try)" in words  # make_records' Cementopia deal
    click(app, (page.game_c.rect.right - 4, page.game_c.rect.centery))
    said.clear()
    frames(app, 1)
    words = [t for t, _rect in said]
    assert "Hands won: block / out" in words and "1 / 0" in words
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "history"


@pytest.mark.parametrize("game", registry.GAMES, ids=registry.ids())
def test_every_games_page_shows_its_figures_and_charts(app, data_dir, monkeypatch, game):
    from tests.storage_helpers import store
    from tests.test_history import played
    db = store()
    for seed in (5, 6):
        db.finish_game(None, played(game.id, seed)[0])
    db.close()
    page = open_stats(app)
    page.game_c.set(game.id)
    page.refigure()
    said = spy_texts(monkeypatch)
    frames(app, 1)
    words = [t for t, _rect in said]
    figures = page.page
    if game.solo:  # the folder's attempts: its records name nobody
        assert figures["finished"] == 2 and "Puzzles finished" in words
    else:
        assert page.player_c.value == "Ada" and figures["games"] == 2
        assert "Games" in words and "By number of players" in words and "easy bot + hard bot" in words
    assert ("Hands won: block / out" in words) == game.figures.hands
    assert ("By colour" in words) == game.figures.colours
    if game.figures.colours:  # Ada played orange in both (colour 0)
        assert "Orange" in words and "Blue" not in words
    assert str(figures["best_score"]) in words
    assert page.charts["time"].w > 0 and page.charts["spread"].w > 0


def test_another_player_and_an_empty_page(app, data_dir, monkeypatch):
    make_records(data_dir)
    page = open_stats(app)
    while page.player_c.value != "Bellows":
        click(app, (page.player_c.rect.right - 4, page.player_c.rect.centery))
    page.game_c.set("grayblock")  # Bellows never played Grayblock
    page.refigure()
    said = spy_texts(monkeypatch)
    frames(app, 1)
    assert any("No finished games of this kind yet." == t for t, _rect in said)


def test_no_records_at_all(app, data_dir, monkeypatch):
    open_stats(app)
    said = spy_texts(monkeypatch)
    frames(app, 1)
    assert any("No finished games of this kind yet." == t for t, _rect in said)
