"""Cementopia game state: the network on its grid, the hand, the counters, legal moves, score.

Decisions on points rules.md leaves open:
- y grows downwards: a card at (x, y) covers rows y..y+4 of column x, like its own rows 0..4.
- A card's LEFT edge faces its left neighbour's RIGHT edge and vice versa, both read from the card
  data (not the index). Every side-by-side neighbour must match on all facing rows.
- A neighbour with 5 facing pairs (same y) may stand beside the new card if it matches, but it
  cannot be the one counted (there is no counter 5). With the shipped data (right = left) it
  never matches anyway: two different cards never agree on all 5 rows.
- Order of a turn: place, pay; if every counter is spent the puzzle is complete and nothing is
  drawn (as the rulebook says); otherwise draw 1 card if the deck has any (it always has: at most
  20 cards are ever dealt). Then, if no hand card has a legal placement with a payable neighbour,
  the attempt is stuck. The check also runs at the start (a stuck deal is over at once).
- Adjacency counts every side-by-side card overlapping at least one row. A card with adjacency 0
  (only the first card, when the attempt is stuck before any placement) scores nothing: the
  rulebook's table only has 1..4.
- A stuck network is scored the same way, as the record's `score`, but the outcome says "stuck".
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Iterable

from ..core.cards import place_map
from ..core.contract import GAME_OVER, NOT_AN_ACTION, Event, Refusal, Result
from ..core.errors import IllegalAction
from . import words
from .setup import COUNTER_USES, HAND_SIZE, LEFT, LIMITS, RIGHT, Action, Setup, facing

from .descriptor import COMPLETE as COMPLETE, STUCK as STUCK  # outcomes

if TYPE_CHECKING:
    from .view import CementopiaView

Near = tuple[tuple[int, int], ...]  # a free spot's neighbours: (card, connection count)
# a free spot: the rows of a card there that face its left neighbour, the gears they need, the
# same on the right, and its neighbours
Spot = tuple[int, int, int, int, Near]
Move = tuple[int, int, int, int, int]  # (card, x, y, count_with, count), as moves() gives them
ROWS = range(5)
# what apply() reports, in order
PLACED = "placed"  # card put at where = (x, y); value = the connection count paid
COUNTER_TURNED = "counter_turned"  # where = the counter 1..4; value = its uses left
COUNTER_FLIPPED = "counter_flipped"  # that counter's last use: it lies face down now
DRAWN = "drawn"  # card drawn into the hand
FINISHED = "finished"  # where = COMPLETE or STUCK; value = the score


class CementopiaState:
    __slots__ = ("setup", "deck_pos", "hand", "placed", "occ", "front", "adj", "counters",
                 "outcome")

    game = "cementopia"
    REVEALING = frozenset({DRAWN})  # events that show what nobody knew (fair undo stops there)
    setup: Setup
    deck_pos: int
    hand: list[int]
    placed: list[tuple[int, int, int]]
    occ: dict[tuple[int, int], tuple[int, int]]
    front: dict[tuple[int, int], Spot]
    adj: dict[int, int]
    counters: list[int]
    outcome: str | None

    @classmethod
    def start(cls, setup: Setup) -> "CementopiaState":
        self = cls.__new__(cls)
        self.setup = setup
        self.hand = list(setup.deck[:HAND_SIZE])
        self.deck_pos = HAND_SIZE + 1
        self.placed = []
        self.occ = {}
        self.front = {}
        self.adj = {}
        self.counters = list(COUNTER_USES)
        self.outcome = None
        self._put(setup.deck[HAND_SIZE], 0, 0, ())
        self._check_stuck()
        return self

    @classmethod
    def rebuild(cls, setup: Setup, deck_pos: int, hand: Iterable[int],
                placed: Iterable[tuple[int, int, int]], counters: Iterable[int],
                outcome: str | None) -> "CementopiaState":
        """A state from its visible parts (placed in the order they were played)."""
        self = cls.__new__(cls)
        self.setup, self.deck_pos, self.hand = setup, deck_pos, list(hand)
        self.placed, self.occ, self.front, self.adj = [], {}, {}, {}
        self.counters, self.outcome = list(counters), outcome
        for i, (card, x, y) in enumerate(placed):
            self._put(card, x, y, self.front[(x, y)][4] if i else ())
        return self

    @classmethod
    def new(cls, seed: int) -> "CementopiaState":
        return cls.start(Setup.deal(seed))

    def clone(self) -> "CementopiaState":
        other = CementopiaState.__new__(CementopiaState)
        other.setup, other.deck_pos, other.outcome = self.setup, self.deck_pos, self.outcome
        other.hand = self.hand[:]
        other.placed = self.placed[:]
        other.occ = self.occ.copy()
        other.front = self.front.copy()
        other.adj = self.adj.copy()
        other.counters = self.counters[:]
        return other

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the position, for equality checks (the rest is derived)."""
        return (self.setup, self.deck_pos, tuple(self.hand), tuple(self.placed),
                tuple(self.counters), self.outcome)

    # __eq__ without __hash__: Python leaves __hash__ None, states are mutable
    def __eq__(self, other: object) -> bool:
        return isinstance(other, CementopiaState) and self.snapshot() == other.snapshot()

    # --- reading ---------------------------------------------------------------------------

    @property
    def deck_count(self) -> int:
        return len(self.setup.deck) - self.deck_pos

    def is_over(self) -> bool:
        return self.outcome is not None

    def current_player(self) -> int | None:
        return None if self.outcome is not None else 0

    def position(self, card: int) -> tuple[int, int] | None:
        for c, x, y in self.placed:
            if c == card:
                return x, y
        return None

    def neighbours(self, x: int, y: int) -> list[tuple[int, int, int]]:
        """Cards side by side with a card at (x, y): (card, side -1 left / +1 right, y of it)."""
        occ, found = self.occ, []
        for side in (-1, 1):
            last = None
            for r in range(y, y + 5):
                spot = occ.get((x + side, r))
                if spot is not None and spot is not last:
                    found.append((spot[0], side, spot[1]))
                    last = spot
        return found

    def slots(self) -> list[tuple[int, int, int, int, int, int, Near]]:
        """Free spots beside the network: (x, y, left rows, left gears, right rows, right gears,
        options) where options = ((neighbour, connection count), ...) payable now. The masks say
        which rows of a card there face a neighbour and which gears they must have."""
        counters = self.counters
        out = []
        for (x, y), (kl, vl, kr, vr, near) in self.front.items():
            options = tuple((n, c) for n, c in near if c <= 4 and counters[c - 1])
            if options:
                out.append((x, y, kl, vl, kr, vr, options))
        return out

    def moves(self) -> list[Move]:
        """Every legal move as (card, x, y, count_with, count), unsorted (the fast path)."""
        out = []
        hand, counters = self.hand, self.counters
        for (x, y), (kl, vl, kr, vr, near) in self.front.items():
            fits = [c for c in hand if LEFT[c] & kl == vl and RIGHT[c] & kr == vr]
            if fits:
                for other, count in near:
                    if count <= 4 and counters[count - 1]:
                        for card in fits:
                            out.append((card, x, y, other, count))
        return out

    def has_move(self) -> bool:
        hand, counters = self.hand, self.counters
        for kl, vl, kr, vr, near in self.front.values():
            if any(count <= 4 and counters[count - 1] for _, count in near):
                for card in hand:
                    if LEFT[card] & kl == vl and RIGHT[card] & kr == vr:
                        return True
        return False

    def legal_actions(self) -> list[Action]:
        if self.outcome is not None:
            return []
        return sorted(Action(*m[:4]) for m in self.moves())

    def connection_count(self, action: Action) -> int:
        where = self.position(action.count_with)
        return 5 - abs(action.y - where[1]) if where else 0

    def why_illegal(self, action: object) -> Refusal | None:
        """None when the action is legal now, else the rules' reason (words.refusal_words)."""
        if not isinstance(action, Action):
            return Refusal(NOT_AN_ACTION, {"action": repr(action)})
        if self.outcome is not None:
            return Refusal(GAME_OVER)
        card, x, y = action.card, action.x, action.y
        if card not in self.hand:
            return Refusal(words.NOT_IN_HAND, {"card": card, "hand": tuple(sorted(self.hand))})
        for r in range(y, y + 5):
            if (x, r) in self.occ:
                return Refusal(words.OVERLAP, {"card": card, "x": x, "y": y,
                                               "other": self.occ[(x, r)][0]})
        near = self.neighbours(x, y)
        if not near:
            return Refusal(words.ALONE, {"card": card, "x": x, "y": y})
        for other, side, ny in near:
            k, v = facing(RIGHT[other] if side < 0 else LEFT[other], y - ny)
            mine = LEFT[card] if side < 0 else RIGHT[card]
            if mine & k != v:
                rows = [r for r in ROWS if (mine ^ v) & k & (16 >> r)]
                return Refusal(words.MISMATCH, {"card": card, "side": "left" if side < 0 else "right",
                                                "other": other, "row": rows[0]})
        counted = [(other, ny) for other, _, ny in near if other == action.count_with]
        if not counted:
            return Refusal(words.NOT_BESIDE, {"other": action.count_with, "x": x, "y": y})
        count = 5 - abs(y - counted[0][1])
        if count > 4:
            return Refusal(words.NO_COUNTER_5, {"other": action.count_with})
        if not self.counters[count - 1]:
            return Refusal(words.COUNTER_SPENT, {"counter": count})
        return None

    # --- changing --------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and say what it changed; an illegal one raises IllegalAction and
        changes nothing."""
        refusal = self.why_illegal(action)
        if refusal is not None:
            raise IllegalAction(words.refusal_words(refusal), refusal)
        count = self.connection_count(action)
        events = [Event(PLACED, 0, action.card, count, (action.x, action.y))]
        self.place(action.card, action.x, action.y, count)
        uses = self.counters[count - 1]
        events.append(Event(COUNTER_FLIPPED if uses == 0 else COUNTER_TURNED, 0, None, uses, count))
        if self.outcome is None:
            hand = len(self.hand)
            self.draw()
            if len(self.hand) > hand:
                events.append(Event(DRAWN, 0, self.hand[-1]))
        if self.outcome is not None:
            events.append(Event(FINISHED, 0, None, self.score(), self.outcome))
        return events

    def apply_unchecked(self, action: Action) -> None:
        """For callers that took the action from legal_actions(): no check, no report."""
        self.play_move(action.card, action.x, action.y, self.connection_count(action))

    def play_move(self, card: int, x: int, y: int, count: int) -> None:
        """A whole turn from moves() (bots, playouts: the fast path)."""
        self.place(card, x, y, count)
        if self.outcome is None:
            self.draw()

    def place(self, card: int, x: int, y: int, count: int) -> None:
        """The first half of a turn: place and pay (complete when every counter is spent)."""
        self.hand.remove(card)
        self._put(card, x, y, self.front[(x, y)][4])
        self.counters[count - 1] -= 1
        if not any(self.counters):
            self.outcome = COMPLETE

    def draw(self) -> None:
        """The second half: draw a card if the deck has any, then see whether play is stuck."""
        if self.deck_pos < len(self.setup.deck):
            self.hand.append(self.setup.deck[self.deck_pos])
            self.deck_pos += 1
        self._check_stuck()

    def _put(self, card: int, x: int, y: int, near: Near) -> None:
        """Place a card and update the free spots around it and the adjacency counts."""
        self.placed.append((card, x, y))
        occ, front, adj = self.occ, self.front, self.adj
        spot = (card, y)
        for r in range(y, y + 5):
            occ[(x, r)] = spot
        adj[card] = len(near)
        for other, _ in near:
            adj[other] += 1
        for sy in range(y - 4, y + 5):
            front.pop((x, sy), None)
        for side, edge in ((1, RIGHT[card]), (-1, LEFT[card])):
            sx = x + side
            taken = [(sx, r) in occ for r in range(y - 4, y + 9)]
            for sy in range(y - 4, y + 5):
                if True in taken[sy - y + 4:sy - y + 9]:
                    continue
                k, v = facing(edge, sy - y)
                kl, vl, kr, vr, near_there = front.get((sx, sy), (0, 0, 0, 0, ()))
                if side > 0:  # this card is the spot's left neighbour
                    kl, vl = kl | k, vl | v
                else:
                    kr, vr = kr | k, vr | v
                front[(sx, sy)] = (kl, vl, kr, vr, near_there + ((card, 5 - abs(sy - y)),))

    def _check_stuck(self) -> None:
        if not self.has_move():
            self.outcome = STUCK

    # --- scoring ---------------------------------------------------------------------------

    def adjacency(self) -> dict[int, int]:
        """Per placed card, the number of side-by-side cards (each shares a facing row)."""
        return dict(self.adj)

    def breakdown(self) -> list[dict[str, Any]]:
        """Per adjacency value 1..4: how many cards, the limit, and the points they make."""
        counts = [0] * 5
        for value in self.adjacency().values():
            counts[value] += 1
        return [{"adjacency": v, "cards": counts[v], "limit": LIMITS[v],
                 "points": counts[v] if counts[v] <= LIMITS[v] else 0} for v in range(1, 5)]

    def score(self) -> int:
        return sum(row["points"] for row in self.breakdown())

    def scores(self) -> list[int]:
        return [self.score()]

    def result(self) -> Result:
        """A complete network is a win for the one player; `record` is the record's `result`."""
        score = self.score()
        return Result((0,) if self.outcome == COMPLETE else (), (score,),
                      {"outcome": self.outcome, "score": score})

    # --- hidden information ----------------------------------------------------------------

    def unseen(self) -> list[int]:
        """Cards the player cannot see: the rest of the deck, as a set."""
        return sorted(self.setup.deck[self.deck_pos:])

    def view(self, player: int = 0) -> CementopiaView:
        from .view import CementopiaView
        return CementopiaView.of(self)

    def places(self) -> dict[int, str]:
        """Where every card is (for invariant checks): card -> place name."""
        return place_map([("deck", self.setup.deck[self.deck_pos:]), ("hand", self.hand),
                          ("network", [card for card, _, _ in self.placed])])

    def random_playout(self, rng: random.Random) -> None:
        """Play to the end with uniformly random legal moves (fast path)."""
        while self.outcome is None:
            moves = self.moves()
            card, x, y, _, count = moves[int(rng.random() * len(moves))]
            self.play_move(card, x, y, count)
