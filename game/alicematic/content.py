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
from types import ModuleType
from typing import Any, Iterable, TypedDict, TypeGuard, cast

from ..core import errors
from ..core.paths import asset
from .effects import Power, PowerJSON, check_power

COLOURS = ("red", "blue", "yellow", "green", "white")
RED, BLUE, YELLOW, GREEN, WHITE = COLOURS
RESOURCE_COLOURS = (RED, YELLOW, GREEN)  # the colours with resource chits
FACILITY, FOREST, CITY = "facility", "forest", "city"
KINDS = (FACILITY, FOREST, CITY)
N_TILES = 15
GIRL_ALICE = "Girl Alice"  # the one name whose power repeats (the draft's 少女アリス)

# a tile's cells on the Tiled grid, as axial offsets from the centre (odd rows shifted right)
CENTRE_CELL = (1, 1)


class ContentError(errors.ContentError):
    """A content file that the engine cannot use (named with the file and the problem)."""


class CardJSON(TypedDict):
    id: int
    name: str
    colour: str
    dp: int
    power: PowerJSON


class HexKindJSON(TypedDict):
    kind: str
    colour: str  # "" for none
    strength: int
    city_size: int


class TileJSON(TypedDict):
    number: int
    centre: HexKindJSON
    ring: list[HexKindJSON]


class ContentBody(TypedDict):
    """What a content's hash is worked out from: its cards and tiles."""

    cards: list[CardJSON]
    tiles: list[TileJSON]


class ContentJSON(ContentBody):
    """A record's "content" object."""

    hash: str


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

    def to_json(self) -> ContentJSON:
        body = self._body()
        return {"hash": _hash(body), **body}

    def _body(self) -> ContentBody:
        return {"cards": [{"id": c.id, "name": c.name, "colour": c.colour, "dp": c.dp,
                           "power": c.power.to_json()} for c in self.cards],
                "tiles": [{"number": t.number, "centre": _kind_json(t.centre),
                           "ring": [_kind_json(k) for k in t.ring]} for t in self.tiles]}

    @property
    def hash(self) -> str:
        """A short fingerprint of the cards and tiles: equal content, equal hash."""
        return _hash(self._body())

    @classmethod
    def from_json(cls, data: object) -> "Content":
        """Content a record carries; ContentError naming the first problem."""
        if not isinstance(data, dict):
            raise ContentError("content must be an object {hash, cards, tiles}")
        cards = cards_of(data, "content", None)
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
        from ..core.records import same  # (JSON's true is not 1: a record says what it was played with)
        if not same(data, content.to_json()):
            raise ContentError("content is not written as the app writes it (a true or false "
                               "for a number, or a field too many)")
        return content


def _kind_json(kind: HexKind) -> HexKindJSON:
    return {"kind": kind.kind, "colour": kind.colour or "", "strength": kind.strength,
            "city_size": kind.city_size}


def _hash(body: ContentBody) -> str:
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
    return Content.from_json(read_json(where, 4 * MAX_BYTES))


def cards_path() -> Path:
    return asset("alicematic", "cards.json")


def tiles_dir() -> Path:
    return asset("alicematic", "tiles")


MAX_BYTES = 1024 * 1024  # a cards.json (the sample's is 30 KB) or a tile file; more is a mistake
CARD_KEYS = ("id", "name", "colour", "dp", "power")
POWER_KEYS = ("timing", "effect", "amount", "on")
FILE_KEYS = ("sample", "about", "cards")  # a cards.json's own fields
MAX_DP, MAX_NAME, MAX_STRENGTH, MAX_CITY = 20, 60, 99, 5
DECK = 90  # the draft's deck (another size is allowed, with a warning)
# what Tiled and pytmx put in a hex's properties besides the engine's own four
TILED_KEYS = frozenset({"id", "width", "height", "frames", "type", "class", "probability", "source",
                        "trans", "x", "y"})
HEX_KEYS = ("kind", "colour", "strength", "city_size")


def read_json(where: Path, limit: int = MAX_BYTES) -> object:
    """A content file's JSON through the bounded reader (a FIFO, /dev/zero or a huge file is
    refused in one line)."""
    from ..core.errors import RecordError
    from ..core.records import load_json, read_text
    try:
        return load_json(read_text(where, limit, "a content file"))
    except RecordError as exc:
        raise ContentError(f"{where.name}: cannot read ({exc})") from None


@lru_cache(maxsize=None)
def load_cards(path: str | None = None) -> tuple[Card, ...]:
    where = Path(path) if path else cards_path()
    return cards_of(read_json(where), where.name)


