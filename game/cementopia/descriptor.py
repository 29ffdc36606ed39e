"""Cementopia as the app and the command line know it (game.core.descriptor): a solo puzzle, with a
deal of the day."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.descriptor import Bests, Figures, GameInfo
from ..core.i18n import N_
from ..core.messages import later

if TYPE_CHECKING:  # the rules are imported only when a game is played
    import datetime

    from .state import CementopiaState

COMPLETE, STUCK = "complete", "stuck"  # how an attempt ends (game.cementopia.state)


def daily_seed(date: datetime.date | None = None) -> int:
    """The seed of the day's deal (game.cementopia.setup: imported when asked)."""
    from .setup import daily_seed as seed_of
    return seed_of(date)


def stage(state: CementopiaState) -> str:
    left = state.deck_count
    return later.ngettext("{n} card left in the deck", "{n} cards left in the deck", left, n=left)


def entry_fields(state: CementopiaState) -> dict[str, Any]:
    """How the attempt ended: complete or stuck (None while it goes on)."""
    return {"outcome": state.result().record["outcome"] if state.is_over() else None}


INFO = GameInfo(
    id="cementopia", title=N_("Cementopia"), short_title=N_("Cementopia"),
    player_counts=(1,), default_players=1,
    record="game.cementopia.record", bots="game.cementopia.bots",
    figures=Figures(width=1),
    entry_fields=entry_fields,
    outcomes=((COMPLETE, N_("complete")), (STUCK, N_("stuck"))),
    daily_seed=daily_seed,
    bests=Bests("cementopia_best", since=1, legacy_file="cementopia-best.json"),
    lesson="game.cementopia.lesson",
    review="game.cementopia.review",
    stage=stage,
)
