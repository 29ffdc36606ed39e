"""Alice Assemble's screens (scenes.descriptor): the table, its scoring walk-through, the setup
screen's words and the rules page."""

from game.core.i18n import N_

from scenes.assemble.scoring import ScoringScene
from scenes.assemble.table import TableScene
from scenes.descriptor import RulesPage, SceneInfo, SetupPage, Words
from scenes.assemble import diagrams, rules_text


def art(players: int, size) -> list:
    from scenes.layouts.tmx import load_layout
    cw = load_layout(players).fit(*size).card_width
    calls: list[tuple] = [("back", round(cw)), ("counter_back", int(cw))]
    calls += [("counter", order, int(cw)) for order in range(1, 5)]
    return calls + [("doll", card, round(cw)) for card in range(32)]


SCENES = SceneInfo(
    table=TableScene,
    setup=SetupPage(
        heading=N_("ADVANCED RULES"),
        notes=((2, N_("Two players: each builds two dolls, and the weaker one counts.")),
               (3, N_("Three players: one doll each, 10 cards per doll.")),
               (4, N_("Four players: one doll each, 8 cards per doll."))),
        blurbs=(("flaw", Words(N_("Modules your capacity leaves unscored cost you their points."),
                               N_("Unscored modules cost their points."))),
                ("identity", Words(N_("Placing on top of the rightmost card costs 1 capacity "
                                      "(not allowed at capacity 1)."),
                                   N_("Right end: capacity −1.")))),
    ),
    rules=RulesPage(N_("Alice Assemble"), tuple(rules_text.PAGE), diagrams.DIAGRAMS),
    scenes=(ScoringScene,),
    lesson_blurb=N_("A guided game against one bot: taking, placing, modules, capacity and the "
                    "final scoring. About ten minutes."),
    art=art,
    perf="scenes.assemble.perf",
)
