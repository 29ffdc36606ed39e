"""Alicematic Eiketsuden as the app and the command line know it (game.core.descriptor)."""

from typing import TYPE_CHECKING

from ..core.descriptor import Figures, GameInfo, RuleOption
from ..core.i18n import N_
from ..core.messages import message

if TYPE_CHECKING:  # (state imports this module)
    from .state import AlicematicState

PLAYER_COUNTS = (3, 4, 5)


def stage(state: "AlicematicState") -> str:
    if state.round == 0:
        return message(N_("Placing the bases"))
    return message(N_("Round {n}"), n=state.round)

INFO = GameInfo(
    id="alicematic", title=N_("Alicematic Eiketsuden"), short_title=N_("Alicematic"),
    player_counts=PLAYER_COUNTS, default_players=3,
    record="game.alicematic.record", bots="game.alicematic.bots",
    # the draft variants (game.alicematic.variants): other readings of draft 10, off by default
    rules=(RuleOption("tile_second", "tile-second", N_("Tile second place by hexes")),
           RuleOption("forest_early", "forest-early", N_("Forests open early")),
           RuleOption("round_14", "round-14", N_("Round 14 only")),
           RuleOption("city_war", "city-war", N_("Cities go to war")),
           RuleOption("forest_lenient", "forest-lenient", N_("Forest rule for new entries only"))),
    figures=Figures(width=5, extra="game.alicematic.stats"), workbench="game.alicematic.workbench",
    balance="game.alicematic.report",
    stage=stage,
)
