"""The `alice-assemble` entry point: the desktop app without arguments (or with --demo and the
window options), headless subcommands otherwise."""

from __future__ import annotations

import sys

from game.services import cli

APP_FLAGS = cli.window_flags()  # --demo, --size, ...: the window's options open the window


def _open_app(argv: list[str]) -> int:
    from scenes.app.window import run_app  # pygame is imported only when a window is wanted
    return run_app(argv)


def run(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0].split("=")[0] in APP_FLAGS:
        try:
            return _open_app(argv)
        except cli.UsageError as exc:
            print(f"{cli.PROG}: error: {exc}", file=sys.stderr)
            return 2
    return cli.main(argv)


def main() -> None:
    import multiprocessing
    multiprocessing.freeze_support()  # a frozen app's bot processes start through main
    sys.exit(run())


if __name__ == "__main__":
    main()
