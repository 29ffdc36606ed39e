"""No game's name is compared outside its own folders (issue 39): the shared code reads each game's
declaration (game.descriptor, scenes.descriptor) instead. The source of game/ and scenes/, less
each registered game's game/<id>/ and scenes/<id>/, is read with ast: a comparison (==, !=, in,
not in, match) with a string that is a game's id, or a dict keyed by one, is a switch on the game."""

from __future__ import annotations

import ast
from pathlib import Path

from game.registry import ids

ROOT = Path(__file__).resolve().parent.parent
IDS = frozenset(ids())


def is_name(node) -> bool:
    return isinstance(node, ast.Constant) and node.value in IDS


def names_in(node) -> bool:
    """A game's id, or a tuple, list or set written with one."""
    return is_name(node) or (isinstance(node, (ast.Tuple, ast.List, ast.Set))
                             and any(map(is_name, node.elts)))


def game_switches(source: str) -> list[tuple[int, str]]:
    """(line, what) of each comparison with a game's id and each dict keyed by one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(
                isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops) \
                and any(map(names_in, [node.left, *node.comparators])):
            found.append((node.lineno, "compares with a game's name"))
        elif isinstance(node, ast.MatchValue) and is_name(node.value):
            found.append((node.lineno, "matches a game's name"))
        elif isinstance(node, ast.Dict) and any(key is not None and is_name(key) for key in node.keys):
            found.append((node.lineno, "a dict keyed by a game's name"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict" \
                and any(k.arg in IDS for k in node.keywords):
            found.append((node.lineno, "a dict keyed by a game's name"))
    return found


def shared_sources() -> list[Path]:
    own = {Path(top, game) for top in ("game", "scenes") for game in IDS}
    return [path for top in ("game", "scenes") for path in sorted((ROOT / top).rglob("*.py"))
            if not any(folder in path.relative_to(ROOT).parents for folder in own)]


def test_the_shared_code_never_switches_on_a_games_name():
    sources = shared_sources()
    assert ROOT / "game" / "stats.py" in sources and ROOT / "scenes" / "menus" / "setup.py" in sources
    assert ROOT / "game" / "grayblock" / "state.py" not in sources  # a game's own folder may
    found = [f"{path.relative_to(ROOT)}:{line}: {what}" for path in sources
             for line, what in game_switches(path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


def test_every_kind_of_switch_is_found():
    source = '''
if game == "grayblock": pass
if "cementopia" != table.game: pass
if game in ("assemble", "other"): pass
match game:
    case "alicematic": pass
WIDTH = {"assemble": 5}
NOTES = dict(grayblock=1)
fine = game == "grayblocks" or {"title": "assemble"} or make("assemble")
'''
    assert sorted(line for line, _what in game_switches(source)) == [2, 3, 4, 6, 7, 8]
