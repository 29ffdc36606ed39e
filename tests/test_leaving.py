"""Leaving a game (the window's close button, Quit, Title screen) and Continue bringing it back,
Restart and Concede in the pause menu, and the shared yes/no overlay: real tables of every
registered game, synthesized keys and clicks."""

import os
import re
import signal

import pygame
import pytest

from game.core import records, registry
from game.assemble.setup import Rules as AssembleRules
from game.grayblock.setup import Rules as GrayRules
from scenes import games
from scenes.config import GameConfig, Seat
from scenes.menus.confirm import Confirm
from scenes.menus.pause import PauseMenu
from scenes.menus.title import TitleScene
from storage_helpers import bests, finished_records, has_game_in_progress, in_progress, store
from ui_helpers import click, frames, key, post, top, wait_for

HOT_SEAT = [Seat("Ada", "human", 0), Seat("Bo", "human", 1)]


def open_game(app, config, moves=1):
    table = app.stack.push(app.make(config.scene, config=config))
    frames(app, 2)
    for _ in range(moves):
        if getattr(table, "result_index", None) is not None:
            table.next_hand()
        assert table.play(table.state.legal_actions()[0])
    return table


def grayblock(seats, seed=5):
    return GameConfig(seats, GrayRules(), seed, "grayblock", 100)


def against_bots(game, seed=5) -> GameConfig:
    """Ada against random bots at the game's smallest table (alone in a solo game), its base rules."""
    seats = [Seat("Ada", "human", 2)] + [Seat(f"Bot {i}", "random", (2 + i) % 6)
                                         for i in range(1, min(game.player_counts))]
    return GameConfig(seats, registry.rules_of(game.id, {}), seed, game.id)


def first_move(app, table) -> None:
    """Ada's first move, once the bots before her have played."""
    wait_for(app, lambda: table.state.current_player() in table.humans)
    assert table.play(table.state.legal_actions()[0])


def moves_of(record: dict) -> int:
    return len(records.replay(record).history.actions)


EVERY_GAME = pytest.mark.parametrize("game", registry.GAMES, ids=registry.ids())


def close_window(app):
    post(app, pygame.event.Event(pygame.QUIT))


def saved_record(table):
    """The table's game as kept among the games in progress."""
    table.saves.service.flush()
    assert table.saves.service.game_id is not None and table.saves.service.saved
    db = store()
    try:
        return db.games.record(table.saves.service.game_id)
    finally:
        db.close()


def archived(data_dir):
    return finished_records()


# --- the yes/no overlay ------------------------------------------------------------------------

def test_confirm_answers_by_key_and_click_and_pops_itself_first(app):
    base = app.stack.push(app.make("title"))
    said = []
    for keys, answer in (([pygame.K_RETURN], "yes"), ([pygame.K_y], "yes"), ([pygame.K_ESCAPE], "no"),
                         ([pygame.K_n], "no"), ([pygame.K_TAB, pygame.K_RETURN], "no")):
        ask = app.stack.push(app.make("confirm", question="Really?", yes="Yes", no="No",
                                      on_yes=lambda: said.append(("yes", top(app))),
                                      on_no=lambda: said.append(("no", top(app)))))
        assert isinstance(ask, Confirm) and not ask.opaque
        for k in keys:
            key(app, k)
        assert said[-1] == (answer, base)  # popped before its callback ran
    ask = app.stack.push(app.make("confirm", question="Really?", yes="Yes", no="No",
                                  on_yes=lambda: said.append(("yes", None))))
    frames(app, 1)
    click(app, ask.no_b.rect.center)  # no on_no: just closes
    assert top(app) is base and said[-1] == ("no", base)
    ask = app.stack.push(app.make("confirm", question="Really?", yes="Yes", no="No",
                                  on_yes=lambda: said.append(("clicked", None))))
    click(app, ask.yes_b.rect.center)
    assert said[-1] == ("clicked", None) and top(app) is base


# --- leaving ---------------------------------------------------------------------------------

