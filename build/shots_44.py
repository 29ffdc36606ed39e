"""Issue 44's screenshots under the dummy driver at 1280x720: the setup screen's DRAFT VARIANTS and
the rules page's questions for the designers, into docs/screenshots/:
  SHOTS_LANGUAGE=ja python build/shots_44.py"""

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
LANG = os.environ["LANGUAGE"]


def save(app, name: str) -> None:
    import pygame
    app.draw()
    pygame.image.save(app.screen, str(OUT / name))
    print(OUT / name)


def main() -> None:
    from scenes.app.window import App, AppOptions
    app = App(AppOptions(size=(1280, 720)))
    setup = app.stack.push(app.make("setup"))
    setup.game.set("alicematic")
    setup._game_changed()
    setup.options["round_14"].value = True
    setup.layout()
    for _ in range(3):
        app.step(1 / 60)
    save(app, f"44-setup-variants-{LANG}.png")
    rules = app.stack.push(app.make("rules", game="alicematic"))
    for _ in range(3):
        app.step(1 / 60)
    rules.scroll = max(0.0, rules.max_scroll() - float(os.environ.get("SHOTS_UP", "330")))
    for _ in range(3):
        app.step(1 / 60)
    save(app, f"44-rules-questions-{LANG}.png")


if __name__ == "__main__":
    main()
