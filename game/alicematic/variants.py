"""Draft variants: switches for the readings of draft 10 the designers may mean otherwise, chosen
in setup ("Draft variants") and kept in the record's "rules" object. Each is off by default (the
reading the engine's decisions in state.py describe); on, it plays the other reading:

- tile_second: a tile majority's second place is the player with the second most hexes there
  (ranked by face-up Alices on a tie), scoring 3; by default only players tied for most are
  ranked (the changelog's "1st 6 VP, 2nd 3 VP" may mean either).
- forest_early: a monster forest opens to the players holding most of its neighbours at once,
  not only once every neighbour is held.
- round_14: the game ends only after round 14, not when every city has come to be held.
- city_war: a failed expedition to a city puts the city at war like any other hex; by default
  the draft's "the chit is discarded" is read as: a failed city expedition is not offered.
- forest_lenient: a monster forest's condition (held all round, most neighbours) is checked only
  for taking a forest nobody holds and seizing another's war there; by default (decision 22) it
  is checked on every way in, also for invading a held forest cut off from its holder's bases and
  for finishing one's own war there (the draft states it only under "nobody's hex").
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ..core.errors import RecordError

# (key in the record and setup, the command line's word)
SWITCHES = (("tile_second", "tile-second"), ("forest_early", "forest-early"),
            ("round_14", "round-14"), ("city_war", "city-war"),
            ("forest_lenient", "forest-lenient"))
WORDS = {word: key for key, word in SWITCHES}


@dataclass(frozen=True, slots=True)
class Variants:
    tile_second: bool = False
    forest_early: bool = False
    round_14: bool = False
    city_war: bool = False
    forest_lenient: bool = False

    def to_json(self) -> dict[str, bool]:
        return asdict(self)

    def on(self) -> list[str]:
        """The switches turned on, by key."""
        return [f.name for f in fields(self) if getattr(self, f.name)]

    @classmethod
    def from_json(cls, data: object) -> "Variants":
        """A record's "rules"; one made before decision 22 (no forest_lenient key, or no rules at
        all) was played on the lenient reading, so it replays on it."""
        if data is None:
            return cls(forest_lenient=True)
        if not isinstance(data, dict):
            raise RecordError("rules must be an object like {\"round_14\": false}")
        for key, value in data.items():
            if key not in WORDS.values():
                raise RecordError(f"unknown rule {key!r}: Alicematic's draft variants are "
                                  f"{', '.join(k for k, _w in SWITCHES)}")
            if not isinstance(value, bool):
                raise RecordError(f"rules.{key} must be true or false")
        return cls(**{"forest_lenient": True, **data})

    @classmethod
    def parse(cls, text: str) -> "Variants":
        """From a command-line list like 'round-14,city-war' (empty: the engine's readings)."""
        names = [n.strip().lower() for n in (text or "").split(",") if n.strip()]
        unknown = [n for n in names if n not in WORDS]
        if unknown:
            raise ValueError(f"unknown rule {unknown[0]!r}: Alicematic's draft variants are "
                             f"{', '.join(WORDS)}")
        return cls(**{WORDS[n]: True for n in names})
