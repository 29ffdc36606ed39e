"""Alice Assemble's pieces of the bot strength ladder (game.tools.ladder, GameInfo.ladder): the pairings
it plays by default and their goals, the levels only a benchmark seats, the search's think time
and clock."""

import time
from typing import Callable

from . import search
from .bots import DEFAULT_THINK
from .learned import TRIALS
from .oracle import ORACLES

__all__ = ["DEFAULT_PAIRINGS", "DEFAULT_THINK", "GOALS", "ORACLES", "QUICK", "QUICK_GOALS", "TRIALS",
           "clock", "count_cpu_time"]

DEFAULT_PAIRINGS = ("easy-vs-random", "normal-vs-easy", "hard-vs-easy", "hard-vs-normal",
                    "hard-vs-normal@2", "expert-vs-hard")
# issue 16's goals at the app's think time (0.8 s); at a quarter second hard must still beat
# three greedy bots (easy: the best immediate placement)
GOALS = {"easy-vs-random": 0.90, "hard-vs-easy": 0.75, "hard-vs-normal": 0.50,
         "hard-vs-normal@2": 0.75, "expert-vs-hard": 0.40}
QUICK_GOALS = {"hard-vs-easy": 0.60}
QUICK = 0.25  # seconds: QUICK_GOALS apply at or below it


def clock() -> Callable[[], float]:
    """The clock the search keeps its think time by: wall time, or CPU time once counted so."""
    return search.CLOCK[0]


def count_cpu_time() -> None:
    """The search's think time in CPU seconds of this process (--cpu-time)."""
    search.CLOCK[0] = time.process_time
