"""The Statistics screen (issue 15, point 3): a player's figures per game, as game.services.stats computes
them, with the score over time and the distribution drawn; Cementopia's page for the folder."""

from __future__ import annotations

import pygame
import pytest

from game.core import registry
from game.services import stats

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
    assert page.player_c.value == "Ada"  # a name that sat in a human seat (Bo too: by name then)
    said = spy_texts(monkeypatch)
    frames(app, 1)
    words = [t for t, _rect in said]
    figures = stats.player(app.store.finished.entries(), "Ada")["assemble"]
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
        db.games.finish(None, played(game.id, seed)[0])
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
    assert ("Hands won: block / out" in words) == (game.id == "grayblock")  # a match's hands
    assert ("By colour" in words) == (game.id == "alicematic")  # the colour each seat played
    if game.id == "alicematic":  # Ada played orange in both (colour 0)
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


def players_games(seatings) -> None:
    """Finished Alice Assemble games, one per list of (name, seat kind)."""
    from tests.storage_helpers import store
    from tests.test_history_screen import finished
    db = store()
    for i, players in enumerate(seatings):
        db.games.finish(None, dict(finished("assemble", 20 + i, players),
                                  finished_at=f"2026-10-{10 + i}T10:00:00Z"))
    db.close()


def test_statistics_open_on_the_human_by_their_name_not_a_bot_or_you(app, data_dir):
    """Issue 41, item 15: Bellows (a bot) sat in every game and the stand-in "You" in most, yet
    the screen opens on Ada, the name the person typed."""
    players_games([[("You", "human"), ("Bellows", "hard")], [("You", "human"), ("Bellows", "easy")],
                   [("Ada", "human"), ("Bellows", "easy")]])
    names = app.store.finished.player_names()
    assert names[0] == "Bellows"  # the most games: what the screen used to open on
    page = open_stats(app)
    assert page.player_c.value == "Ada" and page.page["games"] == 1
    assert stats.the_player(page.computed) == "Ada"


def test_statistics_open_on_the_name_last_set_up(app, data_dir):
    players_games([[("Ada", "human"), ("Bellows", "hard")], [("Ada", "human"), ("Bo", "human")],
                   [("Bo", "human"), ("Bellows", "easy")]])
    app.settings["setup"] = {"game": "assemble", "seats": [{"name": "bo", "kind": "human", "colour": 0}]}
    page = open_stats(app)
    assert page.player_c.value == "Bo"  # the name last set up (as the records spell it)
    key(app, pygame.K_ESCAPE)
    app.settings["setup"] = {"seats": [{"name": "Zed", "kind": "human"}]}  # never played yet
    assert open_stats_again(app).player_c.value == "Ada"  # the human with the most games


def open_stats_again(app):
    history = app.stack.top
    click(app, history.stats_b.rect.center)
    frames(app, 1)
    return app.stack.top


def test_with_only_bots_and_you_it_is_you(app, data_dir):
    players_games([[("You", "human"), ("Bellows", "hard")], [("Cogsworth", "easy"), ("Bellows", "easy")]])
    assert open_stats(app).player_c.value == "You"


def test_in_japanese_a_tally_takes_full_width_brackets_and_everyone_is_one_word(app, data_dir, monkeypatch, ja):
    """Japanese reads （50%）, as the rest of the app's Japanese does, and the player choice's
    "everyone" fits its button at the size of its neighbour's words."""
    make_records(data_dir)
    page = open_stats(app)
    said = spy_texts(monkeypatch)
    frames(app, 1)
    words = [t for t, _rect in said]
    tallies = [w for w in words if "/" in w and "%" in w]
    assert tallies and all("（" in w and "）" in w and "(" not in w for w in tallies), tallies
    open_history(app)
    said.clear()
    frames(app, 1)
    assert any(t.endswith("：全員") for t, _rect in said), [t for t, _r in said][:20]


def test_a_charts_figures_stand_level_with_the_heights_they_name(app, data_dir, monkeypatch):
    make_records(data_dir)
    page = open_stats(app)
    said = spy_texts(monkeypatch)
    frames(app, 1)
    for name in ("time", "spread"):
        area = page.charts[name]
        beside = [rect for _t, rect in said if rect is not None and rect.right <= area.x
                  and area.y - rect.h <= rect.centery <= area.bottom + rect.h]
        tops = [r for r in beside if abs(r.centery - area.y) <= 1]
        bottoms = [r for r in beside if abs(r.centery - area.bottom) <= 1]
        assert tops and bottoms, (name, area, beside)


