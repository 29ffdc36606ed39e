"""Alicematic in player words: colour areas, card names and powers, hexes, and the log's line
for each thing an action reports (the table's log and the command line's `log`). Marked with N_
here, translated where they are shown. A colour is named one way in sentences: lowercase ("the
red facility", "the red area", "2 red resources"); the board's area labels are capitalised."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable

from . import effects as fx
from . import state as st
from .words import HEX_NAMES, source_words
from ..core.i18n import N_, _, ngettext
from ..core.messages import shown
from ..core.words import said, whose

if TYPE_CHECKING:
    from ..core.contract import Event
    from .content import Card
    from .effects import Power
    from .hexmap import Board, Hex
    from .setup import Action
    from .state import AlicematicState

AREA_NAMES = {"red": N_("Red"), "blue": N_("Blue"), "yellow": N_("Yellow"), "green": N_("Green"),
              "white": N_("White")}
CARD_NAMES = {name: name for name in (
    N_("Girl Alice"), N_("Drummer Alice"), N_("Lancer Alice"), N_("Knight Alice"), N_("Rook Alice"),
    N_("Tin Soldier Alice"), N_("Marshal Alice"), N_("Hunter Alice"), N_("Jabberwock Alice"),
    N_("Librarian Alice"), N_("Scholar Alice"), N_("Astronomer Alice"), N_("Alchemist Alice"),
    N_("Cartographer Alice"), N_("Sage Alice"), N_("Inventor Alice"), N_("Caterpillar Alice"),
    N_("Dreamer Alice"), N_("Dormouse Alice"), N_("Merchant Alice"), N_("Banker Alice"),
    N_("Mad Hatter Alice"), N_("March Hare Alice"), N_("Duchess Alice"), N_("Dodo Alice"),
    N_("Gardener Alice"), N_("Cook Alice"), N_("Shepherd Alice"), N_("Miller Alice"),
    N_("Rose Alice"), N_("Pathfinder Alice"), N_("Mock Turtle Alice"), N_("Gryphon Alice"),
    N_("Herald Alice"), N_("Judge Alice"), N_("Governor Alice"), N_("Bishop Alice"),
    N_("Chancellor Alice"), N_("White Queen Alice"), N_("Red Queen Alice"),
    N_("Queen of Hearts Alice"))}
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow"), "green": N_("green"),
                "white": N_("white")}  # a colour inside a sentence
WHEN = {fx.SUMMON: N_("On summon: {what}"), fx.TURN_START: N_("Each turn: {what}"),
        fx.ALWAYS: N_("Always: {what}"), fx.CONQUEST: N_("On conquest: {what}"),
        fx.FINAL: N_("Final scoring: {what}")}
WHAT = {"gain_red": N_("+{n} red resource"), "gain_yellow": N_("+{n} yellow resource"),
        "gain_green": N_("+{n} green resource"), fx.DRAW: N_("draw {n}"), fx.VP: N_("+{n} VP"),
        fx.RECRUIT: N_("recruit {n} face down"), fx.STRENGTH: N_("+{n} strength"),
        fx.FOOD: N_("+{n} food"), fx.DP: N_("+{n} DP"), "vp_per_city": N_("+{n} VP per city"),
        "vp_per_forest": N_("+{n} VP per monster forest"), "vp_per_tile": N_("+{n} VP per tile"),
        # short: a hand card's face has room for about 30 characters (its tooltip says the same)
        "take_red": N_("rivals give {n} red"), "take_yellow": N_("rivals give {n} yellow"),
        "take_green": N_("rivals give {n} green"), fx.GUARD: N_("+{n} defence"),
        fx.ROOM: N_("this area holds {n} more"), fx.SUPPLY: N_("food from any hex")}
WHEN_ON = {fx.FACILITY_TAKEN: N_("On facility: {what}"), fx.FOREST_TAKEN: N_("On forest: {what}"),
           fx.CITY_TAKEN: N_("On city: {what}"), fx.INVASION: N_("On invasion: {what}")}
# the final scoring's rows, walked through one at a time (scoring.Score's fields); their words
# are formatted with the game's params (Params.to_json)
SCORE_ROWS = (("play", N_("VP during play"), N_("White bonuses and powers, scored as they happened.")),
              ("tiles", N_("Tile majorities"), N_("Most hexes on a tile: {tile_first}; tied, face-up "
                                                  "Alices rank them: {tile_first} and {tile_second}.")),
              ("cities", N_("Fantasy cities"), N_("{city_vp} VP for each city held.")),
              ("forests", N_("Monster forests"), N_("Each forest held: VP equal to its neighbours.")),
              ("reach", N_("Tiles reached"), N_("Most tiles with a hex of yours: that many VP.")),
              ("colours", N_("Alices per colour"), N_("Most face-up Alices in a colour: that many VP.")),
              ("powers", N_("Final powers"), N_("Powers that score at the end.")))


PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"))


def standings(state: AlicematicState, name_of: Callable[[int], str]) -> list[str]:
    """The results as the other games give them: each player's place (as the engine ranks them;
    still tied, the same place), name and total, best first."""
    keys = state.ranks()
    order = sorted(range(state.n), key=lambda p: keys[p], reverse=True)
    out = []
    for p in order:
        place = sum(k > keys[p] for k in keys)
        out.append(_("{place} {name} {vp}").format(place=_(PLACES[place]), name=name_of(p), vp=keys[p][0]))
    return out


def tiebreak(state: AlicematicState) -> str | None:
    """How a tie for the most VP was settled (decision 20), or None without one."""
    scores = state.scores()
    best = max(scores)
    tied = [p for p in range(state.n) if scores[p] == best]
    if len(tied) < 2:
        return None
    winners = state.result().winners
    if len(winners) < len(tied):
        return _("Tied on {vp} VP: the most face-up Alices ({n}) decides.").format(
            vp=best, n=state.alices(winners[0]))
    return _("Tied on {vp} VP and on face-up Alices: a shared win.").format(vp=best)


def resources(colour: str, n: int) -> str:
    """"1 red resource", "3 yellow resources"."""
    if colour == "red":
        return ngettext("{n} red resource", "{n} red resources", n).format(n=n)
    if colour == "yellow":
        return ngettext("{n} yellow resource", "{n} yellow resources", n).format(n=n)
    return ngettext("{n} green resource", "{n} green resources", n).format(n=n)


def area(colour: str) -> str:
    """An area's label on the board: "Red"."""
    return _(AREA_NAMES[colour])


