"""The desktop app (pygame-ce). Importing this package does not import pygame: scenes.main
dispatches headless subcommands to game.services.cli without opening a window."""

import os

# Every scene module is under this package, so this runs before any of them imports pygame: its
# "Hello from the pygame community" banner would otherwise go to stdout and break piped JSON.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
