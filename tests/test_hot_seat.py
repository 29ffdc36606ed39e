"""Hot seat, the same in every game (scenes/table/hotseat.py): each registered game that more than
one person can play, at its real table, by humans sharing the screen and by one human against
bots, driven with synthesized keys and clicks. Bots and hints decide at once, in this process
(conftest.bots_at_once): nothing here waits on a clock."""

import dataclasses

import pygame
import pytest

from game.core.registry import GAMES, game_module
from game.core.words import whose
from scenes.config import GameConfig, Seat
from scenes.menus.confirm import Confirm
from scenes.menus.pause import LEAVE_QUESTION, PauseMenu
from scenes.menus.title import TitleScene
from scenes.table import look
from ui_helpers import click, frames, key, post, settle, spy_texts, top

# every game more than one person can play (a solo game has no hot seat)
TOGETHER = [info.id for info in GAMES if max(info.player_counts) > 1]
NAMES = ["Ada", "Bo", "Cy", "Di", "Eve"]
UNDO = (pygame.K_z, pygame.KMOD_CTRL)


def open_table(app, game, kinds):
    """`game`'s table with a seat of each kind ("human", or a bot level), free undo."""
    seats = [Seat(NAMES[i], kind, i) for i, kind in enumerate(kinds)]
    config = GameConfig(seats, game_module(game).parse_rules(""), 5, game, undo="free")
    table = app.stack.push(app.make(config.scene, config=config))
    frames(app, 2)
    return table


def fewest(game) -> int:
    return min(n for n in game_module(game).PLAYER_COUNTS if n > 1)


def humans(app, game):
    """A hot-seat table past the turns where nothing secret is on show (Alicematic's bases: every
    hand hidden, no pass screen between them)."""
    table = open_table(app, game, ["human"] * fewest(game))
    while table.seat.between_turns():
        assert table.seat.pass_screen_for() is None and table.seat.shown_to() is None and table.can_act()
        pass_on(app, table)
    return table


def nothing_secret(table) -> bool:
    """Every player sees the same of the game (the engine's views, less whose view it is)."""
    views = [dataclasses.replace(table.state.view(p), player=0) for p in range(len(table.config.seats))]
    return all(view == views[0] for view in views)


def name(table, player) -> str:
    return table.config.seats[player].name


def landed(app, table) -> None:
    """The moves made have landed, and shown the moment a table gives them before a pass screen
    (Grayblock: a human's move, every hand face down)."""
    settle(app, table, busy=lambda t: t.motion.flights or getattr(t, "moment", None) is not None)


def seat(app, table) -> None:
    """Whoever is to move sits down: "I am NAME" on the pass screen, if the table shows one."""
    landed(app, table)
    player = table.seat.pass_screen_for()
    if player is not None:
        frames(app, 1)
        click(app, table.seat.screen.button.rect.center)
        assert table.seat.pass_screen_for() is None and table.seat.shown_to() == player


def pass_on(app, table) -> list:
    """The player to move plays (the first legal move) until someone else is to move; the log's
    lines for those moves."""
    mover, start = table.state.current_player(), len(table.log)
    while table.state.current_player() == mover:
        assert table.play(table.state.legal_actions()[0])
        frames(app, 1)
    landed(app, table)
    return table.log[start:]


def drawn(app, texts) -> list[str]:
    """The strings one frame draws."""
    texts.clear()
    frames(app, 1)
    return [string for string, _rect in texts if string.strip()]


def pass_screen_words(table, player) -> list[str]:
    """Everything the pass screen for `player` says (each drawn line is part of one of them)."""
    who = name(table, player)
    return ["HOT SEAT \u00b7 HANDS HIDDEN", f"Pass to {who}", f"It is {whose(who)} turn.",
            table.seat.hidden().format(name=who, whose=whose(who)), "Since your last turn",
            f"I am {who}",
            "click or press Enter"] + table.seat.news_for(player)


@pytest.mark.parametrize("game", TOGETHER)
def test_the_pass_screen_hides_the_table_until_the_next_human_confirms(app, game, monkeypatch):
    texts = spy_texts(monkeypatch)
    table = humans(app, game)
    # a game hides hands behind a pass screen exactly when its players see different things
    assert (table.seat.hidden() is None) == nothing_secret(table)
    if table.seat.hidden() is None:  # nothing to hide: the turn goes straight on, as at a board
        for _ in range(4):
            assert table.seat.pass_screen_for() is None and table.seat.shown_to() == table.state.current_player()
            pass_on(app, table)
        return
    for _ in range(3):
        player = table.state.current_player()
        assert table.seat.pass_screen_for() == player and table.seat.shown_to() is None and not table.can_act()
        words = pass_screen_words(table, player)
        shown = drawn(app, texts)
        assert f"Pass to {name(table, player)}" in shown
        assert all(any(s in w for w in words) for s in shown), [s for s in shown if not any(s in w for w in words)]
        key(app, pygame.K_h)  # the table behind it takes nothing: no hint for anyone
        assert table.hints.turns.hint is None and not table.hints.turns.hint_pending
        key(app, pygame.K_RETURN)  # "I am NAME"
        assert table.seat.pass_screen_for() is None and table.seat.shown_to() == player
        frames(app, 30)
        assert table.can_act()
        pass_on(app, table)


