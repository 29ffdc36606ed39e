"""The long fuzz run: tests/test_fuzz.py with many examples each and fresh random inputs (CI runs a
few, always the same). Run it before resolving an issue that touches a reader of records,
settings, lessons, bot answers or the score batch:

    python build/fuzz.py [--examples 1000] [--workers 2]

Prints each test with its examples and outcome, and the totals. A failure is printed with
hypothesis' smallest example: make it a named test in the reader's own test file, then fix it."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000, help="examples per test (default 1000)")
    parser.add_argument("--workers", type=int, default=2, help="pytest-xdist workers (default 2)")
    args = parser.parse_args(argv)
    if args.examples < 1 or args.workers < 1:
        parser.error("--examples and --workers must be at least 1")
    env = dict(os.environ, ALICE_FUZZ_EXAMPLES=str(args.examples), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    start = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/test_fuzz.py", "-p", "no:cacheprovider",
         "-n", str(args.workers), "-rA", "-q", "--hypothesis-show-statistics"],
        cwd=ROOT, env=env, capture_output=True, text=True)
    took = time.monotonic() - start
    out = proc.stdout
    passed = len(re.findall(r"^PASSED ", out, re.M))
    failed = re.findall(r"^FAILED (\S+)", out, re.M)
    print(f"fuzz: {args.examples} examples per test, {passed + len(failed)} tests, "
          f"at most {passed * args.examples} examples passed, {len(failed)} tests failed, {took:.0f} s")
    for name in failed:
        print(f"  FAILED {name}")
    if failed:
        print(out[-8000:])
    return 1 if failed or proc.returncode not in (0,) else 0


if __name__ == "__main__":
    sys.exit(main())
