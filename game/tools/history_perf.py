"""Benchmark of History and Statistics over the player's data (issue 38, point 6). Prints
figures; asserts nothing (a slow machine is not a failure).

    python -m game.tools.history_perf [--records 10000] [--keep DIR]

Real records of every game are played by random bots (a few dozen), then copied with varied player
names, levels, finish times, assisted flags and daily dates and imported into a fresh database
until it holds N finished games (the import replays every one, as the app does when a game
ends). Measured, each the best of a few runs: opening History (the ids in order, the player
names, the first page of rows), History filtered by a player and by a game, Statistics (every
entry read and counted), and `alice-assemble stats --json` as a whole command (Python's start
included), against the 0.3 s goal.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

from ..core import registry
from ..services.play import play_out
from ..core.records import record_of, utc_stamp
from ..services import cli
from ..services.stats import compute, kept
from ..storage.history import Entry
from ..storage import Store

NAMES = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Ken", "Dennis", "Margaret",
         "Niklaus", "Frances", "John", "Radia", "Tim", "Sophie", "Yukihiro", "Guido", "Linus",
         "Anita", "Hedy"]
LEVELS = ["random", "easy", "normal", "hard"]

T = TypeVar("T")


def templates(per_game: int = 12) -> list[dict[str, Any]]:
    """Real finished records, played out by random bots."""
    from ..bots import make_bot
    out = []
    for info in registry.GAMES:
        module = registry.game_module(info.id)
        counts = info.player_counts
        for i in range(per_game):
            n = counts[i % len(counts)]
            seats = [{"name": f"P{p}", "seat": "random"} for p in range(n)]
            session = module.new_session(1000 + i, seats, module.parse_rules(""), snapshots=False)
            bots = {p: make_bot("random", info.id, i * 7 + p, None, player=p) for p in range(n)}
            play_out(session, bots)
            out.append(record_of(session))
    return out


def varied(count: int, seed: int = 1) -> Iterator[tuple[str, dict[str, Any], None]]:
    """`count` records: copies of real ones, varied (as (name, record, None) import items)."""
    rng = random.Random(seed)
    base = templates()
    start = time.time() - count * 3600
    for i in range(count):
        record = json.loads(json.dumps(base[i % len(base)]))
        info = registry.info(record["game"])
        if "players" in record and not info.solo:
            names = rng.sample(NAMES, len(record["players"]))
            record["players"] = [{"name": names[0], "seat": "human"}] + [
                {"name": name, "seat": rng.choice(LEVELS)} for name in names[1:]]
        when = start + i * 3600
        record["finished_at"] = utc_stamp(when)
        record["started_at"] = utc_stamp(when - 600)
        record["seed"] = i  # each a game of its own (the same game is kept once)
        if rng.random() < 0.1:
            record["assisted"], record["helps"] = True, ["undo"]
        if info.daily_seed is not None and rng.random() < 0.5:
            record["daily"] = time.strftime("%Y-%m-%d", time.gmtime(when))
        yield f"game {i}", record, None


def fill(folder: Path, count: int) -> Store:
    store = Store.open(folder)
    report = store.finished.add(varied(count))
    assert not report.problems, report.problems[:3]
    return store


def best(fn: Callable[[], T], runs: int = 5) -> tuple[T, float]:
    times: list[float] = []
    for _ in range(runs):
        value, seconds = timed(fn)
        times.append(seconds)
    return value, min(times)


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    t = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - t


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.history_perf")
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--keep", help="make the data folder here (kept) instead of a temp folder")
    args = parser.parse_args(argv)
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="alice-history-"))
    try:
        store, seconds = timed(lambda: fill(root, args.records))
        print(f"imported {args.records} finished games in {seconds:.1f} s "
              f"({seconds / max(1, args.records) * 1000:.2f} ms a game, replays included)")
        size = (root / "alice.sqlite3").stat().st_size
        print(f"database size: {size / 1e6:.1f} MB")

        def history(game: str | None = None,
                    player: str | None = None) -> tuple[list[int], list[str], list[Entry]]:
            ids = store.finished.ids(game, player)
            names = store.finished.player_names()
            return ids, names, store.finished.entries(ids[:200])
        (ids, names, _rows), open_s = best(history)
        print(f"History opens: {open_s * 1000:.0f} ms ({len(ids)} games, {len(names)} players, "
              f"the first 200 rows read)")
        (ids, _n, _r), player_s = best(lambda: history(player=names[0]))
        print(f"History for {names[0]}: {player_s * 1000:.0f} ms ({len(ids)} games)")
        for info in registry.GAMES:
            (ids, _n, _r), game_s = best(lambda: history(game=info.id))
            print(f"History of {info.title}: {game_s * 1000:.0f} ms ({len(ids)} games)")
        figures, stats_s = best(lambda: json.dumps(compute(store.finished.entries())))
        print(f"Statistics worked out over {args.records} games (every entry read and counted): "
              f"{stats_s * 1000:.0f} ms (once per change of the finished games)")
        _kept, kept_s = best(lambda: json.dumps(kept(store)))
        print(f"Statistics as kept (no game finished since): {kept_s * 1000:.0f} ms")
        store.close()
        env = dict(os.environ, ALICE_DATA_DIR=str(root))
        os.environ["ALICE_DATA_DIR"] = str(root)  # the command's data folder, in this process
        with contextlib.redirect_stdout(io.StringIO()):
            _code, cmd_s = best(lambda: cli.main(["stats", "--json"]))
        print(f"alice-assemble stats --json, in this process: {cmd_s * 1000:.0f} ms "
              f"(goal: History and stats under 300 ms)")
        command = [sys.executable, "-m", "scenes.main", "stats", "--json"]
        _out, cli_s = best(lambda: subprocess.run(command, env=env, capture_output=True, check=True), 3)
        _out, empty_s = best(lambda: subprocess.run([sys.executable, "-m", "scenes.main", "--version"],
                                                    capture_output=True, check=True), 3)
        print(f"alice-assemble stats --json, the whole command: {cli_s * 1000:.0f} ms, of which "
              f"Python's start and the app's imports (--version): {empty_s * 1000:.0f} ms")
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
