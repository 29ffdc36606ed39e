"""The floors of game/ (issue 58, item 5), as a codemod that can be run again on a newer main.

    python build/floors.py            # move the modules (git mv) and rewrite every reference
    python build/floors.py --check    # what it would still change; exit 1 if anything, 0 after a run

It moves the modules named in MOVES with `git mv` (a module already moved, or gone, is skipped; one
whose old and new files both exist is reported and left alone) and rewrites what names them in
game/ scenes/ tests/ build/ docs/ README.md alice.spec pyproject.toml:

- imports, read with ast (so a module that gained or lost lines is rewritten all the same):
  `from game.x import a`, `from ..x import a`, `from game import x`, `from . import x`,
  `import game.x [as y]` (a bare `import game.x` also has its `game.x.attr` uses in that file
  rewritten). A relative import stays relative (worked out again from where its file now is), an
  absolute one stays absolute; one statement whose names now come from two places is split;
  `from game.review import kept` becomes `from game.storage import kept_reviews as kept`;
- dotted names and paths in strings and comments (Python) and anywhere in the other files:
  `python -m game.perf`, "game.storage.files.data_dir" in a patch, mypy's module lists and
  PyInstaller's hidden imports, `game/history.py`, `"game" / "stats.py"`, `Path("game", "cli.py")`.

Everything is worked out from the files as they are, so a second run finds nothing to do.
What it cannot know (a new module at game/'s root that no floor holds, an import that climbs a
floor) tests/test_floors.py names."""

from __future__ import annotations

import argparse
import ast
import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CORE = ["commands", "records", "cards", "positions", "contract", "descriptor", "errors", "i18n",
        "text", "words", "messages", "lazy", "intervals", "appendonly", "paths", "registry"]
SERVICES = ["stats", "play", "cli", "ratings", "settings"]
TOOLS = ["perf", "ladder", "history_perf", "review_perf", "export_perf"]

# old module -> new module
MOVES: dict[str, str] = {
    **{f"game.{name}": f"game.core.{name}" for name in CORE},
    # the reading of untrusted files and the data folder: records read through it, bots find
    # their programs' folder with it; it keeps nothing
    "game.storage.files": "game.core.files",
    # what the store keeps, beside the store that owns the connection (its tables' own modules
    # are game.storage.lessons, .reviews, .settings: these read and check what those keep)
    "game.history": "game.storage.history",
    "game.tutorial.store": "game.storage.lesson_places",
    "game.review.kept": "game.storage.kept_reviews",
    **{f"game.{name}": f"game.services.{name}" for name in SERVICES},
    **{f"game.{name}": f"game.tools.{name}" for name in TOOLS},
}

PACKAGES = {
    "game.core": "The core floor: commands, records, cards, positions, the contract a game meets,\n"
                 "the descriptors, errors, words and the registry of the games. It imports nothing\n"
                 "of game/ but itself (docs/architecture.md, tests/test_floors.py).",
    "game.services": "The services the app and the command line share: statistics, a game played\n"
                     "out, the command line's verbs, the ratings. Below them: storage, bots, review,\n"
                     "tutorial, the games, the core (docs/architecture.md).",
    "game.tools": "Developers' tools: the benchmarks and the ladder. The top floor: anything below\n"
                  "may be imported, nothing imports these (docs/architecture.md).",
}

SCOPE = ["game", "scenes", "tests", "build", "docs", "README.md", "alice.spec", "pyproject.toml"]
TEXT_SUFFIXES = {".md", ".toml", ".spec", ".sh", ".cfg", ".txt", ".ini"}
SKIP_PARTS = {"__pycache__", "work", "fixtures_data", ".git"}
ME = Path(__file__).resolve()

LINE = 100


