"""Issue 44's screenshots under the dummy driver at 1280x720: the setup screen's DRAFT VARIANTS and
the rules page's questions for the designers, into docs/screenshots/:
  SHOTS_LANGUAGE=ja python build/shots_44_designer.py"""

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
    app.stack.pop()
    table_with_new_powers(app)


def table_with_new_powers(app) -> None:
    """A table whose hand holds cards with the new powers (their words must fit the faces)."""
    import random
    from game.alicematic.record import new_session
    from scenes.alicematic.table import AlicematicScene
    from scenes.config import GameConfig, Seat
    seats = [Seat(n, "human", i) for i, n in enumerate(("Ada", "Bo", "Cy"))]
    session = new_session(6, [seat.to_json() for seat in seats])
    rng = random.Random(6)
    while session.state.phase == "bases":
        session.history.apply(rng.choice(session.state.legal_actions()))
    state = session.state
    wanted = ("Drummer Alice", "Jabberwock Alice", "Alchemist Alice", "Cook Alice",
              "Mock Turtle Alice")
    me = state.turn
    for name in wanted:  # swapped into the hand from wherever they are (a picture, not a game)
        card = next(c.id for c in state.cards if c.name == name)
        for pile in (state.deck, *state.hands):
            if card in pile:
                pile.remove(card)
        state.hands[me].append(card)
    state.hands[me] = state.hands[me][-6:]
    seats = [Seat(seat.name, "human" if i == me else "easy", i) for i, seat in enumerate(seats)]
    config = GameConfig(seats, None, 6, "alicematic")
    scene = AlicematicScene(app, config, session)
    app.stack.push(scene)
    for _ in range(4):
        app.step(1 / 60)
    save(app, f"44-table-new-powers-{LANG}.png")


if __name__ == "__main__":
    main()
