"""Alice Assemble's exact endgame: once no card still to come is hidden, the rest of the game is
worked out by a full search over every player's moves.

When nothing is hidden (`solvable`): the deck is empty (its last cards are on the field, or the
last round is on), or the deck holds exactly the next field and no card was set aside (2 and 4
players): a field is a set, so the order those cards were shuffled in changes nothing. Other
players' benches and lines are public (view.py hides only the deck and the set-aside cards).

The model (what "exact" means here): every player knows everything and maximises their own final
key (points, then the tiebreakers; with 2 players the key of their weaker doll), knowing the others
do the same; among moves of equal key a player takes the first in a fixed order (placements left
to right, takes lowest card first). The searching player is judged by the same rule: its best move
is the first of the highest key. An expectimax over learned opponent models can replace this later.

How it stays fast: the placement-only last round is scored in closed form. In the last round with
takes, with one lane a player, every lane's key depends on its own moves alone, so the round is a
chain of each lane's own best (`chain`); with 2 players it is a memoised tree in which a lane that
has taken is replaced in the key by the key it will end with, and moves are tried best bound
first, one that cannot beat the best skipped. In the round before the last, a lane that has taken
(with one lane a player) is held in the memo's key only by what the others can tell of it: the
card it will take next round from each set it may find there; its own key is worked out again on a
memo hit.

With 2 players (`_Pairs`, the round before the last and the last with takes), a lane that has
taken is held only by its table: each (card it takes next round, key it ends with) it can reach,
the first of each in the order the model tries moves; equal tables are one position. A move's
bound for its player is the lower of their two lanes' best keys, the two on different cards of
the last round with takes (exact once the twin is settled, the last two lanes of that round in
closed form), and moves are tried best bound first, one that cannot beat the best skipped. Where
a search would still pass its position limit, the position counts as not solvable and the bots
search as before.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass
from itertools import combinations
from typing import Callable

from .search import hist_key, insert_hists, line_hist, line_parts
from .setup import PLACE, TAKE, Action, Rules
from .view import AssembleView

Key = tuple[int, int, int, int]
Line = tuple[int, ...]
# a position: lines, capacities, benches, upright flags, field (sorted), deck left (sorted),
# phase, active lane
Position = tuple[tuple[Line, ...], tuple[int, ...], tuple[int | None, ...], tuple[bool, ...],
                 tuple[int, ...], tuple[int, ...], str, int]

# the benches at the start of each later round, one tuple per round
Trail = tuple[tuple[int | None, ...], ...]

# positions searched before giving up. With 2 players every decision of the round before the
# last stays under it (endgame_bench, 20 games: at most 30,006 positions, 0.37 s of CPU); with 3
# and 4 players the searches stay under 2,000 positions
LIMIT = 40_000


class TooBig(Exception):
    """The search met more positions than its limit."""


def solvable(view: AssembleView) -> bool:
    """Whether the future holds no card hidden from the deciding player."""
    if view.phase not in ("place", "take") or view.active_lane is None:
        return False
    if view.deck_count == 0:
        return True
    return view.deck_count == len(view.lanes) and len(view.unseen) == view.deck_count


@dataclass(frozen=True)
class Solution:
    """Every legal move of the deciding player and each player's final key after it."""

    player: int
    moves: tuple[Action, ...]  # placements left to right, takes lowest card first
    outcomes: tuple[tuple[Key, ...], ...]  # per move: each player's final key
    best: Action  # the first move of the highest key for `player`
    nodes: int  # positions searched

    def key(self, move: Action) -> Key:
        return self.outcomes[self.moves.index(move)][self.player]

    def points(self, move: Action) -> int:
        return self.key(move)[0]

    def win_share(self, move: Action) -> float:
        keys = self.outcomes[self.moves.index(move)]
        top = max(keys)
        return 1.0 / keys.count(top) if keys[self.player] == top else 0.0

    def winning(self) -> Action:
        """The first move of the highest win share, then of the highest key (a bot's choice:
        the most points can still lose to the other player's)."""
        best = max(range(len(self.moves)),
                   key=lambda i: (self.win_share(self.moves[i]), self.outcomes[i][self.player], -i))
        return self.moves[best]