def together(info) -> GameConfig:
    """Humans only at the game's smallest table with more than one seat (alone in a solo game):
    a hot-seat game wherever the game has one."""
    game = registry.info(info.game)
    count = min((n for n in game.player_counts if n > 1), default=min(game.player_counts))
    seats = [Seat(name, "human", i) for i, name in enumerate(["Ada", "Bo", "Cy", "Di", "Eve"][:count])]
    return GameConfig(seats, registry.rules_of(game.id, {}), 5, game.id)


EVERY_TABLE = pytest.mark.parametrize("info", games.GAMES, ids=[i.game for i in games.GAMES])


@EVERY_TABLE
def test_closing_the_window_saves_and_quits_without_a_question(app, info):
    table = open_game(app, together(info))
    close_window(app)
    assert not app.running and not isinstance(top(app), Confirm)
    assert moves_of(saved_record(table)) == 1  # Continue brings it back, its move kept


@EVERY_TABLE
def test_sigterm_saves_and_quits_without_a_question(data_dir, monkeypatch, info):
    """A real SIGTERM (a logout, a shutdown, kill) to the window's own frame loop (App.run)."""
    from scenes.app.window import App, AppOptions
    tables, drawn = [], [0]
    real_draw = App.draw

    def draw(self):
        real_draw(self)
        drawn[0] += 1
        if drawn[0] == 1:
            tables.append(open_game(self, together(info)))
        elif drawn[0] == 3:
            os.kill(os.getpid(), signal.SIGTERM)
        elif drawn[0] > 200:
            self.quit(9)  # (still running: the test fails, it does not hang)
    monkeypatch.setattr(App, "draw", draw)
    guard = signal.signal(signal.SIGTERM, lambda *_: None)  # never this test process's end
    try:
        code = App(AppOptions(size=(1280, 720))).run()
    finally:
        signal.signal(signal.SIGTERM, guard)
    assert code == 0 and drawn[0] < 200
    [table] = tables
    assert moves_of(saved_record(table)) == 1


def test_esc_on_the_title_asks_before_quitting(app):
    title = app.stack.push(app.make("title"))
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    ask = top(app)
    assert isinstance(ask, Confirm) and ask.question == "Quit Alice Assemble?" and app.running
    key(app, pygame.K_ESCAPE)  # Esc again: Stay
    assert top(app) is title and app.running
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # Quit
    assert not app.running
    close = app.stack.push(app.make("title"))
    app.running = True
    frames(app, 1)
    click(app, close.quit.rect.center)  # the Quit button is the answer already
    assert not app.running


def test_closing_the_window_while_the_title_asks_quits(app):
    app.stack.push(app.make("title"))
    key(app, pygame.K_ESCAPE)
    close_window(app)
    assert not app.running


@pytest.mark.parametrize("button", ["quit_b", "title_b"])
def test_pause_menu_quit_and_title_ask_in_hot_seat(app, button):
    table = open_game(app, GameConfig(HOT_SEAT, AssembleRules(), 3, "assemble"))
    menu = app.stack.push(app.make("menu", table=table))
    frames(app, 1)
    click(app, getattr(menu, button).rect.center)
    ask = top(app)
    assert isinstance(ask, Confirm)
    click(app, ask.no_b.rect.center)
    assert top(app) is menu and app.running and table in app.stack.scenes
    click(app, getattr(menu, button).rect.center)
    click(app, top(app).yes_b.rect.center)
    if button == "quit_b":
        assert not app.running
    else:
        assert isinstance(top(app), TitleScene) and len(app.stack) == 1 and app.running
    assert saved_record(table)["actions"]  # the game is there for Continue


@EVERY_GAME
def test_a_game_against_bots_or_alone_just_saves_and_quits(app, game):
    table = open_game(app, against_bots(game), moves=0)  # not a move yet: saved on the way out
    close_window(app)
    assert not app.running and not isinstance(top(app), Confirm)
    assert [p["seat"] for p in saved_record(table).get("players", [])][1:] == \
        ["random"] * (min(game.player_counts) - 1)


