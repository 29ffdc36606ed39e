"""Benchmark of the records index and the statistics (issue 15, point 5). Prints figures; asserts
nothing (a slow machine is not a failure).

    python -m game.history_perf [--records 10000] [--stats 5000] [--keep DIR]

Real records of every game are played by random bots (a few dozen games), then copied with
varied player names, levels, finish times, assisted flags and daily dates into a temporary folder
until there are N. Measured: the index's cold build (every file replayed), a warm open (the
index read, every file's size and time checked), one changed file, and the statistics over the
newest 5,000 records (and opening a 5,000-record folder cold and warm, then the statistics).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import tempfile
import time
from pathlib import Path

from . import registry
from .history import open_folder
from .play import play_out
from .records import record_of, utc_stamp
from .stats import compute

NAMES = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Ken", "Dennis", "Margaret",
         "Niklaus", "Frances", "John", "Radia", "Tim", "Sophie", "Yukihiro", "Guido", "Linus",
         "Anita", "Hedy"]
LEVELS = ["random", "easy", "normal", "hard"]


def templates(per_game: int = 12) -> list[dict]:
    """Real finished records, played out by random bots."""
    from .bots import make_bot
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


def fill(folder: Path, count: int, seed: int = 1) -> None:
    """Write `count` records into folder: copies of real ones, varied."""
    rng = random.Random(seed)
    base = templates()
    folder.mkdir(parents=True, exist_ok=True)
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
        if rng.random() < 0.1:
            record["assisted"], record["helps"] = True, ["undo"]
        if info.daily_seed is not None and rng.random() < 0.5:
            record["daily"] = time.strftime("%Y-%m-%d", time.gmtime(when))
        (folder / f"{record['game']}-{i:06d}.json").write_text(
            json.dumps(record, separators=(",", ":")), encoding="utf-8")


def timed(fn):
    t = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - t


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.history_perf")
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--stats", type=int, default=5_000)
    parser.add_argument("--keep", help="write the records here (kept) instead of a temp folder")
    args = parser.parse_args(argv)
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="alice-history-"))
    try:
        big, small = root / "big", root / "small"
        _none, seconds = timed(lambda: fill(big, args.records))
        print(f"wrote {args.records} records in {seconds:.1f} s")
        listing, cold = timed(lambda: open_folder(big))
        print(f"index cold build, {args.records} records: {cold:.2f} s "
              f"({cold / max(1, args.records) * 1000:.2f} ms a record, {listing.read} read)")
        size = (big / "index.json").stat().st_size
        print(f"index size: {size / 1e6:.1f} MB")
        listing, warm = timed(lambda: open_folder(big))
        print(f"warm open, {args.records} records: {warm * 1000:.0f} ms "
              f"({listing.reused} from the index, {listing.read} read)")
        first = sorted(big.glob("*.json"))[0]
        first.write_text(first.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        listing, one = timed(lambda: open_folder(big))
        print(f"open with one changed record: {one * 1000:.0f} ms ({listing.read} read)")
        newest = listing.entries[:args.stats]
        figures, stats_time = timed(lambda: compute(newest))
        game = registry.GAMES[0].id
        print(f"stats over {len(newest)} entries: {stats_time * 1000:.0f} ms "
              f"({len(figures['games'][game]['players'])} {game} players)")
        fill(small, args.stats, seed=2)
        listing, cold5 = timed(lambda: open_folder(small))
        print(f"stats from scratch over {args.stats} records: index cold {cold5:.2f} s")
        _v, total = timed(lambda: compute(open_folder(small).entries))
        print(f"stats over {args.stats} records, index warm, open + compute: {total * 1000:.0f} ms")
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
