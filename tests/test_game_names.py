"""No game's name is compared outside its own folders (issue 39), nor written or imported there
(issue 58): the shared code reads each game's declaration (game.core.descriptor, scenes.descriptor)
instead. The source of game/ and scenes/, less each registered game's game/<id>/ and scenes/<id>/,
is read with ast: a comparison (==, !=, in, not in, match) with a string that is a game's id, or
a dict keyed by one, is a switch on the game; any other string that is a game's id is a literal of
it; an import of game.<id> or scenes.<id> (or a string naming such a module) leans on the game.
Only the two lists of the games, game/core/registry.py and scenes/games.py, may name and import them."""

from __future__ import annotations

import ast
from pathlib import Path

from game.core.registry import ids

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


def games_module(name: str) -> bool:
    """A dotted name inside a game's own package: game.<id>... or scenes.<id>..."""
    parts = name.split(".")
    return len(parts) > 1 and parts[0] in ("game", "scenes") and parts[1] in IDS


def imported(node, module: str) -> list[str]:
    """The modules an import statement in `module` (dotted) brings in, relative ones resolved."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    package = module.split(".")[:len(module.split(".")) - node.level] if node.level else []
    base = ".".join(package + ([node.module] if node.module else []))
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def game_leaks(source: str, module: str = "game.shared") -> list[tuple[int, str]]:
    """(line, what) of each literal of a game's id and each import of a game's package, beside
    game_switches' comparisons (`module`: the dotted name of the source, for relative imports)."""
    found = game_switches(source)
    switched = {line for line, _what in found}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            if any(map(games_module, imported(node, module))):
                found.append((node.lineno, "imports a game's package"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value in IDS and node.lineno not in switched:
                found.append((node.lineno, "names a game"))
            elif games_module(node.value):
                found.append((node.lineno, "names a game's module"))
    return found


def shared_sources() -> list[Path]:
    own = {Path(top, game) for top in ("game", "scenes") for game in IDS}
    lists = {Path("game", "core", "registry.py"), Path("scenes", "games.py")}
    return [path for top in ("game", "scenes") for path in sorted((ROOT / top).rglob("*.py"))
            if not any(folder in path.relative_to(ROOT).parents for folder in own)
            and path.relative_to(ROOT) not in lists]


def module_name(path: Path) -> str:
    """Dotted, a package's as its __init__ (a relative import's dots count from there)."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def test_the_shared_code_never_switches_on_a_games_name():
    sources = shared_sources()
    assert ROOT / "game" / "services" / "stats.py" in sources and ROOT / "scenes" / "menus" / "setup.py" in sources
    assert ROOT / "game" / "grayblock" / "state.py" not in sources  # a game's own folder may
    found = [f"{path.relative_to(ROOT)}:{line}: {what}" for path in sources
             for line, what in game_switches(path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


def test_the_shared_code_never_names_or_imports_a_game():
    sources = shared_sources()
    assert ROOT / "game" / "core" / "registry.py" not in sources and ROOT / "scenes" / "games.py" not in sources
    found = [f"{path.relative_to(ROOT)}:{line}: {what}" for path in sources
             for line, what in game_leaks(path.read_text(encoding="utf-8"), module_name(path))]
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


def test_every_kind_of_literal_and_import_is_found():
    source = '''
GAME = "grayblock"
from game.assemble.setup import Rules
import scenes.cementopia.table
from game import alicematic
from ..assemble import bots
from .grayblock.state import GrayblockState
load("game.cementopia.bots")
fine = "grayblocks", "Grayblock", "game.assembler", make(game="x")
from game import registry
from . import stats
'''
    assert sorted(line for line, _what in game_leaks(source, "game.review.judge")) == [2, 3, 4, 5, 6, 8]
    assert sorted(line for line, _what in game_leaks(source, "game.loose")) == [2, 3, 4, 5, 7, 8]
