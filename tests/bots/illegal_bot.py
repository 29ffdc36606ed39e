"""An external bot that answers an action that is not legal on its third decision."""

from misbehave import run

run("illegal")
