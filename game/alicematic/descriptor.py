"""Alicematic Eiketsuden as the app and the command line know it (game.descriptor)."""

from ..descriptor import Figures, GameInfo
from ..i18n import N_

PLAYER_COUNTS = (3, 4, 5)

INFO = GameInfo(
    id="alicematic", title=N_("Alicematic Eiketsuden"), short_title=N_("Alicematic"),
    player_counts=PLAYER_COUNTS, default_players=3,
    record="game.alicematic.record", bots="game.alicematic.bots",
    figures=Figures(width=5, colours=True),
)
