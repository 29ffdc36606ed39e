"""The demo mode end to end in a real process, as CI and the README screenshots use it."""

import os
import subprocess
import sys

import pytest

from game.core import registry
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


@pytest.mark.worker  # (the real decider, not the tests' stand-in)
def test_an_unwatched_demos_bots_decide_at_once_without_a_worker_process():
    from game.bots.worker import BackgroundDecider
    module = registry.game_module("assemble")
    session = module.new_session(5, [{"name": "A", "seat": "easy"}, {"name": "B", "seat": "easy"}],
                                 module.parse_rules(""))
    state = session.state
    decider = BackgroundDecider(at_once=2)
    ticket = decider.decide("assemble", "easy", 1, 0.8, state.view(state.current_player()),
                            state.legal_actions())
    kind, answer = decider.poll(ticket)  # answered already: nothing to wait for
    assert kind == "ok" and answer is not None and decider._process is None
    decider.close()
