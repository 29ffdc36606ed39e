"""The step-by-step final scoring reads cleanly (issue 41, item 14): each card's index on its
own tag, apart from its neighbours'; the module rows in one format; "1 pt", never "1 pts"."""

from __future__ import annotations

import random
import re

import pytest

from game.assemble.record import new_session
from scenes.art.metrics import STRIP
from scenes.assemble import scoring
from scenes.config import GameConfig, Seat
from tests.ui_helpers import frames, resize, spy_texts

SEED = 5  # a random game whose first lane has six modules, three of them not scored


def scoring_scene(app):
    session = new_session(SEED, [{"name": "You", "seat": "human"}, {"name": "Bellows", "seat": "easy"}])
    pick = random.Random(SEED)
    while not session.state.is_over():
        session.play(pick.choice(session.state.legal_actions()))
    scene = app.make("scoring", session=session,
                     config=GameConfig([Seat("You", colour=2), Seat("Bellows", "easy", 0)], None, SEED, "assemble"))
    app.stack.push(scene)
    frames(app, 2)
    return scene


def test_every_index_sits_on_its_own_tag_inside_its_strip(app, monkeypatch):
    tags = []
    real = scoring.index_tag
    monkeypatch.setattr(scoring, "index_tag", lambda surface, card, x, y, cw: tags.append(
        (card, x, cw, real(surface, card, x, y, cw))) or tags[-1][-1])
    scene = scoring_scene(app)
    scene.advance()  # the whole lane
    for phase in ("lanes", "summary"):
        tags.clear()
        frames(app, 1)
        assert tags, phase
        for card, x, cw, box in tags:
            assert x <= box.x and box.right <= x + STRIP * cw, (phase, card)  # inside its strip
        by_line = sorted(tags, key=lambda t: (t[3].y, t[3].x))
        for (_c, _x, _w, a), (_d, _y, _v, b) in zip(by_line, by_line[1:]):
            if a.y == b.y:
                assert b.x - a.right >= 1, phase  # a gap between neighbours: numbers never run together
        scene.skip()


@pytest.mark.parametrize("size", [(1280, 720), (800, 450), (640, 360)])
def test_the_module_rows_keep_one_format(app, monkeypatch, size):
    scene = scoring_scene(app)
    resize(app, size)
    lane = scene.lanes[0]
    assert any(m.scored for m in lane.modules) and any(not m.scored for m in lane.modules)
    scene.advance()
    texts = spy_texts(monkeypatch)
    frames(app, 1)
    shown = [s for s, rect in texts if rect is not None and scene.side.contains(rect)]
    full = [s for s in shown if re.fullmatch(r"size \d+ = \d+ pts?", s)]
    short = [s for s in shown if re.fullmatch(r"\d+ pts?", s)]
    assert len(full) + len(short) >= len(lane.modules) and not (full and short), shown
    marks = [s for s in shown if s in ("not scored", "\u2013")]
    assert len(set(marks)) == 1 and len(marks) == sum(not m.scored for m in lane.modules), shown
    assert not any(re.search(r"\b1 pts\b", s) for s in shown)
    if size == (1280, 720):
        assert "size 1 = 1 pt" in full and marks[0] == "not scored"

