"""Learn to play (issue 14): one guided game per game, each a script of steps (lesson.py) on a
fixed deal. SCRIPTS lists them by the registry's game name (a game's declaration names its
script's module: game.core.descriptor.GameInfo.lesson)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from typing import Any

from ..core import registry


class _Scripts(MutableMapping[str, Any]):
    """The scripts, loaded on first use: a game's script imports game.tutorial.lesson, so building
    the table while this package is being imported would import that script half-made."""

    def __init__(self) -> None:
        self._loaded: dict[str, Any] | None = None

    def _all(self) -> dict[str, Any]:
        if self._loaded is None:
            self._loaded = {game.id: importlib.import_module(game.lesson).SCRIPT
                            for game in registry.GAMES if game.lesson}
        return self._loaded

    def __getitem__(self, game: str) -> Any:
        return self._all()[game]

    def __setitem__(self, game: str, script: Any) -> None:  # a test's own script
        self._all()[game] = script

    def __delitem__(self, game: str) -> None:
        del self._all()[game]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


SCRIPTS: MutableMapping[str, Any] = _Scripts()
