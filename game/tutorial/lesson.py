"""A guided game ("Learn to play", issue 14): a fixed deal, a script of steps, and where the player
is in it. Pure Python: the scenes draw the coach marks, this decides what they say and which move
each step wants.

A script is a list of steps:

- `Note`: words to read (and what they point at); the player presses Next.
- `Do`: the move the player should make now. Another move is not played: `why` says why this one.
- `BotMove`: the bot's move, played by the lesson (the guided part is the same for everyone).
- `Free`: the player plays on their own (the bot thinks for itself) until `until(state)` holds;
  meanwhile each of the script's `Watch` notes shows once, when its moment comes.

Words are English msgids (marked N_) said later in the player's language (game.core.messages); their
fields come from the step's `fields(state)`, so a note can name the cards of this very game.
Nothing here writes files: `progress` keeps where a player left a lesson (see game/storage/lesson_places.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..core.contract import Event
from ..core.i18n import N_
from ..core.messages import Message, message

NO_FIELDS: Callable[[Any], dict[str, Any]] = lambda state: {}  # noqa: E731
# what the coach points at, in the table's words (scenes: Table.anchor); () for nothing
Point = tuple[Any, ...]


@dataclass(frozen=True)
class Note:
    key: str
    say: str
    point: Point = ()
    fields: Callable[[Any], dict[str, Any]] = NO_FIELDS


@dataclass(frozen=True)
class Do:
    key: str
    say: str
    expect: Any  # the action wanted
    why: str  # said when the player tries another move
    point: Point = ()
    fields: Callable[[Any], dict[str, Any]] = NO_FIELDS


@dataclass(frozen=True)
class BotMove:
    action: Any
    key: str = "bot"


@dataclass(frozen=True)
class Free:
    key: str
    say: str
    until: Callable[[Any], bool] = lambda state: state.is_over()
    point: Point = ()
    fields: Callable[[Any], dict[str, Any]] = NO_FIELDS


@dataclass(frozen=True)
class Watch:
    """A note for the free part, shown once: `when(before, action, events, after)` gives its fields
    when its moment has come (None otherwise)."""
    key: str
    say: str
    when: Callable[..., dict[str, Any] | None]
    point: Callable[[Any], Point] = lambda state: ()


@dataclass(frozen=True)
class Script:
    game: str
    seed: int
    players: tuple[tuple[str, str], ...]  # (name, seat kind); the human's name is "You"
    steps: tuple[Step, ...]
    rules: Any = None
    watches: tuple[Watch, ...] = ()
    title: str = ""
    finale: Any = None  # (state, phase, lane) -> the words for the final scoring, if the game has one

    def __post_init__(self) -> None:
        keys = [s.key for s in self.steps if not isinstance(s, BotMove)] + [w.key for w in self.watches]
        assert len(keys) == len(set(keys)), "every step of a script has its own key"


Step = Note | Do | BotMove | Free
READ_FIRST = N_("Read this first, then press Next.")


@dataclass
class Lesson:
    """Where a player is in a script. `step` is what the coach shows now: a watch note that came
    up, else the script's step (None once the script is done)."""

    script: Script
    index: int = 0
    seen: list[str] = field(default_factory=list)  # watch notes already shown
    # (watch key, fields) to show
    pending: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    # --- reading ---------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.index >= len(self.script.steps) and not self.pending

    @property
    def step(self) -> Step | None:
        if self.pending:
            key, fields = self.pending[0]
            watch = self._watch(key)
            return Note(watch.key, watch.say, (), lambda state: fields)
        return self.script.steps[self.index] if self.index < len(self.script.steps) else None

    def _watch(self, key: str) -> Watch:
        return next(w for w in self.script.watches if w.key == key)

    def point(self, state: Any) -> Point:
        if self.pending:
            return self._watch(self.pending[0][0]).point(state)
        step = self.step
        return getattr(step, "point", ())

    def words(self, state: Any) -> Message | None:
        """What the coach says now (None: nothing, a bot's scripted move)."""
        step = self.step
        if step is None or isinstance(step, BotMove):
            return None
        return message(step.say, **step.fields(state))

    def expected(self) -> Any:
        step = self.step
        return step.expect if isinstance(step, Do) and not self.pending else None

    def bot_move(self) -> Any:
        """The bot's scripted move, when the script has one now."""
        step = self.step
        return step.action if isinstance(step, BotMove) and not self.pending else None

    def reading(self) -> bool:
        """A note is up: the game waits for Next."""
        return isinstance(self.step, Note)

    def free(self) -> bool:
        return isinstance(self.step, Free) and not self.pending

    def refusal(self, state: Any, action: Any) -> Message | None:
        """Why `action` is not the one to play now (None: play it)."""
        step = self.step
        if isinstance(step, Note):
            return message(READ_FIRST)
        if isinstance(step, Do) and action != step.expect:
            return message(step.why, **step.fields(state))
        if isinstance(step, BotMove) and action != step.action:
            return message(N_("Wait for the other player's move."))
        return None

    def position(self) -> tuple[int, int]:
        """(this step, of how many) counting what the player reads or does, 1-based."""
        shown = [s for s in self.script.steps if not isinstance(s, BotMove)]
        done = sum(1 for s in self.script.steps[:self.index] if not isinstance(s, BotMove))
        return min(done + 1, len(shown)), len(shown)

    # --- moving on ---------------------------------------------------------------------------

    def next(self) -> None:
        """Next on a note."""
        if self.pending:
            key, _fields = self.pending.pop(0)
            self.seen.append(key)
        elif isinstance(self.step, Note):
            self.index += 1

    def played(self, before: Any, action: Any, events: list[Event], after: Any) -> None:
        """A move was played (the player's, the scripted bot's or, in the free part, the bot's)."""
        step = self.step
        if isinstance(step, (Do, BotMove)) and not self.pending:
            self.index += 1
        elif isinstance(step, Free) or self.pending:
            self.watch(before, action, events, after)
        self.settle(after)

    def watch(self, before: Any, action: Any, events: list[Event], after: Any) -> None:
        waiting = {key for key, _ in self.pending}
        for note in self.script.watches:
            if note.key in self.seen or note.key in waiting:
                continue
            fields = note.when(before, action, events, after)
            if fields is not None:
                self.pending.append((note.key, fields))

    def settle(self, state: Any) -> None:
        """Past a free part whose end has come."""
        while isinstance(self.step, Free) and not self.pending and self.step.until(state):
            self.index += 1

    # --- keeping -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seen": list(self.seen),
                "pending": [[key, fields] for key, fields in self.pending]}

    @classmethod
    def from_json(cls, script: Script, data: object) -> "Lesson":
        """A lesson where `data` left it; ValueError for anything that is not a place in it."""
        if not isinstance(data, dict):
            raise ValueError("not a lesson's progress")
        index = _small(data.get("index"))
        if index > len(script.steps):
            raise ValueError("the lesson has no such step")
        keys = {w.key for w in script.watches}
        seen = data.get("seen", [])
        pending = data.get("pending", [])
        if not isinstance(seen, list) or not all(isinstance(k, str) and k in keys for k in seen):
            raise ValueError("unknown notes in a lesson's progress")
        if not isinstance(pending, list) or not all(
                isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and p[0] in keys
                and isinstance(p[1], dict) and all(isinstance(k, str) and _field(v) for k, v in p[1].items())
                for p in pending):
            raise ValueError("unknown notes in a lesson's progress")
        return cls(script, index, list(seen), [(k, dict(f)) for k, f in pending])


def _small(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10_000:
        raise ValueError("a lesson's step must be a small whole number")
    return value


def _field(value: object) -> bool:
    """A note's field as the lesson made it: a small number or a short printable word (a kept
    file is untrusted: a NUL stops the font renderer)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return -10_000 <= value <= 10_000
    return isinstance(value, str) and len(value) <= 40 and value.isprintable()