class _Search:
    def __init__(self, owners: tuple[int, ...], rules: Rules, limit: int,
                 shortcuts: bool = True) -> None:
        self.owners = owners
        self.n = len(owners)
        self.flaw, self.identity = rules.flaw, rules.identity
        self.limit = limit
        self.nodes = 0
        players = max(owners) + 1
        self.lanes_of = tuple(tuple(l for l in range(self.n) if owners[l] == p)
                              for p in range(players))
        self.shared = tuple(len(self.lanes_of[owners[l]]) > 1 for l in range(self.n))
        self.pairs = any(self.shared)  # 2 players: a lane's play hangs on its twin's
        self.memo: dict[object, tuple[tuple[Key, ...], Trail]] = {}
        self.finals: dict[tuple[Line, int, int], Key] = {}
        self.responses: dict[tuple[Line, int, int, tuple[int, ...]], tuple[int, Key]] = {}
        self.signatures: dict[tuple[Line, int, int, int], tuple[int, ...]] = {}
        # the last round with takes played as a chain, a lane of the round before the last
        # folded into what the others can tell of it (off: the plain memoised tree, for tests)
        self.shortcuts = shortcuts

    # --- lanes ---------------------------------------------------------------------------

    def positions(self, line: Line, capacity: int) -> range:
        """Legal insertion positions: The Identity forbids the rightmost at capacity 1."""
        n = len(line)
        return range(n if self.identity and n and capacity == 1 else n + 1)

    def cost(self, line: Line, pos: int) -> int:
        return 1 if self.identity and line and pos == len(line) else 0

    def final(self, line: Line, card: int, capacity: int) -> Key:
        """The lane's key with `card` placed last at its best."""
        k = (line, card, capacity)
        hit = self.finals.get(k)
        if hit is None:
            hs = insert_hists(line_parts(line), card)
            hit = max(hist_key(hs[q], capacity - self.cost(line, q), self.flaw)
                      for q in self.positions(line, capacity))
            self.finals[k] = hit
        return hit

    def fixed(self, line: Line, capacity: int) -> Key:
        return hist_key(line_hist(line), capacity, self.flaw)

    def player_keys(self, keys: tuple[Key, ...]) -> tuple[Key, ...]:
        return tuple(min(keys[l] for l in lanes) for lanes in self.lanes_of)

    # --- positions -----------------------------------------------------------------------

    def after(self, pos: Position, move: Action, last: bool) -> tuple[Position, bool, bool]:
        """The position after `move`, whether the placement-only last round is on there, and
        whether a round starts there."""
        lines, caps, bench, upright, field, deck, phase, lane = pos
        if move.kind == "place":
            line = lines[lane]
            card = bench[lane]
            assert card is not None
            p = move.value
            new = line[:p] + (card,) + line[p:]
            lines = lines[:lane] + (new,) + lines[lane + 1:]
            cost = self.cost(line, p)
            if cost:
                caps = caps[:lane] + (caps[lane] - cost,) + caps[lane + 1:]
            bench = bench[:lane] + (None,) + bench[lane + 1:]
            return (lines, caps, bench, upright, field, deck, "take", lane), last, False
        card = move.value
        bench = bench[:lane] + (card,) + bench[lane + 1:]
        upright = upright[:lane] + (False,) + upright[lane + 1:]
        field = tuple(c for c in field if c != card)
        nxt, low = -1, 99
        for i in range(self.n):
            c = bench[i]
            if c is not None and upright[i] and c < low:
                nxt, low = i, c
        if nxt >= 0:
            return (lines, caps, bench, upright, field, deck, "place", nxt), False, False
        # a new round: the highest bench card gains capacity, the lowest acts first
        cards = [c or 0 for c in bench]
        top = cards.index(max(cards))
        caps = caps[:top] + (caps[top] + 1,) + caps[top + 1:]
        return ((lines, caps, bench, (True,) * self.n, deck, (), "place",
                 cards.index(min(cards))), not deck, True)

    def bound(self, pos: Position, move: Action, top: int) -> Key:
        """In the last round with takes: the best key the mover's lane can end with after
        `move` (its player's, the weakest of its lanes, is no better)."""
        lines, caps, bench, _upright, field, _deck, _phase, lane = pos
        line = lines[lane]
        if move.kind == "take":
            return self.final(line, move.value, caps[lane] + (move.value == top))
        p = move.value
        card = bench[lane]
        assert card is not None
        new = line[:p] + (card,) + line[p:]
        cap = caps[lane] - self.cost(line, p)
        return max(self.final(new, c, cap + (c == top)) for c in field)

    def moves(self, pos: Position) -> list[Action]:
        lines, caps, bench, _upright, field, _deck, phase, lane = pos
        if phase == "place":
            return [PLACE[lane][p] for p in self.positions(lines[lane], caps[lane])]
        return [TAKE[lane][c] for c in field]

    def last_round(self, pos: Position) -> tuple[Key, ...]:
        """The placement-only round: each lane still to place puts its card at its best (its
        player's key cannot do better, and nobody else's depends on it)."""
        lines, caps, bench, upright, *_ = pos
        return tuple(self.final(lines[i], c, caps[i]) if c is not None and upright[i]
                     else self.fixed(lines[i], caps[i]) for i, c in enumerate(bench))

    def respond(self, line: Line, card: int, capacity: int, cards: tuple[int, ...],
                top: int) -> tuple[int, Key]:
        """In the last round with takes, a lane whose key depends on nobody else: the card it
        takes from `cards` and the key it ends with, as the search would play it (the first
        placement of the best key, then the first take of it). `capacity`: after the round's
        gain; `top`: the round's highest card."""
        k = (line, card, capacity, cards)
        hit = self.responses.get(k)
        if hit is None:
            best: Key | None = None
            values: list[Key] = []
            for p in self.positions(line, capacity):
                new = line[:p] + (card,) + line[p:]
                cap = capacity - self.cost(line, p)
                vals = [self.final(new, c, cap + (c == top)) for c in cards]
                if best is None or max(vals) > best:
                    best, values = max(vals), vals
            assert best is not None
            hit = self.responses[k] = (cards[values.index(best)], best)
        return hit

    def signature(self, line: Line, card: int, capacity: int, deck: tuple[int, ...],
                  turn: int) -> tuple[int, ...]:
        """What the others can tell of a lane that took `card` in the round before the last:
        the card it will take next round from each set of cards it may find (its `turn` in that
        round is its card's rank), nothing of its line itself."""
        k = (line, card, capacity, turn)
        hit = self.signatures.get(k)
        if hit is None:
            top = max(deck)
            hit = self.signatures[k] = tuple(self.respond(line, card, capacity, cards, top)[0]
                                             for cards in combinations(deck, len(deck) - turn))
        return hit

    def chain(self, pos: Position) -> tuple[tuple[Key, ...], Trail]:
        """The last round with takes when every player has one lane: each lane's key depends on
        its own moves alone, so each plays its own best in turn (`respond`), no tree at all."""
        self.nodes += 1
        lines, caps, bench, upright, field, _deck, phase, lane = pos
        taken = [c for i, c in enumerate(bench) if c is not None and not upright[i]]
        top = max(taken + list(field))
        keys: list[Key | None] = [None] * self.n
        last: list[int | None] = list(bench)
        for i, c in enumerate(bench):
            if c is not None and not upright[i]:
                keys[i] = self.final(lines[i], c, caps[i] + (c == top))
        cards = field
        if phase == "take":
            vals = [self.final(lines[lane], c, caps[lane] + (c == top)) for c in cards]
            best = max(vals)
            last[lane] = c = cards[vals.index(best)]
            keys[lane] = best
            cards = tuple(x for x in cards if x != c)
        todo = sorted((c, i) for i, c in enumerate(bench) if c is not None and upright[i])
        for card, i in todo:
            c, keys[i] = self.respond(lines[i], card, caps[i], cards, top)
            last[i] = c
            cards = tuple(x for x in cards if x != c)
        final = tuple(k for k in keys if k is not None)
        assert len(final) == self.n
        return final, (tuple(last),)

    def value(self, pos: Position, last: bool) -> tuple[tuple[Key, ...], Trail]:
        """Every lane's final key from `pos` under the model, and the benches at the start of
        every round after it (what a memo hit needs to give each settled lane its own key)."""
        if last:
            return self.last_round(pos), ()
        lines, caps, bench, upright, field, deck, phase, lane = pos
        if not deck and not self.pairs and self.shortcuts:
            return self.chain(pos)
        done: dict[int, Key] = {}
        folded: list[int] = []  # lanes of the round before the last, held by their signature
        memo_key: object
        taken = [c for i, c in enumerate(bench) if c is not None and not upright[i]]
        top = max(taken + list(field))
        if deck:
            if not self.shortcuts:
                memo_key = pos
            else:
                parts: list[object] = []
                for i, c in enumerate(bench):
                    if c is not None and not upright[i] and not self.shared[i]:
                        turn = sum(t < c for t in taken) + sum(t < c for t in field)
                        cap = caps[i] + (c == top)
                        parts.append((c, self.signature(lines[i], c, cap, deck, turn)))
                        folded.append(i)
                    else:
                        parts.append((lines[i], caps[i], c, upright[i]))
                memo_key = (tuple(parts), field, deck, phase, lane)
        else:  # the last round with acquisitions: a lane that took is settled
            parts = []
            for i, c in enumerate(bench):
                if c is not None and not upright[i]:
                    done[i] = k = self.final(lines[i], c, caps[i] + (c == top))
                    parts.append(k if self.shared[i] else None)
                else:
                    parts.append((lines[i], caps[i], c, upright[i]))
            memo_key = (tuple(parts), field, phase, lane)
        hit = self.memo.get(memo_key)
        if hit is None:
            self.nodes += 1
            if self.nodes > self.limit:
                raise TooBig()
            lanes = self.lanes_of[self.owners[lane]]
            moves = self.moves(pos)
            order: list[int] | range = range(len(moves))
            bounds: list[Key] = []
            if not deck:  # the most promising first; a move that cannot beat the best is skipped
                bounds = [self.bound(pos, move, top) for move in moves]
                order = sorted(order, key=bounds.__getitem__, reverse=True)
            best: Key | None = None
            first = 0
            for i in order:
                if bounds and best is not None and (bounds[i] < best or
                                                    (bounds[i] == best and i > first)):
                    continue
                child, child_last, starts = self.after(pos, moves[i], False)
                keys, trail = self.value(child, child_last)
                if starts:
                    trail = (child[2],) + trail
                mine = min(keys[l] for l in lanes)
                if best is None or mine > best or (mine == best and i < first):
                    best, hit, first = mine, (keys, trail), i
            assert hit is not None
            self.memo[memo_key] = hit
        if done:  # refill the settled lanes: the memo's entry may be another's
            keys, trail = hit
            keys = tuple(done.get(i, k) for i, k in enumerate(keys))
            if trail:
                trail = (tuple(bench[i] if i in done else c for i, c in enumerate(trail[0])),)
            hit = keys, trail
        elif folded:
            keys, trail = hit
            now, then = trail[0], trail[1]
            refilled = list(keys)
            top_next = max(deck)
            for i in folded:
                c = bench[i]
                assert c is not None
                cards = tuple(x for x in deck
                              if x not in {then[j] for j in range(self.n)
                                           if (now[j] or 0) < c})
                refilled[i] = self.respond(lines[i], c, caps[i] + (c == top), cards,
                                           top_next)[1]
            hit = tuple(refilled), trail
        return hit


