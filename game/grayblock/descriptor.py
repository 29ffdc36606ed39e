"""Grayblock as the app and the command line know it (game.descriptor): a match of hands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..descriptor import Figures, GameInfo, RuleOption
from ..i18n import N_
from ..messages import message

if TYPE_CHECKING:  # the rules are imported only when a game is played
    from .state import GrayblockState

DEFAULT_TARGET = 100  # points a match is played to, unless set up otherwise


def stage(state: GrayblockState) -> str:
    """The hand being played (1 for the first)."""
    return message(N_("Hand {number}"), number=max(1, len(state.deals)))


def entry_fields(state: GrayblockState) -> dict[str, Any]:
    """Each finished hand: its winner, how it was won (block or out) and its points."""
    return {"hands": tuple((r.winner, r.kind, r.points) for r in state.results)}


INFO = GameInfo(
    id="grayblock", title=N_("Grayblock"), short_title=N_("Grayblock"),
    player_counts=(2, 3, 4), default_players=2,
    record="game.grayblock.record", bots="game.grayblock.bots",
    rules=(RuleOption("water_veins", "water-veins", N_("Water Veins")),),
    targets=(50, 100, 150), default_target=DEFAULT_TARGET,
    figures=Figures(width=20, hands=True),
    entry_fields=entry_fields,
    lesson="game.tutorial.grayblock",
    review="game.review.grayblock",
    stage=stage,
)
