"""Names a package offers but imports only when first asked for (PEP 562): the game list
(game.core.registry) imports each game's package for its declaration, and the headless commands should
not pay for every game's rules to start."""

from __future__ import annotations

from importlib import import_module
from typing import Callable


def exports(package: str, where: dict[str, str]) -> tuple[Callable[[str], object], list[str]]:
    """A package's `__getattr__` and `__all__` for names that live in its modules: where maps a
    name to the module (relative to the package) that defines it."""
    def get(name: str) -> object:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(f"{package}.{where[name]}"), name)
    return get, sorted(where)
