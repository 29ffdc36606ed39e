"""The Cementopia solver behind the `hard` bot and the hint: a position evaluation and a
lookahead over guessed deck orders. The bots hand it positions built from the view (hand,
network, counters, the set of unseen cards); deck orders come from `CementopiaView.sample_state`
and `redeal`, never from the real deal.

Why these features: with 16 cards, 12 points or more means at most 4 cards of adjacency 1 and
no other class over its limit (so only 12, 13 and 16 occur), which needs a dense network: extra
edges, pockets touching two cards, dead ends that can still be closed, while every counter keeps
spots it can pay for.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from itertools import product
from typing import Callable, Sequence

from .setup import FIT_LEFT, FIT_RIGHT, LIMITS, Setup
from .state import COMPLETE, CementopiaState, Move

CARDS = 16  # placed when complete


def final_score(n: Sequence[int]) -> int:
    """Score of an adjacency distribution n[0..4] (cards per adjacency value)."""
    return sum(n[v] for v in range(1, 5) if n[v] <= LIMITS[v])


_BUMPS: dict[int, list[tuple[int, ...]]] = {1: [(c,) for c in range(4)], 2: [(a, b) for a in range(4) for b in range(a, 4)]}


@lru_cache(maxsize=None)
def potential(n: tuple[int, ...], k: int) -> int:
    """Best final score reachable from distribution n with k more cards, ignoring geometry and
    matching: each new card touches 1 or 2 cards, raising their adjacency by one."""
    if k == 0:
        return final_score(n)
    best = -1
    for a in (1, 2):
        for bumps in _BUMPS[a]:
            m = list(n)
            for c in bumps:
                m[c] -= 1
                m[c + 1] += 1
            if min(m) < 0:
                continue
            m[a] += 1
            best = max(best, potential(tuple(m), k - 1))
            if best >= CARDS:
                return best
    return best


@lru_cache(maxsize=None)
def ceiling(n: tuple[int, ...], k: int) -> int:
    """The best score any play could still reach from adjacency counts n[0..4] with k cards
    to place: adjacency only grows, a card can end at any value from its own up to 4, a new
    card at any value 1..4. Unlike `potential` (a guide that assumes a new card touches at
    most two), this never underestimates, which an exact search needs to prune safely."""
    if k == 0:  # nothing left to place: adjacency is final
        return final_score(n)
    total = sum(n) + k
    # at least `need[t]` cards must end with adjacency t or more (the ones there already)
    need = [sum(n[t:]) for t in range(5)]
    best = 0
    for m in product(range(total + 1), repeat=3):
        m4 = total - sum(m)
        if m4 < 0:
            continue
        final = (0, m[0], m[1], m[2], m4)
        if all(sum(final[t:]) >= need[t] for t in range(2, 5)):
            best = max(best, final_score(final))
            if best == CARDS:
                break
    return best


def counts(state: CementopiaState) -> tuple[int, ...]:
    """Cards per adjacency value 0..4."""
    n = [0] * 5
    for a in state.adj.values():
        n[a] += 1
    return tuple(n)


FEATURES = ("n1 n2 n3 n4 late_n1 late_n2 late_n3 late_n4 extra_edges over opp1 opp2 opp3 opp4 "
            "dead pockets leaf_fixes potential hand_types late_score").split()


def features(state: CementopiaState, unseen: int) -> list[float]:
    """What the evaluation looks at, for a position between placing and drawing.
    `unseen` is the bit mask of cards the player has not seen (deck order unknown)."""
    adj = state.adj
    n = [0] * 5
    for a in adj.values():
        n[a] += 1
    hand = 0
    for c in state.hand:
        hand |= 1 << c
    counters = state.counters
    k = sum(counters)
    drawn = min(1.0, k / max(1, unseen.bit_count()))  # chance an unseen card arrives in time
    opp = [0.0] * 5
    hand_types = 0
    pocket_value = 0.0
    fixers = set()
    for kl, vl, kr, vr, near in state.front.values():
        fit = FIT_LEFT[kl * 32 + vl] & FIT_RIGHT[kr * 32 + vr]
        if not fit:
            continue
        in_hand = (fit & hand).bit_count()
        value = in_hand + (fit & unseen).bit_count() * drawn
        if not value:
            continue
        types = 0
        for _, c in near:
            if c <= 4 and counters[c - 1] and not types & (1 << c):
                types |= 1 << c
                opp[c] += value
        if not types:
            continue
        if in_hand:
            hand_types |= types
        if len(near) >= 2:
            pocket_value += value
            for other, _ in near:
                if adj[other] == 1:
                    fixers.add(other)
    late = len(state.placed) / CARDS
    dead = sum(1 for t in range(1, 5) if counters[t - 1] and opp[t] == 0)
    extra = sum(adj.values()) / 2 - (len(state.placed) - 1)
    over = max(0, n[4] - 4) + max(0, n[4] + n[3] - 10) + max(0, n[4] + n[3] + n[2] - 14)
    return [n[1], n[2], n[3], n[4], late * n[1], late * n[2], late * n[3], late * n[4], extra,
            over, *[math.log1p(opp[t]) if counters[t - 1] else 0.0 for t in range(1, 5)],
            dead, math.log1p(pocket_value), len(fixers), potential(tuple(n), k),
            hand_types.bit_count(), final_score(n) * late ** 4]


WEIGHTS: tuple[float, ...] = (  # tuned by self-play (a (1+1) evolution strategy on the greedy bot)
    -0.278, -0.262, 0.061, 0.579,  # n1 n2 n3 n4
    -0.685, -0.241, -0.261, 0.025,  # late_n1 late_n2 late_n3 late_n4
    1.777, 0.305, 0.29, 0.594,  # extra_edges over opp1 opp2
    0.428, 0.343, -6.306, 0.562,  # opp3 opp4 dead pockets
    0.005, 0.741, 0.28, 0.321,  # leaf_fixes potential hand_types late_score
)


def evaluate(state: CementopiaState, unseen: int, weights: Sequence[float] = WEIGHTS) -> float:
    """Higher is better. Finished positions: the score itself, far above any unfinished one for a
    complete puzzle, far below for a stuck one."""
    if state.outcome is not None:
        return (1000 if state.outcome == COMPLETE else -100) + state.score()
    return sum(w * f for w, f in zip(weights, features(state, unseen)))


def unseen_mask(state: CementopiaState) -> int:
    mask = 0
    for c in state.setup.deck[state.deck_pos:]:
        mask |= 1 << c
    return mask


def distinct_moves(state: CementopiaState) -> list[Move]:
    """One move per (card, x, y, count): which neighbour of equal count is named never matters."""
    seen: set[tuple[int, int, int, int]] = set()
    out: list[Move] = []
    for move in state.moves():
        key = (move[0], move[1], move[2], move[4])
        if key not in seen:
            seen.add(key)
            out.append(move)
    return out


def children(state: CementopiaState, unseen: int,
             weights: Sequence[float] = WEIGHTS) -> list[tuple[float, Move, CementopiaState]]:
    """(value, move, position after placing, before drawing), best first."""
    out = []
    for move in distinct_moves(state):
        child = state.clone()
        child.place(move[0], move[1], move[2], move[4])
        out.append((evaluate(child, unseen, weights), move, child))
    out.sort(key=lambda item: -item[0])
    return out


def redeal(state: CementopiaState, order: tuple[int, ...]) -> CementopiaState:
    """A copy whose undrawn cards come in `order` (a permutation of them)."""
    other = state.clone()
    other.setup = Setup(state.setup.deck[:state.deck_pos] + order)
    return other


def greedy_value(state: CementopiaState, steps: int, weights: Sequence[float] = WEIGHTS) -> float:
    """Play `steps` greedy placements from a position after drawing; the value of the last
    position reached (between placing and drawing), or of the finished puzzle."""
    while True:
        if state.outcome is not None:
            return evaluate(state, 0, weights)
        unseen = unseen_mask(state)
        kids = children(state, unseen, weights)
        value, _, child = kids[0]
        steps -= 1
        if steps <= 0 or child.outcome is not None:
            return value
        child.draw()
        state = child


def lookahead(state: CementopiaState, rng: random.Random, width: int = 6, samples: int = 8,
              depth: int = 1, weights: Sequence[float] = WEIGHTS,
              deadline: Callable[[], bool] | None = None,
              endgame: int = 0) -> list[tuple[float, Move]]:
    """Rank the moves of a position after drawing: the `width` best by evaluation are each
    tried on `samples` guessed deck orders (the same orders for every move), drawing and then
    playing `depth` greedy placements. Once `endgame` counter uses or fewer are left after the
    move, every move is tried instead, each guessed order played out exactly to the end
    (exact_value): there the evaluation's guesses about the last counts cost points, and the
    search is cheap. Returns [(mean value, move)], best first."""
    unseen = unseen_mask(state)
    kids = children(state, unseen, weights)
    if not kids:
        return []
    if kids[0][2].outcome is not None or len(kids) == 1 or samples < 1:
        return [(value, move) for value, move, _ in kids]
    exact = sum(state.counters) - 1 <= endgame
    top = kids if exact else kids[:width]
    totals = [0.0] * len(top)
    rest = sorted(state.setup.deck[state.deck_pos:])
    done = 0
    for _ in range(samples):
        shuffled = rest[:]
        rng.shuffle(shuffled)
        order = tuple(shuffled)
        for i, (_, _, child) in enumerate(top):
            sim = redeal(child, order)
            if sim.outcome is None:
                sim.draw()
            totals[i] += exact_value(sim) if exact else greedy_value(sim, depth, weights)
        done += 1
        if deadline is not None and deadline():
            break
    ranked = sorted(((totals[i] / done, top[i][1]) for i in range(len(top))),
                    key=lambda item: -item[0])
    return ranked


def exact_value(state: CementopiaState, best: float = -math.inf) -> float:
    """The best finished value (as `evaluate` gives it) reachable from a position after
    drawing, with the deck order taken as known: every distinct placement is tried to the end.
    Only cheap near the end, where the lookahead uses it on each guessed order instead of the
    evaluation's guess about which counts the last cards can pay."""
    if state.outcome is not None:
        return evaluate(state, 0)
    if 1000 + ceiling(counts(state), sum(state.counters)) <= best:
        return best  # cannot beat what a sibling already reached: its exact value is not needed
    result = -math.inf
    for move in distinct_moves(state):
        child = state.clone()
        child.place(move[0], move[1], move[2], move[4])
        if child.outcome is None:
            child.draw()
        result = max(result, exact_value(child, max(best, result)))
        if result >= 1000 + CARDS:  # a perfect finish: nothing beats it
            break
    return result
