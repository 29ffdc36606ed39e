"""What every game shares with the app: the typed shapes an engine hands out, and the protocols a
game state and a game module meet (the registry and the app rely on nothing else).

- `Event`: one thing an action changed (a card dealt, a round started, a counter flipped...).
  `apply()` returns them in the order they happened, so scenes animate from data instead of
  diffing states. Each game lists its kinds as constants in its own `events` module.
- `Result`: who won and the scores, plus the record's own `result` object.
- `Refusal`: why an action is not allowed now (`why_illegal`'s answer): a reason code and the facts
  it names, as the engine numbers them. Each game words its refusals in its words module
  (`refusal_words`, a Message: English as a str for the CLI, records and bots; shown() gives the
  player's language), so no scene has to re-derive a rule to say why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Protocol, Self, Sequence, TypeVar

if TYPE_CHECKING:
    from .commands import Session


# a bot and a level of a bots module (game.bots re-exports them): here, so that BotModule names
# them from the core floor
class Bot(Protocol):
    name: str

    def decide(self, view: Any, legal: list[Any]) -> Any:
        """Choose one element of `legal`, knowing only `view`."""


class Level(Protocol):
    """A level in a bots module's LEVELS: builds a bot from (seed, think, iterations)."""

    def __call__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None) -> Bot: ...


Where = int | str | tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    player: int | None = None  # the seat concerned (a lane's owner in Alice Assemble)
    card: int | None = None
    value: int | None = None  # a number the event is about: capacity, uses left, points, round
    where: Where = None  # a lane, an insertion position, (x, y), "left"/"right", "block"/"out"
    cards: tuple[int, ...] = ()
    source: Any = None  # what brought it about, in the game's own terms (Alicematic: a Source)


@dataclass(frozen=True, slots=True)
class Result:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    record: dict[str, Any]  # the record's `result` object (record-format.md), game by game


@dataclass(frozen=True, slots=True)
class Refusal:
    code: str  # one of the game's codes (its words module lists them), or one below
    fields: dict[str, Any] = field(default_factory=dict)  # cards, ends, players: engine numbering


# the codes every game uses (each words them its own way: the match, the puzzle...)
NOT_AN_ACTION = "not_an_action"  # action: its repr
GAME_OVER = "game_over"
NOT_YOUR_TURN = "not_your_turn"  # turn: whose it is; tried: whose the action was


class GameState(Protocol):
    game: str

    def legal_actions(self) -> list[Any]: ...
    def why_illegal(self, action: Any) -> Refusal | None: ...
    def apply(self, action: Any) -> list[Event]: ...
    def apply_unchecked(self, action: Any) -> None: ...
    def clone(self) -> Self: ...
    def is_over(self) -> bool: ...
    def current_player(self) -> int | None: ...
    def scores(self) -> list[int]: ...
    def result(self) -> Result: ...
    def view(self, player: int) -> Any: ...


S = TypeVar("S", bound=GameState)  # one game's state type: its sessions, histories, commands


class GameModule(Protocol[S]):
    """A game's record module (game.<name>.record), as the registry hands it out (its name and
    player counts are its declaration's: game.core.descriptor.GameInfo). Its sessions hold its own
    state type S, so what a session, its views and its actions are flows through to the caller."""

    def parse_rules(self, text: str) -> Any: ...
    def new_session(self, seed: int, players: list[dict[str, Any]], rules: Any = ..., *,
                    snapshots: bool = ...) -> Session[S]: ...
    def to_record(self, session: Session[S]) -> dict[str, Any]: ...
    def replay(self, record: dict[str, Any], snapshots: bool = ...) -> Session[S]: ...
    def compare_result(self, given: Any, actual: dict[str, Any]) -> str | None: ...


class BotModule(Protocol):
    """A game's bots module (game.<name>.bots): its levels by name, each builds a bot."""

    @property
    def LEVELS(self) -> Mapping[str, Level]: ...


def names(events: Sequence[Event]) -> list[str]:
    """The kinds in order (tests and logs)."""
    return [event.kind for event in events]
