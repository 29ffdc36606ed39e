"""The Alicematic table's frame cost: 5 players at 1280x720, an expedition in round 4 with a lit
hex under the pointer (its hover card says its bonus), the dummy driver. Prints ms per frame.
  PYTHONPATH=$PWD python build/bench_44_table.py"""

from __future__ import annotations

import os
import random
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("ALICE_DATA_DIR", tempfile.mkdtemp())


def main(frames: int = 100) -> None:
    from game.alicematic.record import new_session
    from game.alicematic.setup import CONQUER
    from scenes.alicematic.table import AlicematicScene
    from scenes.app.window import App, AppOptions
    from scenes.config import GameConfig, Seat
    app = App(AppOptions(size=(1280, 720)))
    session = new_session(9, [{"name": f"P{i}", "seat": "human"} for i in range(5)])
    rng = random.Random(9)
    state = session.state
    while not (state.round >= 4 and state.phase == "expedition"
               and any(a.kind == CONQUER for a in state.legal_actions())):
        session.play(rng.choice(state.legal_actions()))
        state = session.state
    config = GameConfig([Seat(f"P{i}", "human", i) for i in range(5)], None, 9, "alicematic")
    scene = AlicematicScene(app, config, session)
    app.stack.push(scene)
    for _ in range(3):
        app.step(1 / 60)
    if scene.seat.pass_screen_for() is not None:
        scene.seat.screen.button.action()
    scene.hover = next(a.hex for a in state.legal_actions() if a.kind == CONQUER)
    for _ in range(5):
        app.draw()
    start = time.perf_counter()
    for _ in range(frames):
        app.draw()
    print(f"{(time.perf_counter() - start) / frames * 1000:.1f} ms per frame (draw), {frames} frames")
    app.stack.close_all()


if __name__ == "__main__":
    main()
