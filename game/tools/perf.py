"""Engine speed: `python -m game.tools.perf [--game ID] [...]` prints figures (not a test): the game's own
benchmark (GameInfo.perf; the first registered game that has one unless --game names another),
with the rest of the command line its own (`python -m game.tools.perf --help` after --game: its options).
"""

from __future__ import annotations

import argparse

from ..core import registry


def main(argv: list[str] | None = None) -> None:
    benched = [game.id for game in registry.GAMES if game.perf]
    parser = argparse.ArgumentParser(prog="python -m game.tools.perf", add_help=False)
    parser.add_argument("--game", default=benched[0], choices=benched)
    args, rest = parser.parse_known_args(argv)
    registry.tool(args.game, "engine benchmark", registry.info(args.game).perf).main(rest)


if __name__ == "__main__":
    main()
