"""Learn to play Alice Assemble: you (dolls A and B) against Bellows on one fixed deal.

The guided part covers the draft and the first two rounds: taking, placing, how cards overlap and
gear rows form modules, capacity and the counter card, turn order from the bench card's number,
the weaker doll that counts. Then the player plays on alone (the bot thinks for itself) and notes
come up when something new happens: more modules than capacity, the last round. The scoring scene
walks through this game's modules (`scoring_words`).

The deal (seed 132) puts doll A first in the draft (counter 1) and deals 31, a card with a gear in
every row; tests/test_tutorial_assemble.py plays the script through the real engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .scoring import module_sizes
from .setup import PLACE, TAKE, Rules
from .state import LAST_ROUND, AssembleState
from ..core.i18n import N_
from ..core.messages import message
from ..core.words import whose_later
from ..tutorial.lesson import BotMove, Do, Free, Note, Point, Script, Watch

if TYPE_CHECKING:
    from .setup import Action
    from ..core.contract import Event
    from ..core.messages import Message

SEED = 132
BOT = message(N_("Bellows"))  # a name, said in the language of the moment (the seat too)
YOURS = (0, 1)  # your lanes: doll A and doll B
LETTERS = {0: "A", 1: "B"}


def _bot(state: AssembleState) -> dict[str, Any]:
    return {"bot": BOT, "whose": whose_later(BOT)}


def _beyond(before: AssembleState, action: Action, events: list[Event],
            after: AssembleState) -> dict[str, Any] | None:
    """A doll of yours has more modules than its capacity lets score."""
    for lane in YOURS:
        count = len(module_sizes(after.lines[lane]))
        if count > after.capacity[lane]:
            return {"doll": LETTERS[lane], "modules": count, "capacity": after.capacity[lane]}
    return None


def _last(before: AssembleState, action: Action, events: list[Event],
          after: AssembleState) -> dict[str, Any] | None:
    return {} if any(e.kind == LAST_ROUND for e in events) else None


def _beyond_point(state: AssembleState) -> Point:
    for lane in YOURS:
        if len(module_sizes(state.lines[lane])) > state.capacity[lane]:
            return ("line", lane)
    return ()


STEPS = (
    Note("welcome", N_("Welcome! You build two dolls, A and B, in the top two rows, against {bot}. "
                       "With two players only your weaker doll counts, so build both."),
         ("player", 0), _bot),
    Note("field", N_("This is the field. A doll card shows gears on its left edge, in five rows; "
                     "the number in its corner is its index.")),
    Do("draft-a", N_("The draft: the counter cards say who picks first, and doll A's shows 1. "
                     "Take 31 for doll A: drag it onto doll A's bench, or click it."),
       TAKE[0][31], N_("For this lesson take 31: it has a gear in all five rows, so later cards "
                       "can join it from any row."), ("field", 31)),
    BotMove(TAKE[2][29]),
    Do("draft-b", N_("Doll B's counter shows 3: its turn. Take 18."),
       TAKE[1][18], N_("Take 18 for doll B: a low bench card plays early in the round."),
       ("field", 18)),
    BotMove(TAKE[3][22]),
    Note("capacity", N_("Round 1. At the start of every round the doll with the highest bench "
                        "card gains 1 capacity: here doll A, with 31. Its counter card turned a "
                        "quarter: capacity 2, so doll A's two largest modules will score."),
         ("counter", 0)),
    Note("order", N_("Now the lowest bench card plays first: doll B's 18, then {whose} 22 and 29, "
                     "and doll A's 31 last. The chips show the order."), ("order",), _bot),
    Do("place-b1", N_("A turn: place your bench card into your line, then take a field card. "
                      "Drag 18 from doll B's bench into its line."),
       PLACE[1][0], N_("Place 18 into doll B's line first; then take a card."), ("bench", 1)),
    Do("take-b1", N_("Now take 30 for doll B. A taken card lies sideways: doll B is done for "
                     "this round."),
       TAKE[1][30], N_("Take 30 for doll B: its gears in rows 1 to 4 will meet 18's gears in rows "
                       "1 and 4."), ("field", 30)),
    BotMove(PLACE[3][0]),
    BotMove(TAKE[3][23]),
    BotMove(PLACE[2][0]),
    BotMove(TAKE[2][2]),
    Do("place-a1", N_("Doll A plays last this round. Place 31 into its line."),
       PLACE[0][0], N_("Place 31 into doll A's line first; then take a card."), ("bench", 0)),
    Do("take-a1", N_("Only 16 is left, and the last doll still takes it. Take 16 for doll A."),
       TAKE[0][16], N_("Take 16 for doll A."), ("field", 16)),
    Note("capacity-b", N_("Round 2: doll B's 30 is the highest bench card now, so doll B gains "
                          "1 capacity."), ("counter", 1)),
    BotMove(PLACE[2][1]),
    BotMove(TAKE[2][15]),
    Do("place-a2", N_("Cards overlap: each new card goes under or over the line, and only left "
                      "edges show. Put 16 at the left end of doll A's line."),
       PLACE[0][0], N_("Put 16 at the left end for this lesson: there its top gear sits right "
                       "beside 31's."), ("gap", 0, 0)),
    Note("module", N_("A module is a group of touching gears (side by side or one above another, "
                      "never diagonal). Its size is the number of rows it touches, and it scores "
                      "size \u00d7 size. Doll A has one module of size 5: 25 points."),
         ("line", 0)),
    Do("take-a2", N_("Take 19 for doll A."),
       TAKE[0][19], N_("Take 19 for doll A: its gears in rows 1, 4 and 5 can join doll A's "
                       "module."), ("field", 19)),
    BotMove(PLACE[3][1]),
    BotMove(TAKE[3][25]),
    Do("place-b2", N_("Doll B: put 30 at the left end, under 18. Its gears in rows 1 and 4 "
                      "touch 18's: one module of size 4, 16 points."),
       PLACE[1][0], N_("Put 30 at the left end for this lesson: there its gears touch 18's."),
       ("gap", 1, 0)),
    Note("weaker", N_("Doll A has 25 points and doll B 16. Only your weaker doll counts, so your "
                      "score is 16 for now: the table marks it \u201cdoll B \u2022 counts\u201d."),
         ("player", 0)),
    Do("take-b2", N_("Take 21, the last card, for doll B."),
       TAKE[1][21], N_("Take 21 for doll B."), ("field", 21)),
    Free("own", N_("You know the basics. Play on by yourself; I will point out what is new. "
                   "Hint (H) suggests a move.")),
)

WATCHES = (
    Watch("beyond", N_("Doll {doll} has {modules} modules but capacity {capacity}: only its "
                       "{capacity} largest score. Join modules together, or win capacity with a "
                       "high bench card."), _beyond, _beyond_point),
    Watch("last", N_("The deck is empty: this is the last round. Each doll only places its bench "
                     "card."), _last, lambda state: ("deck",)),
)



def scoring_words(state: AssembleState, phase: str, lane: int = 0) -> Message:
    """The coach's words for the final scoring of this very game: each doll as it is counted,
    then the result (a game.core.messages.Message)."""
    from ..core.messages import later, message, sentences
    if phase == "summary":
        yours = state.counting_lane(0)
        scores = state.scores()
        winners = state.winners()
        result = (message(N_("It is a draw.")) if len(winners) > 1 else
                  message(N_("You win!")) if winners == [0] else message(N_("{bot} wins."), bot=BOT))
        return sentences([
            message(N_("Your counting doll is doll {doll}, with {points} points; {whose} scores "
                       "{theirs}."), doll=LETTERS[yours], points=scores[0], whose=whose_later(BOT),
                    theirs=scores[1]),
            result,
            message(N_("That is the whole game. Play a real one against a bot, or go back to the "
                       "title screen."))])
    explained = state.explain(lane)
    modules, capacity = len(explained.modules), state.capacity[lane]
    points = state.lane_key(lane)[0]
    if lane in YOURS:
        first = later.ngettext("Doll {doll} has {n} module and capacity {capacity}: "
                               "{points} points.",
                               "Doll {doll} has {n} modules and capacity {capacity}: "
                               "{points} points.", modules, doll=LETTERS[lane], n=modules,
                               capacity=capacity, points=points)
        if lane == 0:
            return sentences([message(N_("Scoring goes doll by doll. Each outline is one module; "
                                         "it scores its size \u00d7 size, and only the largest "
                                         "modules up to the capacity count.")), first])
        return sentences([first, message(N_("Your weaker doll is the one that counts."))])
    return message(N_("Now {whose} dolls, scored the same way: {points} points for this one."),
                   whose=whose_later(BOT), points=points)


SCRIPT = Script("assemble", SEED, (("You", "human"), (BOT, "easy")), STEPS, Rules(), WATCHES,
                N_("Alice Assemble"), scoring_words)
