"""Cementopia's end screen says what a player reached (issue 41, item 13): the rulebook's target
reached or the first one missed, which best is new and which is which, every name on the board
readable; History marks the games that had help."""

from __future__ import annotations

import pytest

from game.cementopia.record import new_session
from game.cementopia.setup import MAXIMUM, TARGETS, next_target, target_reached
from game.core.commands import mark_help
from scenes.art.cards import plaque_rect
from scenes.cementopia import draw
from scenes.config import GameConfig, Seat

from tests.ui_helpers import frames, spy_texts


def played(seed: int, hint: bool = False):
    """A deal played with the first legal placement each time (seed 33: complete, 1 point;
    seed 13: complete, 9 points; seed 6: stuck)."""
    session = new_session(seed)
    if hint:
        mark_help(session.meta, "hint")
    while not session.state.is_over():
        session.play(session.state.legal_actions()[0])
    return session


def end_screen(app, session, best, improved=True):
    end = app.make("cementopia_end", session=session, config=GameConfig([Seat("You")], None, 1, "cementopia"),
                   best=best, improved=improved)
    app.stack.push(end)
    frames(app, 2)
    return end


def said(app, texts) -> str:
    """Everything one frame writes on screen, in drawing order (a wrapped line joined again)."""
    texts.clear()
    frames(app, 1)
    return " ".join(string for string, rect in texts if rect is not None)


def test_the_targets_are_the_rulebooks():
    assert TARGETS == (8, 10, 12) and MAXIMUM == 16
    assert target_reached(7) is None and target_reached(8) == 8 and target_reached(11) == 10
    assert target_reached(16) == 16 and target_reached(12, complete=False) is None
    assert next_target(1) == 8 and next_target(12) == 16 and next_target(16) is None
    assert list(draw.TARGET_WORDS) == [8, 10, 12, 16]


def test_a_complete_network_under_the_first_target_is_not_cheered(app, monkeypatch):
    texts = spy_texts(monkeypatch)
    session = played(33, hint=True)
    assert session.state.outcome == "complete" and session.state.score() < TARGETS[0]
    end_screen(app, session, {"best": 1, "unassisted_best": None})
    shown = said(app, texts)
    assert "Complete, short of the first target (8)" in shown
    assert "Puzzle complete" not in shown and "reached" not in shown
    assert shown.index("New personal best for this deal, with help!") < shown.index(
        "Personal best for this deal: 1, with help") < shown.index("Best without help: none yet")
    assert "Hint used: this attempt counts as assisted." in shown


def test_a_reached_target_is_named_and_the_new_best_says_which_best(app, monkeypatch):
    texts = spy_texts(monkeypatch)
    session = played(13)
    assert session.state.score() == 9
    # this attempt without help beat the help-free best; the best with help stays 12
    end_screen(app, session, {"best": 12, "unassisted_best": 9})
    shown = said(app, texts)
    assert "Complete: target 8 reached!" in shown
    lines = ["New best without help for this deal!", "Personal best for this deal: 12, with help",
             "Best without help: 9"]
    assert shown.index(lines[0]) < shown.index(lines[1]) < shown.index(lines[2])
    assert "New personal best" not in shown


def test_a_best_without_help_is_named_once(app, monkeypatch):
    texts = spy_texts(monkeypatch)
    end_screen(app, played(13), {"best": 9, "unassisted_best": 9})
    shown = said(app, texts)
    assert "New personal best for this deal, without help!" in shown
    assert "Personal best for this deal: 9, without help" in shown
    assert "Best without help" not in shown


def test_a_stuck_attempt_reaches_no_target(app, monkeypatch):
    texts = spy_texts(monkeypatch)
    session = played(6)
    assert session.state.outcome == "stuck"
    end_screen(app, session, None, improved=False)
    shown = said(app, texts)
    assert "Stuck: no hand card fits" in shown and "A stuck attempt is not ranked." in shown
    assert "Personal best for this deal: none yet" in shown


def test_every_name_plate_on_the_board_shows_whole(app):
    """A card placed just below another (touching, or one row apart) would cover that card's
    name: the plate is drawn over it, so the pixels there are the upper card's own plate."""
    session = played(13)
    end = end_screen(app, session, None)
    where = {(x, y): card for card, x, y in session.state.placed}
    under = [(card, x, y, gap) for (x, y), card in where.items() for gap in (5, 6) if (x, y + gap) in where]
    assert {gap for *_, gap in under} == {5, 6}  # this deal has both
    app.draw()
    for card, x, y, _gap in under:
        rect = end.cam.card_rect(end.board, x, y)
        plate = plaque_rect(rect.w, rect.h)
        face = end.sprites.doll(card, end.cam.w)
        on_screen = app.screen.subsurface(plate.move(rect.topleft))
        for px in ((plate.w // 2, plate.h // 2), (plate.w // 4, plate.h - 2), (3 * plate.w // 4, plate.h - 2)):
            seen, own = on_screen.get_at(px), face.get_at((plate.x + px[0], plate.y + px[1]))
            assert max(abs(a - b) for a, b in zip(seen[:3], own[:3])) <= 4, (card, px, seen, own)


@pytest.mark.parametrize("helps", [["hint"], []])
def test_history_marks_a_game_that_had_help(app, data_dir, monkeypatch, helps):
    from game.core.records import record_of
    from tests.storage_helpers import store
    from tests.ui_helpers import click
    session = played(13)
    if helps:
        mark_help(session.meta, helps[0])
    db = store()
    db.games.finish(None, record_of(session))
    db.close()
    app.stack.push(app.make("title"))
    frames(app, 2)
    click(app, app.stack.top.history.rect.center)
    texts = spy_texts(monkeypatch)
    frames(app, 1)
    shown = {string for string, _rect in texts}
    assert ("assisted" in shown) == bool(helps)
    assert "complete" in shown  # the result stays beside the mark
