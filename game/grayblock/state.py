"""Grayblock match state: legal actions, apply, clone, scores, per-player views.

A match is a series of hands played until one player reaches `target` points (100 by default).

Decisions where rules.md and the rulebook leave room (in force here; tests pin them down):
- Each hand is a fresh shuffle: 8 cards to each player, the other 32 - 8n cards stay hidden and
  unused. Hand k's deal comes from (seed, k); a replayed record supplies its own deals instead.
- The first hand's start player is drawn from the seed; hand k starts with (first + k) mod n.
- The start player's opening card is free (any card; with Water Veins any but card 0, and since a
  hand holds 8 distinct cards there is always another). After it, turns go clockwise (index + 1).
- A player with a playable card must play (passing is then illegal); a player without one must
  pass, and a pass is an explicit action so that records and screens show it.
- Playing the last card ends the hand at once as a going-out win, before anyone else acts.
- Block: once the n - 1 players after the last card's player have all passed in a row, that
  player wins; their turn does not come round again. A player who passed may play again later
  if someone else's card opened a fit; any play resets the count of passes.
- Hand points (rules.md, and the rulebook's "all players show their hands"): every player still
  holding cards shows their highest card, the block winner included; the lowest of those is the
  winner's score. In a going-out win the winner holds nothing, so only the others count. Block
  bonus: plus the winner's own lowest card. A block winner always holds a card (playing the last
  card would have been a going-out win), so the bonus is always
  defined. Points may be 0 (a player whose only card is card 0).
- Water Veins: every gear of the new card needs a gear in the same row or the row directly above
  or below on the end card it joins; removing a gear is therefore always allowed, and nothing can
  ever join card 0 (so 0 may not open the row, but may still be played onto a one-gear card).
- Only the hand's winner scores, so at most one player can cross `target` at a time: the first
  to reach it (exactly `target` counts) is the champion and the match ends there. Ties cannot
  happen. While there is no champion the next hand is dealt as soon as a hand ends (no extra
  action), and `results` keeps every finished hand for the scoreboard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.appendonly import AppendOnly
from ..core.cards import N_DOLLS, place_map
from ..core.contract import GAME_OVER, NOT_AN_ACTION, NOT_YOUR_TURN, Event, Refusal, Result
from ..core.errors import IllegalAction
from . import words
from .descriptor import DEFAULT_TARGET
from .setup import (FIT, LEFT, OPENERS, PASSES, PLAYS, RIGHT, Action, Deal, Rules, added_row,
                    cards_of, deal_hand, first_start, highest, lowest, mask_of, one_gear_apart)

if TYPE_CHECKING:
    from .view import GrayblockView

BLOCK, OUT = "block", "out"  # how a hand is won
# what apply() reports, in order
PLAYED = "played"  # player put card at where = "left"/"right" (None: it opened the row)
PASSED = "passed"  # player had nothing that fits
HAND_ENDED = "hand_ended"  # player = the winner, where = BLOCK or OUT, value = the points
HAND_DEALT = "hand_dealt"  # value = the new hand's number (0-based), player = who starts
MATCH_OVER = "match_over"  # player = the champion, value = their total


class HandResult(NamedTuple):
    winner: int
    kind: str  # "block" or "out"
    points: int
    actions: tuple[Action, ...]  # every action of the hand, in order
    row: tuple[int, ...]  # the final row, left to right
    left: tuple[tuple[int, ...], ...]  # the cards each player still held (shown at the end)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "kind": self.kind, "points": self.points}

    def deal(self) -> Deal:
        """The hand's deal, rebuilt from what was played and what was left (public at the end)."""
        held = [list(cards) for cards in self.left]
        for action in self.actions:
            if action.card is not None:
                held[action.player].append(action.card)
        return tuple(tuple(sorted(cards)) for cards in held)


