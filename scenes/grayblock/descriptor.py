"""Grayblock's screens (scenes.descriptor): the table (its hands' and the match's results are
drawn on it), the setup screen's words and the rules page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.i18n import N_

from scenes.descriptor import RulesPage, SceneInfo, SetupPage, Words
from scenes.grayblock.table import GrayblockScene
from scenes.grayblock import diagrams, rules_text, stats

if TYPE_CHECKING:
    from scenes.art.cards import ArtCall


def art(players: int, size: tuple[int, int]) -> list[ArtCall]:
    from scenes.grayblock.geometry import Layout
    base = Layout(size, players, 0).base_w
    return [("back", base)] + [("doll", card, base) for card in range(32)]


SCENES = SceneInfo(
    table=GrayblockScene,
    setup=SetupPage(
        heading=N_("OPTIONS"),
        notes=((2, N_("Dominoes with the doll cards: 8 each, one gear of difference.")),
               (3, N_("Three players: 8 cards each, the rest stay hidden.")),
               (4, N_("Four players: 8 cards each, all 32 cards in play."))),
        blurbs=(("water_veins", Words(N_("Harder: each gear of a new card needs a gear on the card "
                                         "it joins, in the same row or one row up or down. Card 0 "
                                         "may not start the row."),
                                      N_("Gears must meet gears, a row up or down."))),),
    ),
    rules=RulesPage(N_("Grayblock"), tuple(rules_text.PAGE), diagrams.DIAGRAMS),
    lesson_blurb=N_("A short guided start: one gear more or less at either end, passing, block "
                    "and going out, hand points, Water Veins."),
    art=art,
    figure_rows=stats.figure_rows,
)
