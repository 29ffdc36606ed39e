"""Issue 42's screenshots (the post-game review) under the dummy driver at 1280x720:
  SHOTS_LANGUAGE=ja python build/shots_42.py   (en by default), into docs/screenshots/42-*-LANG.png.
A 4-player Alice Assemble game (a random seat reviewed) while the review runs and at its largest
mistake; a Grayblock and a Cementopia review; History with the reviewed game; Statistics with
the reviews' chart; the Assemble results with their Review button."""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
LANG = os.environ.get("SHOTS_LANGUAGE", "en")
os.environ["LANGUAGE"] = LANG
import tempfile  # noqa: E402
os.environ.setdefault("ALICE_DATA_DIR", tempfile.mkdtemp())
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from shots_41 import app_at, frames, save  # noqa: E402


def selfplay(game: str, seats: list[str], seed: int, names: list[str]) -> dict:
    from game.core import records
    from game.bots import make_bot
    from game.services.play import play_out
    module = records.game_module(game)
    players = [{"name": n, "seat": s} for n, s in zip(names, seats)]
    session = module.new_session(seed, players) if players else module.new_session(seed)
    if game == "cementopia":  # a person's attempt: random placements
        rng = random.Random(seed)
        while not session.state.is_over():
            session.play(rng.choice(session.state.legal_actions()))
        return records.record_of(session)
    bots = {i: make_bot("random" if s == "human" else s, game, seed * 10 + i, seats=seats,
                        iterations=200 if s == "hard" else None)
            for i, s in enumerate(seats)}
    play_out(session, bots)
    return records.record_of(session)


def wait_review(app, scene) -> None:
    while scene.review is None and scene.job is not None:
        frames(app, 1)
        time.sleep(0.05)
    frames(app, 2)


def main() -> None:
    from scenes.replay.review import ReviewScene, open_stored_review
    iterations = os.environ.get("SHOTS_ITERATIONS")  # each game's own by default
    ReviewScene.iterations = int(iterations) if iterations else None
    app = app_at()
    store = app.store
    record = selfplay("assemble", ["human", "easy", "normal", "hard"], 7,
                      ["You", "Bellows", "Cog", "Dial"])
    game_id = store.games.finish(None, record)
    scene = open_stored_review(app, game_id)
    for _ in range(40):  # the progress after a few decisions
        frames(app, 1)
        time.sleep(0.05)
    save(app, f"42-review-progress-{LANG}.png")
    wait_review(app, scene)
    save(app, f"42-review-{LANG}.png")
    worst = max(scene.review.largest(5, "points"), key=lambda d: d.loss_points, default=None)
    if worst is not None:
        scene.jump(worst.index)
        frames(app, 2)
        save(app, f"42-review-mistake-{LANG}.png")
        scene.switch_measure()
        frames(app, 2)
        save(app, f"42-review-win-share-{LANG}.png")
    app.stack.pop()
    for game, seats, names in (("grayblock", ["human", "normal"], ["You", "Bellows"]),
                               ("cementopia", [], [])):
        other = selfplay(game, seats, 11, names)
        other_id = store.games.finish(None, other)
        scene = open_stored_review(app, other_id)
        wait_review(app, scene)
        worst = max(scene.review.largest(5, "points"), key=lambda d: d.loss_points, default=None)
        if worst is not None:
            scene.jump(worst.index)
            frames(app, 2)
        save(app, f"42-review-{game}-{LANG}.png")
        app.stack.pop()
    history = app.make("history")
    app.stack.push(history)
    frames(app, 2)
    save(app, f"42-history-{LANG}.png")
    app.stack.pop()
    stats = app.make("stats", player="You")
    app.stack.push(stats)
    frames(app, 2)
    save(app, f"42-statistics-{LANG}.png")
    app.stack.pop()
    from game.core import records
    from scenes.config import GameConfig, Seat
    session = records.replay(record)
    config = GameConfig([Seat("You", colour=0), Seat("Bellows", "easy", colour=1),
                         Seat("Cog", "normal", colour=2), Seat("Dial", "hard", colour=3)],
                        None, 7, "assemble")
    from scenes.cementopia.end import CementopiaEndScene
    attempt = records.replay(other)  # the Cementopia attempt reviewed above
    app.stack.push(CementopiaEndScene(app, attempt))
    frames(app, 3)
    save(app, f"42-results-cementopia-{LANG}.png")
    app.stack.pop()
    scoring = app.make("scoring", session=session, config=config, game_id=game_id)
    app.stack.push(scoring)
    scoring.skip()
    frames(app, 30)
    save(app, f"42-results-{LANG}.png")
    app.stack.close_all()


if __name__ == "__main__":
    main()
