"""Issue 60 item 4's screenshots under the dummy driver: Statistics' designer page (Alicematic's
balance report of the finished games in ALICE_DATA_DIR) at 1280x720 and 640x360:
  ALICE_DATA_DIR=DIR SHOTS_OUT=FOLDER SHOTS_LANGUAGE=ja python build/shots_60_balance.py"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LANGUAGE"] = os.environ.get("SHOTS_LANGUAGE", "en")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

OUT = Path(os.environ.get("SHOTS_OUT") or Path(__file__).resolve().parents[1] / "docs" / "screenshots")
LANG = os.environ["LANGUAGE"]


def main() -> None:
    import pygame
    from scenes.app.window import App, AppOptions
    from scenes.widgets import ui
    app = App(AppOptions(size=(1280, 720), lang=LANG))
    page = app.stack.push(app.make("stats"))
    page.game_c.set("alicematic:designer")
    page.refigure()
    for size in ((1280, 720), (640, 360)):
        ui.set_text_size("normal")
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.resized()
        for _ in range(3):
            app.step(1 / 60)
        name = OUT / f"60-designer-page-{size[0]}x{size[1]}-{LANG}.png"
        pygame.image.save(app.screen, str(name))
        print(name)
    app.stack.close_all()


if __name__ == "__main__":
    main()
