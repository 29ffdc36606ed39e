"""game/ in floors (issue 58, item 5; docs/architecture.md): no module imports from a floor above
its own. Every module under game/ is read with ast and given a floor by its package; a game's own
modules sit on the games floor unless PER_GAME names them (its bots and review sit with the shared
bots and review, its statistics with the services, its benchmarks with the tools). Imports inside
functions count. A module no floor holds (a new one at game/'s root) fails too."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

FLOORS = ("core", "games", "bots, review, tutorial", "storage", "services", "tools")
CORE, GAMES, PLAY, STORAGE, SERVICES, TOOLS = range(len(FLOORS))

# the shared packages, by floor (game itself holds only __version__)
PACKAGES = {"game": CORE, "game.core": CORE, "game.bots": PLAY, "game.review": PLAY,
            "game.tutorial": PLAY, "game.storage": STORAGE, "game.services": SERVICES,
            "game.tools": TOOLS}
SHARED = tuple(PACKAGES)

# a game's modules off the games floor, by their name in the game's package
PER_GAME = {
    # how its bots decide, and what they decide with; its review's judge; its lesson
    "bots": PLAY, "search": PLAY, "hard": PLAY, "endgame": PLAY, "rollouts": PLAY, "oracle": PLAY,
    "value": PLAY, "learned": PLAY, "opponents": PLAY, "solver": PLAY, "review": PLAY,
    "lesson": PLAY,
    # its own table in the player's data (Cementopia's bests)
    "best": STORAGE,
    # its figures for Statistics and its balance report over the kept games
    "stats": SERVICES, "report": SERVICES,
    # the developers' tools: benchmarks, the ladder's pieces, training, the designers' workbench
    "perf": TOOLS, "bench": TOOLS, "endgame_bench": TOOLS, "reading_bench": TOOLS,
    "review_perf": TOOLS, "ladder": TOOLS, "learn": TOOLS, "balance": TOOLS, "workbench": TOOLS,
}

# TYPE_CHECKING imports are not run: the registry names each game's record and bots modules only
# so that mypy checks them against the contract's protocols (at run time it imports them by name,
# as it imports everything a descriptor names). No other upward import is allowed, typed or not.
TYPED_ONLY = {"game.core.registry"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def floor_of(module: str) -> int | None:
    for package in sorted(PACKAGES, key=len, reverse=True):
        if package == "game":
            continue
        if module == package or module.startswith(package + "."):
            return PACKAGES[package]
    parts = module.split(".")
    if module == "game":
        return CORE
    if len(parts) >= 2 and (GAME / parts[1]).is_dir():  # a game's package
        return PER_GAME.get(parts[2], GAMES) if len(parts) > 2 else GAMES
    return None


def imported(path: Path) -> list[tuple[int, str, bool]]:
    """(line, module, typed only) for every module the file imports from game/."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rsplit(".", 1)[0]
    typed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typed |= {id(child) for stmt in node.body for child in ast.walk(stmt)}
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            # `from game.x import y`: y may be a module of its own
            names = [f"{source}.{alias.name}" if (GAME.parent / (f"{source}.{alias.name}".replace(
                ".", "/") + ".py")).is_file() or (GAME.parent / f"{source}.{alias.name}".replace(
                ".", "/")).is_dir() else source for alias in node.names]
        for name in names:
            if name == "game" or name.startswith("game."):
                found.append((node.lineno, name, id(node) in typed))
    return found


def sources() -> list[Path]:
    return sorted(p for p in GAME.rglob("*.py") if "__pycache__" not in p.parts)


def climbs() -> list[str]:
    problems = []
    for path in sources():
        module = module_name(path)
        mine = floor_of(module)
        where = path.relative_to(ROOT).as_posix()
        if mine is None:
            problems.append(f"{where}: on no floor (move it into a package of docs/architecture.md's"
                            f" floors, or name it in tests/test_floors.py)")
            continue
        for line, name, typed in imported(path):
            theirs = floor_of(name)
            if theirs is None or theirs <= mine or (typed and module in TYPED_ONLY):
                continue
            problems.append(f"{where}:{line}: imports {name} ({FLOORS[theirs]}) from the "
                            f"{FLOORS[mine]} floor")
    return problems


def test_no_module_imports_from_a_floor_above_its_own() -> None:
    problems = climbs()
    assert not problems, "\n".join(problems)


def test_storage_imports_nothing_above_storage() -> None:
    problems = [p for p in climbs() if p.startswith("game/storage/")]
    assert not problems, "\n".join(problems)


def test_the_floors_see_what_they_hold() -> None:
    # the table reads the tree as it is: the games' packages and the shared ones
    assert floor_of("game.core.records") == CORE
    assert floor_of("game.storage.store") == STORAGE
    assert floor_of("game.assemble.state") == GAMES and floor_of("game.assemble.bots") == PLAY
    assert floor_of("game.grayblock.stats") == SERVICES and floor_of("game.assemble.perf") == TOOLS
    assert floor_of("game.nowhere") is None  # a loose module: on no floor, so the test names it
    assert any(name == "game.core.registry" for _, name, _ in imported(GAME / "bots" / "__init__.py"))
