"""The review's benchmark: `python -m game.tools.review_perf [--game ID] [...]` prints figures (not a
test): the game's own (GameInfo.review_bench; the first registered game that has one unless --game
names another), with the rest of the command line its own (`--game ID --help`: its options).
"""

from __future__ import annotations

import argparse

from ..core import registry


def main(argv: list[str] | None = None) -> None:
    benched = [game.id for game in registry.GAMES if game.review_bench]
    parser = argparse.ArgumentParser(prog="python -m game.tools.review_perf", add_help=False)
    parser.add_argument("--game", default=benched[0], choices=benched)
    args, rest = parser.parse_known_args(argv)
    registry.tool(args.game, "review benchmark", registry.info(args.game).review_bench).main(rest)


if __name__ == "__main__":
    main()