def colour_word(colour: str) -> str:
    """A colour inside a sentence: "red" ("the red area")."""
    return _(COLOUR_WORDS[colour])


def card_name(card: Card) -> str:
    return _(CARD_NAMES.get(card.name, card.name))


def power(p: Power) -> str:
    when = WHEN_ON[p.on] if p.on else WHEN[p.timing]
    return _(when).format(what=_(WHAT[p.effect]).format(n=p.amount))


def hex_words(board: Board, h: Hex) -> str:
    """"red facility (tile 3)", "fantasy city (tile 5)": a hex as a player names it."""
    info = board.hexes[h]
    kind = info.kind
    what = _(HEX_NAMES[kind.colour or kind.kind])
    return _("{what} on tile {tile}").format(what=what, tile=info.tile + 1)


def gains_words(events: Iterable[Event]) -> str:
    """What a conquest would bring (explain.conquest_gains): "Brings 2 red resources, 1 card"."""
    parts = []
    for e in events:
        if e.kind == st.GAINED:
            parts.append(resources(_colour(e), _n(e)))
        elif e.kind == st.DREW:
            parts.append(ngettext("{n} card", "{n} cards", _n(e)).format(n=e.value))
        elif e.kind == st.SCORED:
            parts.append(_("{n} VP").format(n=e.value))
        elif e.kind == st.RECRUITED:
            parts.append(ngettext("{n} face-down card", "{n} face-down cards", _n(e)).format(n=e.value))
    if not parts:
        return _("Brings no bonus")
    return _("Brings {what}").format(what=_(", ").join(parts))


# what an event of each kind carries (state.py's list): its number, colour, hex or card
def _n(e: Event) -> int:
    assert e.value is not None, e
    return e.value


def _colour(e: Event) -> str:
    assert isinstance(e.where, str), e
    return e.where


def _hex(e: Event) -> Hex:
    assert isinstance(e.where, tuple), e
    return e.where


def _card(e: Event) -> int:
    assert e.card is not None, e
    return e.card


