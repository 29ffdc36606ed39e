"""The review's benchmark: `python -m game.tools.review_perf [--game ID] [...]` prints figures (not a
test): the game's own (GameInfo.review_bench; the first registered game that has one unless --game
names another), with the rest of the command line its own (`--game ID --help`: its options).
"""

from __future__ import annotations

from . import for_game


def main(argv: list[str] | None = None) -> None:
    for_game("python -m game.tools.review_perf", "review benchmark", lambda game: game.review_bench, argv)


if __name__ == "__main__":
    main()
