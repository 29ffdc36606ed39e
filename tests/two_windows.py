"""One real app window in a process of its own (SDL dummy driver), driven line by line on stdin,
for tests/test_two_windows.py: two of these on one data folder are two windows of the app.

Each command line is a word and its arguments; each answer one JSON line:
    new GAME HUMANS      a new game from the title: GAME with HUMANS people and bots for the rest
    play N               N moves of the game on the table (the first legal one each time)
    listed               the Continue list: [[id, game, held], ...]
    resume ID            Continue on that game: {"table": bool, "toast": last toast or null}
    set KEY JSON         a setting changed, as the Settings overlay does
    settings             the settings as this window holds them
    state                {"game_id": ..., "moves": ..., "saved": ...} of the table
    title                back to the title screen (the game is saved and let go)

TWO_WINDOWS_CLOCK_SHIFT=S in the environment sets this window's clock S seconds off.
"""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    shift = float(os.environ.get("TWO_WINDOWS_CLOCK_SHIFT", "0"))  # this computer's clock, off
    if shift:
        import time
        real = time.time
        time.time = lambda: real() + shift
    from game.core.registry import game_module
    from scenes.app.window import App, AppOptions
    from scenes.config import GameConfig, Seat
    from scenes.table.base import GameTable

    app = App(AppOptions(size=(1280, 720)))
    app.stack.push(app.make("title"))
    app.step(1 / 60)
    print(json.dumps("ready"), flush=True)

    def table():
        return next((s for s in reversed(app.stack.scenes) if isinstance(s, GameTable)), None)

    for line in sys.stdin:
        word, *args = line.split(maxsplit=2)
        answer: object = None
        if word == "new":
            game, humans = args[0], int(args[1])
            count = max(humans, min(game_module(game).PLAYER_COUNTS))
            seats = [Seat(f"P{i + 1}", "human" if i < humans else "easy", i) for i in range(count)]
            config = GameConfig(seats, game_module(game).parse_rules(""), 5, game)
            app.stack.clear_to(app.make(config.scene, config=config))
            app.step(1 / 60)
        elif word == "play":
            for _ in range(int(args[0])):
                state = table().state
                table().play(state.legal_actions()[0])
            table().saves.service.flush()
        elif word == "listed":
            scene = app.make("continue")
            answer = [[g.id, g.game, g.held] for g in scene.games]
        elif word == "resume":
            scene = app.make("continue")
            app.stack.push(scene)
            scene.resume(int(args[0]))
            app.step(1 / 60)
            answer = {"table": table() is not None,
                      "toast": str(app.toasts[-1][0]) if app.toasts else None}
        elif word == "set":
            app.settings[args[0]] = json.loads(args[1])
            app.save_settings()
        elif word == "settings":
            answer = dict(app.settings)
        elif word == "state":
            t = table()
            answer = {"game_id": t.saves.service.game_id, "moves": len(t.session.history),
                      "saved": t.saves.service.saved}
        elif word == "title":
            from scenes.menus.pause import leave_game
            leave_game(app, lambda: app.stack.clear_to(app.make("title")))
            if app.stack.top.name == "confirm":  # hot seat asks: "Leave"
                app.stack.top.yes()
            app.step(1 / 60)
        print(json.dumps(answer), flush=True)
    app.stack.close_all()
    app.store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
