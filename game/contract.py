"""What every game shares with the app: the typed shapes an engine hands out, and the protocols a
game state and a game module meet (the registry and the app rely on nothing else).

- `Event`: one thing an action changed (a card dealt, a round started, a counter flipped...).
  `apply()` returns them in the order they happened, so scenes animate from data instead of
  diffing states. Each game lists its kinds as constants in its own `events` module.
- `Result`: who won and the scores, plus the record's own `result` object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence

Where = int | str | tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    player: int | None = None  # the seat concerned (a lane's owner in Alice Assemble)
    card: int | None = None
    value: int | None = None  # a number the event is about: capacity, uses left, points, round
    where: Where = None  # a lane, an insertion position, (x, y), "left"/"right", "block"/"out"
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    record: dict  # the record's `result` object (record-format.md), game by game


class GameState(Protocol):
    game: str

    def legal_actions(self) -> list: ...
    def why_illegal(self, action: Any) -> str | None: ...
    def apply(self, action: Any) -> list[Event]: ...
    def apply_unchecked(self, action: Any) -> None: ...
    def clone(self) -> "GameState": ...
    def is_over(self) -> bool: ...
    def current_player(self) -> int | None: ...
    def scores(self) -> list[int]: ...
    def result(self) -> Result: ...
    def view(self, player: int) -> Any: ...


class GameModule(Protocol):
    """A game's record module (game.<name>.record), as the registry hands it out (its name and
    player counts are its declaration's: game.descriptor.GameInfo)."""

    def parse_rules(self, text: str) -> Any: ...
    def new_session(self, seed: int, players: list[dict], rules: Any = ..., *,
                    snapshots: bool = ...) -> Any: ...
    def to_record(self, session: Any) -> dict: ...
    def replay(self, record: dict) -> Any: ...
    def compare_result(self, given: Any, actual: dict) -> str | None: ...


class BotModule(Protocol):
    LEVELS: dict[str, Any]


def names(events: Sequence[Event]) -> list[str]:
    """The kinds in order (tests and logs)."""
    return [event.kind for event in events]