def path_of(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def mapped(module: str) -> str:
    """The module's new name (the longest moved prefix), or the name itself."""
    for old in sorted(MOVES, key=len, reverse=True):
        if module == old or module.startswith(old + "."):
            return MOVES[old] + module[len(old):]
    return module


# --- text: dotted names and paths ----------------------------------------------------------------

def _dotted_pattern() -> re.Pattern[str]:
    keys = sorted(MOVES, key=len, reverse=True)
    return re.compile(r"(?<![\w.{/])(" + "|".join(re.escape(k) for k in keys) + r")(?![\w])")


def _path_pattern() -> re.Pattern[str]:
    keys = sorted(MOVES, key=len, reverse=True)
    return re.compile(r"(?<![\w/.])(" + "|".join(re.escape(k.replace(".", "/")) for k in keys)
                      + r")\.py\b")


DOTTED = _dotted_pattern()
PATHED = _path_pattern()
# "game" / "stats.py", "game", "storage", "files.py" (a Path built from parts)
PARTS = re.compile(r'"game"\s*(?P<sep>[/,])\s*(?:"\w+"\s*(?P=sep)\s*)*"\w+\.py"')


def rewrite_text(text: str) -> str:
    text = DOTTED.sub(lambda m: MOVES[m.group(1)], text)
    text = PATHED.sub(lambda m: MOVES[m.group(1).replace("/", ".")].replace(".", "/") + ".py",
                      text)
    return rewrite_parts(text)


def rewrite_parts(text: str) -> str:
    def parts(m: re.Match[str]) -> str:
        sep = m.group("sep")
        names = re.findall(r'"([\w.]+)"', m.group(0))
        module = ".".join(names)[: -len(".py")]
        if module not in MOVES:
            return m.group(0)
        new = MOVES[module].split(".")
        new[-1] += ".py"
        joiner = " / " if sep == "/" else ", "
        return joiner.join(f'"{n}"' for n in new)

    return PARTS.sub(parts, text)


def rewrite_tokens(source: str) -> str:
    """rewrite_text over the strings and comments of Python source only (code keeps its
    attribute names: a GameInfo's `game.ladder` is no module)."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return source
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    edits = []
    for tok in tokens:
        if tok.type not in (tokenize.STRING, tokenize.COMMENT):
            continue
        new = rewrite_text(tok.string)
        if new != tok.string:
            start = offsets[tok.start[0] - 1] + tok.start[1]
            end = offsets[tok.end[0] - 1] + tok.end[1]
            edits.append((start, end, new))
    for start, end, new in reversed(edits):
        source = source[:start] + new + source[end:]
    return source


# --- imports ---------------------------------------------------------------------------------------

def package_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1])


def resolve(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    base = package.split(".")
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def relative(target: str, package: str) -> str:
    here, there = package.split("."), target.split(".")
    common = 0
    while common < min(len(here), len(there)) and here[common] == there[common]:
        common += 1
    return "." * (len(here) - common + 1) + ".".join(there[common:])


def render(module: str, names: list[str], indent: str) -> str:
    head = f"from {module} import "
    one = head + ", ".join(names)
    if len(indent) + len(one) <= LINE:
        return one
    lines, current = [], head + "("
    for i, name in enumerate(names):
        piece = name + (", " if i < len(names) - 1 else ")")
        if len(indent) + len(current) + len(piece.rstrip()) > LINE and current.strip() not in (
                head.strip() + " (", ""):
            lines.append(current.rstrip())
            current = " " * len(head + "(") + piece
        else:
            current += piece
    lines.append(current.rstrip())
    return ("\n" + indent).join(lines)


def alias(name: str, asname: str | None, said: bool = False) -> str:
    """`name as asname`; `x as x` kept where the source said it (mypy reads it as a re-export)."""
    return f"{name} as {asname}" if asname and (asname != name or said) else name


def new_import_from(node: ast.ImportFrom, resolve_pkg: str, emit_pkg: str,
                    indent: str) -> str | None:
    """The statement's new text, or None if it stays as it is."""
    source = resolve(node, resolve_pkg)
    if not source.startswith("game") or (source != "game" and not source.startswith("game.")):
        return None
    groups: dict[str, list[str]] = {}
    for name in node.names:
        whole = f"{source}.{name.name}"
        if name.name != "*" and mapped(whole) != whole and whole in MOVES:
            new = MOVES[whole]
            parent, leaf = new.rsplit(".", 1)
            groups.setdefault(parent, []).append(alias(leaf, name.asname or name.name, name.asname == leaf))
        else:
            groups.setdefault(mapped(source), []).append(alias(name.name, name.asname, True))
    moved = list(groups) != [source]
    if not moved and not (node.level and resolve_pkg != emit_pkg):
        return None
    out = []
    for module, names in groups.items():
        spelt = relative(module, emit_pkg) if node.level else module
        out.append(render(spelt, names, indent))
    return ("\n" + indent).join(out)


def new_import(node: ast.Import) -> tuple[str | None, list[str]]:
    changed, bare = False, []
    names = []
    for name in node.names:
        new = mapped(name.name)
        if new != name.name:
            changed = True
            if not name.asname:
                bare.append(name.name)
        names.append(alias(new, name.asname))
    return ("import " + ", ".join(names) if changed else None), bare


def rewrite_python(source: str, resolve_pkg: str, emit_pkg: str) -> str:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, int, int, str]] = []
    bare: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        first = lines[node.lineno - 1]
        col = len(first.encode("utf-8")[: node.col_offset].decode("utf-8"))
        indent = first[:col] if not first[:col].strip() else " " * col
        if isinstance(node, ast.ImportFrom):
            new = new_import_from(node, resolve_pkg, emit_pkg, indent)
        else:
            new, more = new_import(node)
            bare += more
        if new is None:
            continue
        last = lines[node.end_lineno - 1]  # type: ignore[operator]
        end = len(last.encode("utf-8")[: node.end_col_offset].decode("utf-8"))
        edits.append((node.lineno, col, node.end_lineno, end, new))  # type: ignore[arg-type]
    for start_line, start_col, end_line, end_col, new in sorted(edits, reverse=True):
        head = lines[start_line - 1][:start_col]
        tail = lines[end_line - 1][end_col:]
        lines[start_line - 1:end_line] = [head + new + tail]
    source = "".join(lines)
    for old in bare:  # `import game.play` ... `game.play.make_bot`: the uses follow the module
        source = re.sub(r"(?<![\w.])" + re.escape(old) + r"(?![\w])", MOVES[old], source)
    return source