class GrayblockState:
    __slots__ = ("players", "rules", "target", "seed", "preset", "first", "deals", "results",
                 "hands", "row", "start", "turn", "passes", "last", "log", "totals", "champion")

    game = "grayblock"
    # events that show what nobody knew (fair undo stops there): every hand, and a new deal
    REVEALING = frozenset({HAND_ENDED, HAND_DEALT})
    players: int
    rules: Rules
    target: int
    seed: int
    preset: tuple[Deal, ...]
    first: int
    deals: AppendOnly[Deal]  # every hand's, and the current one's (shared between clones)
    results: AppendOnly[HandResult]
    hands: list[int]
    row: list[int]
    start: int
    turn: int | None
    passes: int
    last: int | None
    log: list[Action]
    totals: list[int]
    champion: int | None

    @classmethod
    def new(cls, seed: int, players: int, rules: Rules = Rules(),
            target: int = DEFAULT_TARGET, deals: tuple[Deal, ...] = (), first: int | None = None
            ) -> "GrayblockState":
        """A match about to start. `deals` (from a record) replace the seed's deals, hand by hand."""
        if players not in (2, 3, 4):
            raise ValueError(f"Grayblock is for 2 to 4 players, not {players}")
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise ValueError(f"the target must be a positive number of points, not {target!r}")
        self = cls.__new__(cls)
        self.players, self.rules, self.target = players, rules, target
        self.seed = seed if seed is not None else 0
        self.preset = tuple(deals)
        self.first = first_start(self.seed, players) if first is None else first
        self.deals, self.results = AppendOnly(), AppendOnly()
        self.totals = [0] * players
        self.champion = None
        self._start_hand(0)
        return self

    def clone(self) -> "GrayblockState":
        """A copy to change apart from this one. Its cost does not grow with the match: the hands
        before (deals, results) are shared, never copied (issue 40)."""
        other = GrayblockState.__new__(GrayblockState)
        other.players, other.rules, other.target = self.players, self.rules, self.target
        other.seed, other.preset, other.first = self.seed, self.preset, self.first
        other.deals = self.deals.copy()
        other.results = self.results.copy()
        other.hands = self.hands[:]
        other.row = self.row[:]
        other.start, other.turn = self.start, self.turn
        other.passes, other.last = self.passes, self.last
        other.log = self.log[:]
        other.totals = self.totals[:]
        other.champion = self.champion
        return other

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the position, for equality checks. `preset` is left out: a
        replayed match equals the one that was recorded."""
        return (self.players, self.rules, self.target, self.seed, self.first, tuple(self.deals),
                tuple(self.results), tuple(self.hands), tuple(self.row), self.start, self.turn,
                self.passes, self.last, tuple(self.log), tuple(self.totals), self.champion)

    # __eq__ without __hash__: Python leaves __hash__ None, states are mutable
    def __eq__(self, other: object) -> bool:
        return isinstance(other, GrayblockState) and self.snapshot() == other.snapshot()

    # --- reading ---------------------------------------------------------------------------

    @property
    def number(self) -> int:
        """The current hand, 0-based (after the last hand: the index of that hand)."""
        return len(self.deals) - 1

    def hand(self, player: int) -> list[int]:
        return cards_of(self.hands[player])

    def hand_sizes(self) -> list[int]:
        return [mask.bit_count() for mask in self.hands]

    def ends(self) -> tuple[int, int] | None:
        return (self.row[0], self.row[-1]) if self.row else None

    def is_over(self) -> bool:
        return self.champion is not None

    def current_player(self) -> int | None:
        return self.turn

    def scores(self) -> list[int]:
        """Match scores so far."""
        return self.totals[:]

    def playable(self, player: int) -> int:
        """Mask of `player`'s cards that fit the row now (any end; any card on an empty row)."""
        hand = self.hands[player]
        wv = self.rules.water_veins
        if not self.row:
            return hand & OPENERS[wv]
        return hand & (FIT[wv][self.row[0]] | FIT[wv][self.row[-1]])

    def legal_actions(self) -> list[Action]:
        p = self.turn
        if p is None:
            return []
        table = PLAYS[p]
        hand = self.hands[p]
        wv = self.rules.water_veins
        if not self.row:
            return [table[c][0] for c in cards_of(hand & OPENERS[wv])]
        left = hand & FIT[wv][self.row[0]]
        right = hand & FIT[wv][self.row[-1]]
        if not left | right:
            return [PASSES[p]]
        out = []
        for c in cards_of(left | right):
            if left >> c & 1:
                out.append(table[c][1])
            if right >> c & 1:
                out.append(table[c][2])
        return out

    def why_illegal(self, action: object) -> Refusal | None:
        """None when the action is legal now, else the rules' reason (words.refusal_words)."""
        if not isinstance(action, Action):
            return Refusal(NOT_AN_ACTION, {"action": repr(action)})
        if self.turn is None:
            return Refusal(GAME_OVER)
        p = action.player
        if p != self.turn:
            return Refusal(NOT_YOUR_TURN, {"turn": self.turn, "tried": p})
        if action.card is None:
            if action.end is not None:
                return Refusal(words.PASS_WITH_AN_END)
            can = self.playable(p)
            if can:
                return Refusal(words.MUST_PLAY, {"player": p, "cards": tuple(cards_of(can))})
            return None
        card = action.card
        if not isinstance(card, int) or not 0 <= card < N_DOLLS:
            return Refusal(words.NOT_A_CARD, {"card": repr(card)})
        if not self.hands[p] >> card & 1:
            return Refusal(words.NOT_IN_HAND, {"card": card, "player": p})
        if not self.row:
            if action.end is not None:
                return Refusal(words.OPENER_WITH_AN_END)
            if self.rules.water_veins and card == 0:
                return Refusal(words.ZERO_OPENS)
            return None
        if action.end not in (LEFT, RIGHT):
            return Refusal(words.NO_SUCH_END, {"end": repr(action.end)})
        if not self.playable(p):
            return Refusal(words.MUST_PASS)
        end = self.row[0] if action.end == LEFT else self.row[-1]
        where = {"card": card, "end": action.end, "end_card": end}
        if not one_gear_apart(end, card):
            return Refusal(words.NOT_ONE_GEAR, where)
        if not FIT[self.rules.water_veins][end] >> card & 1:
            return Refusal(words.WATER_VEINS, dict(where, row=added_row(end, card)))
        return None

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
        p = action.player
        self.log.append(action)
        if action.card is None:
            if ev is not None:
                ev.append(Event(PASSED, p))
            self.passes += 1
            if self.passes >= self.players - 1:
                assert self.last is not None  # a pass never comes first: the opener must play
                self._end_hand(self.last, BLOCK, ev)
            else:
                self.turn = (p + 1) % self.players
            return
        card = action.card
        self.hands[p] &= ~(1 << card)
        if action.end == LEFT:
            self.row.insert(0, card)
        else:
            self.row.append(card)
        if ev is not None:
            ev.append(Event(PLAYED, p, card, None, action.end))
        self.last, self.passes = p, 0
        if not self.hands[p]:
            self._end_hand(p, OUT, ev)
        else:
            self.turn = (p + 1) % self.players

    def _start_hand(self, number: int, ev: list[Event] | None = None) -> None:
        if number < len(self.preset):
            deal = self.preset[number]
        else:
            deal = deal_hand(self.seed, number, self.players)
        self.deals.append(deal)
        self.hands = [mask_of(cards) for cards in deal]
        self.row, self.log = [], []
        self.start = self.turn = (self.first + number) % self.players
        self.passes, self.last = 0, None
        if ev is not None:
            ev.append(Event(HAND_DEALT, self.start, None, number))

    def _end_hand(self, winner: int, kind: str, ev: list[Event] | None) -> None:
        points = hand_points(self.hands, winner, kind)
        self.results.append(HandResult(winner, kind, points, tuple(self.log), tuple(self.row),
                                       tuple(tuple(cards_of(h)) for h in self.hands)))
        self.totals[winner] += points
        if ev is not None:
            ev.append(Event(HAND_ENDED, winner, None, points, kind))
        if self.totals[winner] >= self.target:
            self.champion, self.turn = winner, None
            if ev is not None:
                ev.append(Event(MATCH_OVER, winner, None, self.totals[winner]))
        else:
            self._start_hand(len(self.results), ev)

    # --- results ---------------------------------------------------------------------------

    def result(self) -> Result:
        """The champion and the match scores; `record` is the record's match `result`."""
        return Result(tuple(self.winners()), tuple(self.totals),
                      {"scores": self.totals[:], "champion": self.champion})

    def winners(self) -> list[int]:
        return [] if self.champion is None else [self.champion]

    # --- hidden information ----------------------------------------------------------------

    def view(self, player: int) -> GrayblockView:
        from .view import GrayblockView
        return GrayblockView.of(self, player)

    def places(self) -> dict[int, str]:
        """Where every card of the current hand is (for invariant checks): card -> place."""
        groups = [(f"hand{p}", cards_of(mask)) for p, mask in enumerate(self.hands)] + [("row", self.row)]
        dealt = {card for _, cards in groups for card in cards}
        return place_map(groups + [("undealt", [c for c in range(N_DOLLS) if c not in dealt])])


