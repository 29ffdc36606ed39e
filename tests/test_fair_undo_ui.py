"""Fair undo, free undo and the hot-seat question, as a player meets them at the real tables."""

import pygame

from game.assemble.record import new_session
from game.assemble.setup import Rules
from game.core.commands import helps_words
from scenes.config import GameConfig, Seat
from scenes.menus.confirm import Confirm
from storage_helpers import latest_saved
from ui_helpers import click, frames, key, resume_latest, settle

NAMES = ["You", "Bellows", "Ratchet", "Cogsworth"]


def after_bots(mode, seed=3):
    """A table where You moved, then the bots did, and You are to move again."""
    seats = [Seat(n, "human" if i == 0 else "easy", i) for i, n in enumerate(NAMES)]
    session = new_session(seed, [s.to_json() for s in seats])
    moved = False
    while not (moved and session.state.current_player() == 0):
        moved = moved or session.state.current_player() == 0
        session.play(session.state.legal_actions()[0])
    assert session.history.steps[-1].actor != 0
    return GameConfig(seats, Rules(), seed, "assemble", undo=mode), session


def open_table(app, config, session=None):
    table = app.make(config.scene, config=config, session=session)
    app.stack.push(table)
    frames(app, 2)
    return table


def test_fair_undo_will_not_take_back_the_bots_moves_and_says_why(app):
    config, session = after_bots("fair")
    table = open_table(app, config, session)
    before, count = table.state.clone(), len(session.history)
    bot = session.history.steps[-1].actor
    assert not table.buttons[0].enabled  # Undo is greyed out
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.toasts[-1][0] == f"Fair undo: {NAMES[bot]} has moved since."
    click(app, table.buttons[0].rect.center)  # the greyed button says the same
    assert app.toasts[-1][0] == f"Fair undo: {NAMES[bot]} has moved since."
    assert table.state == before and len(session.history) == count
    assert not session.meta.get("assisted")


def test_fair_undo_takes_back_your_own_move_before_the_bots_reply(app):
    config, session = after_bots("fair")
    table = open_table(app, config, session)
    settle(app, table)
    assert table.state.phase == "place"
    before = table.state.clone()
    table.play(table.state.legal_actions()[0])  # placed: the take is still yours
    frames(app)
    assert table.state.current_player() == 0 and table.buttons[0].enabled
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.state == before and not session.meta.get("assisted")


def test_free_undo_goes_back_past_the_bots_marks_the_game_assisted_and_continue_keeps_it(app, data_dir):
    config, session = after_bots("free")
    table = open_table(app, config, session)
    count = len(session.history)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(session.history) < count and table.state.current_player() == 0
    assert session.meta["assisted"] and session.meta["helps"] == ["undo"]
    assert "assisted" in app.toasts[-1][0]
    table.saves.service.flush()
    resumed, record = latest_saved()
    assert record["assisted"] is True and record["helps"] == ["undo"]
    assert record["undo"] == "free"
    # Continue from the title: the same mode, still assisted
    title = app.stack.clear_to(app.make("title"))
    again = resume_latest(app)
    assert again is not title and again.session.meta["undo"] == "free" and not again.undoing.fair
    assert again.config.undo == "free" and again.session.meta["assisted"]


def test_continue_keeps_fair_undo(app, data_dir):
    config, session = after_bots("fair")
    table = open_table(app, config, session)
    table.saves.autosave()
    table.saves.service.flush()
    app.stack.clear_to(app.make("title"))
    again = resume_latest(app)
    assert again.session.meta["undo"] == "fair" and again.undoing.fair and not again.undoing.can_undo()


def hot_seat(app):
    seats = [Seat("Ada", "human", 0), Seat("Bo", "human", 1)]
    table = open_table(app, GameConfig(seats, Rules(), 3, "assemble"))
    while not (len(table.session.history)
               and table.session.history.steps[-1].actor != table.state.current_player()):
        table.play(table.state.legal_actions()[0])
    settle(app, table)
    return table


