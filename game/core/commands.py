"""Commands, history and the one queue every change of game state goes through.

A `Session` owns the state. Callers (scenes, bots, the CLI) submit commands; `process()` runs them
in order (docs/architecture.md, "The command path"): each outcome is heard by the listeners stage
by stage, in the order STAGES declares (state, animation, log, save), whatever order they were
added in, and a command a listener submits waits until every stage has heard the one before. `Play` applies one action, `Undo`/`Redo` walk the history. Undo restores a snapshot
taken before the action (states are cheap to clone), so it is exact and never reshuffles: chance
was settled once, in the setup. Each outcome carries the engine's events: what the command
changed, for the log and the animations.

A session that nobody will undo (selfplay, benchmarks, a record verified or read for History) is
made with `snapshots=False`: it keeps the actions for its record and the position they start from,
but no snapshots, so replaying a record costs its length, not its length times a position's size.

Fair undo (issue 12): undo must not let a player peek and take back. The history remembers who
took each action and whether it revealed something (an event whose kind is in the state's
REVEALING: cards dealt or drawn). A fair Undo takes back only the humans' own moves with nothing
revealed since, and refuses anything more; a free Undo takes back anything, and when it crosses
what fair undo refuses it marks the session assisted (meta "assisted" and "helps").
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterator

from .contract import Event, GameState, Refusal, S
from .errors import IllegalAction
from .i18n import N_
from .messages import Message, message

UNDONE, REDONE = "undone", "redone"
FAIR, FREE = "fair", "free"  # undo modes (session.meta["undo"])
UNDO_MODES = (FAIR, FREE)
MOVED, DEALT = "moved", "dealt"  # what fair undo refuses for (UndoPlan.obstacle)
HELPS = ("undo", "hint")  # what session.meta["helps"] may list, in the order results name them
# who hears an outcome, in this order: what depends on the position (a bot's stale thinking
# dropped), then what shows it (flights, sounds), what tells it (the log), what keeps it (saves)
STATE, ANIMATION, LOG, SAVE = "state", "animation", "log", "save"
STAGES = (STATE, ANIMATION, LOG, SAVE)
# fair undo's reasons, worded once: the app shows them in the player's language, the CLI in English
MOVED_SINCE = N_("Fair undo: {name} has moved since.")
DEALT_SINCE = N_("Fair undo: new cards were dealt since.")


@dataclass(frozen=True)
class Step:
    """What the history remembers of one action beyond the action itself."""

    actor: int | None  # state.current_player() before it
    revealed: bool  # it showed what nobody knew before (cards dealt or drawn)


def revealing(state: GameState, events: list[Event]) -> bool:
    kinds: frozenset[str] = getattr(state, "REVEALING", frozenset())
    return any(event.kind in kinds for event in events)


def helps_of(meta: dict[str, Any]) -> list[str]:
    """The helps a session's meta lists (anything else in the list is ignored)."""
    helps = meta.get("helps")
    return [h for h in HELPS if h in helps] if isinstance(helps, list) else []


def mark_help(meta: dict[str, Any], help: str) -> None:
    """The game was helped (a free undo across a revealed card or a bot's move, a hint): it counts
    as assisted, and the record says which help."""
    meta["assisted"] = True
    meta["helps"] = [h for h in HELPS if h in helps_of(meta) or h == help]


def helps_words(meta: dict[str, Any], undo: str = "free undo") -> str:
    """Which help an assisted game had, for the results: "free undo", "hint", "free undo and
    hint"; "help" when an older record only says it was assisted."""
    words = {"undo": undo, "hint": "hint"}
    return " and ".join(words[h] for h in helps_of(meta)) or "help"


