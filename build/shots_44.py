"""Issue 44 item 7's screenshots of the Alicematic table under the dummy driver:
  SHOTS_LANGUAGE=ja python build/shots_44.py   (English by default), into docs/screenshots/44-*.png.
An expedition with lit hexes and their cost badges, the hover card saying why a hex cannot be taken,
a conquest's menu with its bonus, the legend, and the final results; 3 and 5 players, at 1280x720
and at the smallest window (640x360)."""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
LANG = os.environ.get("SHOTS_LANGUAGE", "en")
os.environ["LANGUAGE"] = LANG
os.environ.setdefault("ALICE_DATA_DIR", tempfile.mkdtemp())
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

OUT = Path(os.environ.get("SHOTS_OUT") or Path(__file__).resolve().parents[1] / "docs" / "screenshots")
NAMES = ["Sprocket", "Bellows", "Ratchet", "Cogsworth", "Bramble"]


def frames(app, n):
    for _ in range(n):
        app.step(1 / 60)


def save(app, name: str) -> None:
    import pygame
    app.draw()
    pygame.image.save(app.screen, str(OUT / name))
    print(OUT / name)


def session_at(seed: int, players: int, rounds: int):
    """A game played by seeded random moves into round `rounds`, stopped in an expedition that
    has a war-only hex (the reason shows) and a conquest."""
    from game.alicematic import state as st
    from game.alicematic.bots import LEVELS
    from game.alicematic.record import new_session
    from game.alicematic.setup import CONQUER, WAR
    session = new_session(seed, [{"name": NAMES[i], "seat": "human"} for i in range(players)])
    rng = random.Random(seed)
    bot = LEVELS["normal"](seed)
    while not session.state.is_over():
        state = session.state
        if state.round >= rounds and state.phase == st.EXPEDITION:
            kinds = [a.kind for a in state.legal_actions()]
            if CONQUER in kinds and WAR in kinds:
                return session
        action = bot.decide(state.view(state.turn), state.legal_actions()) if rng.random() < 0.8 \
            else rng.choice(state.legal_actions())
        session.play(action)
    return session


def table(app, session, size):
    import pygame
    from scenes.alicematic.table import AlicematicScene
    from scenes.config import GameConfig, Seat
    n = session.state.n
    config = GameConfig([Seat(NAMES[i], "human", i) for i in range(n)], None, session.meta["seed"], "alicematic")
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.screen = pygame.display.get_surface()
    scene = AlicematicScene(app, config, session)
    app.stack.push(scene)
    frames(app, 2)
    who = scene.seat.pass_screen_for()
    if who is not None:
        scene.seat.screen.button.action()
    frames(app, 2)
    return scene


def shots() -> None:
    from scenes.app.window import App, AppOptions
    from game.alicematic import explain
    from game.alicematic.setup import CONQUER, WAR
    app = App(AppOptions(size=(1280, 720)))
    for players, size in ((3, (1280, 720)), (5, (1280, 720)), (3, (640, 360)), (5, (640, 360)), (4, (1920, 1080))):
        session = session_at(4 + players, players, 4)
        scene = table(app, session, size)
        state = scene.state
        tag = f"{players}p-{size[0]}x{size[1]}-{LANG}"
        legal = state.legal_actions()
        war_only = next((a.hex for a in legal if a.kind == WAR
                         and not any(b.kind == CONQUER and b.hex == a.hex for b in legal)), None)
        if war_only is not None:
            x, y = scene.camera.to_screen(war_only)
            scene.hover, scene.pointer = war_only, (round(x), round(y))
        save(app, f"44-table-{tag}.png")
        take = max((a for a in legal if a.kind == CONQUER),
                   key=lambda a: len(explain.conquest_gains(state, a.hex)))
        x, y = scene.camera.to_screen(take.hex)
        scene.click_hex(take.hex, (round(x), round(y)))
        save(app, f"44-conquest-{tag}.png")
        scene.popup = None
        if war_only is not None:
            x, y = scene.camera.to_screen(war_only)
            scene.click_hex(war_only, (round(x), round(y)))
            save(app, f"44-war-{tag}.png")
            scene.popup = None
        if hasattr(scene, "legend_open"):
            scene.legend_open = True
            save(app, f"44-legend-{tag}.png")
            scene.legend_open = False
        app.stack.pop()
    for players, size in ((5, (1280, 720)), (3, (640, 360))):  # the end: the final scoring and results
        session = session_at(30 + players, players, 99)
        scene = table(app, session, size)
        scene.reveal_all()
        frames(app, 2)
        save(app, f"44-results-{players}p-{size[0]}x{size[1]}-{LANG}.png")
        app.stack.pop()
    app.stack.close_all()


if __name__ == "__main__":
    shots()
