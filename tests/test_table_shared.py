"""What every game's table does the same way (scenes/table/base.py), tested once against each
game's real scene, driven with synthesized keys and clicks."""


import pygame
import pytest

from game.core import records
from game.assemble.setup import PLACE, TAKE
from game.assemble.setup import Rules as AssembleRules
from game.grayblock.setup import Action as GrayAction
from game.grayblock.setup import Rules as GrayRules
from game.cementopia.setup import Action as CementAction
from game.core.commands import STAGES
from scenes.config import GameConfig, Seat
from scenes.menus.pause import PauseMenu
from storage_helpers import finished_records, has_game_in_progress, latest_saved
from ui_helpers import answer, frames, key, settle, wait_for

TWO = [Seat("Ada", "human", 0), Seat("Bo", "human", 1)]
GAMES = {
    "assemble": GameConfig(TWO, AssembleRules(), 3, "assemble"),
    "grayblock": GameConfig(TWO, GrayRules(), 5, "grayblock", 10),
    "cementopia": GameConfig([Seat("You", "human", 0)], None, 3, "cementopia"),
}


def illegal(state):
    """A move the game refuses now."""
    if state.game == "assemble":
        legal = set(state.legal_actions())
        return next(a for a in TAKE[state.active] + PLACE[state.active] if a not in legal)
    if state.game == "grayblock":
        p = state.current_player()
        return GrayAction(p, next(c for c in range(32) if c not in state.hand(p)), "left")
    return CementAction(next(c for c in range(32) if c not in state.hand), 0, 0, 0)


@pytest.fixture(params=sorted(GAMES))
def table(request, app):
    config = GAMES[request.param]
    scene = app.make(config.scene, config=config)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def advance(scene, moves):
    """Play the first legal move `moves` times (past a finished Grayblock hand's panel)."""
    for _ in range(moves):
        if getattr(scene, "result_index", None) is not None:
            scene.next_hand()
        assert scene.play(scene.state.legal_actions()[0])


@pytest.mark.parametrize("mod", [pygame.KMOD_CTRL, pygame.KMOD_META], ids=["ctrl", "cmd"])
def test_undo_and_redo_keys_with_ctrl_and_cmd(app, table, mod):
    before = table.state.clone()
    advance(table, 3)
    after = table.state.clone()
    settle(app, table)
    for _ in range(3):
        key(app, pygame.K_z, mod)
        answer(app)  # hot seat: Ada's move taken back while Bo is to move (or the other way)
    assert table.state == before
    key(app, pygame.K_y, mod)
    key(app, pygame.K_z, mod | pygame.KMOD_SHIFT)  # the macOS redo
    key(app, pygame.K_y, mod)
    assert table.state == after
    key(app, pygame.K_z)  # without the modifier, Z is no undo
    assert table.state == after


def test_a_refused_move_changes_nothing_and_says_why(app, table):
    advance(table, 1)
    before, count = table.state.clone(), len(table.session.history.actions)
    toasts = len(app.toasts)
    assert not table.play(illegal(table.state))
    assert table.state == before and len(table.session.history.actions) == count
    assert len(app.toasts) == toasts + 1 and app.toasts[-1][0][:1].isupper()


def test_every_move_and_undo_is_kept_among_the_games_in_progress(app, table, data_dir):
    advance(table, 4)
    table.undoing.undo()
    table.saves.service.flush()
    session, record = latest_saved()
    assert session.state == table.state
    assert [p.get("colour") for p in record.get("players", [])] == \
           [s.colour for s in table.config.seats][:len(record.get("players", []))]


def test_escape_opens_the_pause_menu_and_leaving_drops_the_listeners(app, table):
    session = table.session
    assert [stage for stage, _ in session.listeners] == list(STAGES)  # one per stage, in order
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseMenu) and app.stack.top.table is table
    app.stack.top.to_title()
    if len(table.humans) >= 2:  # hot seat: leaving asks first (tests/test_leaving.py)
        key(app, pygame.K_RETURN)
    assert not session.listeners  # the closed table hears no more commands
    assert table.saves.service.flush(0)


def test_the_finished_game_leaves_the_games_in_progress_for_history(app, table, data_dir):
    while not table.state.is_over():
        advance(table, 1)
    assert table.finished and not table.undoing.can_undo()
    table.saves.service.flush()
    assert not has_game_in_progress()
    [record] = finished_records()
    records.verify(record)
    assert record["result"] and records.replay(record).state == table.state


def test_hint_comes_from_the_bot_and_is_never_played(app, table):
    advance(table, 1)
    before = table.state.clone()
    # landed, and past the moment a hot-seat table shows a move before its pass screen
    wait_for(app, lambda: not table.motion.flights and getattr(table, "moment", None) is None)
    if table.seat.pass_screen_for() is not None:
        table.seat.confirm_viewer()  # hot seat: the hint is for the player whose hand shows
    assert table.hints.can_hint()
    table.hints.ask()
    if app.stack.top is not table:  # Cementopia's first hint asks first (it marks the attempt)
        assert table.game == "cementopia" and app.stack.top.name == "confirm"
        app.stack.top.yes()
    wait_for(app, lambda: table.hints.turns.hint is not None)
    assert table.hints.turns.hint[0] in table.state.legal_actions()
    assert table.state == before
    assert any(line.startswith("Hint") for line in table.log) or table.game == "cementopia"


def test_a_move_that_reaches_the_session_otherwise_is_shown_and_logged(app, table):
    """A command submitted to the session, not through the table's play (a lesson's script, a
    test, the command path's queue): the table hears it, logs it and draws it (Grayblock's table
    looked for the card's flight from a drop it never had)."""
    settle(app, table)  # the first move of the game: the table has played none itself
    logged = len(table.log)
    if getattr(table, "result_index", None) is not None:
        table.next_hand()
    action, moves = table.state.legal_actions()[0], len(table.session.history.actions)
    table.session.play(action)
    frames(app, 2)
    assert len(table.session.history.actions) == moves + 1
    assert len(table.log) > logged or table.game == "cementopia"  # (its table keeps no log)
    settle(app, table)  # (what it sends flying lands)
