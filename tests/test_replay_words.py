"""Issue 59, item 6 (the playtest's B4 and B7) and the review's row 69: the review's summary
says "1 inaccuracy" (each count in its own form), the replay's log follows "X moved:" with no
empty space between, and a log shows whole entries, never a sentence's tail at its top."""

from __future__ import annotations

import functools
import json

import pygame
import pytest

from game.core import records
from game.bots import make_bot
from game.core.i18n import set_language
from game.services.play import play_out
from scenes.replay.review import ReviewScene, open_review
from scenes.widgets import ui
from tests.test_review_scene import finished, make_record
from tests.ui_helpers import frames, resize


@pytest.fixture(autouse=True)
def small_search(monkeypatch):
    monkeypatch.setattr(ReviewScene, "iterations", 4)


@functools.cache
def _bot_record(seed: int) -> str:
    module = records.game_module("assemble")
    seats = ["hard", "easy"]
    session = module.new_session(seed, [{"name": f"Hard {i + 1}", "seat": s} for i, s in enumerate(seats)],
                                 snapshots=False)
    # a fixed amount of search, not a think time: the same game on any machine, in a second
    play_out(session, {i: make_bot(s, "assemble", 50 + i, iterations=60, seats=seats)
                       for i, s in enumerate(seats)})
    return json.dumps(records.record_of(session))


def bot_record(seed: int = 5) -> dict:
    return json.loads(_bot_record(seed))


def test_the_review_summary_puts_each_count_in_its_own_form(app, monkeypatch):
    scene = open_review(app, make_record("assemble"))
    finished(app, scene)
    monkeypatch.setattr(type(scene.review), "mistakes", lambda self: {"inaccuracy": 1, "mistake": 1, "blunder": 0})
    said = scene.words_at(None)[1][0]
    assert said.startswith("1 inaccuracy, 1 mistake, 0 blunders in ") and said.endswith(" decisions")
    set_language("ja")
    try:
        assert scene.words_at(None)[1][0].endswith("手中、疑問手1・悪手1・大悪手0")
    finally:
        set_language("en")


def test_the_log_follows_who_moved_without_a_gap(app):
    viewer = app.make("replay", record=bot_record())
    app.stack.push(viewer)
    viewer.home()
    for _ in range(3):
        viewer.step(1)
    with ui.noting_texts() as drawn:
        frames(app)
    texts = [t for t in drawn if t.rect.colliderect(viewer.panel_box(app.screen, 1.0))]
    mover = next(t for t in texts if t.wanted.endswith("moved:"))
    below = sorted((t for t in texts if t.rect.top > mover.rect.bottom and t.rect.x - mover.rect.x < 10
                    and t.rect.left < mover.rect.right), key=lambda t: t.rect.top)
    assert below and below[0].wanted == "New game."
    assert below[0].rect.top - mover.rect.bottom < 2 * mover.rect.h  # the next line, not the panel's foot


def test_a_log_shows_whole_entries_only(app):
    """However many lines the newest entries take, the top line of the replay's log is the start
    of an entry."""
    viewer = app.make("replay", record=bot_record())
    app.stack.push(viewer)
    resize(app, (640, 360))  # a small panel: entries of two lines and more
    set_language("ja")
    try:
        starts = set()
        for _ in range(30):
            viewer.step(1)
            with ui.noting_texts() as drawn:
                frames(app)
            entries = [line for line, _current in viewer.log_entries()]
            box = viewer.panel_box(app.screen, 1.0)
            mover = next(t for t in drawn if t.wanted.endswith("の手：") or t.wanted == "Move:")
            log = sorted((t for t in drawn if box.contains(t.rect) and t.rect.top > mover.rect.bottom
                          and abs(t.rect.x - mover.rect.x) < 10), key=lambda t: t.rect.top)
            if log:
                starts.add(log[0].wanted)
                assert any(entry.startswith(log[0].wanted) for entry in entries), log[0].wanted
        assert starts
    finally:
        set_language("en")
