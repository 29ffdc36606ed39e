"""Cementopia's screens (scenes.descriptor): the table, its end figures, the setup screen's words
and the rules page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.i18n import N_

from scenes.cementopia.end import CementopiaEndScene
from scenes.cementopia.table import CementopiaScene
from scenes.descriptor import RulesPage, SceneInfo, SetupPage, Words
from scenes.cementopia import diagrams, rules_text

if TYPE_CHECKING:
    from scenes.art.cards import ArtCall


def art(players: int, size: tuple[int, int]) -> list[ArtCall]:
    from scenes.cementopia.draw import counter_width
    from scenes.cementopia.geometry import layout
    lay = layout(size)
    w = counter_width(lay.counters[0])
    calls = [("back", lay.deck.w), ("counter_back", w)] + [("counter", order, w) for order in range(1, 5)]
    return calls + [("doll", card, lay.hand_w) for card in range(32)]


SCENES = SceneInfo(
    table=CementopiaScene,
    setup=SetupPage(
        heading=N_("DEAL"),
        notes=((1, N_("A solo puzzle: grow a network of cards whose edges match.")),),
        blurbs=(("daily", Words(N_("Everyone gets the same deal today. Off: a seeded or fresh deal."),
                                N_("The same deal for everyone today."))),),
        solo_text=N_("Place a hand card beside the network so that every facing gear meets a gear "
                     "and every blank a blank, then pay its connection count with a counter. Use "
                     "all four counters to complete the puzzle. Targets: 8 to start, 10, 12 "
                     "deserves praise, 16 is perfect."),
    ),
    rules=RulesPage(N_("Cementopia"), tuple(rules_text.PAGE), diagrams.DIAGRAMS),
    scenes=(CementopiaEndScene,),
    lesson_blurb=N_("A short guided start: placing a card, the neighbour you count and its "
                    "counter, the limits."),
    art=art,
)
