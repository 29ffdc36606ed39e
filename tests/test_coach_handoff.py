"""The lesson's hand-off (issue 41, item 11): "Lesson: play on" says its words until the player's
own first move, the coach's panel never covers the log with the hint's reason nor the Grayblock
scoreboard, it is opaque, it is placed at layout time (a resize is right the same frame), and the
lesson says when it is complete."""

from __future__ import annotations

import pygame

from game.assemble.lesson import SCRIPT as ASSEMBLE
from scenes.assemble import draw as assemble_draw
from scenes.grayblock import draw as grayblock_draw
from scenes.tutorial import coach as coach_mod

from tests import lesson_helpers
from tests.test_lessons_assemble import play_lesson as play_assemble
from tests.test_lessons_grayblock import play_lesson as play_grayblock
from tests.ui_helpers import frames, key, resize, spy_texts, wait_for


def free_part(app):
    """The Assemble lesson, played by mouse and keys to its free part."""
    table = lesson_helpers.open_from_title(app, "assemble")
    play_assemble(app, table, until=lambda t: t.coach.lesson.free())
    frames(app, 1)
    return table


def test_play_on_says_its_words_until_the_players_own_move(app, data_dir):
    table = free_part(app)
    coach = table.coach
    title, words, _problem = coach.shown_words
    assert title == "Lesson: play on" and "Play on by yourself" in words
    # the bot moved first in this round: its move left the words up
    wait_for(app, lambda: table.can_act())
    frames(app, 1)
    last = table.session.history.actions[-1]
    assert table.state.owners[last.lane] not in table.humans
    assert "Play on by yourself" in coach.shown_words[1] and coach.hide_b in coach.buttons()
    # the player's own move puts them away (a small bar stays)
    wait_for(app, lambda: table.can_act())
    state = table.state
    table.play(state.legal_actions()[0])
    frames(app, 1)
    assert coach.shown_words[1] == "" and coach.buttons() == [coach.leave_b]


def test_the_panel_leaves_the_log_and_the_hints_reason_in_sight(app, data_dir):
    for size in ((1280, 720), (640, 360)):
        table = free_part(app) if size == (1280, 720) else table
        if size != (1280, 720):
            resize(app, size)
        wait_for(app, lambda: table.can_act() and table.hints.can_hint())
        key(app, pygame.K_h)
        wait_for(app, lambda: table.hints.turns.hint is not None and table.hints.turns.hint[0] is not None)
        frames(app, 1)
        panel = table.coach.panel
        assert panel.w > 0 and table.coach.folded  # a hint asked for: the words make room
        assert not assemble_draw.log_box(table).colliderect(panel), size
        hint = next(e for e in reversed(table.log) if str(e).startswith("Hint:"))
        assert any(str(hint).startswith(line) for line, _rect in table.log_rows), size  # in sight
        assert not any(rect.colliderect(panel) for _line, rect in table.log_rows), size


def test_the_grayblock_panel_sits_below_the_scoreboard(app, data_dir):
    table = lesson_helpers.open_from_title(app, "grayblock")
    play_grayblock(app, table, until=lambda t: t.coach.lesson.step.key == "points")
    for size in ((1280, 720), (640, 360), (1920, 1080)):
        resize(app, size)
        frames(app, 1)
        panel, rects = table.coach.panel, table.result_rects
        assert table.overlay and panel.w > 0
        assert not panel.colliderect(rects["scoreboard"]), size
        assert not panel.colliderect(rects["breakdown"]), size
        column = grayblock_draw.result_columns(table.layout, grayblock_draw.result_top(table.layout))[1]
        assert column.contains(panel), size


def test_a_resize_places_the_panel_at_once(app, data_dir):
    table = lesson_helpers.open_from_title(app, "grayblock")
    frames(app, 2)
    old = table.coach.panel.copy()
    table.resize((640, 360))  # no frame drawn yet: the layout alone places it
    panel, side = table.coach.panel, table.layout.side
    assert panel != old and panel.top == side.top and panel.right == side.right
    resize(app, (640, 360))
    assert table.coach.panel == panel


def test_the_panel_is_opaque():
    pygame.font.init()
    surface = pygame.Surface((400, 200))
    surface.fill((255, 255, 255))
    rect = pygame.Rect(20, 20, 360, 160)
    coach_mod.draw_box(surface, rect, "", "", s=1.0)
    assert surface.get_at((rect.x + 6, rect.bottom - 6))[:3] == coach_mod.FILL[:3]


def test_the_final_scoring_says_the_lesson_is_complete(app, data_dir, monkeypatch):
    table = lesson_helpers.open_from_title(app, "assemble")
    play_assemble(app, table)
    frames(app, 120, 0.05)
    scoring = app.stack.top
    assert scoring.name == "scoring" and scoring.coach is not None
    for _ in range(4 * 12):
        if scoring.phase == "summary":
            break
        key(app, pygame.K_RETURN)
    texts = spy_texts(monkeypatch)
    frames(app, 1)
    assert "Learn to play \u00b7 lesson complete" in [t for t, _r in texts]
    assert "last" in table.coach.lesson.seen  # the free part said when the last round came
    assert ASSEMBLE.steps[-1].key == "own"
