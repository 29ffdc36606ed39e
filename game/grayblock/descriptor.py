"""Grayblock as the app and the command line know it (game.core.descriptor): a match of hands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.descriptor import Figures, GameInfo, RuleOption
from ..core.i18n import N_
from ..core.messages import message

if TYPE_CHECKING:  # the rules are imported only when a game is played
    from .state import GrayblockState

DEFAULT_TARGET = 100  # points a match is played to, unless set up otherwise


def stage(state: GrayblockState) -> str:
    """The hand being played (1 for the first)."""
    return message(N_("Hand {number}"), number=max(1, len(state.deals)))


HOW = ("block", "out")  # how a hand is won
BIG = 1 << 62  # the app keeps no number beyond this


def entry_fields(state: GrayblockState) -> dict[str, Any]:
    """Each finished hand: its winner, how it was won (block or out) and its points."""
    return {"hands": tuple((r.winner, r.kind, r.points) for r in state.results)}


def kept_hands(v: object) -> tuple[tuple[int, str, int], ...]:
    """The hands as an entry keeps them (JSON), checked: ValueError if anything is off."""
    if type(v) is not list or any(type(h) is not list or len(h) != 3 or h[1] not in HOW
                                  or any(type(n) is not int or abs(n) > BIG for n in (h[0], h[2]))
                                  for h in v):
        raise ValueError
    return tuple(map(tuple, v))


INFO = GameInfo(
    id="grayblock", title=N_("Grayblock"), short_title=N_("Grayblock"),
    player_counts=(2, 3, 4), default_players=2,
    record="game.grayblock.record", bots="game.grayblock.bots",
    rules=(RuleOption("water_veins", "water-veins", N_("Water Veins"), N_("Veins"),
                      N_("Every gear of the new card must touch a gear on the end card it joins "
                         "(same row, or one above or below); card 0 may not start the row.")),),
    targets=(50, 100, 150), default_target=DEFAULT_TARGET,
    figures=Figures(width=20, extra="game.grayblock.stats"),
    entry_fields=entry_fields, entry_checks=(("hands", kept_hands),),
    lesson="game.grayblock.lesson",
    review="game.grayblock.review",
    stage=stage,
)
