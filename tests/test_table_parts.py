"""The table is composed of parts (issue 58): GameTable keeps the command core, each game's table
only what differs, and no screen asks a table (or any scene) for a hook with getattr/hasattr: what
a game does not have is absent by declaration (the shared part, or an attribute typed Optional)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from scenes import games
from scenes.table.base import GameTable
from scenes.table.kind import Table

ROOT = Path(__file__).resolve().parents[1]
GAME_TABLE_LIMIT = 25
TABLE_LIMIT = 80  # a game's table class with every scene base it has
# where tables (and their parts) are read: the table's own package, the pause menu, the lesson's
# coach, and the game declarations that recognise their table among the scenes
WATCHED = sorted([*(ROOT / "scenes" / "table").glob("*.py"), ROOT / "scenes" / "menus" / "pause.py",
                  *(ROOT / "scenes" / "tutorial").glob("*.py"), *(ROOT / "scenes").glob("*/descriptor.py")])
SCENE_NAMES = {"self", "scene", "table", "top", "t"}  # what names a scene in that code


def own_methods(cls: type) -> list[str]:
    return [name for name, value in vars(cls).items()
            if inspect.isfunction(value) or isinstance(value, (staticmethod, classmethod, property))]


def carried(cls: type) -> int:
    """The methods defined in the class and each of its bases (an override counts in each class
    that defines it), leaving out object and pygame's."""
    return sum(len(own_methods(k)) for k in cls.__mro__
               if k is not object and not k.__module__.startswith("pygame"))


def test_game_table_defines_at_most_25_methods():
    assert len(own_methods(GameTable)) <= GAME_TABLE_LIMIT, own_methods(GameTable)


@pytest.mark.parametrize("info", games.GAMES, ids=lambda info: info.game)
def test_no_table_carries_more_than_80_methods(info):
    table = info.table
    assert issubclass(table, GameTable) and issubclass(table, Table)
    assert carried(table) <= TABLE_LIMIT, {k.__name__: len(own_methods(k)) for k in table.__mro__[:-1]}


def root_name(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.value if not isinstance(node, ast.Call) else node.func
    return node.id if isinstance(node, ast.Name) else None


def scene_lookups(path: Path) -> list[str]:
    """Each getattr/hasattr on a scene (a table, a part's table, the top scene) in `path`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("getattr", "hasattr") and node.args:
            target = node.args[0]
            text = ast.unparse(target)
            if root_name(target) in SCENE_NAMES or "table" in text or "scene" in text:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_hook_is_found_by_getattr_or_hasattr():
    assert WATCHED and all(path.exists() for path in WATCHED)
    lookups = [line for path in WATCHED for line in scene_lookups(path)]
    assert not lookups, "\n".join(lookups)
