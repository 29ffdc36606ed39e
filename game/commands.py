"""Commands, history and the one queue every change of game state goes through.

A `Session` owns the state. Callers (scenes, bots, the CLI) submit commands; `process()` runs them
in order. `Play` applies one action, `Undo`/`Redo` walk the history. Undo restores a snapshot
taken before the action (states are cheap to clone), so it is exact and never reshuffles: chance
was settled once, in the setup. Each outcome carries the engine's events: what the command
changed, for the log and the animations.

A session that nobody will undo (selfplay, benchmarks) is made with `snapshots=False`: it keeps
the actions for its record but no snapshots.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from .contract import Event, GameState
from .errors import IllegalAction

UNDONE, REDONE = "undone", "redone"


class History:
    """The actions that stand, with a snapshot before each, and the undone ones to redo."""

    def __init__(self, state: GameState, snapshots: bool = True):
        self.state = state
        self.snapshots = snapshots
        self._actions: list[Any] = []
        self._before: list[GameState] = []
        self._redo: list[Any] = []

    @property
    def actions(self) -> list:
        return list(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def can_undo(self) -> bool:
        return bool(self._before)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def apply(self, action, keep_redo: bool = False) -> list[Event]:
        """Apply one action (the state checks it, once); raise IllegalAction leaving all as was."""
        if self.snapshots:
            before = self.state.clone()
            events = self.state.apply(action)
            self._before.append(before)
        else:
            events = self.state.apply(action)
        self._actions.append(action)
        if not keep_redo:
            self._redo.clear()
        return events

    def apply_unchecked(self, action) -> None:
        """Apply an action taken from state.legal_actions() (selfplay): no check, no events."""
        if self.snapshots:
            self._before.append(self.state.clone())
        self.state.apply_unchecked(action)
        self._actions.append(action)
        if self._redo:
            self._redo.clear()

    def replay(self) -> Iterator[tuple[GameState, Any, list[Event], GameState]]:
        """(state before, action, its events, state after) for every action that stands, played
        again from the first snapshot: a resumed game rebuilds its log from these. The state
        after is the one being replayed: read it before the next step."""
        if not self._before:
            return
        state = self._before[0].clone()
        for action in self._actions:
            before = state.clone()
            events = state.apply(action)
            yield before, action, events, state

    def undo(self):
        if not self._before:
            raise IllegalAction("nothing to undo")
        action = self._actions.pop()
        self.state = self._before.pop()
        self._redo.append(action)
        return action

    def redo(self) -> list[Event]:
        if not self._redo:
            raise IllegalAction("nothing to redo")
        events = self.apply(self._redo[-1], keep_redo=True)
        self._redo.pop()
        return events


class Command:
    """One change requested of a session. `run` returns what the log should say and the events."""

    def run(self, session: "Session") -> tuple[str, list[Event]]:
        raise NotImplementedError


@dataclass(frozen=True)
class Play(Command):
    action: Any

    def run(self, session: "Session") -> tuple[str, list[Event]]:
        return f"played {self.action}", session.history.apply(self.action)


@dataclass(frozen=True)
class Undo(Command):
    """Undo one action; with `humans` given, keep undoing until one of them is to decide again
    (against bots, undo returns to the human's previous decision)."""

    humans: frozenset | None = None

    def run(self, session: "Session") -> tuple[str, list[Event]]:
        history = session.history
        history.undo()
        count = 1
        while (self.humans is not None and history.can_undo()
               and history.state.current_player() not in self.humans):
            history.undo()
            count += 1
        return (f"undid {count} action{'s' if count > 1 else ''}", [Event(UNDONE, value=count)])


@dataclass(frozen=True)
class Redo(Command):
    """Redo one action; with `humans` given, also the bot moves that follow it."""

    humans: frozenset | None = None

    def run(self, session: "Session") -> tuple[str, list[Event]]:
        history = session.history
        history.redo()
        count = 1
        while (self.humans is not None and history.can_redo()
               and history.state.current_player() not in self.humans):
            history.redo()
            count += 1
        return (f"redid {count} action{'s' if count > 1 else ''}", [Event(REDONE, value=count)])


@dataclass
class Outcome:
    command: Command
    ok: bool
    message: str
    events: list[Event] = field(default_factory=list)


Listener = Callable[["Session", Outcome], None]


@dataclass
class Session:
    """One game in progress: its state, its history and the queue of pending commands.

    `meta` holds what the record needs beyond the actions: game, seed, players (name, seat,
    colour, bot replacements) and the session's extras (`assisted`, `daily`, `started_at`)."""

    history: History
    meta: dict = field(default_factory=dict)
    listeners: list[Listener] = field(default_factory=list)
    _queue: deque = field(default_factory=deque)

    @property
    def state(self) -> Any:
        return self.history.state

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Add a listener; returns the call that removes it again."""
        self.listeners.append(listener)

        def stop() -> None:
            if listener in self.listeners:
                self.listeners.remove(listener)
        return stop

    def submit(self, command: Command) -> None:
        self._queue.append(command)

    def process(self) -> list[Outcome]:
        """Run every pending command in order; a refused one leaves the state as it was."""
        outcomes = []
        while self._queue:
            command = self._queue.popleft()
            try:
                message, events = command.run(self)
                outcome = Outcome(command, True, message, events)
            except IllegalAction as exc:
                outcome = Outcome(command, False, str(exc))
            outcomes.append(outcome)
            for listener in list(self.listeners):
                listener(self, outcome)
        return outcomes

    def run(self, command: Command) -> Outcome:
        """Submit one command and run the queue; the command's own outcome."""
        self.submit(command)
        return self.process()[-1]

    def do(self, command: Command) -> str:
        """Submit one command and run the queue; raise IllegalAction if it was refused."""
        outcome = self.run(command)
        if not outcome.ok:
            raise IllegalAction(outcome.message)
        return outcome.message

    def play(self, action) -> str:
        return self.do(Play(action))
