"""Another program holding the data's write lock (issue 56 item 6: a backup tool, a sync client,
the sqlite3 shell in `BEGIN EXCLUSIVE`): a real second process holds it. No frame waits for it:
Statistics opens with its figures, a setting changes at once, the screen says within a second
that another program holds the data, and what changed is kept once it lets go. The CLI says so on
stderr after a second."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.storage import store as store_module

from tests.storage_helpers import HeldLock, settings_kept
from tests.test_history_screen import make_records, open_history
from tests.test_settings import open_settings, right_part
from tests.ui_helpers import click, frames, spy_texts, wait_for
from tests.waiting import HANG_S, finishes, until

ROOT = Path(__file__).resolve().parent.parent
HELD = "Another program is holding your data"


@pytest.fixture
def held(data_dir, monkeypatch):
    """Finished games, then the lock held by another process until the test lets it go. A write
    that waits for the lock waits as long as it is held (BUSY_S raised to the hang limit), so a
    frame that waited would not come back before the test lets go: no clock decides."""
    make_records(data_dir)
    monkeypatch.setattr(store_module, "BUSY_S", HANG_S)
    lock = HeldLock(data_dir)
    yield lock
    lock.release()


def toasted(app, words):
    return any(words in message for message, _until in app.toasts)


def test_statistics_open_with_their_figures_while_another_program_holds_the_data(held, app,
                                                                                   monkeypatch):
    scene = open_history(app)  # History reads: in WAL mode a writer does not keep readers out
    finishes(click, app, scene.stats_b.rect.center)  # the frame that opens Statistics returns
    page = app.stack.top
    assert page.name == "stats" and held.holding()
    assert page.player_c.value == "Ada"
    said = spy_texts(monkeypatch)
    wait_for(app, lambda: toasted(app, HELD), limit=60)  # within a second of game time
    frames(app, 1)
    words = [t for t, _rect in said]
    assert "Games" in words and "Best score" in words  # the figures, worked out from the games
    assert held.holding()


def test_a_setting_changed_while_another_program_holds_the_data_is_kept_once_it_lets_go(held, app):
    _title, settings = finishes(open_settings, app)
    finishes(click, app, right_part(settings.speed.rect))
    assert app.speed == 1.5 and held.holding()  # in force at once
    wait_for(app, lambda: toasted(app, HELD), limit=60)
    assert "speed" not in settings_kept()  # not written yet: the lock is still held
    finishes(click, app, right_part(settings.magnify.rect))  # a second change while it waits
    held.release()

    def kept() -> bool:
        app.step(1 / 60)
        return toasted(app, "Your data is free again")
    until(kept, "the settings written once the lock was let go")
    assert not app.keeper.pending()
    assert settings_kept()["speed"] == 1.5 and settings_kept()["hover_magnify"] is False


def test_the_cli_says_on_stderr_that_another_program_holds_the_data(data_dir):
    make_records(data_dir)
    env = dict(os.environ, PYTHONPATH=str(ROOT), ALICE_DATA_DIR=str(data_dir))
    with HeldLock(data_dir) as held:
        # stats does not wait: the figures are worked out and given, not kept
        stats = subprocess.run([sys.executable, "-m", "scenes.main", "stats", "--json"], cwd=ROOT,
                               env=env, capture_output=True, text=True, timeout=HANG_S)
        assert held.holding()
        assert stats.returncode == 0, stats.stderr
        assert json.loads(stats.stdout)["games"]["assemble"]["finished"] >= 1
        assert stats.stderr.count("\n") == 1 and "another program is holding your data" in stats.stderr
        # a write waits, saying so after a second; once the lock is let go it is made
        source = data_dir.parent / "in"
        source.mkdir()
        code = subprocess.run([sys.executable, "-m", "scenes.main", "selfplay", "--players", "2",
                               "--seat", "random", "--seat", "random", "--seed", "77", "--games",
                               "1", "--out", str(source)], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=HANG_S)
        assert code.returncode == 0, code.stderr
        importing = subprocess.Popen([sys.executable, "-m", "scenes.main", "import", str(source)],
                                     cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        line = importing.stderr.readline()
        assert "another program is holding your data" in line and held.holding(), line
    out, err = importing.communicate(timeout=HANG_S)
    assert importing.returncode == 0, err
    assert json.loads(out)["added"] == 1 and err == ""