TOP: Key = (1 << 30, 0, 0, 0)  # above every key: a player none of whose lanes is settled yet
BOTTOM: Key = (-(1 << 30), 0, 0, 0)  # below every key: no option left
Table = tuple[tuple[int, int], ...]  # a lane's options in the last round with takes (packed keys)


def _apart(mine: list[int], twin: list[int], bottom: int) -> int:
    """The best lower of two keys, one from each list, at different indices."""
    a = max(range(len(mine)), key=mine.__getitem__)
    b = max(range(len(twin)), key=twin.__getitem__)
    if a != b:
        return min(mine[a], twin[b])
    second_twin = max((k for j, k in enumerate(twin) if j != a), default=bottom)
    second_mine = max((k for j, k in enumerate(mine) if j != a), default=bottom)
    return max(min(mine[a], second_twin), min(second_mine, twin[a]))


# inside _Pairs a key is packed into one int that orders the same (int comparisons are what
# the search spends its time on): points, then the top module's size (0..5), the scored modules
# (0..63) and the unscored ones (0..63)
def _pack(key: Key) -> int:
    points, size, scored, unscored = key
    return ((points * 8 + size) * 64 + scored) * 64 + unscored + 63


def _unpack(packed: int) -> Key:
    rest, unscored = divmod(packed, 64)
    rest, scored = divmod(rest, 64)
    points, size = divmod(rest, 8)
    return (points, size, scored, unscored - 63)


