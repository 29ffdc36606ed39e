"""What the setup screen decides, handed to the game's table scene (no pygame here)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core import registry

if TYPE_CHECKING:
    from game.core.commands import Session

# a bot level as players read it ("Bot · Hard" in setup, on the seat labels), said with _() at
# draw time (setup.LEVEL_WORDS marks them for the catalogue)
LEVEL_NAMES = {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard",
               "expert": "Expert"}


@dataclass
class Seat:
    name: str
    kind: str = "human"  # human, a bot level (random, easy, ...) or cmd:<command line>
    colour: int = 0  # index into ui.PLAYER_COLOURS

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "seat": self.kind, "colour": self.colour}


class _GamesOwn:
    """The default rules: the game's own with every option off (registry.rules_of)."""


def _first_game() -> str:
    return registry.GAMES[0].id


@dataclass
class GameConfig:
    seats: list[Seat] = field(default_factory=lambda: [Seat("Ada"), Seat("Bot", "easy", 1)])
    rules: object = _GamesOwn()  # the game's own rules value (its record module's parse_rules)
    seed: int | None = None  # None: a fresh random deal
    game: str = field(default_factory=_first_game)  # the first game the app offers
    # a match played to this many points (GameInfo.targets); None: the game's default_target
    target: int | None = None
    undo: str = "fair"  # "fair" or "free" (game.core.commands.UNDO_MODES; Cementopia has its own rule)
    lesson: str | None = None  # "Learn to play": the game whose lesson this is (no saves, no records)
    replay: bool = False  # the replay viewer's read-only table (no saves, no records)
    game_id: int | None = None  # a game in progress resumed from the store (held by this window)
    # the designer's files chosen in setup for a game with designers' tools: {"params": path}
    # ("" there: the game's own numbers, whatever --params said)
    designer: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.rules, _GamesOwn):
            self.rules = registry.rules_of(self.game, {})
        if self.target is None and (game := registry.find(self.game)) is not None:
            self.target = game.default_target

    @property
    def scene(self) -> str:
        """The table scene that plays the game (its name for scenes.registry.scene)."""
        from scenes import games  # the tables import this module
        return games.info(self.game).table.name

    def resolved_seed(self) -> int:
        return self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)

    def again(self) -> "GameConfig":
        """The same table with a fresh deal (Play again)."""
        return GameConfig(self.seats, self.rules, None, self.game, self.target, self.undo,
                          designer=self.designer)

    @classmethod
    def from_record(cls, record: dict[str, Any], session: Session[Any] | None = None) -> "GameConfig":
        seats = []
        for i, p in enumerate(record.get("players") or [{"name": "You", "seat": "human"}]):
            colour = p.get("colour", i)
            seats.append(Seat(str(p.get("name", f"Player {i + 1}")), str(p.get("seat", "human")),
                              colour if isinstance(colour, int) and not isinstance(colour, bool) else i))
        game = record.get("game", registry.GAMES[0].id)
        if session is not None:
            rules = getattr(session.state, "rules", None)  # Cementopia has none
        else:
            rules = registry.rules_of(game, record.get("rules"))
        target = record.get("target")
        undo = record.get("undo")
        return cls(seats, rules, record.get("seed"), game,
                   target if isinstance(target, int) and not isinstance(target, bool) else None,
                   undo if undo in ("fair", "free") else "fair")