def hand_points(hands: list[int], winner: int, kind: str) -> int:
    """The winner's points: the lowest of the highest cards still held (+ own lowest on a block)."""
    points = min(highest(mask) for mask in hands if mask)
    if kind == BLOCK:
        points += lowest(hands[winner])
    return points


class HandPoints(NamedTuple):
    """Why a hand's winner scored what they did (for the result screen and the log)."""

    highs: dict[int, int]  # player -> their highest card held, for everyone still holding cards
    lowest_high: int  # the lowest of those: the points before any bonus
    decisive: tuple[int, ...]  # the players whose highest card is that lowest one
    bonus: int | None  # block only: the winner's own lowest card, added
    points: int


def winner_could_play(result: HandResult, water_veins: bool) -> bool:
    """Whether a block winner still held a card that fit an end of the final row: the hand ends
    once everyone else has passed, whether the winner could go on or not (words differ)."""
    if result.kind != BLOCK or not result.row:
        return False
    fit = FIT[water_veins][result.row[0]] | FIT[water_veins][result.row[-1]]
    return bool(mask_of(result.left[result.winner]) & fit)


def explain_hand(result: HandResult) -> HandPoints:
    """The hand points of a finished hand, broken down (the rule is `hand_points`)."""
    highs = {p: max(cards) for p, cards in enumerate(result.left) if cards}
    low = min(highs.values(), default=0)
    bonus = min(result.left[result.winner]) if result.kind == BLOCK else None
    return HandPoints(highs, low, tuple(p for p, h in highs.items() if h == low), bonus,
                      low + (bonus or 0))