# --- the run -----------------------------------------------------------------------------------------

def files() -> list[Path]:
    found = []
    for entry in SCOPE:
        path = ROOT / entry
        candidates = [path] if path.is_file() else sorted(path.rglob("*")) if path.is_dir() else []
        for file in candidates:
            if not file.is_file() or SKIP_PARTS & set(file.relative_to(ROOT).parts):
                continue
            if file.resolve() == ME:
                continue
            if file.suffix == ".py" or file.suffix in TEXT_SUFFIXES or file.name == "alice.spec":
                found.append(file)
    return found


def rewritten(path: Path, text: str, resolve_pkg: str | None = None,
              emit_pkg: str | None = None) -> str:
    if path.suffix == ".py":
        here = package_of(path)
        text = rewrite_python(text, resolve_pkg or here, emit_pkg or here)
        return rewrite_parts(rewrite_tokens(text))
    return rewrite_text(text)


def git(*args: str) -> None:
    subprocess.run(["git", *args], cwd=ROOT, check=True)


def run(check: bool) -> int:
    pending = 0
    for package, doc in PACKAGES.items():
        init = path_of(package + ".__init__")
        if not init.exists():
            pending += 1
            print(f"create {rel(init)}")
            if not check:
                init.parent.mkdir(parents=True, exist_ok=True)
                init.write_text(f'"""{doc}"""\n', encoding="utf-8")
                git("add", rel(init))
    for old, new in MOVES.items():
        source, target = path_of(old), path_of(new)
        if not source.exists():
            continue
        if target.exists():
            print(f"CONFLICT {rel(source)} and {rel(target)} both exist: left as they are")
            continue
        pending += 1
        print(f"git mv {rel(source)} {rel(target)}")
        if check:
            continue
        # its relative imports worked out where it was, written for where it goes
        text = source.read_text(encoding="utf-8")
        text = rewrite_python(text, package_of(source), new.rsplit(".", 1)[0])
        source.write_text(text, encoding="utf-8")
        target.parent.mkdir(parents=True, exist_ok=True)
        git("mv", rel(source), rel(target))
    for path in files():
        text = path.read_text(encoding="utf-8")
        if check:
            # a file still to move is rewritten for where it goes
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            if path.suffix == ".py" and module in MOVES and not path_of(MOVES[module]).exists():
                new = rewritten(path, text, package_of(path), MOVES[module].rsplit(".", 1)[0])
            else:
                new = rewritten(path, text)
        else:
            new = rewritten(path, text)
        if new != text:
            pending += 1
            print(f"rewrite {rel(path)}")
            if not check:
                path.write_text(new, encoding="utf-8")
    print(f"floors: {pending} change{'s' if pending != 1 else ''} "
          f"{'to make' if check else 'made'}")
    return 1 if check and pending else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only say what would change (exit 1 if anything would)")
    args = parser.parse_args(argv)
    return run(args.check)


if __name__ == "__main__":
    sys.exit(main())
