"""The demo mode end to end in a real process, as CI and the README screenshots use it."""

import os
import subprocess
import sys

import pytest

from game import registry
from ui_helpers import run_demo

pytestmark = pytest.mark.slow  # run first (tests/conftest.py)


@pytest.mark.parametrize("game", registry.GAMES, ids=registry.ids())
def test_demo_plays_through_every_scene_and_leaves_the_players_files_alone(tmp_path, game):
    # its smallest table; the player's autosave, settings and records unchanged
    run_demo(tmp_path, "--game", game.id, "--players", str(min(game.player_counts)))


def test_bad_app_arguments_are_one_line_exit_2():
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "--demo", "--players", "9"],
                          capture_output=True, text=True, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "2 to 4" in proc.stderr
