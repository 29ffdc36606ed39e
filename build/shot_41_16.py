"""Issue 41 item 16's after screenshot: a two-player Assemble table (two dolls each) at 640x360 with
the larger text, its turn chips naming whose doll and which without an ellipsis:
  python build/shot_41_16.py [STEPS]   into docs/screenshots/41-16-two-players-after.png."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LANGUAGE"] = "en"
os.environ.setdefault("ALICE_DATA_DIR", tempfile.mkdtemp())
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots" / "41-16-two-players-after.png"


def main(steps: int) -> None:
    import pygame
    from game.assemble.setup import Rules
    from scenes.app.window import App, AppOptions
    from scenes.assemble.table import TableScene
    from scenes.config import GameConfig, Seat
    from scenes.widgets import ui
    app = App(AppOptions(size=(640, 360)))
    ui.set_text_size("larger")
    table = TableScene(app, GameConfig([Seat(n, "human", i) for i, n in enumerate(["Ada", "Bramble"])],
                                       Rules(), 5))
    app.stack.push(table)
    for _ in range(steps):
        table.play(table.state.legal_actions()[0])
    for _ in range(3):
        app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT))
    print(OUT, table.state.turn_order())
    app.stack.close_all()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