@EVERY_GAME
def test_quit_from_the_pause_menu_saves_the_move_and_quits_without_asking(app, game):
    table = open_game(app, against_bots(game), moves=0)
    first_move(app, table)
    menu = app.stack.push(app.make("menu", table=table))
    click(app, menu.quit_b.rect.center)
    assert not app.running and moves_of(saved_record(table)) >= 1


@EVERY_GAME
def test_continue_on_the_title_screen_resumes_the_game_left(app, game):
    table = open_game(app, against_bots(game), moves=0)
    first_move(app, table)
    wait_for(app, lambda: table.state.is_over() or table.state.current_player() in table.humans)
    state = table.state.clone()
    app.stack.clear_to(app.make("title"))  # the table closes: its last moves are saved
    frames(app, 2)
    title = top(app)
    assert title.cont.enabled
    click(app, title.cont.rect.center)
    listed = top(app)
    assert listed.name == "continue" and [g.game for g in listed.games] == [game.id]
    key(app, pygame.K_RETURN)
    resumed = top(app)
    assert resumed.name == table.name and resumed.state == state
    assert resumed.config.rules == table.config.rules
    assert game.solo or resumed.config.seats == table.config.seats  # a solo record names nobody


def test_the_demo_never_asks(app):
    app.demo = True
    open_game(app, grayblock(HOT_SEAT))
    close_window(app)
    assert not app.running and not has_game_in_progress()


def test_no_question_once_the_game_is_over_or_away_from_a_game(app):
    app.stack.push(app.make("setup"))
    close_window(app)
    assert not app.running


def test_finished_hot_seat_match_leaves_without_asking(app):
    table = open_game(app, GameConfig(HOT_SEAT, GrayRules(), 5, "grayblock", 1), moves=0)
    while not table.state.is_over():
        if table.result_index is not None:
            table.next_hand()
        table.play(table.state.legal_actions()[0])
    menu = app.stack.push(app.make("menu", table=table))
    assert menu.restart_b not in menu.ring.widgets and menu.concede_b not in menu.ring.widgets
    close_window(app)
    assert not app.running


# --- restart ---------------------------------------------------------------------------------

def test_restart_asks_then_deals_afresh_with_the_same_seats_and_rules(app, data_dir):
    config = GameConfig([Seat("Ada", "human", 3), Seat("Bo", "human", 1), Seat("Cy", "easy", 2)],
                        GrayRules(True), 5, "grayblock", 150)
    table = open_game(app, config)
    saved_record(table)
    menu = app.stack.push(app.make("menu", table=table))
    frames(app, 1)
    click(app, menu.restart_b.rect.center)
    key(app, pygame.K_ESCAPE)  # Cancel: the game goes on
    assert top(app) is menu and table in app.stack.scenes
    click(app, menu.restart_b.rect.center)
    assert "new deal" in top(app).detail
    key(app, pygame.K_RETURN)
    fresh = top(app)
    assert fresh is not table and len(app.stack) == 1 and fresh.name == "grayblock"
    assert [(s.name, s.kind, s.colour) for s in fresh.config.seats] == \
        [("Ada", "human", 3), ("Bo", "human", 1), ("Cy", "easy", 2)]
    assert fresh.state.rules.water_veins and fresh.state.target == 150
    assert fresh.session.history.actions == [] and fresh.state.deals[0] != table.state.deals[0]
    record = saved_record(fresh)  # Continue brings the new game, not the dropped one
    assert record["hands"][0]["deal"] == [list(h) for h in fresh.state.deals[0]]
    assert not record["hands"][0]["actions"]
    assert [g.id for g in in_progress()] == [fresh.saves.service.game_id]
    assert not finished_records()  # and not kept among the finished


