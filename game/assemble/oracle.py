"""The oracle: the hard bot's search told the true deck order (benchmarks only, never offered).

It bounds what hidden information costs: the ladder sets `truth` to the game being played, and
every playout then starts from the real position instead of a guess. Comparing its win share
with hard's and expert's (python -m game.tools.ladder --pairings oracle-vs-normal ...) shows how much
of the gap to a perfect player is the deck nobody sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from .bots import HardBot

if TYPE_CHECKING:
    import random

    from ..core.commands import Session
    from .state import AssembleState
    from .view import AssembleView


class _Known:
    """A view whose every guess of the hidden cards is the truth."""

    def __init__(self, view: AssembleView, state: AssembleState) -> None:
        self._view, self._state = view, state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)

    def sample_state(self, rng: random.Random) -> AssembleState:
        return self._state.clone()


class OracleBot(HardBot):
    """Hard's search from the real position. A few random moves in its playouts (noise): with one
    fixed deck every playout of a candidate would otherwise be the same line of play, and the
    ladder found the (flat Monte Carlo) oracle far stronger with them (a bound should be as strong
    as we can make it; hard's flat search, which guessed a new deck every playout, gained nothing
    from them). Told the deck, the tree wins 0.625 against three normal bots where hard wins about
    0.45 (docs/bot-strength.md)."""

    name = "oracle"
    # the session whose state the oracle may read (set by the ladder)
    truth: Session[AssembleState] | None = None
    NOISE = 0.05
    PARALLEL = False  # a helper would be shown only the view, not the deck

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None) -> None:
        super().__init__(seed, think, iterations, noise=self.NOISE)

    def choose(self, view: AssembleView, legal: list[Any]) -> Any:
        if self.truth is None:
            raise RuntimeError("the oracle plays only where the ladder shows it the deck")
        # duck-typed: the view itself in all but its guesses (every attribute is the view's)
        known = cast("AssembleView", _Known(view, self.truth.state))
        return super().choose(known, legal)


ORACLES = {"oracle": OracleBot}
