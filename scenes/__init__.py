"""The desktop app (pygame-ce). Importing this package does not import pygame: scenes.main
dispatches headless subcommands to game.cli without opening a window."""