@pytest.mark.parametrize("game", TOGETHER)
def test_the_news_tells_what_the_others_did_and_a_hint_stays_private(app, game, monkeypatch):
    texts = spy_texts(monkeypatch)
    table = humans(app, game)
    seat(app, table)
    ada = table.state.current_player()
    key(app, pygame.K_h)
    frames(app, 2)
    private = [e for e in table.log if isinstance(e, look.Private)]
    assert private and all(e.player == ada for e in private)
    assert f"Hint for {name(table, ada)}: " in private[0] and private[0] in table.logbook.visible()
    pass_on(app, table)  # Ada's move
    since = []  # the others' moves, in the log's words
    while table.state.current_player() != ada:  # the others: never Ada's hint, in the log or the news
        player = table.state.current_player()
        assert table.seat.pass_screen_for() in (None, player)
        if table.seat.pass_screen_for() is not None:
            assert not any("Hint" in e for e in table.seat.news_for(player))
            assert not any("Hint" in s for s in drawn(app, texts))
        seat(app, table)
        assert not any(isinstance(e, look.Private) for e in table.logbook.visible())
        since += pass_on(app, table)
    public = [e for e in since if not isinstance(e, look.Private)]
    assert public
    if table.seat.hidden() is None:  # no pass screen: the log on the table says it
        assert table.seat.pass_screen_for() is None and table.logbook.visible()[-len(public):] == public
        return
    news = table.seat.news_for(ada)
    assert table.seat.pass_screen_for() == ada and news == public[-6:]
    assert not any("Hint" in e for e in news)  # not even Ada's own: anyone may be looking
    shown = drawn(app, texts)
    assert "Since your last turn" in shown and any(s in news[-1] for s in shown)


@pytest.mark.parametrize("game", TOGETHER)
def test_undoing_another_humans_move_asks_them_first(app, game):
    table = humans(app, game)
    seat(app, table)
    ada = table.state.current_player()
    for bo_seated in (False, True):  # Ctrl+Z on Bo's pass screen (if the table has one), on Bo's turn
        pass_on(app, table)
        bo = table.state.current_player()
        if bo_seated:
            seat(app, table)
        before, count = table.state.clone(), len(table.session.history)
        key(app, *UNDO)
        ask = top(app)
        assert isinstance(ask, Confirm)
        assert (ask.question, ask.detail) == (f"Undo {name(table, ada)}'s move?",
                                              f"Only {name(table, ada)} may answer: Undo (Y) takes the "
                                              "move back, Keep it (N) keeps it.")
        key(app, pygame.K_n)  # Keep it
        assert top(app) is table and table.state == before and table.state.current_player() == bo
        key(app, *UNDO)
        key(app, pygame.K_y)
        assert top(app) is table and len(table.session.history) == count - 1
        assert table.state.current_player() == ada
        if table.seat.hidden() is not None:  # whoever pressed it, Ada's hand waits for Ada
            assert table.seat.pass_screen_for() == ada and table.seat.shown_to() is None
            seat(app, table)
        frames(app, 30)
        assert table.can_act()


@pytest.mark.parametrize("game", TOGETHER)
def test_leaving_a_hot_seat_game_by_the_menu_asks_first(app, game):
    table = humans(app, game)  # (the window's close button does not ask: tests/test_leaving.py)
    assert top(app) is table and app.running
    key(app, pygame.K_ESCAPE)  # (over the pass screen too)
    menu = top(app)
    assert isinstance(menu, PauseMenu)
    frames(app, 1)
    click(app, menu.title_b.rect.center)
    ask = top(app)
    assert isinstance(ask, Confirm) and ask.question == LEAVE_QUESTION
    click(app, ask.yes_b.rect.center)
    assert isinstance(top(app), TitleScene) and app.running


@pytest.mark.parametrize("game", TOGETHER)
def test_against_bots_nothing_of_hot_seat_shows(app, game):
    table = open_table(app, game, ["human"] + ["random"] * (fewest(game) - 1))

    def your_turn() -> None:
        """The bots play round to you: never a pass screen, the table yours throughout."""
        for _frame in range(600):
            assert table.seat.pass_screen_for() is None and table.seat.shown_to() == 0
            if table.can_act():
                return
            frames(app, 1, dt=0.1)
        raise AssertionError("the bots never passed the turn back")
    your_turn()
    pass_on(app, table)
    your_turn()
    key(app, pygame.K_h)
    frames(app, 2)
    hint = next(e for e in table.log if isinstance(e, look.HintLine))
    assert hint.startswith("Hint: ") and not any(isinstance(e, look.Private) for e in table.log)
    count = len(table.session.history)
    key(app, *UNDO)  # back over the bots' moves to your own: nobody to ask
    assert top(app) is table and len(table.session.history) < count
    post(app, pygame.event.Event(pygame.QUIT))
    assert not app.running and not isinstance(top(app), Confirm)


@pytest.mark.parametrize("auto", [True, False])
def test_auto_take_takes_the_drafts_last_card_in_hot_seat(app, auto):
    """Issue 41, item 15: with "auto-take the last card" on, the opening draft's last card goes
    by itself to the human who must take it, as the take phase's does; off, it waits for them."""
    from game.assemble.setup import TAKE
    from game.assemble.state import DRAFT
    from ui_helpers import wait
    table = open_table(app, "assemble", ["human", "human"])
    if table.auto_take.value != auto:
        click(app, table.auto_take.rect.center)  # the table's own toggle
    assert table.auto_take.value == auto and app.settings.get("auto_take_last", False) == auto
    state = table.state
    while len(state.field) > 1:
        assert state.phase == DRAFT
        table.play(state.legal_actions()[0])
        frames(app, 1)
    last, lane = state.field[0], state.active
    wait(app, 2.0)
    if auto:
        assert state.phase != DRAFT and table.session.history.actions[-1] == TAKE[lane][last]
    else:
        assert state.phase == DRAFT and state.field == [last]