ITOP = 1 << 62  # above every packed key
IBOTTOM = -(1 << 62)  # below every packed key


class _Pairs(_Search):
    """2 players, from the round before the last or the last with takes: a lane's future is
    held by its table (every (card taken, key it ends with) it can reach in the last round with
    takes, the first of each in the order placements then takes), lanes are worked out by those
    tables alone, and every move is tried best bound first, its player's key bounded by the
    lower of the bounds of their two lanes (exact once the twin is settled)."""

    def __init__(self, owners: tuple[int, ...], rules: Rules, limit: int) -> None:
        super().__init__(owners, rules, limit)
        self.twin = tuple(next(j for j in self.lanes_of[owners[i]] if j != i)
                          for i in range(self.n))
        self.table_ids: dict[Table, int] = {}
        self.tables: list[Table] = []
        self.masks: list[list[int]] = []  # per table, the best key among each set of cards
        self.tops1: list[list[int]] = []  # per table, the best key with each card
        self.ranked: list[list[list[tuple[int, int, int]]]] = []
        self.built: dict[tuple[Line, int, int, bool], int] = {}
        self.lt_memo: dict[tuple[tuple[tuple[int, int], ...], int, int, int], tuple[int, int]] = {}
        self.r_memo: dict[object, tuple[int, int]] = {}
        self.deck: tuple[int, ...] = ()  # the cards of the last round with takes still to take
        self.deck_top = 0  # the highest card of that round (its taker gains capacity)
        self.options_memo: dict[tuple[int, Line, int, tuple[int, ...], bool],
                                list[tuple[int, int]]] = {}
        self.pfinals: dict[tuple[Line, int, int], int] = {}
        self.apart_memo: dict[tuple[object, ...], int] = {}

    def intern(self, table: Table) -> int:
        tid = self.table_ids.get(table)
        if tid is None:
            tid = self.table_ids[table] = len(self.tables)
            self.tables.append(table)
            self.masks.append([max((key for bit, key in table if bit & rem), default=IBOTTOM)
                               for rem in range(1 << len(self.deck))])
            self.tops1.append([self.masks[-1][1 << j] for j in range(len(self.deck))])
            # per set of cards left, the options among them best key first (then table order:
            # a search that walks them so can stop at the first key below its best)
            self.ranked.append([sorted(((i, bit, key) for i, (bit, key) in enumerate(table)
                                        if bit & rem), key=lambda o: (-o[2], o[0]))
                                for rem in range(1 << len(self.deck))])
        return tid

    def table(self, line: Line, card: int, capacity: int, placed: bool) -> int:
        """The table of a lane about to place `card` (`placed`: it has, `line` holds it) and
        take from self.deck, at `capacity` (after this round's gain)."""
        k = (line, card, capacity, placed)
        hit = self.built.get(k)
        if hit is None:
            deck, top = self.deck, self.deck_top
            seen: set[tuple[int, int]] = set()
            out: list[tuple[int, int]] = []
            lines = ([(line, capacity)] if placed else
                     [(line[:q] + (card,) + line[q:], capacity - self.cost(line, q))
                      for q in self.positions(line, capacity)])
            for new, cap in lines:
                for j, d in enumerate(deck):
                    item = (1 << j, self.pfinal(new, d, cap + (d == top)))
                    if item not in seen:
                        seen.add(item)
                        out.append(item)
            hit = self.built[k] = self.intern(tuple(out))
        return hit

    def top(self, tid: int, rem: int) -> int:
        """The best key of table `tid` among the cards of `rem` (the lowest if none)."""
        return self.masks[tid][rem]

    def count(self) -> None:
        self.nodes += 1
        if self.nodes > self.limit:
            raise TooBig()

    # --- the last round with takes -------------------------------------------------------

    def lt_value(self, lanes: tuple[tuple[int, int], ...], rem: int, clips: tuple[int, int]
                 ) -> tuple[int, int]:
        """Each player's final key: `lanes` (lane, table) still to act in turn, `rem` the cards
        left, `clips` each player's weakest settled lane (ITOP if none)."""
        lane, tid = lanes[0]
        p = self.owners[lane]
        if len(lanes) == 1:
            k = min(clips[p], self.masks[tid][rem])
            return (k, clips[1]) if p == 0 else (clips[0], k)
        if len(lanes) == 2:  # the last lane takes what is left: every option's value is known
            other, other_tid = lanes[1]
            q = self.owners[other]
            tops = self.masks[other_tid]
            best: tuple[int, int] | None = None
            clip, other_clip = clips[p], clips[1 - p]
            top2: int | None = None
            first = 0
            for i, bit, key in self.ranked[tid][rem]:
                if top2 is not None and key < top2:
                    break  # every option left is below the best: mine is at most its key
                mine = key if key < clip else clip
                theirs = tops[rem & ~bit]
                if q == p:
                    if theirs < mine:
                        mine = theirs
                    if top2 is None or mine > top2 or (mine == top2 and i < first):
                        top2, first = mine, i
                        best = (mine, other_clip) if p == 0 else (other_clip, mine)
                elif top2 is None or mine > top2 or (mine == top2 and i < first):
                    top2, first = mine, i
                    if other_clip < theirs:
                        theirs = other_clip
                    best = (mine, theirs) if p == 0 else (theirs, mine)
            assert best is not None
            return best
        mk = (lanes, rem, clips[0], clips[1])
        hit = self.lt_memo.get(mk)
        if hit is None:
            self.count()
            rest = lanes[1:]
            twin = self.twin[lane]
            twin_tid = next((t for i, t in rest if i == twin), None)
            clip = clips[p]
            twin_tops = self.masks[twin_tid] if twin_tid is not None else None
            high: int | None = None
            first = 0
            for i, bit, key in self.ranked[tid][rem]:
                if high is not None and key < high:
                    break  # the options left are bounded by their keys, below the best
                c = key if key < clip else clip
                if high is not None:
                    b = c
                    if twin_tops is not None and twin_tops[rem & ~bit] < b:
                        b = twin_tops[rem & ~bit]
                    if b < high or (b == high and i > first):
                        continue
                keys = self.lt_value(rest, rem & ~bit, (c, clips[1]) if p == 0 else (clips[0], c))
                mine = keys[p]
                if high is None or mine > high or (mine == high and i < first):
                    high, hit, first = mine, keys, i
            assert hit is not None
            self.lt_memo[mk] = hit
        return hit

    def lt_child(self, rest: tuple[tuple[int, int], ...], rem: int, clips: tuple[int, int],
                 p: int, option: tuple[int, int]) -> tuple[int, int]:
        bit, key = option
        c = min(clips[p], key)
        new = (c, clips[1]) if p == 0 else (clips[0], c)
        return self.lt_value(rest, rem & ~bit, new) if rest else new

    def pick(self, bounds: list[int], p: int, child: Callable[[int], tuple[int, int]]
             ) -> tuple[int, int]:
        """The value of the first option of the highest key for player `p`, options tried best
        bound first and skipped when they cannot beat the best."""
        order = sorted(range(len(bounds)), key=bounds.__getitem__, reverse=True)
        best: int | None = None
        first = 0
        hit: tuple[int, int] | None = None
        for i in order:
            b = bounds[i]
            if best is not None and (b < best or (b == best and i > first)):
                continue
            keys = child(i)
            mine = keys[p]
            if best is None or mine > best or (mine == best and i < first):
                best, hit, first = mine, keys, i
        assert hit is not None
        return hit

    # --- the round before the last -------------------------------------------------------

    def r_options(self, lane: int, line: Line, cap: int, field: tuple[int, ...], top: int,
                  placed: bool) -> list[tuple[int, int]]:
        """(card taken, its table) of each move of a lane this round, the first of equals."""
        mk = (lane, line, cap, field, placed)
        hit = self.options_memo.get(mk)
        if hit is not None:
            return hit
        seen: set[tuple[int, int]] = set()
        out = []
        lines = ([(line, cap)] if placed else
                 [(line[:q] + (self.bench0[lane] or 0,) + line[q:], cap - self.cost(line, q))
                  for q in self.positions(line, cap)])
        for new, c2 in lines:
            for c in field:
                item = (c, self.table(new, c, c2 + (c == top), False))
                if item not in seen:
                    seen.add(item)
                    out.append(item)
        self.options_memo[mk] = out
        return out

    def r_start(self, pos: Position) -> None:
        lines, caps, bench, upright, field, deck, phase, lane = pos
        self.deck, self.deck_top = deck, max(deck)
        self.lines0, self.caps0, self.bench0 = lines, caps, bench
        self.order = sorted((i for i in range(self.n) if bench[i] is not None and upright[i]),
                            key=lambda i: bench[i] or 0)
        if phase == "take":
            self.order.insert(0, lane)
        taken = [c for i, c in enumerate(bench) if c is not None and not upright[i]]
        self.r_top = max(taken + list(field))
        self.acted0 = tuple(sorted((i, c, self.table(lines[i], c, caps[i] + (c == self.r_top),
                                                      False))
                                   for i, c in enumerate(bench)
                                   if c is not None and not upright[i]))
        # the best table key of each lane yet to act, per card it may take and per card of the
        # last round with takes
        self.cards = range(len(deck))
        self.r_best: dict[int, dict[int, list[int]]] = {}
        for i in self.order[1:]:
            best: dict[int, list[int]] = {}
            for c, tid in self.r_options(i, lines[i], caps[i], field, self.r_top, False):
                ks = [self.top(tid, 1 << j) for j in self.cards]
                best[c] = [max(a, b) for a, b in zip(best[c], ks)] if c in best else ks
            self.r_best[i] = best

    def r_value(self, k: int, acted: tuple[tuple[int, int, int], ...], field: tuple[int, ...]
                ) -> tuple[int, int]:
        if k == len(self.order):
            lanes = tuple((i, tid) for c, i, tid in sorted((c, i, tid) for i, c, tid in acted))
            return self.lt_value(lanes, (1 << len(self.deck)) - 1, (ITOP, ITOP))
        mk = (k, acted)
        hit = self.r_memo.get(mk)
        if hit is None:
            self.count()
            lane = self.order[k]
            options = self.r_options(lane, self.lines0[lane], self.caps0[lane], field,
                                     self.r_top, False)
            hit = self.r_pick(k, acted, field, lane, options)
            self.r_memo[mk] = hit
        return hit

    def r_pick(self, k: int, acted: tuple[tuple[int, int, int], ...], field: tuple[int, ...],
               lane: int, options: list[tuple[int, int]]) -> tuple[int, int]:
        twin = self.twin[lane]
        done = next((tid for i, _, tid in acted if i == twin), None)
        bounds = []
        cards = self.cards
        apart = self.apart_memo
        for c, tid in options:
            # the two lanes cannot take the same card of the last round with takes
            ak = (tid, done, -1) if done is not None else (tid, twin, c, field)
            b = apart.get(ak)
            if b is None:
                if done is not None:
                    twin_tops = self.tops1[done]
                else:
                    twin_best = self.r_best[twin]
                    twin_tops = [max(twin_best[x][j] for x in field if x != c) for j in cards]
                b = apart[ak] = _apart(self.tops1[tid], twin_tops, IBOTTOM)
            bounds.append(b)

        def child(i: int) -> tuple[int, int]:
            c, tid = options[i]
            return self.r_value(k + 1, tuple(sorted(acted + ((lane, c, tid),))),
                                tuple(x for x in field if x != c))
        return self.pick(bounds, self.owners[lane], child)

    # --- the decision --------------------------------------------------------------------

    def outcomes(self, pos: Position) -> list[tuple[Key, Key]]:
        """Each player's final key after each of self.moves(pos)."""
        return [(_unpack(a), _unpack(b)) for a, b in self.packed_outcomes(pos)]

    def pfinal(self, line: Line, card: int, capacity: int) -> int:
        """self.final packed into one int (compared the same, faster)."""
        k = (line, card, capacity)
        hit = self.pfinals.get(k)
        if hit is None:
            hit = self.pfinals[k] = _pack(self.final(line, card, capacity))
        return hit

    def packed_outcomes(self, pos: Position) -> list[tuple[int, int]]:
        lines, caps, bench, upright, field, deck, phase, lane = pos
        moves = self.moves(pos)
        if deck:
            self.r_start(pos)
            if phase == "take":
                out = []
                for move in moves:
                    c = move.value
                    tid = self.table(lines[lane], c, caps[lane] + (c == self.r_top), False)
                    out.append(self.r_value(1, tuple(sorted(self.acted0 + ((lane, c, tid),))),
                                            tuple(x for x in field if x != c)))
                return out
            out = []
            for move in moves:
                q = move.value
                new = lines[lane][:q] + (bench[lane] or 0,) + lines[lane][q:]
                options = self.r_options(lane, new, caps[lane] - self.cost(lines[lane], q),
                                         field, self.r_top, True)
                out.append(self.r_pick(0, self.acted0, field, lane, options))
            return out
        # the last round with takes: the field is what is left to take
        taken = [c for i, c in enumerate(bench) if c is not None and not upright[i]]
        top_lt = max(taken + list(field))
        self.deck, self.deck_top = field, top_lt
        clip = [ITOP, ITOP]
        for i, b in enumerate(bench):
            if b is not None and not upright[i]:
                clip[self.owners[i]] = min(clip[self.owners[i]],
                                           self.pfinal(lines[i], b, caps[i] + (b == top_lt)))
        clips = (clip[0], clip[1])
        order = sorted((i for i in range(self.n)
                        if bench[i] is not None and upright[i] and i != lane),
                       key=lambda i: bench[i] or 0)
        rest = tuple((i, self.table(lines[i], bench[i] or 0, caps[i], False)) for i in order)
        full = (1 << len(field)) - 1
        p = self.owners[lane]
        out = []
        for move in moves:
            if phase == "take":
                j = field.index(move.value)
                key = self.pfinal(lines[lane], move.value, caps[lane] + (move.value == top_lt))
                out.append(self.lt_child(rest, full, clips, p, (1 << j, key)))
            else:
                q = move.value
                new = lines[lane][:q] + (bench[lane] or 0,) + lines[lane][q:]
                tid = self.table(new, bench[lane] or 0, caps[lane] - self.cost(lines[lane], q),
                                 True)
                out.append(self.lt_value(((lane, tid),) + rest, full, clips))
        return out


