"""Alicematic Eiketsuden's screens (scenes.descriptor): the table (its final scoring is walked
through on it), the setup screen's words and the rules page."""

from game.i18n import N_

from scenes.alicematic.table import AlicematicScene
from scenes.descriptor import RulesPage, SceneInfo, SetupPage, Words
from scenes.menus import rules_text

SCENES = SceneInfo(
    table=AlicematicScene,
    setup=SetupPage(
        heading=N_("THE MAP"),
        notes=((3, N_("Three players: a map of 9 tiles.")),
               (4, N_("Four players: a map of 13 tiles.")),
               (5, N_("Five players: a map of 13 tiles."))),
        about=Words(N_("The map is laid from 15 hex tiles: 9 for 3 players, 13 for 4 or 5. Bases "
                       "are chosen clockwise, then counter-clockwise. Tiles and cards are sample "
                       "content."),
                    N_("9 tiles for 3 players, 13 for 4 or 5.")),
    ),
    rules=RulesPage(N_("Alicematic"), tuple(rules_text.ALICEMATIC)),
    demo_bots=("normal",),  # (a playtest's demo: bots that weigh majorities and plan wars)
)
