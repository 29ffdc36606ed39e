"""Why Grayblock's rules refuse a move: the reason codes `why_illegal` gives (contract.Refusal)
and their words. A refusal is one whole message (game.core.messages): English as a str for the CLI,
records and bots, the player's language through shown(). Players are numbered as actions and
records number them; gear rows from 1 at the top, as a player counts them."""

from __future__ import annotations

from ..core.contract import GAME_OVER, NOT_YOUR_TURN, Refusal
from ..core.messages import Message, later
from .setup import LEFT

MUST_PLAY = "must_play"  # a pass while cards fit: player, cards (those that fit)
MUST_PASS = "must_pass"  # a card while nothing in the hand fits either end
PASS_WITH_AN_END = "pass_with_an_end"
NOT_A_CARD = "not_a_card"  # card: its repr
NOT_IN_HAND = "not_in_hand"  # card, player
OPENER_WITH_AN_END = "opener_with_an_end"  # the row is empty: the first card has no end
ZERO_OPENS = "zero_opens"  # Water Veins: card 0 may not start the row
NO_SUCH_END = "no_such_end"  # end: its repr
NOT_ONE_GEAR = "not_one_gear"  # card, end ("left"/"right"), end_card (the card there)
WATER_VEINS = "water_veins"  # card, end, end_card, row (0-based: the row of the gear it adds)


def refusal_words(refusal: Refusal) -> Message:
    code, f = refusal.code, refusal.fields
    if code == NOT_ONE_GEAR:
        if f["end"] == LEFT:
            return later._("Card {card} does not differ by exactly one gear from card {end} at the "
                           "left end.", card=f["card"], end=f["end_card"])
        return later._("Card {card} does not differ by exactly one gear from card {end} at the "
                       "right end.", card=f["card"], end=f["end_card"])
    if code == WATER_VEINS:
        return later._("Water Veins: the gear card {card} adds in row {row} from the top has no gear "
                       "beside it on card {end} (same row, or the row above or below).",
                       card=f["card"], row=f["row"] + 1, end=f["end_card"])
    if code == ZERO_OPENS:
        return later._("Water Veins: card 0 may not start the row (nothing could join it).")
    if code == MUST_PASS:
        return later._("No card in your hand fits either end: press Pass.")
    if code == MUST_PLAY:
        cards = ", ".join(map(str, f["cards"]))
        return later.ngettext("Player {player} must play: {cards} fits the row.",
                              "Player {player} must play: {cards} fit the row.", len(f["cards"]),
                              player=f["player"], cards=cards)
    if code == NOT_IN_HAND:
        return later._("Card {card} is not in player {player}'s hand.", **f)
    if code == OPENER_WITH_AN_END:
        return later._("The first card of a hand starts the row: it goes at no end.")
    if code == PASS_WITH_AN_END:
        return later._("A pass goes at no end.")
    if code == NO_SUCH_END:
        return later._("The end must be left or right, not {end}.", **f)
    if code == NOT_A_CARD:
        return later._("{card} is not a card from 0 to 31.", **f)
    if code == NOT_YOUR_TURN:
        return later._("It is player {turn}'s turn, not player {tried}'s.", **f)
    if code == GAME_OVER:
        return later._("The match is over.")
    return later._("{action} is not a Grayblock action.", **f)