class History(Generic[S]):
    """The actions that stand, with a snapshot before each, and the undone ones to redo."""

    def __init__(self, state: S, snapshots: bool = True) -> None:
        self.state = state
        self.snapshots = snapshots
        self._start = state.clone()  # where the actions start from (replay)
        self._actions: list[Any] = []
        self._before: list[S] = []
        self._steps: list[Step] = []  # beside _before: who acted, what it revealed
        self._redo: list[Any] = []
        self.version = 0  # counts every change of what stands (an undo plan worked out holds till it moves)

    @property
    def actions(self) -> list[Any]:
        return list(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def can_undo(self) -> bool:
        return bool(self._before)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def before(self, index: int = -1) -> S:
        """The position before the action at `index` of those that stand (by default the
        newest), the snapshot undo returns to: tables read it to tell a move (read, never change
        it). Needs snapshots."""
        return self._before[index]

    @property
    def steps(self) -> list[Step]:
        """Who took each action that can be undone and whether it revealed anything, oldest first."""
        return list(self._steps)

    def apply(self, action: Any, keep_redo: bool = False) -> list[Event]:
        """Apply one action: the state decides whether it is legal, once, and the position
        before it is cloned once (the snapshot); raise IllegalAction leaving all as was."""
        if self.snapshots:
            before = self.state.clone()
            actor = self.state.current_player()
            events = self.state.apply(action)
            self._before.append(before)
            self._steps.append(Step(actor, revealing(self.state, events)))
        else:
            events = self.state.apply(action)
        self._actions.append(action)
        self.version += 1
        if not keep_redo:
            self._redo.clear()
        return events

    def apply_unchecked(self, action: Any) -> None:
        """Apply an action taken from state.legal_actions() (selfplay): no check, no events."""
        if self.snapshots:  # no events to look at: counted as revealing, fair undo stops here
            self._before.append(self.state.clone())
            self._steps.append(Step(self.state.current_player(), True))
        self.state.apply_unchecked(action)
        self._actions.append(action)
        self.version += 1
        if self._redo:
            self._redo.clear()

    @property
    def start(self) -> S:
        """The position before the first action (read, never change it)."""
        return self._before[0] if self._before else self._start

    def replay(self) -> Iterator[tuple[S, Any, list[Event], S]]:
        """(state before, action, its events, state after) for every action that stands, played
        again from the start: a resumed game rebuilds its log from these. The state after is the
        one being replayed: read it before the next step."""
        if not self._actions:
            return
        state = self.start.clone()
        for action in self._actions:
            before = state.clone()
            events = state.apply(action)
            yield before, action, events, state

    def seek(self, state: S, count: int, actions: list[Any]) -> None:
        """Stand at `state`, the position after the first `count` of `actions` (the actions that
        stand now are where `actions` begin, or begin them): a replay viewer moving its cursor.
        No snapshot is kept and nothing is left to redo; it costs the actions it moves over."""
        mine = self._actions
        del mine[count:]
        mine.extend(actions[len(mine):count])
        self.state = state
        self._before.clear()
        self._steps.clear()
        self._redo.clear()
        self.version += 1

    def undo(self) -> Any:
        if not self._before:
            raise IllegalAction("nothing to undo")
        action = self._actions.pop()
        self.state = self._before.pop()
        self._steps.pop()
        self._redo.append(action)
        self.version += 1
        return action

    def redo(self) -> list[Event]:
        if not self._redo:
            raise IllegalAction("nothing to redo")
        events = self.apply(self._redo[-1], keep_redo=True)
        self._redo.pop()
        return events


class Command(Generic[S]):
    """One change requested of a session. `run` returns what the log should say and the events."""

    def run(self, session: "Session[S]") -> tuple[str, list[Event]]:
        raise NotImplementedError


@dataclass(frozen=True)
class Play(Command[S]):
    action: Any

    def run(self, session: "Session[S]") -> tuple[str, list[Event]]:
        return f"played {self.action}", session.history.apply(self.action)


@dataclass(frozen=True)
class UndoPlan:
    """What one Undo would take back now (see undo_plan)."""

    steps: tuple[Step, ...]  # newest first
    humans: frozenset[int] | None
    at: int = -1  # the history's version it was worked out at (History.version)

    @property
    def count(self) -> int:
        return len(self.steps)

    @property
    def bot(self) -> int | None:
        """The newest actor of them who is not one of the humans (None: humans only)."""
        if self.humans is None:
            return None
        return next((s.actor for s in self.steps if s.actor not in self.humans), None)

    def others(self, player: int | None) -> list[int]:
        """The humans other than `player` whose moves it takes back (hot seat: they should agree)."""
        out: list[int] = []
        for s in self.steps:
            if (s.actor != player and s.actor not in out and s.actor is not None
                    and (self.humans is None or s.actor in self.humans)):
                out.append(s.actor)
        return out

    def obstacle(self) -> tuple[str, Any] | None:
        """What fair undo refuses it for, the newest first: (MOVED, the player who moved since)
        or (DEALT, None) for cards dealt since; None when fair undo allows it. The app words it
        in the player's language; refusal() in English."""
        for s in self.steps:
            if self.humans is not None and s.actor not in self.humans:
                return MOVED, s.actor
            if s.revealed:
                return DEALT, None
        return None

    def refusal(self, names: Callable[[Any], str]) -> Message | None:
        """Why fair undo refuses it (one player-facing line, about the newest obstacle), or None:
        English as a str (the CLI), in the language of the moment with .text() (the app)."""
        obstacle = self.obstacle()
        if obstacle is None:
            return None
        if obstacle[0] == MOVED:
            return message(MOVED_SINCE, name=names(obstacle[1]))
        return message(DEALT_SINCE)


def undo_plan(history: History[Any], humans: frozenset[int] | None) -> UndoPlan | None:
    """What Undo(humans) takes back: one action, and with `humans` given, on until one of them is
    to decide again. None when there is nothing to undo."""
    if not history.can_undo():
        return None
    taken: list[Step] = []
    for step in reversed(history._steps):
        taken.append(step)
        if humans is None or step.actor in humans:
            break  # the position before this action is a human's decision
    return UndoPlan(tuple(taken), humans, history.version)


def player_name(session: "Session[Any]", player: int | None) -> str:
    players = session.meta.get("players") or []
    if isinstance(player, int) and 0 <= player < len(players) and isinstance(players[player], dict):
        return str(players[player].get("name") or f"Player {player + 1}")
    return "another player" if player is None else f"Player {player + 1}"


@dataclass(frozen=True)
class Undo(Command[S]):
    """Undo one action; with `humans` given, keep undoing until one of them is to decide again
    (against bots, undo returns to the human's previous decision).

    fair: refuse (IllegalAction, nothing changes) when that crosses a move not taken by one of
    `humans` (a bot's) or an action that revealed cards. Otherwise (free undo) such a crossing
    marks the session assisted.

    plan: the plan the caller already worked out for this click (the table's undo part); used
    while the history has not moved since, else worked out again."""

    humans: frozenset[int] | None = None
    fair: bool = False
    plan: UndoPlan | None = field(default=None, compare=False)

    def run(self, session: "Session[S]") -> tuple[str, list[Event]]:
        history = session.history
        plan = self.plan
        if plan is None or plan.at != history.version or plan.humans != self.humans:
            plan = undo_plan(history, self.humans)
        if plan is None:
            raise IllegalAction("nothing to undo")
        reason = plan.refusal(lambda p: player_name(session, p))
        if reason and self.fair:  # an engine's message ends without a full stop (the CLI's)
            raise IllegalAction(str(reason).rstrip("."))
        if reason:  # before the undo: the autosave after it carries the mark
            mark_help(session.meta, "undo")
        for _ in range(plan.count):
            history.undo()
        count = plan.count
        return (f"undid {count} action{'s' if count > 1 else ''}", [Event(UNDONE, value=count)])


@dataclass(frozen=True)
class Redo(Command[S]):
    """Redo one action; with `humans` given, also the bot moves that follow it."""

    humans: frozenset[int] | None = None

    def run(self, session: "Session[S]") -> tuple[str, list[Event]]:
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
    command: Command[Any]
    ok: bool
    message: str  # English (the log, the CLI); a refused move's words are the game's, from refusal
    events: list[Event] = field(default_factory=list)
    refusal: Refusal | None = None  # why the rules refused a Play


Listener = Callable[["Session[Any]", Outcome], None]


def stage_of(stage: str) -> int:
    if stage not in STAGES:
        raise ValueError(f"a listener's stage is one of {STAGES}, not {stage!r}")
    return STAGES.index(stage)


@dataclass
class Session(Generic[S]):
    """One game in progress: its state, its history and the queue of pending commands.

    `meta` holds what the record needs beyond the actions: game, seed, players (name, seat,
    colour, bot replacements) and the session's extras (records.EXTRAS: `assisted`, `helps`, `undo`,
    `daily`).

    Generic over the game's state type S (Session[AssembleState]...): its state, the history's
    positions and what they view flow through typed to whoever holds the session."""

    history: History[S]
    meta: dict[str, Any] = field(default_factory=dict)
    # (stage, listener): heard in STAGES' order, within a stage in the order added
    listeners: list[tuple[str, Listener]] = field(default_factory=list)
    _queue: deque[Command[S]] = field(default_factory=deque)
    _draining: bool = False

    @property
    def state(self) -> S:
        return self.history.state

    def listen(self, listener: Listener, stage: str = STATE) -> Callable[[], None]:
        """Add a listener at its stage (one of STAGES); returns the call that removes it again."""
        stage_of(stage)
        entry = (stage, listener)
        self.listeners.append(entry)
        self.listeners.sort(key=lambda e: stage_of(e[0]))  # stable: a stage keeps the order added

        def stop() -> None:
            if entry in self.listeners:
                self.listeners.remove(entry)
        return stop

    @property
    def pending(self) -> int:
        """Commands submitted and not yet run."""
        return len(self._queue)

    def submit(self, command: Command[S]) -> None:
        """Queue a command; it runs at the next process() (the table's frame loop), after those
        submitted before it."""
        self._queue.append(command)

    def process(self) -> list[Outcome]:
        """Run every pending command in order; a refused one leaves the state as it was. Each
        outcome is heard by every stage before the next command runs; called again by a listener
        (a command it submitted), it returns nothing and the loop already running takes it."""
        if self._draining:
            return []
        outcomes: list[Outcome] = []
        self._draining = True
        try:
            while self._queue:
                command = self._queue.popleft()
                try:
                    message, events = command.run(self)
                    outcome = Outcome(command, True, message, events)
                except IllegalAction as exc:
                    outcome = Outcome(command, False, str(exc), refusal=exc.refusal)
                outcomes.append(outcome)
                for _stage, listener in list(self.listeners):
                    listener(self, outcome)
        finally:
            self._draining = False
        return outcomes

    def run(self, command: Command[S]) -> Outcome:
        """Submit one command and run the queue; the command's own outcome. Not from a listener:
        a listener submits, and its command runs once the outcome it hears is told."""
        if self._draining:
            raise RuntimeError("a listener submits a command; it cannot wait for its outcome")
        self.submit(command)
        return next(o for o in self.process() if o.command is command)

    def do(self, command: Command[S]) -> str:
        """Submit one command and run the queue; raise IllegalAction if it was refused."""
        outcome = self.run(command)
        if not outcome.ok:
            raise IllegalAction(outcome.message, outcome.refusal)
        return outcome.message

    def play(self, action: Any) -> str:
        return self.do(Play(action))
