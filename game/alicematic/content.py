"""Alicematic's content as data: the 90 Alice cards (assets/alicematic/cards.json) and the 15 map
tiles (assets/alicematic/tiles/tile-NN.tmx, Tiled hexagonal maps), read into frozen dataclasses.

Both are SAMPLE content (the draft rulebook gives neither): designers edit the files, not this
module. Each .tmx is a 3x3 odd-row-staggered hex grid whose layer "hexes" holds 7 cells: the
centre (column 1, row 1) must be a fantasy city; each cell's tile carries the properties kind
(facility, forest or city), colour (facilities), strength and city_size (cities).

pytmx imports pygame only for type hints; game/ never imports pygame, so pytmx is imported with
pygame hidden from it (see _pytmx).
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..paths import asset
from .effects import Power, check_power

COLOURS = ("red", "blue", "yellow", "green", "white")
RED, BLUE, YELLOW, GREEN, WHITE = COLOURS
RESOURCE_COLOURS = (RED, YELLOW, GREEN)  # the colours with resource chits
FACILITY, FOREST, CITY = "facility", "forest", "city"
KINDS = (FACILITY, FOREST, CITY)
N_TILES = 15
GIRL_ALICE = "Girl Alice"  # the one name whose power repeats (the draft's 少女アリス)

# a tile's cells on the Tiled grid, as axial offsets from the centre (odd rows shifted right)
CENTRE_CELL = (1, 1)


class ContentError(ValueError):
    """A content file that the engine cannot use (named with the file and the problem)."""


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    name: str
    colour: str
    dp: int
    power: Power


@dataclass(frozen=True, slots=True)
class HexKind:
    kind: str  # facility, forest or city
    colour: str | None  # a facility's colour
    strength: int  # the strength needed (a forest's is its number of neighbours on the map)
    city_size: int  # how many players may hold a city


@dataclass(frozen=True, slots=True)
class Tile:
    number: int  # 1..15, as the file is named
    centre: HexKind
    ring: tuple[HexKind, ...]  # the 6 neighbours, in axial direction order (DIRECTIONS)


@dataclass(frozen=True, slots=True)
class Content:
    """The cards and tiles a game is played with. A record carries them (to_json, with their
    hash), so editing cards.json or a tile never breaks an older record's replay."""

    cards: tuple[Card, ...]
    tiles: tuple[Tile, ...]

    def to_json(self) -> dict:
        body = self._body()
        return {"hash": _hash(body), **body}

    def _body(self) -> dict:
        return {"cards": [{"id": c.id, "name": c.name, "colour": c.colour, "dp": c.dp,
                           "power": c.power.to_json()} for c in self.cards],
                "tiles": [{"number": t.number, "centre": _kind_json(t.centre),
                           "ring": [_kind_json(k) for k in t.ring]} for t in self.tiles]}

    @property
    def hash(self) -> str:
        """A short fingerprint of the cards and tiles: equal content, equal hash."""
        return _hash(self._body())

    @classmethod
    def from_json(cls, data) -> "Content":
        """Content a record carries; ContentError naming the first problem."""
        if not isinstance(data, dict):
            raise ContentError("content must be an object {hash, cards, tiles}")
        cards = cards_of(data, "content")
        tiles_data = data.get("tiles")
        if not isinstance(tiles_data, list) or len(tiles_data) != N_TILES:
            raise ContentError(f"content.tiles must list the {N_TILES} tiles")
        tiles = []
        for number, item in enumerate(tiles_data, start=1):
            try:
                ring = item["ring"]
                if item["number"] != number or not isinstance(ring, list) or len(ring) != 6:
                    raise ValueError(f"number must be {number} and ring 6 hexes")
                centre = hex_kind(item["centre"])
                if centre.kind != CITY:
                    raise ValueError("the centre must be a city")
                tiles.append(Tile(number, centre, ring_kinds(hex_kind(k) for k in ring)))
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise ContentError(f"content.tiles {number}: {exc}") from None
        content = cls(cards, tuple(tiles))
        if data.get("hash") != content.hash:
            raise ContentError("content.hash does not match its cards and tiles")
        from ..records import same  # (JSON's true is not 1: a record says what it was played with)
        if not same(data, content.to_json()):
            raise ContentError("content is not written as the app writes it (a true or false "
                               "for a number, or a field too many)")
        return content


def _kind_json(kind: HexKind) -> dict:
    return {"kind": kind.kind, "colour": kind.colour or "", "strength": kind.strength,
            "city_size": kind.city_size}


def _hash(body: dict) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@lru_cache(maxsize=1)
def current() -> Content:
    """The content in assets/alicematic now (what a new game is dealt with)."""
    return Content(load_cards(), load_tiles())


LEGACY_HASH = "4f912b14b72b3876"  # the content of records made before records carried it


