"""Alicematic Eiketsuden's screens (scenes.descriptor): the table (its final scoring is walked
through on it), the setup screen's words and the rules page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.alicematic.params import Params
from game.core.i18n import N_

from scenes.alicematic.table import AlicematicScene, designer_files
from scenes.descriptor import RulesPage, SceneInfo, SetupPage, Words
from scenes.alicematic import rules_text, stats

if TYPE_CHECKING:
    from scenes.app.window import App



def rule_numbers(app: App) -> dict[str, int]:
    """The numbers the rules page shows: the game on the table's, else this run's parameters
    file's (--params), else the draft's."""
    for scene in reversed(app.stack.scenes):
        if isinstance(scene, AlicematicScene):
            return scene.state.params.to_json()
    try:
        files = designer_files(app, AlicematicScene.game)
    except ValueError:  # (a file broken since: Start says so; the page shows the draft's)
        files = {}
    return (files.get("params") or Params()).to_json()


SCENES = SceneInfo(
    table=AlicematicScene,
    setup=SetupPage(
        heading=N_("DRAFT VARIANTS"),
        notes=((3, N_("Three players: a map of 9 tiles.")),
               (4, N_("Four players: a map of 13 tiles.")),
               (5, N_("Five players: a map of 13 tiles."))),
        # the other readings of draft 10 (game.alicematic.variants), off by default
        blurbs=(("tile_second", Words(N_("A tile's second most hexes scores 3, not only a tied "
                                         "leader ranked second by Alices."),
                                      N_("Second most hexes on a tile: 3 VP."))),
                ("forest_early", Words(N_("A forest opens to those holding most around it at once, "
                                          "not only once surrounded."),
                                       N_("Forests open before surrounded."))),
                ("round_14", Words(N_("The game lasts 14 rounds even when every city is held."),
                                   N_("No early end."))),
                ("city_war", Words(N_("A failed expedition to a city starts a war there instead "
                                      "of being refused."),
                                   N_("Cities can be at war."))),
                ("forest_lenient", Words(N_("Invading a held forest and finishing your own war "
                                            "there skip the forest's condition."),
                                         N_("Held forests: no condition."))),
                ("params", Words(N_("A parameters file (JSON) sets rounds, cards per area, the "
                                    "hand, chits, VP, the pool and the refill; ◂ back to the "
                                    "draft's."),
                                 N_("A JSON file of the game's numbers.")))),
        about=Words(N_("The map is laid from 15 hex tiles: 9 for 3 players, 13 for 4 or 5. Bases "
                       "are chosen clockwise, then counter-clockwise. Tiles and cards are sample "
                       "content."),
                    N_("9 tiles for 3 players, 13 for 4 or 5.")),
    ),
    rules=RulesPage(N_("Alicematic"), tuple(rules_text.PAGE), numbers=rule_numbers),
    demo_bots=("normal",),  # (a playtest's demo: bots that weigh majorities and plan wars)
    figure_rows=stats.figure_rows,
    designer_page=stats.designer_page,
)
