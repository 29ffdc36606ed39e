"""Alicematic's numbers as data (decision 23): rounds, cards per area, the opening hand, territory
chits, tile-majority and city VP, the shared resource pool and the empty hand's draw. The draft's
numbers are the defaults; a designer's parameters file (JSON, `--params FILE`) sets any of them,
and a record keeps the numbers it was played with ("params"), so replays and verify use them.

    {"rounds": 12, "area_max": 5, "tile_first": 8}
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING

from ..core.errors import ContentError

if TYPE_CHECKING:
    from ..core.records import StrPath

MAX_BYTES = 64 * 1024  # a parameters file is a few lines; more is the wrong file

# field: (lowest, highest, what it is): bounds keep a typo (or 1e999) from a game that never ends
LIMITS = {
    "rounds": (1, 99, "rounds in a game"),
    "area_max": (1, 20, "cards an area holds"),
    "hand": (1, 18, "cards in the opening hand"),
    "chits": (2, 99, "territory chits per player"),
    "tile_first": (0, 99, "VP for a tile majority"),
    "tile_second": (0, 99, "VP for second place on a tile"),
    "tile_shared": (0, 99, "VP each for tied first places on a tile"),
    "city_vp": (0, 99, "VP per city held"),
    "resource_pool": (0, 999, "resource chits per colour"),
    "refill": (0, 20, "cards an empty hand draws"),
}


class ParamsError(ContentError):
    """A parameters file or a record's "params" the engine cannot use: one line naming the field."""


@dataclass(frozen=True, slots=True)
class Params:
    rounds: int = 14
    area_max: int = 4
    hand: int = 5
    chits: int = 16
    tile_first: int = 6
    tile_second: int = 3
    tile_shared: int = 3
    city_vp: int = 3
    resource_pool: int = 20
    refill: int = 3

    def to_json(self) -> dict[str, int]:
        return asdict(self)

    def changed(self) -> dict[str, int]:
        """The numbers that differ from the draft's."""
        default = Params()
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(default, f.name)}

    @classmethod
    def from_json(cls, data: object, where: str = "params") -> "Params":
        """Some or all of the fields; a missing one keeps the draft's number."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ParamsError(f"{where} must be an object like {{\"rounds\": 14}}")
        for key, value in data.items():
            if key not in LIMITS:
                raise ParamsError(f"{where}: unknown field {str(key)[:40]!r}: the fields are "
                                  f"{', '.join(LIMITS)}")
            low, high, what = LIMITS[key]
            if type(value) is not int or not low <= value <= high:
                shown = repr(value) if len(repr(value)) <= 24 else repr(value)[:21] + "..."
                raise ParamsError(f"{where}: {key} ({what}) must be a whole number from {low} to "
                                  f"{high}, not {shown}")
        return cls(**data)


def read_params(path: StrPath) -> Params:
    """A parameters file, checked: ParamsError naming the file and the field."""
    from ..core.errors import RecordError
    from ..core.records import load_json, read_text
    name = str(path)[-60:]
    try:
        data = load_json(read_text(path, MAX_BYTES, "a parameters file"))
    except RecordError as exc:
        raise ParamsError(f"{name}: {exc}") from None
    return Params.from_json(data, name)
