"""Hard's search with the learned evaluation (issue 43), behind a switch: benchmark levels the
ladder can seat (python -m game.tools.ladder --pairings hard-net-vs-normal), never offered in the app
until the ladder shows they help (docs/bot-strength.md has the figures).

`hard-net`: playouts stop two rounds ahead and the value network (value.py) judges the position
there, from the searching seat's view of a guess; games that end before are scored as usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bots import HardBot
from .search import OwnMoveTree

if TYPE_CHECKING:
    from .value import Network
    from .view import AssembleView


class NetHardBot(HardBot):
    name = "hard-net"
    HORIZON = 2  # rounds the playouts go before the network judges
    LAST_CUT: int | None = None  # the last round it judges at (None: any)

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None, horizon: int | None = None,
                 net: Network | None = None) -> None:
        super().__init__(seed, think, iterations)
        from .value import shipped
        self.net = shipped() if net is None else net
        # a helper process loads the shipped weights itself: with others, search here alone
        self.PARALLEL = net is None
        self.search = OwnMoveTree(self.rng, keep=self.keep, noise=self.search.noise,
                                  evaluator=self.net.win_share,
                                  horizon=self.HORIZON if horizon is None else horizon,
                                  last_cut=self.LAST_CUT)

    def part_horizon(self, view: AssembleView) -> int | None:
        return self.search.horizon if self.search.cuts(view.round) else None


class NetHardBot1(NetHardBot):
    """The same with the cut-off one round ahead."""

    name = "hard-net1"
    HORIZON = 1


class NetHardBot3(NetHardBot):
    name = "hard-net3"
    HORIZON = 3


class NetHardBotEarly(NetHardBot):
    """The cut-off only where the network judges about as well as playing out: at rounds 2
    and 3 (from the draft and round 1), where a playout is also longest. Later the playouts
    are cheap and all but exact (docs/bot-strength.md)."""

    name = "hard-net-early"
    LAST_CUT = 3


TRIALS = {bot.name: bot for bot in (NetHardBot, NetHardBot1, NetHardBot3, NetHardBotEarly)}
