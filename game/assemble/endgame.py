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

How it stays fast: a memo over positions; a lane that has taken its last card is replaced in the
memo's key by the key it will end with (its last placement is its own best, whatever the others
do), and, when no other lane of its player is still to act, dropped from the key altogether, so
that the last round with acquisitions collapses to one entry per set of field cards left; the
placement-only last round is scored in closed form. The round before the last (deck = next field)
is searched the same way under a node limit: where the limit is hit the position counts as not
solvable and the bots search as before.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from .search import hist_key, insert_hists, line_hist, line_parts
from .setup import PLACE, TAKE, Action, Rules
from .view import AssembleView

Key = tuple[int, int, int, int]
Line = tuple[int, ...]
# a position: lines, capacities, benches, upright flags, field (sorted), deck left (sorted),
# phase, active lane
Position = tuple[tuple[Line, ...], tuple[int, ...], tuple[int | None, ...], tuple[bool, ...],
                 tuple[int, ...], tuple[int, ...], str, int]

LIMIT = 4_000  # positions searched before giving up: about 0.15 s here (endgame_bench)


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


class _Search:
    def __init__(self, owners: tuple[int, ...], rules: Rules, limit: int) -> None:
        self.owners = owners
        self.n = len(owners)
        self.flaw, self.identity = rules.flaw, rules.identity
        self.limit = limit
        self.nodes = 0
        players = max(owners) + 1
        self.lanes_of = tuple(tuple(l for l in range(self.n) if owners[l] == p)
                              for p in range(players))
        self.shared = tuple(len(self.lanes_of[owners[l]]) > 1 for l in range(self.n))
        self.memo: dict[object, tuple[Key, ...]] = {}
        self.finals: dict[tuple[Line, int, int], Key] = {}

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

    def after(self, pos: Position, move: Action, last: bool) -> tuple[Position, bool]:
        """The position after `move`, and whether the placement-only last round is on there."""
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
            return (lines, caps, bench, upright, field, deck, "take", lane), last
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
            return (lines, caps, bench, upright, field, deck, "place", nxt), False
        # a new round: the highest bench card gains capacity, the lowest acts first
        cards = [c or 0 for c in bench]
        top = cards.index(max(cards))
        caps = caps[:top] + (caps[top] + 1,) + caps[top + 1:]
        return ((lines, caps, bench, (True,) * self.n, deck, (), "place",
                 cards.index(min(cards))), not deck)

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

    def value(self, pos: Position, last: bool) -> tuple[Key, ...]:
        """Every lane's final key from `pos` under the model."""
        if last:
            return self.last_round(pos)
        lines, caps, bench, upright, field, deck, phase, lane = pos
        done: dict[int, Key] = {}
        memo_key: object
        if deck:
            memo_key = pos
        else:  # the last round with acquisitions: a lane that took is settled
            taken = [c for i, c in enumerate(bench) if c is not None and not upright[i]]
            top = max(taken + list(field))
            parts: list[object] = []
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
            best: Key | None = None
            for move in self.moves(pos):
                keys = self.value(*self.after(pos, move, False))
                mine = min(keys[l] for l in lanes)
                if best is None or mine > best:
                    best, hit = mine, keys
            assert hit is not None
            self.memo[memo_key] = hit
        if done:
            hit = tuple(done.get(i, k) for i, k in enumerate(hit))
        return hit


def _position(view: AssembleView) -> Position:
    lanes = view.lanes
    field = tuple(sorted(view.field))
    deck = tuple(sorted(view.unseen)) if view.deck_count else ()
    assert view.active_lane is not None
    return (tuple(lane.line for lane in lanes), tuple(lane.capacity for lane in lanes),
            tuple(lane.bench for lane in lanes), tuple(lane.upright for lane in lanes),
            field, deck, view.phase, view.active_lane)


def solve(view: AssembleView, limit: int = LIMIT) -> Solution | None:
    """The exact solve of the decision in front of `view`'s player, or None when something to
    come is hidden or the search would take longer than `limit` positions."""
    if not solvable(view):
        return None
    owners = tuple(lane.owner for lane in view.lanes)
    search = _Search(owners, view.rules, limit)
    pos = _position(view)
    moves = search.moves(pos)
    outcomes = []
    try:
        for move in moves:
            keys = search.value(*search.after(pos, move, view.last_round))
            outcomes.append(search.player_keys(keys))
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
    views = sample_views(games, seed, players)
    times, nodes, unsolved = [], [], 0
    empty = sum(view.deck_count == 0 for view in views)
    for view in views:
        start = time.perf_counter()
        solution = solve(view, limit)
        times.append(time.perf_counter() - start)
        if solution is None:
            unsolved += 1
        else:
            nodes.append(solution.nodes)
    times.sort()
    return {"players": players, "decisions": len(views), "deck_empty": empty,
            "over_limit": unsolved,
            "mean_ms": round(1000 * statistics.fmean(times), 2),
            "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 2),
            "max_ms": round(1000 * times[-1], 2),
            "mean_nodes": round(statistics.fmean(nodes), 1) if nodes else 0,
            "max_nodes": max(nodes, default=0)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Solve times of the exact endgame (figures).")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--limit", type=int, default=LIMIT)
    args = parser.parse_args(argv)
    for players in args.players:
        print(bench(args.games, args.seed, players, args.limit))
