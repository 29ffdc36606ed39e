"""Commands, history and the one queue every change of game state goes through.

A `Session` owns the state. Callers (scenes, bots, the CLI) submit commands; `process()` runs them
in order. `Play` applies one action, `Undo`/`Redo` walk the history. Undo restores a snapshot
taken before the action (states are cheap to clone), so it is exact and never reshuffles: chance
was settled once, in the setup.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from .errors import IllegalAction


class GameState(Protocol):
    game: str

    def legal_actions(self) -> list: ...
    def why_illegal(self, action) -> str | None: ...
    def apply(self, action) -> None: ...
    def clone(self) -> "GameState": ...
    def is_over(self) -> bool: ...
    def current_player(self) -> int | None: ...
    def view(self, player: int): ...


class History:
    """The actions that stand, with a snapshot before each, and the undone ones to redo."""

    def __init__(self, state: GameState):
        self.state = state
        self._done: list[tuple[Any, GameState]] = []
        self._redo: list[Any] = []

    @property
    def actions(self) -> list:
        return [action for action, _ in self._done]

    def can_undo(self) -> bool:
        return bool(self._done)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def apply(self, action, keep_redo: bool = False) -> None:
        reason = self.state.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        before = self.state.clone()
        self.state.apply(action)
        self._done.append((action, before))
        if not keep_redo:
            self._redo.clear()

    def undo(self):
        if not self._done:
            raise IllegalAction("nothing to undo")
        action, before = self._done.pop()
        self._redo.append(action)
        self.state = before
        return action

    def redo(self):
        if not self._redo:
            raise IllegalAction("nothing to redo")
        action = self._redo[-1]
        self.apply(action, keep_redo=True)
        self._redo.pop()
        return action


class Command:
    """One change requested of a session. `run` returns what the log should say."""

    def run(self, session: "Session") -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Play(Command):
    action: Any

    def run(self, session: "Session") -> str:
        session.history.apply(self.action)
        return f"played {self.action}"


@dataclass(frozen=True)
class Undo(Command):
    """Undo one action; with `humans` given, keep undoing until one of them is to decide again
    (against bots, undo returns to the human's previous decision)."""

    humans: frozenset | None = None

    def run(self, session: "Session") -> str:
        history = session.history
        history.undo()
        count = 1
        while (self.humans is not None and history.can_undo()
               and history.state.current_player() not in self.humans):
            history.undo()
            count += 1
        return f"undid {count} action{'s' if count > 1 else ''}"


@dataclass(frozen=True)
class Redo(Command):
    """Redo one action; with `humans` given, also the bot moves that follow it."""

    humans: frozenset | None = None

    def run(self, session: "Session") -> str:
        history = session.history
        history.redo()
        count = 1
        while (self.humans is not None and history.can_redo()
               and history.state.current_player() not in self.humans):
            history.redo()
            count += 1
        return f"redid {count} action{'s' if count > 1 else ''}"


@dataclass
class Outcome:
    command: Command
    ok: bool
    message: str


@dataclass
class Session:
    """One game in progress: its state, its history and the queue of pending commands."""

    history: History
    meta: dict = field(default_factory=dict)  # game, seed, players, rules: what a record needs
    listeners: list[Callable[["Session", Outcome], None]] = field(default_factory=list)
    _queue: deque = field(default_factory=deque)

    @property
    def state(self) -> GameState:
        return self.history.state

    def submit(self, command: Command) -> None:
        self._queue.append(command)

    def process(self) -> list[Outcome]:
        """Run every pending command in order; a refused one leaves the state as it was."""
        outcomes = []
        while self._queue:
            command = self._queue.popleft()
            try:
                outcome = Outcome(command, True, command.run(self))
            except IllegalAction as exc:
                outcome = Outcome(command, False, str(exc))
            outcomes.append(outcome)
            for listener in self.listeners:
                listener(self, outcome)
        return outcomes

    def do(self, command: Command) -> str:
        """Submit one command and run the queue; raise IllegalAction if it was refused."""
        self.submit(command)
        outcomes = self.process()
        last = outcomes[-1]
        if not last.ok:
            raise IllegalAction(last.message)
        return last.message

    def play(self, action) -> str:
        return self.do(Play(action))
