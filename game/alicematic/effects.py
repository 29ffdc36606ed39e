"""Megalomania: the small vocabulary of powers the sample cards use (timing + effect + amount).

A power works from the moment its Alice is summoned (face up). Timings:
- summon: once, as the Alice is summoned;
- turn_start: at the start of each of the owner's turns;
- always: while the Alice stays in its area (adds to a count the rules read);
- conquest: each time the owner completes an expedition (a hex becomes theirs);
- final: at the final scoring.
Effects (amount = how many):
- gain_red / gain_yellow / gain_green: take that many resource chits (while the supply lasts);
- draw: draw that many cards;
- vp: score that many victory points;
- recruit: put that many cards from the deck face down into the Alice's own area (this may
  go past 4: the area is cut back at the end of the turn, as the draft says);
- strength / food / dp (always): count that much more red strength / food / DP;
- vp_per_city / vp_per_forest / vp_per_tile (final): that many VP per city, monster forest or
  tile held;
- take_red / take_yellow / take_green (summon, conquest): take that many chits of the colour
  from each other player (what they have);
- guard (always): other players need that much more strength to seize your hexes at war or to
  invade your land;
- room (always): the Alice's own colour area holds that many more cards;
- supply (always): food is counted from every hex you hold, not only your bases (the amount
  does not matter; hexes on your bases' tiles still need none).
A conquest power may name what it is for ("on"): facility, forest, city (the hex taken) or
invasion (taking another player's land or war); it then works only for such a conquest.
Which effect goes with which timing is fixed by ALLOWED; a card file using anything else is
refused at load.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NotRequired, TypedDict

SUMMON, TURN_START, ALWAYS, CONQUEST, FINAL = "summon", "turn_start", "always", "conquest", "final"
TIMINGS = (SUMMON, TURN_START, ALWAYS, CONQUEST, FINAL)
GAINS = {"gain_red": "red", "gain_yellow": "yellow", "gain_green": "green"}
DRAW, VP, RECRUIT = "draw", "vp", "recruit"
STRENGTH, FOOD, DP = "strength", "food", "dp"
PER = {"vp_per_city": "city", "vp_per_forest": "forest", "vp_per_tile": "tile"}
TAKES = {"take_red": "red", "take_yellow": "yellow", "take_green": "green"}
GUARD, ROOM, SUPPLY = "guard", "room", "supply"
ONCE = (*GAINS, DRAW, VP)  # things that happen at a moment
ALLOWED = {
    SUMMON: frozenset((*ONCE, RECRUIT, *TAKES)),
    TURN_START: frozenset(ONCE),
    ALWAYS: frozenset((STRENGTH, FOOD, DP, GUARD, ROOM, SUPPLY)),
    CONQUEST: frozenset((*ONCE, *TAKES)),
    FINAL: frozenset((VP, *PER)),
}
FACILITY_TAKEN, FOREST_TAKEN, CITY_TAKEN, INVASION = "facility", "forest", "city", "invasion"
ON = (FACILITY_TAKEN, FOREST_TAKEN, CITY_TAKEN, INVASION)  # a conquest power's condition
EFFECTS = tuple(sorted(set().union(*ALLOWED.values())))


class PowerJSON(TypedDict):
    """A power as cards.json and a record's content write it."""

    timing: str
    effect: str
    amount: int
    on: NotRequired[str]


@dataclass(frozen=True, slots=True)
class Power:
    timing: str
    effect: str
    amount: int
    on: str | None = None  # a conquest power's condition (ON), None: every conquest

    def to_json(self) -> PowerJSON:
        out: PowerJSON = {"timing": self.timing, "effect": self.effect, "amount": self.amount}
        if self.on is not None:
            out["on"] = self.on
        return out

    def works_on(self, kind: str, invasion: bool) -> bool:
        """Whether a conquest power works for taking a hex of `kind` (invasion: from a player)."""
        return self.on is None or self.on == kind or (self.on == INVASION and invasion)

    def words(self) -> str:
        """One line for the card's face and the rules page."""
        when = {SUMMON: "On summon", TURN_START: "Each turn start", ALWAYS: "Always",
                CONQUEST: "On conquest", FINAL: "Final scoring"}[self.timing]
        if self.on is not None:
            when = {FACILITY_TAKEN: "On taking a facility", FOREST_TAKEN: "On taking a forest",
                    CITY_TAKEN: "On taking a city", INVASION: "On invading"}[self.on]
        what = {DRAW: f"draw {self.amount}", VP: f"+{self.amount} VP",
                RECRUIT: f"recruit {self.amount} from the deck face down",
                STRENGTH: f"+{self.amount} strength", FOOD: f"+{self.amount} food",
                DP: f"+{self.amount} DP",
                GUARD: f"others need +{self.amount} strength against you",
                ROOM: f"this area holds {self.amount} more",
                SUPPLY: "food from any hex you hold"}.get(self.effect)
        if what is None and self.effect in TAKES:
            what = f"take {self.amount} {TAKES[self.effect]} from each other player"
        if what is None and self.effect in GAINS:
            what = f"+{self.amount} {GAINS[self.effect]} resource"
        if what is None:
            what = f"+{self.amount} VP per {PER[self.effect]}"
        return f"{when}: {what}"


def check_power(data: object) -> Power:
    if not isinstance(data, dict):
        raise ValueError("power must be an object {timing, effect, amount}")
    timing, effect, amount = data.get("timing"), data.get("effect"), data.get("amount")
    if timing not in ALLOWED:
        raise ValueError(f"timing must be one of {', '.join(TIMINGS)}, not {timing!r}")
    if effect not in ALLOWED[timing]:
        raise ValueError(f"effect {effect!r} cannot have timing {timing!r} "
                         f"(allowed: {', '.join(sorted(ALLOWED[timing]))})")
    if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= 9:
        raise ValueError(f"amount must be a whole number 1..9, not {amount!r}")
    on = data.get("on")
    if on is not None and (timing != CONQUEST or on not in ON):
        raise ValueError(f"on must be one of {', '.join(ON)}, and only for a conquest power")
    return Power(timing, effect, amount, on)
