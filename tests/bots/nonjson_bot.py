"""An external bot that answers a line that is not JSON on its third decision."""

from misbehave import run

run("nonjson")