def test_hot_seat_asks_before_undoing_the_other_humans_move(app):
    table = hot_seat(app)
    mover = table.session.history.steps[-1].actor
    before, count = table.state.clone(), len(table.session.history)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    ask = app.stack.top
    assert isinstance(ask, Confirm)
    assert ask.question == f"Undo {['Ada', 'Bo'][mover]}'s move?"
    assert ask.detail == (f"Only {['Ada', 'Bo'][mover]} may answer: Undo (Y) takes the move back, "
                          "Keep it (N) keeps it.")  # who answers, with which button or key
    frames(app, 2)
    key(app, pygame.K_n)  # No: nothing changes
    assert app.stack.top is table and table.state == before and len(table.session.history) == count
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_ESCAPE)  # Esc is no as well
    assert app.stack.top is table and table.state == before
    click(app, table.buttons[0].rect.center)
    assert isinstance(app.stack.top, Confirm)
    click(app, app.stack.top.yes_b.rect.center)  # Yes: undone
    assert app.stack.top is table and len(table.session.history) == count - 1
    assert table.state.current_player() == mover
    assert not table.session.meta.get("assisted")


def test_your_own_move_in_hot_seat_is_undone_without_asking(app):
    table = hot_seat(app)
    while table.state.phase != "place":
        table.play(table.state.legal_actions()[0])
    settle(app, table)
    table.play(table.state.legal_actions()[0])  # placed: the take is still theirs
    assert table.session.history.steps[-1].actor == table.state.current_player()
    count = len(table.session.history)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.stack.top is table and len(table.session.history) == count - 1


def test_the_results_name_the_help():
    assert helps_words({"assisted": True, "helps": ["undo"]}) == "free undo"
    assert helps_words({"assisted": True, "helps": ["hint", "undo"]}) == "free undo and hint"
    assert helps_words({"assisted": True}) == "help"


def test_cementopia_end_says_hint_used_when_only_hint_was_used(app):
    from game.cementopia.record import new_session as solo
    from scenes.cementopia.end import CementopiaEndScene
    session = solo(4, [{"name": "You", "seat": "human"}])
    table = open_table(app, GameConfig([Seat("You")], None, 4, "cementopia"), session)
    table.hints.ask()
    app.stack.top.yes()  # the first hint asks first
    assert session.meta["assisted"] and session.meta["helps"] == ["hint"]
    end = CementopiaEndScene(app, session)
    assert end.help_used == "Hint used"
    assert ("Hint used: this attempt counts as assisted." in [t for t, _ in end.best_lines()])
    session.meta["helps"].append("undo")
    assert CementopiaEndScene(app, session).help_used == "Hint and undo used"
    session.meta["helps"] = ["undo"]
    assert CementopiaEndScene(app, session).help_used == "Undo used"


def test_setup_offers_the_undo_mode_remembers_it_and_hides_it_for_cementopia(app, monkeypatch):
    from scenes import registry
    from ui_helpers import DummyTable
    DummyTable.made = []
    monkeypatch.setitem(registry.SCENES, "table", DummyTable)
    scene = app.stack.push(app.make("setup"))
    frames(app)
    assert scene.undo.value == "fair" and scene.undo.rect.w > 0
    click(app, scene.undo.rect.center)
    assert scene.undo.value == "free"
    click(app, scene.start.rect.center)
    assert DummyTable.made[-1]["config"].undo == "free"
    assert app.settings["setup"]["undo"] == "free"
    again = app.stack.replace(app.make("setup"))
    assert again.undo.value == "free"
    again.game.set("cementopia")
    again._game_changed()
    assert again.undo.rect.w == 0 and again.undo not in again.ring.widgets


def test_the_confirm_overlay_answers_by_key_and_by_click(app):
    from ui_helpers import DummyTable
    below = app.stack.push(DummyTable(app))
    heard = []

    def ask():
        return app.stack.push(app.make("confirm", question="Undo Bo's move?", yes="Undo", no="Keep it",
                                       on_yes=lambda: heard.append("yes"),
                                       on_no=lambda: heard.append("no"), detail="Bo should agree."))
    for answer_key, expected in ((pygame.K_RETURN, "yes"), (pygame.K_y, "yes"),
                                 (pygame.K_ESCAPE, "no"), (pygame.K_n, "no")):
        ask()
        frames(app)
        key(app, answer_key)
        assert app.stack.top is below and heard[-1] == expected
    click(app, ask().no_b.rect.center)
    assert app.stack.top is below and heard[-1] == "no"
    click(app, ask().yes_b.rect.center)
    assert app.stack.top is below and heard == ["yes", "yes", "no", "no", "no", "yes"]
