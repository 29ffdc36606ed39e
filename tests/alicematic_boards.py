"""Hand-made Alicematic boards for the rule examples: tiles at chosen positions (rotation 0),
every hex a red strength-1 facility unless the example says otherwise."""

from __future__ import annotations

from game.alicematic.content import CITY, FACILITY, FOREST, HexKind, Tile
from game.alicematic.hexmap import DIRECTIONS, Board, tile_centre
from game.alicematic.state import EXPEDITION, AlicematicState

RED1 = HexKind(FACILITY, "red", 1, 0)
FOREST_HEX = HexKind(FOREST, None, 0, 0)


def city(size: int = 2, strength: int = 2) -> HexKind:
    return HexKind(CITY, None, strength, size)


def facility(colour: str, strength: int = 1) -> HexKind:
    return HexKind(FACILITY, colour, strength, 0)


def board(positions, kinds: dict | None = None) -> Board:
    """A board of tiles at `positions`; `kinds` sets hexes by their place on the map."""
    kinds = kinds or {}
    tiles = []
    for number, position in enumerate(positions, start=1):
        centre = tile_centre(position)
        ring = tuple(kinds.get((centre[0] + d[0], centre[1] + d[1]), RED1) for d in DIRECTIONS)
        tiles.append(Tile(number, kinds.get(centre, city()), ring))
    return Board.build(positions, range(1, len(tiles) + 1), [0] * len(tiles), tuple(tiles))


def table(b: Board, players: int = 3, seed: int = 1) -> AlicematicState:
    """A game on board `b`, bases not yet placed, player 0 about to make an expedition."""
    state = AlicematicState.new(seed, players)
    state.board = b
    state.picks = []
    state.round, state.phase, state.turn = 1, EXPEDITION, 0
    return state


def hold(state: AlicematicState, player: int, *hexes) -> None:
    for h in hexes:
        state.holders[h] = state.holders.get(h, ()) + (player,)
        state.supply[player] -= 1


def take(state: AlicematicState, card: int) -> None:
    """Take a card out of the deck or whichever hand holds it."""
    for pile in (state.deck, *state.hands):
        if card in pile:
            pile.remove(card)
            return
    raise ValueError(f"card {card} is neither in the deck nor in a hand")


def put(state: AlicematicState, player: int, colour: str, count: int, up: bool = False,
        card: int | None = None) -> None:
    """`count` cards of that colour into the player's area (from the deck, face down unless
    `up`; `card` chooses the card)."""
    for _ in range(count):
        pick = card if card is not None else next(
            c for c in state.deck if state.cards[c].colour == colour)
        take(state, pick)
        state.areas[player][["red", "blue", "yellow", "green", "white"].index(colour)].append(
            (pick, up))
