"""Engine speed: `python -m game.tools.perf [--game ID] [...]` prints figures (not a test): the game's own
benchmark (GameInfo.perf; the first registered game that has one unless --game names another),
with the rest of the command line its own (`python -m game.tools.perf --help` after --game: its options).
"""

from __future__ import annotations

from . import for_game


def main(argv: list[str] | None = None) -> None:
    for_game("python -m game.tools.perf", "engine benchmark", lambda game: game.perf, argv)


if __name__ == "__main__":
    main()
