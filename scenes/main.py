"""The `alice-assemble` entry point: the desktop app without arguments, headless commands with."""

from __future__ import annotations

import sys

from game import cli


def run(argv: list[str] | None = None) -> int:
    return cli.main(sys.argv[1:] if argv is None else argv)


def main() -> None:
    sys.exit(run())


if __name__ == "__main__":
    main()