def alicematic_games(seeds=range(1, 7)) -> None:
    """Finished Alicematic games in the store (random bots; Ada in the first seat)."""
    from tests.storage_helpers import store
    from tests.test_history import played
    db = store()
    for seed in seeds:
        db.games.finish(None, played("alicematic", seed)[0])
    db.close()


def designer_page(app):
    page = open_stats(app)
    assert "alicematic:designer" in page.game_c.options  # Alicematic declares a balance report
    while page.game_c.value != "alicematic:designer":  # the Game choice's arrow, as a player does
        click(app, (page.game_c.rect.right - 4, page.game_c.rect.centery))
    frames(app, 1)
    return page


def test_the_designer_page_shows_the_balance_report_of_the_players_games(app, data_dir, monkeypatch):
    alicematic_games()
    page = designer_page(app)
    said = spy_texts(monkeypatch)
    frames(app, 1)
    words = [t for t, _rect in said]
    report = page.balance()
    start = report["by_players"]["3"]["win_share_by_turn_position"]["1"]
    assert report["games"] == 6 and "Game: Alicematic Eiketsuden (designer)" in words
    assert "Start player's win share" in words and "3 players (fair 33%)" in words
    assert f"{round(100 * start['value'])}% ({round(100 * start['low'])}\u2013" \
           f"{round(100 * start['high'])}%), n=6" in words
    assert "Winner's margin" in words and "Ended: every city held" in words
    assert "Win share by colour" in words and "Orange" in words  # the app colours its seats
    assert not page.player_c.enabled  # every seat counted, whoever the player
    assert not page.charts  # the report's rows have the page to themselves
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "history"


def test_the_designer_page_with_no_games_says_so(app, data_dir, monkeypatch):
    designer_page(app)
    said = spy_texts(monkeypatch)
    frames(app, 1)
    assert "No finished games of this kind yet." in [t for t, _rect in said]


def big_report() -> dict:
    """A report as long as the page gets: 1,000 games at each player count, every seat coloured,
    every card and tile seen, four-digit counts."""
    import random
    from game.alicematic.report import Game, report
    rng = random.Random(4)
    from game.alicematic.content import load_cards
    cards = sorted({f"{card.name} ({card.colour})" for card in load_cards()})
    games = []
    for n in (3, 4, 5):
        for _ in range(1000):
            winner = rng.randrange(n)
            games.append(Game(n, tuple(range(n)), tuple(rng.sample(range(6), n)),
                              tuple(float(p == winner) for p in range(n)),
                              tuple(rng.randrange(20, 80) for _ in range(n)), rng.choice((12, 14)),
                              rng.choice(("round_14", "every_city_held")),
                              tuple(frozenset(rng.sample(cards, 5)) for _ in range(n)),
                              tuple((f"Tile {t}", rng.randrange(n)) for t in range(1, 16))))
    return report(games)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_designer_page_fits_the_smallest_and_the_usual_window(app, data_dir, lang):
    """Every row of the page drawn, whole and inside its box, at 640x360 and 1280x720, in
    Japanese without an English word the catalogue translates."""
    from scenes.alicematic.stats import designer_page as rows_of
    from scenes.menus.settings import use_language
    from scenes.widgets import ui
    from tests.test_fit import english_messages, problems_of, show_at
    alicematic_games(range(1, 3))
    use_language(lang)
    try:
        page = designer_page(app)
        page._balance["alicematic"] = big_report()
        rows = rows_of(page.balance())
        assert len(rows) > 25
        for size in ((640, 360), (1280, 720)):
            show_at(app, size, "normal")
            with ui.noting_texts() as noted:
                app.draw()
            drawn = {t.wanted for t in noted}
            assert not [label for label, _figure in rows if label not in drawn], size
            assert not problems_of(noted, lang, english_messages()), size
    finally:
        use_language("en")
        show_at(app, (1280, 720), "normal")


def test_the_designer_pages_report_is_kept_until_a_game_is_finished(app, data_dir):
    alicematic_games(range(1, 3))
    assert designer_page(app).balance()["games"] == 2
    key(app, pygame.K_ESCAPE)
    assert designer_page(app).balance()["games"] == 2  # (kept: the same games)
    key(app, pygame.K_ESCAPE)
    alicematic_games(range(3, 4))
    assert designer_page(app).balance()["games"] == 3
