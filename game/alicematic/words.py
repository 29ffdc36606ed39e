"""Why Alicematic's rules refuse a move: the reason codes `why_illegal` gives (contract.Refusal)
and their words. A refusal is one whole message (game.core.messages): English as a str for the CLI,
records and bots, the player's language through shown(). Players are counted from 1, as the
CLI shows them. (The table's other words are scenes/alicematic/words.py.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..core.contract import GAME_OVER, Refusal
from ..core.i18n import N_
from ..core.messages import Message, later, message

if TYPE_CHECKING:
    from .content import Card
    from .hexmap import Board
    from .state import Source

NOT_ON_THE_MAP = "not_on_the_map"  # hex
CANNOT_CONQUER = "cannot_conquer"  # player, hex: out of reach, held, or not open
CANNOT_WAR = "cannot_war"  # player, hex
NOT_IN_HAND = "not_in_hand"  # card
AREA_FULL = "area_full"  # card: a summon into its colour's area, which holds 4 cards already
NOT_ENOUGH_DP = "not_enough_dp"  # card, dp (what it costs)
# another kind of move than the phase asks for (player)
MUST_CHOOSE_A_BASE, MUST_SUMMON_OR_HIRE = "must_choose_a_base", "must_summon_or_hire"
MUST_GO_OR_END, MUST_DISCARD = "must_go_or_end", "must_discard"
# which part of the rules a move the table does not offer fails (explain.py): fields player,
# hex, and as listed
SHORT_OF_DP = "short_of_dp"  # card, dp, have (DP from the areas), resources (yellow)
SHORT_OF_STRENGTH = "short_of_strength"  # need, have, resources (red)
SHORT_OF_FOOD = "short_of_food"  # need, have, resources (green)
OUT_OF_REACH = "out_of_reach"  # no way from a base round the monster forests
YOURS_ALREADY = "yours_already"
NO_CHITS_LEFT = "no_chits_left"
CITY_FULL = "city_full"  # size
HELD_AND_JOINED = "held_and_joined"  # holder
FOREST_CLOSED, FOREST_NOT_MOST = "forest_closed", "forest_not_most"
NO_WAR_ON_A_CITY = "no_war_on_a_city"
NO_WAR_ON_HELD_LAND = "no_war_on_held_land"  # holder
AT_WAR_ALREADY = "at_war_already"  # holder (whose war)
NO_WAR_NEEDED = "no_war_needed"


def refusal_words(refusal: Refusal) -> Message:
    code, f = refusal.code, refusal.fields
    if code == MUST_CHOOSE_A_BASE:
        return later._("Player {number} must choose a base now.", number=f["player"] + 1)
    if code == MUST_SUMMON_OR_HIRE:
        return later._("Player {number} must summon or hire now (domestic affairs).",
                       number=f["player"] + 1)
    if code == MUST_GO_OR_END:
        return later._("Player {number} must make an expedition or end the turn now.",
                       number=f["player"] + 1)
    if code == MUST_DISCARD:
        return later._("Player {number} must discard down to 4 cards in each area now.",
                       number=f["player"] + 1)
    if code == CANNOT_CONQUER:
        return later._("Player {number} cannot take that hex now.", number=f["player"] + 1)
    if code == CANNOT_WAR:
        return later._("Player {number} cannot start a war on that hex now.", number=f["player"] + 1)
    if code == AREA_FULL:
        return later._("That card's colour area is full: 4 cards at most.")
    if code == NOT_ENOUGH_DP:
        return later._("Not enough DP to summon that card: it needs {dp}.", dp=f["dp"])
    if code == SHORT_OF_DP:
        return later.ngettext("Not enough DP to summon that card: it needs {dp}; you have {have} "
                              "and {resources} yellow resource.",
                              "Not enough DP to summon that card: it needs {dp}; you have {have} "
                              "and {resources} yellow resources.", f["resources"], **f)
    if code == SHORT_OF_STRENGTH:
        return later.ngettext("Not enough strength: it needs {need}; you have {have} and "
                              "{resources} red resource.",
                              "Not enough strength: it needs {need}; you have {have} and "
                              "{resources} red resources.", f["resources"], **f)
    if code == SHORT_OF_FOOD:
        return later.ngettext("Not enough food: it needs {need}; you have {have} and "
                              "{resources} green resource.",
                              "Not enough food: it needs {need}; you have {have} and "
                              "{resources} green resources.", f["resources"], **f)
    if code == OUT_OF_REACH:
        return later._("Out of reach: no way there from your bases around the monster forests.")
    if code == YOURS_ALREADY:
        return later._("You hold that hex already.")
    if code == NO_CHITS_LEFT:
        return later._("No chits left in your supply.")
    if code == CITY_FULL:
        return later._("That city is full: {size} players hold it.", size=f["size"])
    if code == HELD_AND_JOINED:
        return later._("Player {number} holds it, joined to their bases.", number=f["holder"] + 1)
    if code == FOREST_CLOSED:
        return later._("That monster forest is closed: not every hex around it is held yet.")
    if code == FOREST_NOT_MOST:
        return later._("Only the players holding most of the hexes around that forest may go.")
    if code == NO_WAR_ON_A_CITY:
        return later._("No war on a city: an expedition there must succeed.")
    if code == NO_WAR_ON_HELD_LAND:
        return later._("No war on held land: Player {number} holds it.", number=f["holder"] + 1)
    if code == AT_WAR_ALREADY and f["holder"] == f["player"]:
        return later._("Your war is on it already: take it, at no cost.")
    if code == AT_WAR_ALREADY:
        return later._("Player {number} is at war there already.", number=f["holder"] + 1)
    if code == NO_WAR_NEEDED:
        return later._("No war needed: you can take it now without resources.")
    if code == NOT_IN_HAND:
        return later._("That card is not in the hand.")
    if code == NOT_ON_THE_MAP:
        return later._("That hex is not on the map.")
    if code == GAME_OVER:
        return later._("The game is over.")
    return later._("{action} is not an Alicematic action.", **f)


# a conquest bonus's hex, by its kind (Source.hex)
HEX_NAMES = {"red": N_("red facility"), "blue": N_("blue facility"),
             "yellow": N_("yellow facility"), "green": N_("green facility"),
             "white": N_("white facility"), "city": N_("fantasy city"),
             "forest": N_("monster forest")}


def source_words(source: Source | None, cards: Sequence[Card], board: Board) -> Message:
    """Where a gain came from, for the log after the gain itself: "from Knight Alice", "from the
    red facility on tile 3" (tiles counted from 1 in the setup's order, as the table numbers
    them), "for hiring", "for an empty hand". `cards` and `board` are the game's (a state's or a
    view's). Card names are the catalogue's msgids (the table marks them)."""
    kind = getattr(source, "kind", None)
    if source is not None and kind == "power" and source.card is not None:
        return later._("from {card}", card=message(cards[source.card].name))
    if source is not None and kind == "bonus" and source.hex is not None \
            and source.hex in board.hexes:
        info = board.hexes[source.hex]
        name = HEX_NAMES[info.kind.colour or info.kind.kind]
        return later._("from the {hex} on tile {tile}", hex=message(name), tile=info.tile + 1)
    if kind == "hiring":
        return later._("for hiring")
    if kind == "empty_hand":
        return later._("for an empty hand")
    return later._("from somewhere the log does not know")