@lru_cache(maxsize=None)
def legacy() -> Content:
    """The sample content of every record made before records carried their content (2026-11-27
    and earlier): archived in assets/alicematic/archive, so those records replay as played."""
    where = asset("alicematic", "archive", f"{LEGACY_HASH}.json")
    try:
        data = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ContentError(f"{where.name}: cannot read ({exc})") from None
    return Content.from_json(data)


def cards_path() -> Path:
    return asset("alicematic", "cards.json")


def tiles_dir() -> Path:
    return asset("alicematic", "tiles")


@lru_cache(maxsize=None)
def load_cards(path: str | None = None) -> tuple[Card, ...]:
    where = Path(path) if path else cards_path()
    try:
        data = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ContentError(f"{where.name}: cannot read ({exc})") from None
    return cards_of(data, where.name)


def cards_of(data, where: str) -> tuple[Card, ...]:
    """The cards of a cards.json object (or a record's content), checked."""
    items = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise ContentError(f"{where}: expected an object with a list 'cards'")
    cards = []
    for index, item in enumerate(items):
        try:
            card = Card(item["id"], str(item["name"]), item["colour"], item["dp"],
                        check_power(item["power"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ContentError(f"{where}: card {index}: {exc}") from None
        if card.id != index or card.colour not in COLOURS or not isinstance(card.dp, int) \
                or card.dp < 0:
            raise ContentError(f"{where}: card {index}: id must be {index}, colour one of "
                               f"{', '.join(COLOURS)}, dp a whole number >= 0")
        cards.append(card)
    return tuple(cards)


def _pytmx():
    """pytmx without pygame: its `import pygame` (type hints only) is made to fail."""
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    hidden = [name for name in ("pygame", "pytmx.util_pygame") if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # import then raises ImportError
    try:
        import pytmx  # type: ignore[import-untyped]
    finally:
        for name in hidden:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]
    return pytmx


# Tiled cell (column, row) -> axial offset from the centre (1, 1), odd rows shifted right
def _axial(col: int, row: int) -> tuple[int, int]:
    q = col - (row - (row & 1)) // 2
    return q - 1, row - 1


def load_tile(path: Path, number: int) -> Tile:
    from .hexmap import DIRECTIONS
    try:
        tmx = _pytmx().TiledMap(str(path))
    except Exception as exc:  # pytmx raises many kinds for a broken file
        raise ContentError(f"{path.name}: not a readable Tiled map ({exc})") from None
    if tmx.orientation != "hexagonal":
        raise ContentError(f"{path.name}: orientation must be hexagonal, not {tmx.orientation}")
    cells: dict[tuple[int, int], HexKind] = {}
    layers = [layer for layer in tmx.visible_layers if hasattr(layer, "iter_data")]
    if not layers:
        raise ContentError(f"{path.name}: no tile layer")
    for col, row, gid in layers[0].iter_data():
        if not gid:
            continue
        props = tmx.get_tile_properties_by_gid(gid) or {}
        try:
            cells[_axial(col, row)] = hex_kind(props)
        except ValueError as exc:
            raise ContentError(f"{path.name}: cell ({col}, {row}): {exc}") from None
    if set(cells) != {(0, 0), *DIRECTIONS}:
        raise ContentError(f"{path.name}: needs exactly 7 hexes: the centre (1, 1) and its 6 "
                           "neighbours")
    centre = cells[(0, 0)]
    if centre.kind != CITY:
        raise ContentError(f"{path.name}: the centre hex must be a fantasy city")
    try:
        return Tile(number, centre, ring_kinds(cells[d] for d in DIRECTIONS))
    except ValueError as exc:
        raise ContentError(f"{path.name}: {exc}") from None


def ring_kinds(kinds) -> tuple[HexKind, ...]:
    """A tile's 6 ring hexes, none of them a city (decision 24: only the centre is one)."""
    out = tuple(kinds)
    if any(k.kind == CITY for k in out):
        raise ValueError("a fantasy city stands only at the centre of a tile, not on its ring")
    return out


def hex_kind(props: dict) -> HexKind:
    if not isinstance(props, dict):
        raise ValueError("a hex is an object {kind, colour, strength, city_size}")
    kind = props.get("kind")
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    colour = props.get("colour") or None
    strength, size = props.get("strength", 0), props.get("city_size", 0)
    if not isinstance(strength, int) or not isinstance(size, int) or strength < 0:
        raise ValueError("strength and city_size must be whole numbers")
    if kind == FACILITY and colour not in COLOURS:
        raise ValueError(f"a facility's colour must be one of {', '.join(COLOURS)}")
    if kind == CITY and size < 1:
        raise ValueError("a city's city_size must be at least 1")
    if kind != FACILITY:
        colour = None
    return HexKind(kind, colour, strength, size if kind == CITY else 0)


@lru_cache(maxsize=None)
def load_tiles(folder: str | None = None) -> tuple[Tile, ...]:
    where = Path(folder) if folder else tiles_dir()
    return tuple(load_tile(where / f"tile-{n:02d}.tmx", n) for n in range(1, N_TILES + 1))
