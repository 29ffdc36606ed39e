"""The demo mode end to end in a real process, as CI and the README screenshots use it."""

import os
import subprocess
import sys


def test_demo_plays_through_every_scene_and_exits_0(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               ALICE_DATA_DIR=str(tmp_path / "data"))
    shots = tmp_path / "shots"
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "--demo", "--players", "2",
                           "--screenshots", str(shots), "--exit-after", "0.5"],
                          env=env, capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    assert [n.split("-", 1)[1] for n in names] == ["title.png", "setup.png", "table.png", "scoring.png"]
    assert all((shots / n).stat().st_size > 10_000 for n in names)  # real pictures, not blanks
    # the finished demo game was archived as a record that verifies
    kept = list((tmp_path / "data" / "records").glob("*.json"))
    assert len(kept) == 1
    check = subprocess.run([sys.executable, "-m", "scenes.main", "verify", str(kept[0])],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr


def test_bad_app_arguments_are_one_line_exit_2():
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "--demo", "--players", "9"],
                          capture_output=True, text=True, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "2 to 4" in proc.stderr
