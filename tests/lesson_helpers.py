"""What the lessons' tests share (tests/test_lessons_*.py): a script walked through the engine, a
lesson opened the way a player opens it, and the demo run in a real process."""

from __future__ import annotations

import os
import subprocess
import sys

from game.core.commands import Play
from game.core.records import game_module
from game.tutorial.lesson import BotMove, Lesson

from tests.ui_helpers import click, frames, players_files, snapshot
from tests.waiting import HANG_S


def fresh_session(script):
    """The script's game at its start, as the lesson's table sets it up."""
    players = [{"name": name, "seat": kind} for name, kind in script.players]
    return game_module(script.game).new_session(script.seed, players, script.rules)


def walk(script, free=None, limit: int = 1000):
    """The lesson as the coach runs it, without a screen: Next on notes, the wanted moves and the
    script's bot moves; in a free part, `free(state, n)` chooses (every seat). Every move is
    checked legal. (session, lesson, {step key: the state when it came up}, in order)."""
    session, lesson, seen = fresh_session(script), Lesson(script), {}
    for n in range(limit):
        if lesson.done:
            return session, lesson, seen
        state = session.state
        if not isinstance(lesson.step, BotMove):
            seen.setdefault(lesson.step.key, state.clone())
        if lesson.reading():
            lesson.next()
            lesson.settle(state)
            continue
        action = lesson.expected() or lesson.bot_move()
        if action is None:
            assert lesson.free() and free is not None, lesson.step
            action = free(state, n)
        assert action in state.legal_actions(), (lesson.step, action)
        before = state.clone()
        outcome = session.run(Play(action))
        assert outcome.ok
        lesson.played(before, action, outcome.events, session.state)
    raise AssertionError("the lesson did not end")


def open_from_title(app, game: str, resume: bool = False):
    """Title > Learn to play > the game's Start (or Resume): the lesson's table."""
    app.stack.push(app.make("title"))
    frames(app, 2)
    click(app, app.stack.top.learn.rect.center)
    chooser = app.stack.top
    assert chooser.name == "lessons"
    buttons = dict(chooser.rows)[game]
    assert buttons[0].label == ("Resume" if resume else "Start")
    click(app, buttons[0].rect.center)
    table = app.stack.top
    assert table.coach is not None and table.config.lesson == game
    frames(app, 2)
    return table


def demo_shots(tmp_path, game: str) -> list[str]:
    """`--demo --tutorial GAME --screenshots` in a real headless process over a player's files:
    it exits 0, every picture is a real one, and the player's files are as they were (the demo
    keeps nothing, not even the lesson's place). The pictures' names, sorted."""
    data = tmp_path / "data"
    players_files(data)
    before = snapshot(data)
    shots = tmp_path / "shots"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ALICE_DATA_DIR=str(data))
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "--demo", "--tutorial", game,
                           "--screenshots", str(shots), "--exit-after", "0.3"],
                          env=env, capture_output=True, text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    assert all((shots / n).stat().st_size > 10_000 for n in names)
    assert snapshot(data) == before
    return names
