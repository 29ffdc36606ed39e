"""Alice Assemble game state: legal actions, apply, clone, scores, per-player views.

Lanes are held in parallel lists (bench, upright, capacity, lines) so that clone() is a few list
copies: bots clone thousands of states per decision.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..core.cards import place_map
from ..core.contract import NOT_AN_ACTION, NOT_YOUR_TURN, Event, Refusal, Result
from ..core.errors import IllegalAction
from . import words
from .scoring import explain_line, lane_key, module_sizes, LaneScore
from .setup import PLACE, TAKE, Action, Rules, Setup, lane_count

if TYPE_CHECKING:
    from .view import AssembleView

# phases
DRAFT, PLACE_PHASE, TAKE_PHASE, OVER = "draft", "place", "take", "over"
# what apply() reports, in order (Event.where is the lane unless said otherwise)
TAKEN = "taken"  # card taken onto the lane's bench
PLACED = "placed"  # card put into the line; value = its position
CAPACITY_LOST = "capacity_lost"  # The Identity: value = the capacity now
DEALT = "dealt"  # cards = the new field, from the deck
ROUND_STARTED = "round_started"  # value = the round number
LAST_ROUND = "last_round"  # the deck is empty: this round is placement only
CAPACITY_GAINED = "capacity_gained"  # card = the bench card that won it; value = the capacity now
COUNTER_FLIPPED = "counter_flipped"  # the indicator turned over (capacity crossed 4/5 either way)
GAME_OVER = "game_over"


class AssembleState:
    __slots__ = ("setup", "rules", "n_lanes", "deck_pos", "field", "bench", "upright",
                 "capacity", "lines", "phase", "active", "round", "last_round")

    game = "assemble"
    REVEALING = frozenset({DEALT})  # events that show what nobody knew (fair undo stops there)
    setup: Setup
    rules: Rules
    n_lanes: int
    deck_pos: int
    field: list[int]
    bench: list[int | None]
    upright: list[bool]
    capacity: list[int]
    lines: list[list[int]]
    phase: str
    active: int
    round: int
    last_round: bool

    @classmethod
    def start(cls, setup: Setup, rules: Rules = Rules()) -> "AssembleState":
        self = cls.__new__(cls)
        n = lane_count(setup.players)
        self.setup, self.rules, self.n_lanes = setup, rules, n
        self.deck_pos = 0
        self.field = []
        self.bench = [None] * n
        self.upright = [True] * n
        self.capacity = [1] * n
        self.lines = [[] for _ in range(n)]
        self.round = 0  # 0 = the initial draft
        self.last_round = False
        self.phase = DRAFT
        self._replenish(None)
        self.active = self._next_drafter() or 0
        return self

    @classmethod
    def new(cls, seed: int, players: int, rules: Rules = Rules()) -> "AssembleState":
        return cls.start(Setup.deal(seed, players), rules)

    def clone(self) -> "AssembleState":
        other = AssembleState.__new__(AssembleState)
        other.setup, other.rules, other.n_lanes = self.setup, self.rules, self.n_lanes
        other.deck_pos = self.deck_pos
        other.field = self.field[:]
        other.bench = self.bench[:]
        other.upright = self.upright[:]
        other.capacity = self.capacity[:]
        other.lines = [line[:] for line in self.lines]
        other.phase, other.active = self.phase, self.active
        other.round, other.last_round = self.round, self.last_round
        return other

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the position, for equality checks."""
        return (self.setup, self.rules, self.deck_pos, tuple(self.field), tuple(self.bench),
                tuple(self.upright), tuple(self.capacity), tuple(map(tuple, self.lines)),
                self.phase, self.active, self.round, self.last_round)

    # __eq__ without __hash__: Python leaves __hash__ None, states are mutable
    def __eq__(self, other: object) -> bool:
        return isinstance(other, AssembleState) and self.snapshot() == other.snapshot()

    # --- reading ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def owners(self) -> tuple[int, ...]:
        return self.setup.owners

    @property
    def counters(self) -> tuple[int, ...]:
        return self.setup.counters

    @property
    def deck_count(self) -> int:
        return len(self.setup.deck) - self.deck_pos

    def is_over(self) -> bool:
        return self.phase == OVER

    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.setup.owners[self.active]

    def legal_actions(self) -> list[Action]:
        phase, lane = self.phase, self.active
        if phase == PLACE_PHASE:
            n = len(self.lines[lane])
            if self.rules.identity and n and self.capacity[lane] == 1:
                n -= 1  # The Identity: no rightmost placement at capacity 1
            table = PLACE[lane]
            return [table[p] for p in range(n + 1)]
        if phase == OVER:
            return []
        table = TAKE[lane]
        return [table[c] for c in self.field]

    def why_illegal(self, action: object) -> Refusal | None:
        """None when the action is legal now, else the rules' reason (words.refusal_words)."""
        if not isinstance(action, Action):
            return Refusal(NOT_AN_ACTION, {"action": repr(action)})
        if self.phase == OVER:
            return Refusal(GAME_OVER)
        if action.lane != self.active:
            return Refusal(NOT_YOUR_TURN, {"turn": self.active, "tried": action.lane})
        if action.kind == "take":
            if self.phase == PLACE_PHASE:
                return Refusal(words.PLACE_FIRST)
            if action.value not in self.field:
                return Refusal(words.NOT_ON_THE_FIELD, {"card": action.value,
                                                        "field": tuple(sorted(self.field))})
            return None
        if action.kind == "place":
            if self.phase != PLACE_PHASE:
                return Refusal(words.MUST_TAKE)
            n = len(self.lines[action.lane])
            if not 0 <= action.value <= n:
                return Refusal(words.OFF_THE_LINE, {"position": action.value, "size": n})
            if (self.rules.identity and n and action.value == n
                    and self.capacity[action.lane] == 1):
                return Refusal(words.IDENTITY)
            return None
        return Refusal(words.UNKNOWN_KIND, {"kind": repr(action.kind)})

    # --- changing --------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and say what it changed; an illegal one raises IllegalAction and
        changes nothing."""
        refusal = self.why_illegal(action)
        if refusal is not None:
            raise IllegalAction(words.refusal_words(refusal), refusal)
        events: list[Event] = []
        self._step(action, events)
        return events

    def apply_unchecked(self, action: Action) -> None:
        """For callers that took the action from legal_actions() (bots, playouts): no report."""
        self._step(action, None)

    def _step(self, action: Action, ev: list[Event] | None) -> None:
        lane = self.active
        if action.kind == "place":
            line = self.lines[lane]
            pos = action.value
            card = self.bench[lane]
            assert card is not None  # the place phase always starts with a bench card
            if self.rules.identity and line and pos == len(line):
                self.capacity[lane] -= 1
                if ev is not None:
                    ev.append(Event(CAPACITY_LOST, self.setup.owners[lane], None,
                                    self.capacity[lane], lane))
                    if self.capacity[lane] == 4:
                        ev.append(Event(COUNTER_FLIPPED, self.setup.owners[lane], None, 4, lane))
            line.insert(pos, card)
            self.bench[lane] = None
            if ev is not None:
                ev.append(Event(PLACED, self.setup.owners[lane], card, pos, lane))
            if self.last_round:
                self._end_turn(ev)
            else:
                self.phase = TAKE_PHASE
            return
        self.field.remove(action.value)
        self.bench[lane] = action.value
        if ev is not None:
            ev.append(Event(TAKEN, self.setup.owners[lane], action.value, None, lane))
        if self.phase == DRAFT:
            nxt = self._next_drafter()
            if nxt is None:
                self._replenish(ev)
                self._start_round(ev)
            else:
                self.active = nxt
        else:
            self.upright[lane] = False
            self._end_turn(ev)

    def _end_turn(self, ev: list[Event] | None) -> None:
        nxt = self._next_to_act()
        if nxt is not None:
            self.active = nxt
            self.phase = PLACE_PHASE
        elif self.last_round:
            self.phase = OVER
            if ev is not None:
                ev.append(Event(GAME_OVER))
        elif self.deck_pos < len(self.setup.deck):
            self._replenish(ev)
            self._start_round(ev)
        else:
            self.last_round = True
            self._start_round(ev)

    def _replenish(self, ev: list[Event] | None) -> None:
        n = self.n_lanes
        self.field = list(self.setup.deck[self.deck_pos:self.deck_pos + n])
        self.deck_pos += n
        if ev is not None:
            ev.append(Event(DEALT, cards=tuple(self.field)))

    def _start_round(self, ev: list[Event] | None) -> None:
        bench = self.bench
        self.upright = [True] * self.n_lanes
        top = max(range(self.n_lanes), key=lambda lane: bench[lane] or 0)
        self.capacity[top] += 1
        self.round += 1
        self.phase = PLACE_PHASE
        self.active = min(range(self.n_lanes), key=lambda lane: bench[lane] or 0)
        if ev is not None:
            owner = self.setup.owners[top]
            ev.append(Event(ROUND_STARTED, value=self.round))
            if self.last_round:
                ev.append(Event(LAST_ROUND, value=self.round))
            ev.append(Event(CAPACITY_GAINED, owner, bench[top], self.capacity[top], top))
            if self.capacity[top] == 5:
                ev.append(Event(COUNTER_FLIPPED, owner, None, 5, top))

    def _next_drafter(self) -> int | None:
        waiting = [lane for lane in range(self.n_lanes) if self.bench[lane] is None]
        return min(waiting, key=self.setup.counters.__getitem__) if waiting else None

    def _next_to_act(self) -> int | None:
        best, best_card = None, 99
        for lane, card in enumerate(self.bench):
            if card is not None and self.upright[lane] and card < best_card:
                best, best_card = lane, card
        return best

    def turn_order(self) -> list[int]:
        """Lanes still to act this round, in order (the active lane first)."""
        if self.phase == DRAFT:
            waiting = [lane for lane in range(self.n_lanes) if self.bench[lane] is None]
            return sorted(waiting, key=self.setup.counters.__getitem__)
        if self.phase == OVER:
            return []
        todo = [lane for lane in range(self.n_lanes)
                if self.bench[lane] is not None and self.upright[lane]]
        if self.phase == TAKE_PHASE:
            todo.insert(0, self.active)
        return sorted(todo, key=lambda lane: (lane != self.active, self.bench[lane] or 0))

    # --- scoring ---------------------------------------------------------------------------

    def lane_key(self, lane: int) -> tuple[int, int, int, int]:
        return lane_key(module_sizes(self.lines[lane]), self.capacity[lane], self.rules.flaw)

    def explain(self, lane: int) -> LaneScore:
        return explain_line(self.lines[lane], self.capacity[lane], self.rules.flaw)

    def counting_lane(self, player: int) -> int:
        """The lane that counts for a player: with 2 players the weaker of the two."""
        lanes = [lane for lane, o in enumerate(self.setup.owners) if o == player]
        return min(lanes, key=self.lane_key)

    def player_keys(self) -> list[tuple[int, int, int, int]]:
        return self._player_keys([self.lane_key(lane) for lane in range(self.n_lanes)])

    def _player_keys(self, lane_keys: list[Any]) -> list[tuple[int, int, int, int]]:
        """Each player's key: their lane's, or with 2 players the weaker of their two."""
        per_player: list[Any] = [None] * self.players
        for lane, owner in enumerate(self.setup.owners):
            if per_player[owner] is None or lane_keys[lane] < per_player[owner]:
                per_player[owner] = lane_keys[lane]
        return per_player

    def scores(self) -> list[int]:
        """Each player's score as it stands (2 players: the counting doll's score)."""
        return [key[0] for key in self.player_keys()]

    def winners(self) -> list[int]:
        keys = self.player_keys()
        best = max(keys)
        return [p for p, key in enumerate(keys) if key == best]

    def capacity_after(self, lane: int, position: int) -> int:
        """The lane's capacity once its bench card goes in at `position` (The Identity costs 1
        for a rightmost placement on a non-empty line)."""
        line = self.lines[lane]
        cost = 1 if self.rules.identity and line and position == len(line) else 0
        return self.capacity[lane] - cost

    def explain_placement(self, lane: int, position: int) -> LaneScore:
        """The lane's line explained as it would be with its bench card in at `position`."""
        card = self.bench[lane]
        assert card is not None, "nothing on the bench to place"
        line = list(self.lines[lane])
        line.insert(position, card)
        return explain_line(line, self.capacity_after(lane, position), self.rules.flaw)

    def placement_changes(self, lane: int) -> dict[int, int]:
        """Each legal position for the lane's bench card (the active lane's, in the place phase)
        and how much the lane's score changes with the card there: the live score preview's
        figures, for every gap at once. Empty when the lane has nothing to place now."""
        if self.phase != PLACE_PHASE or lane != self.active or self.bench[lane] is None:
            return {}
        now = self.explain(lane).score
        return {action.value: self.explain_placement(lane, action.value).score - now
                for action in self.legal_actions()}

    def result(self) -> Result:
        """Winners and scores; `record` is the record's `result` (plus the per-player scores,
        an extra field)."""
        lane_keys = [self.lane_key(lane) for lane in range(self.n_lanes)]  # scored once
        keys = self._player_keys(lane_keys)
        best = max(keys)
        winners = [p for p, key in enumerate(keys) if key == best]
        scores = [key[0] for key in keys]
        return Result(tuple(winners), tuple(scores), {
            "lanes": [{"line": list(self.lines[lane]), "capacity": self.capacity[lane],
                       "score": lane_keys[lane][0]} for lane in range(self.n_lanes)],
            "winners": winners,
            "scores": scores,
        })

    # --- hidden information ----------------------------------------------------------------

    def unseen(self) -> list[int]:
        """Cards a player cannot see: the rest of the deck and the set-aside cards, as a set."""
        return sorted(self.setup.deck[self.deck_pos:] + self.setup.set_aside)

    def view(self, player: int) -> AssembleView:
        from .view import AssembleView
        return AssembleView.of(self, player)

    def places(self) -> dict[int, str]:
        """Where every card is (for invariant checks): card -> place name."""
        groups = [("deck", self.setup.deck[self.deck_pos:]), ("set_aside", self.setup.set_aside),
                  ("field", self.field)]
        for lane in range(self.n_lanes):
            bench = self.bench[lane]
            groups += [(f"bench{lane}", [] if bench is None else [bench]), (f"line{lane}", self.lines[lane])]
        return place_map(groups)

    def random_playout(self, rng: random.Random) -> None:
        """Play the game to its end with uniformly random legal actions (fast path)."""
        while self.phase != OVER:
            lane = self.active
            if self.phase == PLACE_PHASE:
                n = len(self.lines[lane])
                if self.rules.identity and n and self.capacity[lane] == 1:
                    n -= 1
                self.apply_unchecked(PLACE[lane][int(rng.random() * (n + 1))])
            else:
                field = self.field
                self.apply_unchecked(TAKE[lane][field[int(rng.random() * len(field))]])
