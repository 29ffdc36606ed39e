"""Issue 41's before/after screenshots (items 13 and 14) under the dummy driver at 1280x720:
  python build/shots_41.py NAME-SUFFIX   (e.g. "before" or "after"), into docs/screenshots/.
The Cementopia end screen (a complete network under the lowest target, assisted by a hint, a new
best beside an older unassisted one) and the Assemble step-by-step scoring."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LANGUAGE"] = os.environ.get("SHOTS_LANGUAGE", "en")
os.environ.setdefault("ALICE_DATA_DIR", tempfile.mkdtemp())
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

OUT = Path(os.environ.get("SHOTS_OUT") or Path(__file__).resolve().parents[1] / "docs" / "screenshots")


def app_at(size=(1280, 720)):
    from scenes.app.window import App, AppOptions
    return App(AppOptions(size=size))


def frames(app, n):
    for _ in range(n):
        app.step(1 / 60)


def cementopia_end(app, suffix: str) -> None:
    """Two ends: a first attempt helped by a hint that completes under the lowest target; an
    attempt without help that beats the help-free best (9) under a best made with help (12)."""
    from game.cementopia.record import new_session
    from game.core.commands import mark_help
    from scenes.config import GameConfig, Seat
    for seed, hint, best, name in ((33, True, {"best": 1, "unassisted_best": None}, "end"),
                                   (13, False, {"best": 12, "unassisted_best": 9}, "best")):
        session = new_session(seed)  # the first legal placement every time: 1 point, 9 points
        if hint:
            mark_help(session.meta, "hint")
        while not session.state.is_over():
            session.play(session.state.legal_actions()[0])
        config = GameConfig([Seat("You")], None, seed, "cementopia")
        end = app.make("cementopia_end", session=session, config=config, best=best, improved=True)
        app.stack.push(end)
        frames(app, 3)
        save(app, f"41-13-cementopia-{name}-{suffix}.png")
        app.stack.pop()


def assemble_scoring(app, suffix: str) -> None:
    import random
    from game.assemble.record import new_session
    from scenes.config import GameConfig, Seat
    seed = 5
    session = new_session(seed, [{"name": "You", "seat": "human", "colour": 2},
                                 {"name": "Bellows", "seat": "easy", "colour": 0}])
    pick = random.Random(seed)
    while not session.state.is_over():
        session.play(pick.choice(session.state.legal_actions()))
    config = GameConfig([Seat("You", colour=2), Seat("Bellows", "easy", colour=0)], None, seed, "assemble")
    scene = app.make("scoring", session=session, config=config)
    app.stack.push(scene)
    frames(app, 2)
    lanes = scene.lanes
    # the lane with the most modules, some of them unscored
    lane = max(range(len(lanes)), key=lambda i: (bool(lanes[i].unscored), len(lanes[i].modules)))
    while scene.lane != lane:
        scene.advance()
        scene.advance()
    scene.advance()
    frames(app, 40)
    save(app, f"41-14-scoring-{suffix}.png")
    scene.skip()
    frames(app, 5)
    save(app, f"41-14-scoring-summary-{suffix}.png")


def save(app, name: str) -> None:
    import pygame
    app.draw()
    pygame.image.save(app.screen, str(OUT / name))  # compressed harder than the demo's writer
    print(OUT / name)


if __name__ == "__main__":
    suffix = sys.argv[1] if len(sys.argv) > 1 else "after"
    which = sys.argv[2:] or ["13", "14"]
    app = app_at()
    if "13" in which:
        cementopia_end(app, suffix)
    if "14" in which:
        assemble_scoring(app, suffix)
    app.stack.close_all()