def _position(view: AssembleView) -> Position:
    lanes = view.lanes
    field = tuple(sorted(view.field))
    deck = tuple(sorted(view.unseen)) if view.deck_count else ()
    assert view.active_lane is not None
    return (tuple(lane.line for lane in lanes), tuple(lane.capacity for lane in lanes),
            tuple(lane.bench for lane in lanes), tuple(lane.upright for lane in lanes),
            field, deck, view.phase, view.active_lane)


def solve(view: AssembleView, limit: int = LIMIT, shortcuts: bool = True) -> Solution | None:
    """The exact solve of the decision in front of `view`'s player, or None when something to
    come is hidden or the search would take longer than `limit` positions."""
    if not solvable(view):
        return None
    owners = tuple(lane.owner for lane in view.lanes)
    pos = _position(view)
    outcomes: list[tuple[Key, ...]] = []
    if shortcuts and len(set(owners)) < len(owners) and not view.last_round:
        # 2 players: each doll's play hangs on its twin's, so no lane folds; the tables instead
        pairs = _Pairs(owners, view.rules, limit)
        moves = pairs.moves(pos)
        try:
            outcomes.extend(pairs.outcomes(pos))
        except TooBig:
            return None
        search: _Search = pairs
    else:
        search = _Search(owners, view.rules, limit, shortcuts)
        moves = search.moves(pos)
        try:
            for move in moves:
                child, last, _ = search.after(pos, move, view.last_round)
                outcomes.append(search.player_keys(search.value(child, last)[0]))
        except TooBig:
            return None
    player = view.player
    best = max(range(len(moves)), key=lambda i: (outcomes[i][player], -i))
    return Solution(player, tuple(moves), tuple(outcomes), moves[best], search.nodes)


