"""Frame-time benchmark: `python -m scenes.perf [--game ID] [...]` prints figures (not a test): the
game's own (scenes.descriptor.SceneInfo.perf; the first registered game that has one unless --game
names another), with the rest of the command line its own (`thinking`, `review`, `languages`).
"""

from __future__ import annotations

import argparse
import sys


def main() -> None:
    from scenes import games
    benched = [info.game for info in games.GAMES if info.perf]
    parser = argparse.ArgumentParser(prog="python -m scenes.perf", add_help=False)
    parser.add_argument("--game", default=benched[0], choices=benched)
    args, rest = parser.parse_known_args(sys.argv[1:])
    module = games.info(args.game).perf
    assert module is not None
    sys.argv[1:] = rest  # the game's benchmark reads its own command line
    __import__(module, fromlist=["main"]).main()


if __name__ == "__main__":
    main()
