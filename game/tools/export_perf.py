"""Benchmark of `alice-assemble export` over many finished games (issue 56, item 11). Prints
figures; asserts nothing (a slow machine is not a failure).

    python -m game.tools.export_perf [--records 10000 100000] [--keep DIR]

For each count, a fresh database is filled as game.tools.history_perf fills it (varied copies of real
records, imported), then `alice-assemble export` runs as a whole command, twice into one folder
(the second run finds every game there). Printed: its peak resident memory (the command's own
VmHWM, Linux), its time and the files it left.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .history_perf import fill

# The command's own peak: VmHWM (getrusage's ru_maxrss keeps the peak of the process before its
# exec, here the benchmark's own, which holds the records it imported).
RUN = ("import sys\n"
       "from game.services.cli import main\n"
       "code = main(['export', sys.argv[1]])\n"
       "kb = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')]\n"
       "print('peak', kb[0], file=sys.stderr)\n"
       "sys.exit(code)\n")


def export_once(data: Path, out: Path) -> tuple[float, float, str]:
    """(peak RSS in MB, seconds, what it printed) of one `alice-assemble export`."""
    env = dict(os.environ, ALICE_DATA_DIR=str(data))
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", RUN, str(out)], env=env, capture_output=True,
                          text=True)
    seconds = time.perf_counter() - start
    peak = [line for line in proc.stderr.splitlines() if line.startswith("peak ")]
    kb = int(peak[-1].split()[1]) if peak else 0
    return kb / 1024, seconds, proc.stdout.strip() or proc.stderr.strip()[-200:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.export_perf")
    parser.add_argument("--records", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--keep", help="make the data folders here (kept) instead of a temp folder")
    args = parser.parse_args(argv)
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="alice-export-"))
    try:
        for count in args.records:
            data, out = root / f"data-{count}", root / f"out-{count}"
            start = time.perf_counter()
            fill(data, count).close()
            print(f"{count} finished games imported in {time.perf_counter() - start:.0f} s")
            for run in ("first", "again"):
                mb, seconds, said = export_once(data, out)
                files = sum(1 for _ in os.scandir(out))
                print(f"export of {count} games ({run}): peak RSS {mb:.0f} MB, {seconds:.1f} s, "
                      f"{files} files in the folder; it said {said}")
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