# --- figures -------------------------------------------------------------------------------

def sample_views(games: int, seed: int = 11, players: int = 4) -> list[AssembleView]:
    """Every solvable decision of `games` seeded games of normal bots, as its player sees it."""
    from .bots import NormalBot
    from .state import AssembleState
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = AssembleState.new(rng.getrandbits(32), players)
        bot = NormalBot(seed=rng.getrandbits(32))
        while not state.is_over():
            player = state.current_player()
            assert player is not None
            view = state.view(player)
            legal = state.legal_actions()
            if len(legal) > 1 and solvable(view):
                out.append(view)
            state.apply_unchecked(bot.decide(view, legal))
    return out


def bench(games: int, seed: int, players: int, limit: int) -> dict[str, float]:
    """Solve times (wall and this process's CPU) and positions searched per solvable decision."""
    views = sample_views(games, seed, players)
    walls, cpus, nodes, unsolved = [], [], [], 0
    empty = sum(view.deck_count == 0 for view in views)
    for view in views:
        wall, cpu = time.perf_counter(), time.process_time()
        solution = solve(view, limit)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
        if solution is None:
            unsolved += 1
        else:
            nodes.append(solution.nodes)
    out: dict[str, float] = {"players": players, "decisions": len(views), "deck_empty": empty,
                             "over_limit": unsolved}
    for name, figures in (("wall", walls), ("cpu", cpus)):
        figures.sort()
        out[f"{name}_mean_ms"] = round(1000 * statistics.fmean(figures), 2)
        out[f"{name}_p95_ms"] = round(1000 * figures[int(0.95 * (len(figures) - 1))], 2)
        out[f"{name}_max_ms"] = round(1000 * figures[-1], 2)
    out["mean_nodes"] = round(statistics.fmean(nodes), 1) if nodes else 0
    out["max_nodes"] = max(nodes, default=0)
    return out


