"""Learn to play Cementopia: a short guided start on one fixed deal, then the player finishes the
puzzle alone (the script has no finale: after its last note the coach steps aside).

The guided part covers placing a card beside the network (facing cells agree: gear with gear,
blank with blank), the connection count and the counter it pays, naming which neighbour counts
when a spot has two (the table's count-choice popup), counters running out, and the final score's
limits with the rulebook's targets.

The deal (seed 6) starts the network with 19 (gears in rows 1, 4 and 5) and deals 2, 16, 29 and 9.
The scripted placements (9, 2, 16, 7, 31) are the start of a line of play that the hard bot
completes with 16 points, so a player who goes on carefully can finish well;
tests/test_lessons_cementopia.py plays the script through the real engine.
"""

from __future__ import annotations

from .setup import Action
from ..core.i18n import N_
from ..tutorial.lesson import Do, Note, Script

SEED = 6
FIRST = 19  # the network's first card on this deal

STEPS = (
    Note("welcome", N_("Cementopia is a puzzle for one. Card 19 starts your network. Place your "
                       "hand cards beside it, one at a time, so that they all join one network."),
         ("card", FIRST)),
    Note("counters", N_("Every card you place pays one use of a counter. Counters 1, 2 and 3 have "
                        "4 uses, counter 4 has 3. Spend all 15 uses and the puzzle is complete."),
         ("counters",)),
    Do("place-9", N_("Where cards face each other, the cells must agree: gear with gear, blank "
                     "with blank. Pick up 9 and drop it where the ring shows: left of 19, one row "
                     "higher."),
       Action(9, -1, -1, 19),
       N_("For this lesson put 9 left of 19, one row higher (the ring shows where): they face "
          "on 4 rows there, so counter 4 pays."),
       ("move", 9, -1, -1)),
    Note("paid-4", N_("9 and 19 face each other on 4 rows: 4 facing pairs, so counter 4 paid. It "
                      "turned a quarter and has 2 uses left. You also drew a new card."),
         ("counter", 4)),
    Do("place-2", N_("The discs on a lit spot show the counter it pays. Put 2 right of 19, three "
                     "rows higher: they face on 2 rows, so counter 2 pays."),
       Action(2, 1, -3, 19),
       N_("For this lesson put 2 right of 19, three rows higher: its one gear meets 19's top "
          "gear, and counter 2 pays."),
       ("move", 2, 1, -3)),
    Do("place-16", N_("16 goes above 19, between 9 and 2. With two neighbours you name the one "
                      "to count: 2 faces it on 3 rows (counter 3), 9 on 1 row (counter 1). Drop "
                      "16 there and count 2."),
       Action(16, 0, -5, 2),
       N_("Put 16 above 19 and count 2: its 3 facing pairs pay counter 3. Counting 9 is allowed "
          "too, but this lesson keeps counter 1 for later."),
       ("move", 16, 0, -5, 2)),
    Do("place-7", N_("All blanks face blanks there. Now put 7 left of 9, two rows lower: 7's top "
                     "gear meets 9's bottom gear. They face on 3 rows, so counter 3 pays again."),
       Action(7, -2, 1, 9),
       N_("For this lesson put 7 left of 9, two rows lower: there its gears meet 9's, and "
          "counter 3 pays."),
       ("move", 7, -2, 1)),
    Do("place-31", N_("31 has a gear in every row. Put it under 9, between 7 and 19, and count "
                      "19: they face on 1 row, so counter 1 pays."),
       Action(31, -1, 4, 19),
       N_("Put 31 under 9 and count 19: 1 facing pair pays counter 1, and counter 2 keeps its "
          "uses for later."),
       ("move", 31, -1, 4, 19)),
    Note("spent", N_("Each use turns a counter a quarter; after its last use it lies face down. A "
                     "spent counter pays no more: spots with that many facing pairs stay dark."),
         ("counters",)),
    Note("stuck", N_("If no hand card fits a spot that a counter can still pay, the puzzle is "
                     "stuck and ends early. Keep spots open for every counter that has uses."),
         ("hand",)),
    Note("score", N_("The score: each card counts its side-by-side neighbours. Cards with 1 "
                     "neighbour score if there are at most 2 of them; with 2, at most 4; with 3, "
                     "at most 6; with 4, at most 4."),
         ("score",)),
    Note("limits", N_("Over its limit, a whole group scores 0. The most is 16 points. The "
                      "rulebook says: 8 is a start, 10 is good, 12 deserves praise."),
         ("score",)),
    Note("yours", N_("You know the rules: finish the puzzle yourself. Hint (H) suggests a "
                     "placement. Good luck!")),
)

SCRIPT = Script("cementopia", SEED, (("You", "human"),), STEPS, None, (), N_("Cementopia"))
