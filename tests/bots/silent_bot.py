"""An external bot that stops answering (sleeps past any short timeout) on its third decision."""

from misbehave import run

run("silent")
