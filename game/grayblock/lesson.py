"""Learn to play Grayblock: you against Bellows, the first hand of a match on one fixed deal.

The whole first hand is guided (three moves each, then you must pass), so the lesson is the same
for everyone and its words can name the very cards on the table: starting the row, one gear more
or less at either end, shedding high cards, passing when nothing fits, a block win, and the hand's
points on the table's own result panel. Going out and Water Veins are told in notes (the lesson
plays the base rules: Water Veins is off, as a new game's setup has it). The script has no finale:
after its last note the coach steps aside and the match goes on as the player's own, unsaved.

The deal (seed 167): you start, holding 1 4 7 12 13 21 27 29; Bellows holds 2 6 8 10 11 17 23 25.
You play 29, 27 and 21 (each time your highest card that fits), Bellows 25, 11 and 10, and then
nothing of yours fits 10 or 21. tests/test_lessons_grayblock.py plays the script through the engine.
"""

from __future__ import annotations

from typing import Any

from .setup import LEFT, RIGHT, Action, Rules
from .state import GrayblockState, explain_hand
from ..core.i18n import N_
from ..core.messages import message
from ..core.words import whose_later
from ..tutorial.lesson import BotMove, Do, Note, Script

SEED = 167
BOT = message(N_("Bellows"))  # a name, said in the language of the moment (the seat too)
YOU, THEM = 0, 1


def _bot(state: GrayblockState) -> dict[str, Any]:
    return {"bot": BOT, "whose": whose_later(BOT)}


def _points(state: GrayblockState) -> dict[str, Any]:
    """The first hand's points as the result panel breaks them down."""
    if not state.results:
        return {"whose": whose_later(BOT), "mine": 0, "theirs": 0, "lowest": 0, "bonus": 0,
                "points": 0}
    why = explain_hand(state.results[0])
    return {"whose": whose_later(BOT), "mine": why.highs.get(YOU, 0), "theirs": why.highs.get(THEM, 0),
            "lowest": why.lowest_high, "bonus": why.bonus or 0, "points": why.points}


PASS = Action(YOU, None, None)

STEPS = (
    Note("welcome", N_("Welcome to Grayblock! Empty your hand before {bot} does. The winner of "
                       "each hand scores points; the match goes to 100. Your cards at the bottom "
                       "are yours alone."), ("hand",), _bot),
    Note("gears", N_("Each card shows gears on its left edge, in five rows, and its number in the "
                     "corner. A card joins the row only if it has exactly one gear more or one "
                     "gear less than the end card.")),
    Do("open", N_("You start this hand, and the first card is free. Start the row with 29, your "
                  "highest card: drag it onto the row, or click it and then the row."),
       Action(YOU, 29, None),
       N_("For this lesson start with 29: high cards cost points if you are still holding them "
          "when someone wins, so play them early."), ("card", 29)),
    BotMove(Action(THEM, 25, LEFT)),
    Do("left", N_("{bot} played 25 at the left end: one gear less than 29. Your 27 has one gear "
                  "more than 25, so it fits the left end. Play 27 there."),
       Action(YOU, 27, LEFT),
       N_("Play 27 at the left end: it is your highest card that fits, and high cards are the "
          "ones to get rid of."), ("card", 27), _bot),
    BotMove(Action(THEM, 11, LEFT)),
    Do("right", N_("Only the two end cards count. 21 is 29 with one gear less, so it fits the "
                   "right end. Play 21 at the right end."),
       Action(YOU, 21, RIGHT),
       N_("Play 21 rather than 13: the higher card is the one to get rid of."), ("card", 21)),
    BotMove(Action(THEM, 10, LEFT)),
    Do("pass", N_("Nothing in your hand fits 10 or 21, so you must pass: press Pass. You may "
                  "only pass when no card fits; otherwise you must play."),
       PASS, N_("No card of yours fits either end: press Pass."), ("pass",)),
    Note("block", N_("Everyone else passed after {whose} last card, so {bot} wins the hand by "
                     "block. With more players, all the others must pass in a row."),
         ("seat", THEM), _bot),
    Note("points", N_("Only the winner scores. Each player shows their highest card: your "
                      "{mine}, {whose} {theirs}. The lowest, {lowest}, counts, and a block adds "
                      "the winner's lowest card, {bonus}: {points} points."),
         ("breakdown",), _points),
    Note("out", N_("Play your last card and you go out: you win the hand at once, with no block "
                   "bonus. Your high cards are what others score, so shed them early.")),
    Note("veins", N_("Water Veins is an extra rule you can turn on when you set up a game: each "
                     "gear a card adds must sit beside a gear of the end card, in the same row or "
                     "the row above or below.")),
    Note("yours", N_("That is Grayblock! Press Next to end the lesson, then Next hand to play "
                     "on: the match goes to 100 points. This practice match is not saved."),
         ("next",)),
)

SCRIPT = Script("grayblock", SEED, (("You", "human"), (BOT, "easy")), STEPS, Rules(water_veins=False),
                (), N_("Grayblock"))