def event_lines(name: Callable[[int], str], before: AlicematicState, action: Action,
                events: list[Event], after: AlicematicState) -> list[str]:
    """The log's lines for one action, from its events (hidden cards stay hidden); `name(p)`
    is a seat's label ("You" for the player: the sentences say "you")."""
    lines: list[str] = []
    board, cards = after.board, after.cards

    def from_(e: Event) -> str:  # where a gain came from ("from Knight Alice"): the engine says
        return shown(source_words(e.source, cards, board))
    for e in events:
        who = name(e.player) if isinstance(e.player, int) else ""
        if e.kind == st.BASE_PLACED:
            lines.append(said(who, _("{who} place a base on the {hex}."),
                              _("{who} places a base on the {hex}."), hex=hex_words(board, _hex(e))))
        elif e.kind == st.SUMMONED:
            lines.append(said(who, _("{who} summon {card} into the {colour} area."),
                              _("{who} summons {card} into the {colour} area."),
                              card=card_name(cards[_card(e)]), colour=colour_word(_colour(e))))
        elif e.kind == st.HIRED:
            lines.append(said(who, _("{who} hire a resident face down into the {colour} area."),
                              _("{who} hires a resident face down into the {colour} area."),
                              colour=colour_word(_colour(e))))
        elif e.kind == st.PASSED:
            lines.append(said(who, _("{who} have no room for a card."), _("{who} has no room for a card.")))
        elif e.kind == st.DREW and action.kind == "refill":
            lines.append(said(who, _("{who} draw {n} cards; the turn ends."),
                              _("{who} draws {n} cards; the turn ends."), n=e.value))
        elif e.kind == st.CONQUERED:
            lines.append(said(who, _("{who} take the {hex}."), _("{who} takes the {hex}."),
                              hex=hex_words(board, _hex(e))))
        elif e.kind == st.WAR_STARTED:
            lines.append(said(who, _("{who} start a war on the {hex}."), _("{who} starts a war on the {hex}."),
                              hex=hex_words(board, _hex(e))))
        elif e.kind == st.CHIT_RETURNED:
            lines.append(said(who, _("{whose} chit goes back to your supply."),
                              _("{whose} chit goes back to their supply."),
                              whose=whose(who, start=True)))
        elif e.kind == st.GAINED:
            lines.append(said(who, _("{who} gain {what} {source}."), _("{who} gains {what} {source}."),
                              what=resources(_colour(e), _n(e)), source=from_(e)))
        elif e.kind == st.TAKEN:
            lines.append(said(who, _("{who} give up {what}."), _("{who} gives up {what}."),
                              what=resources(_colour(e), _n(e))))  # (the taker's line names the power)
        elif e.kind == st.SPENT:
            lines.append(said(who, _("{who} spend {what}."), _("{who} spends {what}."),
                              what=resources(_colour(e), _n(e))))
        elif e.kind == st.SCORED:
            lines.append(said(who, _("{who} score {n} VP {source}."), _("{who} scores {n} VP {source}."),
                              n=e.value, source=from_(e)))
        elif e.kind == st.RECRUITED:
            lines.append(said(who, _("{who} recruit {n} face down into the {colour} area {source}."),
                              _("{who} recruits {n} face down into the {colour} area {source}."),
                              n=e.value, colour=colour_word(_colour(e)), source=from_(e)))
        elif e.kind == st.DREW and e.source is not None:
            lines.append(said(who, ngettext("{who} draw {n} card {source}.", "{who} draw {n} cards {source}.", _n(e)),
                              ngettext("{who} draws {n} card {source}.", "{who} draws {n} cards {source}.", _n(e)),
                              n=e.value, source=from_(e)))
        elif e.kind == st.DISCARDED:
            lines.append(said(who, _("{who} discard {card} from the {colour} area."),
                              _("{who} discards {card} from the {colour} area."),
                              card=card_name(cards[_card(e)]), colour=colour_word(_colour(e))))
        elif e.kind == st.ROUND_STARTED:
            lines.append(_("Round {number} of {rounds}.").format(number=e.value, rounds=after.params.rounds))
        elif e.kind == st.GAME_OVER:
            lines.append(_("The game is over: the final scoring.") if after.round >= after.params.rounds else
                         _("Every city is held: the game is over after round {number}.").format(
                             number=after.round))
    if action.kind == "end":
        assert before.turn is not None  # (the player to move made it)
        lines.insert(0, said(name(before.turn), _("{who} make no expedition."),
                             _("{who} makes no expedition.")))
    return lines
