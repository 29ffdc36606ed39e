"""Learn to play (issue 14): one guided game per game, each a script of steps (lesson.py) on a
fixed deal. SCRIPTS lists them by the registry's game name (a game's declaration names its
script's module: game.descriptor.GameInfo.lesson)."""

from __future__ import annotations

import importlib

from .. import registry

SCRIPTS = {game.id: importlib.import_module(game.lesson).SCRIPT
           for game in registry.GAMES if game.lesson}
