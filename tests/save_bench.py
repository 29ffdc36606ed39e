"""What one autosave writes as a game grows (issue 58): a Grayblock match of four seats played on
at random, kept after every move as the app keeps it (store.games.new, then store.games.save), in a
data folder of its own. Prints, at move 10 and at move 200, the bytes the process wrote for that
one save (/proc/self/io `wchar`: the database and its log, where the system says so) and the
database's own count of pages it wrote to its log, and the mean of the last ten saves (a
checkpoint of the log falls in one of them now and then). Figures only: nothing is asserted.

    PYTHONPATH=$PWD python tests/save_bench.py [--moves 200]
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from game.core import records
from game.core.commands import Session
from game.grayblock.record import new_session
from game.storage.store import DB_NAME, Store

AT = (10, 50, 100, 200, 1000, 2000)


def written() -> int | None:
    """Bytes this process has passed to write() so far (Linux), else None."""
    try:
        text = Path("/proc/self/io").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("wchar:"):
            return int(line.split()[1])
    return None


def wal_frames(path: Path) -> int:
    """Frames in the database's write-ahead log (4 KB pages and a header each)."""
    wal = Path(f"{path}-wal")
    size = wal.stat().st_size if wal.exists() else 0
    return max(0, (size - 32) // (4096 + 24))


def play(moves: int, seed: int = 7) -> list[dict[str, Any]]:
    """The record after each of `moves` moves of a four-seat match played at random."""
    players = [{"name": f"P{i + 1}", "seat": "human"} for i in range(4)]
    session: Session[Any] = new_session(seed, players, target=10_000)
    rng = random.Random(seed)
    out = [records.record_of(session)]
    while len(out) <= moves and not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
        out.append(records.record_of(session))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args(argv)
    kept = play(args.moves)
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder))
        path = Path(folder) / DB_NAME
        try:
            con = sqlite3.connect(path)
            con.execute("PRAGMA wal_autocheckpoint = 0")  # (this connection's only: a figure)
            con.close()
            game_id = store.games.new(kept[0])
            spent: list[int] = []  # bytes each save wrote
            for n, record in enumerate(kept[1:], start=1):
                before, frames = written(), wal_frames(path)
                store.games.save(game_id, record)
                after = written()
                spent.append(-1 if before is None or after is None else after - before)
                if n in AT:
                    grown = wal_frames(path) - frames
                    last = spent[-10:]
                    size = len(json.dumps(record, separators=(",", ":"), ensure_ascii=False))
                    print(f"move {n:4d}: record {size:7d} B, this save wrote {spent[-1]:7d} B "
                          f"(log frames +{grown}), the last {len(last)} saves "
                          f"{sum(last) / len(last):9.0f} B each", flush=True)
        finally:
            store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
