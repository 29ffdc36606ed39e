"""Learn to play (issue 14): one guided game per game, each a script of steps (lesson.py) on a
fixed deal. SCRIPTS lists them by the registry's game name."""

from __future__ import annotations

from .assemble import SCRIPT as ASSEMBLE
from .cementopia import SCRIPT as CEMENTOPIA
from .grayblock import SCRIPT as GRAYBLOCK

SCRIPTS = {"assemble": ASSEMBLE, "cementopia": CEMENTOPIA, "grayblock": GRAYBLOCK}