def cards_of(data: object, where: str, file_keys: tuple[str, ...] | None = FILE_KEYS) -> tuple[Card, ...]:
    """The cards of a cards.json object (or a record's content: file_keys None), checked:
    ContentError naming the first problem (card_problems lists them all)."""
    cards, problems = card_problems(data, where, file_keys)
    if problems:
        raise ContentError(problems[0])
    return cards


def card_problems(data: object, where: str, file_keys: tuple[str, ...] | None = FILE_KEYS
                  ) -> tuple[tuple[Card, ...], list[str]]:
    """The cards of a cards.json object and every problem, one line each: the file, the card
    (its id and name), the field and what is allowed. A card's "id" is the designer's label
    (whole numbers, each once, gaps allowed, or left out): the game numbers cards in file order."""
    items = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(items, list):
        return (), [f"{where}: expected an object with a list \"cards\""]
    problems = [f"{where}: unknown field {_key(key)} (allowed: {', '.join(file_keys)})"
                for key in data if file_keys is not None and key not in file_keys]
    cards: list[Card] = []
    ids: dict[int, int] = {}
    for index, item in enumerate(items):
        who = f"card {index + 1} in the file"
        if not isinstance(item, dict):
            problems.append(f"{where}: {who}: must be an object {{{', '.join(CARD_KEYS)}}}")
            continue
        given, name = item.get("id"), item.get("name")
        if _whole(given):
            who = f"card id {given}"
        if isinstance(name, str) and name.strip():
            who += f" ({name.strip()[:MAX_NAME]})"
        mine: list[str] = []

        def bad(field: str, text: str) -> None:
            mine.append(f"{where}: {who}: {field}: {text}")
        for key in item:
            if key not in CARD_KEYS:
                bad(_key(key), f"unknown field (allowed: {', '.join(CARD_KEYS)})")
        if "id" in item:
            if not _whole(given) or given < 0:
                bad("id", f"must be a whole number 0 or more (or left out), not {_shown(given)}")
            elif given in ids:
                bad("id", f"{given} is taken by card {ids[given] + 1} in the file: each id once")
            else:
                ids[given] = index
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            bad("name", f"must be text of 1 to {MAX_NAME} characters")
        colour, dp = item.get("colour"), item.get("dp")
        if colour not in COLOURS:
            bad("colour", f"must be one of {', '.join(COLOURS)}, not {_shown(colour)}")
        if not _whole(dp) or not 0 <= dp <= MAX_DP:
            bad("dp", f"must be a whole number from 0 to {MAX_DP}, not {_shown(dp)}")
        power = item.get("power")
        checked = None
        if isinstance(power, dict):
            for key in power:
                if key not in POWER_KEYS:
                    bad(f"power.{_key(key)[1:-1]}", f"unknown field (allowed: {', '.join(POWER_KEYS)})")
        try:
            checked = check_power(power)
        except (ValueError, TypeError) as exc:  # (a list for a timing: unhashable)
            bad("power", str(exc))
        problems += mine
        if not mine and checked is not None:
            cards.append(Card(len(cards), cast(str, name).strip(), cast(str, colour), cast(int, dp),
                              checked))
    if not items:
        problems.append(f"{where}: no cards: the deck needs at least one")
    return tuple(cards), problems


def deck_warnings(cards: tuple[Card, ...], where: str) -> list[str]:
    out = []
    if len(cards) != DECK:
        out.append(f"{where}: {len(cards)} cards, not the draft's {DECK} (the game plays with "
                   f"{len(cards)})")
    if len(cards) < 5 * 5:
        out.append(f"{where}: too few for five players' opening hands of 5 (25 cards): fewer "
                   "players or a smaller hand (--params) only")
    return out


def _whole(value: object) -> TypeGuard[int]:
    return type(value) is int


def _key(key: object) -> str:
    return repr(str(key)[:40])


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def _pytmx() -> ModuleType:
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
    return cast(ModuleType, pytmx)  # (pytmx ships no annotations: the import is Any)


# Tiled cell (column, row) -> axial offset from the centre (1, 1), odd rows shifted right
def _axial(col: int, row: int) -> tuple[int, int]:
    q = col - (row - (row & 1)) // 2
    return q - 1, row - 1


def load_tile(path: Path, number: int) -> Tile:
    tile, problems = tile_problems(path, number)
    if tile is None:
        raise ContentError(problems[0])
    return tile


