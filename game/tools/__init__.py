"""Developers' tools: the benchmarks and the ladder. The top floor: anything below
may be imported, nothing imports these (docs/architecture.md)."""

from __future__ import annotations

import argparse
from typing import Callable

from ..core import registry
from ..core.descriptor import GameInfo


def for_game(prog: str, what: str, path: Callable[[GameInfo], str | None],
             argv: list[str] | None) -> None:
    """A per-game tool's front: `--game` (the games that declare one; the first by default), the
    rest of the arguments handed to that game's own module."""
    games = [game.id for game in registry.GAMES if path(game)]
    parser = argparse.ArgumentParser(prog=prog, add_help=False)
    parser.add_argument("--game", default=games[0], choices=games)
    args, rest = parser.parse_known_args(argv)
    registry.tool(args.game, what, path(registry.info(args.game))).main(rest)