@EVERY_GAME
def test_restart_keeps_the_seats_and_rules_on_a_fresh_deal(app, game):
    config = against_bots(game)
    table = open_game(app, config, moves=0)
    menu = app.stack.push(app.make("menu", table=table))
    frames(app, 1)
    click(app, menu.restart_b.rect.center)
    assert "new deal" in top(app).detail
    key(app, pygame.K_RETURN)
    fresh = top(app)
    assert fresh is not table and len(app.stack) == 1 and fresh.name == table.name
    assert fresh.config.seats == config.seats and fresh.config.rules == config.rules
    assert fresh.session.meta["seed"] != config.seed and moves_of(saved_record(fresh)) == 0


@pytest.mark.parametrize("game", [g for g in registry.GAMES if g.daily_seed], ids=lambda g: g.id)
def test_restart_of_todays_deal_is_todays_deal_again(app, game):
    config = GameConfig([Seat("Ada")], registry.rules_of(game.id, {}), game.daily_seed(), game.id)
    table = open_game(app, config, moves=0)
    menu = app.stack.push(app.make("menu", table=table))
    click(app, menu.restart_b.rect.center)
    assert "Today's deal" in top(app).detail
    key(app, pygame.K_y)
    fresh = top(app)
    assert fresh.name == table.name and fresh.session.meta["seed"] == game.daily_seed()
    assert fresh.session.meta.get("daily") and not fresh.session.history.actions


# --- concede ---------------------------------------------------------------------------------

@EVERY_GAME
def test_concede_against_bots_or_alone_archives_the_game_as_given_up(app, data_dir, game):
    table = open_game(app, against_bots(game), moves=0)
    first_move(app, table)
    saved_record(table)
    menu = app.stack.push(app.make("menu", table=table))
    frames(app, 1)
    click(app, menu.concede_b.rect.center)
    ask = top(app)
    assert re.search("You give up|given up", ask.detail)
    click(app, ask.no_b.rect.center)
    assert top(app) is menu
    click(app, menu.concede_b.rect.center)
    click(app, top(app).yes_b.rect.center)
    assert isinstance(top(app), TitleScene) and len(app.stack) == 1
    [record] = archived(data_dir)
    assert record["conceded"] == [0] and "result" not in record and moves_of(record) >= 1
    assert game.solo or record["players"][0]["name"] == "Ada"
    assert not has_game_in_progress()
    frames(app, 1)
    assert not top(app).cont.enabled  # nothing to continue


def test_concede_in_hot_seat_names_the_humans(app, data_dir):
    table = open_game(app, grayblock([Seat("Ada", "human", 0), Seat("Bot", "easy", 1),
                                      Seat("Bo", "human", 2)]), moves=0)
    menu = app.stack.push(app.make("menu", table=table))
    click(app, menu.concede_b.rect.center)
    assert "Ada and Bo give up" in top(app).detail
    key(app, pygame.K_RETURN)
    [record] = archived(data_dir)
    assert record["conceded"] == [0, 2] and "result" not in record


def test_concede_a_cementopia_attempt_keeps_no_best(app, data_dir):
    table = open_game(app, GameConfig([Seat("Ada")], None, 3, "cementopia"), moves=2)
    menu = app.stack.push(app.make("menu", table=table))
    click(app, menu.concede_b.rect.center)
    key(app, pygame.K_RETURN)
    [record] = archived(data_dir)
    assert record["conceded"] == [0] and "result" not in record and len(record["actions"]) == 2
    assert not bests()


@EVERY_GAME
def test_pause_menu_fits_at_every_size(app, game):
    from tests.ui_helpers import resize
    table = open_game(app, against_bots(game), moves=0)
    menu = app.stack.push(app.make("menu", table=table))
    assert isinstance(menu, PauseMenu)
    for size in [(640, 360), (1280, 720), (1920, 1080), (1000, 900)]:
        resize(app, size)
        frames(app, 1)
        shown = menu.ring.widgets
        assert len(shown) == 8
        for b in shown:
            assert menu.panel.contains(b.rect)
        assert menu.panel.bottom <= size[1]
        for a, b in zip(shown, shown[1:]):
            assert a.rect.bottom < b.rect.top