def hard_games(games: int, seed: int, iterations: int) -> dict[str, float]:
    """How often the endgame decides for hard in 4-player games of hard against three normal
    bots (hard in seat 1; its search capped at `iterations` to keep the run short)."""
    from .bots import HardBot, NormalBot
    from .state import AssembleState
    rng = random.Random(seed)
    decisions = solved = empty = 0
    for _ in range(games):
        state = AssembleState.new(rng.getrandbits(32), 4)
        hard = HardBot(seed=rng.getrandbits(32), iterations=iterations)
        hard.seated(["hard", "normal", "normal", "normal"])
        normal = NormalBot(seed=rng.getrandbits(32))
        while not state.is_over():
            player = state.current_player()
            assert player is not None
            view = state.view(player)
            legal = state.legal_actions()
            if player == 0 and len(legal) > 1:
                decisions += 1
                if solve(view) is not None:
                    solved += 1
                    empty += view.deck_count == 0
            state.apply_unchecked((hard if player == 0 else normal).decide(view, legal))
    return {"games": games, "hard_decisions_per_game": round(decisions / games, 2),
            "solved_per_game": round(solved / games, 2),
            "solved_deck_empty_per_game": round(empty / games, 2),
            "solved_round_before_per_game": round((solved - empty) / games, 2)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Solve times of the exact endgame (figures).")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--limit", type=int, default=LIMIT)
    parser.add_argument("--hard-games", type=int, default=0,
                        help="also count the solved decisions of hard in this many games")
    parser.add_argument("--hard-iterations", type=int, default=100)
    args = parser.parse_args(argv)
    for players in args.players:
        print(bench(args.games, args.seed, players, args.limit))
    if args.hard_games:
        print(hard_games(args.hard_games, args.seed, args.hard_iterations))