def _tiled_map(path: Path) -> Any:  # a pytmx.TiledMap (pytmx has no annotations)
    """A Tiled map read through the bounded reader, its tilesets checked the same way first
    (pytmx opens those itself: a FIFO there would hang it)."""
    from xml.etree import ElementTree

    from ..core.files import Unreadable, read_bounded
    try:
        root = ElementTree.fromstring(read_bounded(path, MAX_BYTES))
        for tileset in root.iter("tileset"):
            source = tileset.get("source")
            if source:
                read_bounded(path.parent / source, MAX_BYTES)
        tmx = _pytmx().TiledMap()
        tmx.filename = str(path)
        tmx.parse_xml(root)
    except FileNotFoundError as exc:
        raise ContentError(f"{path.name}: missing ({Path(exc.filename or path).name} not found)") from None
    except Unreadable as exc:
        raise ContentError(f"{path.name}: cannot read ({exc})") from None
    except Exception as exc:  # noqa: BLE001 - pytmx and ElementTree raise many kinds for a broken file
        raise ContentError(f"{path.name}: not a readable Tiled map ({str(exc)[:120]})") from None
    return tmx


def tile_problems(path: Path, number: int) -> tuple[Tile | None, list[str]]:
    """A tile file and every problem in it, one line each (the file, the cell, the field)."""
    from .hexmap import DIRECTIONS
    try:
        tmx = _tiled_map(path)
    except ContentError as exc:
        return None, [str(exc)]
    if tmx.orientation != "hexagonal":
        return None, [f"{path.name}: orientation must be hexagonal, not {tmx.orientation}"]
    cells: dict[tuple[int, int], HexKind] = {}
    layers = [layer for layer in tmx.visible_layers if hasattr(layer, "iter_data")]
    if not layers:
        return None, [f"{path.name}: no tile layer"]
    problems = []
    placed = set()
    for col, row, gid in layers[0].iter_data():
        if not gid:
            continue
        where = f"{path.name}: cell ({col}, {row})"
        placed.add(_axial(col, row))
        props = tmx.get_tile_properties_by_gid(gid) or {}
        unknown = [key for key in props if key not in HEX_KEYS and key not in TILED_KEYS]
        for key in unknown:
            problems.append(f"{where}: {_key(key)}: unknown property (allowed: {', '.join(HEX_KEYS)})")
        try:
            kind = hex_kind({key: props.get(key) for key in HEX_KEYS if props.get(key) is not None})
        except ValueError as exc:
            problems.append(f"{where}: {exc}")
            continue
        if _axial(col, row) != (0, 0) and kind.kind == CITY:
            problems.append(f"{where}: kind: a fantasy city stands only at the centre (1, 1) of a "
                            "tile, not on its ring")
        cells[_axial(col, row)] = kind
    if placed != {(0, 0), *DIRECTIONS}:
        problems.append(f"{path.name}: needs exactly 7 hexes: the centre (1, 1) and its 6 "
                        "neighbours")
    elif (0, 0) in cells and cells[(0, 0)].kind != CITY:
        problems.append(f"{path.name}: cell (1, 1): kind: the centre hex must be a fantasy city")
    if problems:
        return None, problems
    return Tile(number, cells[(0, 0)], tuple(cells[d] for d in DIRECTIONS)), []


def ring_kinds(kinds: Iterable[HexKind]) -> tuple[HexKind, ...]:
    """A tile's 6 ring hexes, none of them a city (decision 24: only the centre is one)."""
    out = tuple(kinds)
    if any(k.kind == CITY for k in out):
        raise ValueError("a fantasy city stands only at the centre of a tile, not on its ring")
    return out


def hex_kind(props: object) -> HexKind:
    if not isinstance(props, dict):
        raise ValueError("a hex is an object {kind, colour, strength, city_size}")
    kind = props.get("kind")
    if kind not in KINDS:
        raise ValueError(f"kind: must be one of {', '.join(KINDS)}, not {_shown(kind)}")
    colour = props.get("colour") or None
    strength, size = props.get("strength", 0), props.get("city_size", 0)
    if not _whole(strength) or not 0 <= strength <= MAX_STRENGTH:
        raise ValueError(f"strength: must be a whole number from 0 to {MAX_STRENGTH}, not "
                         f"{_shown(strength)}")
    if not _whole(size) or not 0 <= size <= MAX_CITY:
        raise ValueError(f"city_size: must be a whole number from 0 to {MAX_CITY}, not {_shown(size)}")
    if kind == FACILITY and colour not in COLOURS:
        raise ValueError(f"colour: a facility's must be one of {', '.join(COLOURS)}, not "
                         f"{_shown(colour)}")
    if kind == CITY and size < 1:
        raise ValueError("city_size: a city's must be at least 1")
    if kind != FACILITY:
        colour = None
    return HexKind(kind, colour, strength, size if kind == CITY else 0)


@lru_cache(maxsize=None)
def load_tiles(folder: str | None = None) -> tuple[Tile, ...]:
    where = Path(folder) if folder else tiles_dir()
    return tuple(load_tile(where / tile_name(n), n) for n in range(1, N_TILES + 1))


def tile_name(number: int) -> str:
    return f"tile-{number:02d}.tmx"
