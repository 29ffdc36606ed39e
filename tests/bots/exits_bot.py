"""An external bot that exits in the middle of the game on its third decision."""

from misbehave import run

run("exits")
