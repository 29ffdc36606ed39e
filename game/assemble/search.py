"""Search for the `hard` and `expert` bots: flat Monte Carlo over determinizations, with playouts
of the cheap `normal` policy.

The playouts need to score "this line with that card inserted at each position" thousands of
times per decision, so this module keeps its own fast lane evaluator: the scoring automaton of
scoring.py with integer state ids, run once left to right (prefixes) and once right to left
(suffixes, the automaton is symmetric), and a memoized join of (prefix state, card, suffix state).
Module sizes travel as a histogram packed in one int (6 bits per size), so adding the modules of
two parts is one integer addition. On top, `best_place` remembers the best insertion per (line,
card, capacity): the playouts of one decision meet the same lines again and again.
"""

from __future__ import annotations

import random
import time

from .scoring import POPCOUNT, _step
from .setup import PLACE, TAKE

# --- fast lane evaluator -------------------------------------------------------------------

_STATES: list[tuple] = [()]
_IDS: dict[tuple, int] = {(): 0}
_STEP: dict[int, tuple[int, int]] = {}  # sid * 32 + card -> (next sid, histogram of closed)
_JOIN: dict[int, int] = {}  # (lsid * 32 + card) << 20 | rsid -> histogram of the whole join
_OPEN: dict[int, int] = {}  # sid -> histogram of its open groups (closing the line)
_VALUE: dict[int, int] = {}  # see value()


def _hist(sizes) -> int:
    h = 0
    for s in sizes:
        h += 1 << (6 * s)
    return h


def _sid(state: tuple) -> int:
    sid = _IDS.get(state)
    if sid is None:
        sid = _IDS[state] = len(_STATES)
        _STATES.append(state)
    return sid


def step(sid: int, card: int) -> tuple[int, int]:
    key = sid * 32 + card
    hit = _STEP.get(key)
    if hit is None:
        new, closed = _step(_STATES[sid], card)
        hit = _STEP[key] = (_sid(new), _hist(closed))
    return hit


def _open(sid: int) -> int:
    h = _OPEN.get(sid)
    if h is None:
        h = _OPEN[sid] = _hist(POPCOUNT[rows] for _, rows in _STATES[sid])
    return h


def _join(lsid: int, card: int, rsid: int) -> int:
    """Histogram of every module touching the inserted card's column or closed by it."""
    mid, closed = _step(_STATES[lsid], card)
    right = _STATES[rsid]
    rows = [r for _, r in mid] + [r for _, r in right]
    parent = list(range(len(rows)))

    def root(i):
        while parent[i] != i:
            i = parent[i]
        return i

    for i, (part, _) in enumerate(mid):
        for j, (other, _) in enumerate(right):
            if part & other:
                parent[root(len(mid) + j)] = root(i)
    merged: dict[int, int] = {}
    for i, r in enumerate(rows):
        k = root(i)
        merged[k] = merged.get(k, 0) | r
    return _hist(closed) + _hist(POPCOUNT[r] for r in merged.values())


def prefixes(line) -> tuple[list[int], list[int]]:
    """Automaton state ids and closed-module histograms of line[:p] for every p."""
    sids, hists = [0], [0]
    sid = h = 0
    get = _STEP.get
    for card in line:
        hit = get(sid * 32 + card) or step(sid, card)
        sid = hit[0]
        h += hit[1]
        sids.append(sid)
        hists.append(h)
    return sids, hists


def suffixes(line) -> tuple[list[int], list[int]]:
    """The same for line[p:], read right to left (the automaton does not care)."""
    n = len(line)
    sids, hists = [0] * (n + 1), [0] * (n + 1)
    sid = h = 0
    get = _STEP.get
    for p in range(n - 1, -1, -1):
        hit = get(sid * 32 + line[p]) or step(sid, line[p])
        sid = hit[0]
        h += hit[1]
        sids[p] = sid
        hists[p] = h
    return sids, hists


def line_hist(line) -> int:
    sid = h = 0
    for card in line:
        sid, closed = step(sid, card)
        h += closed
    return h + _open(sid)


def insert_hists(pre, suf, card: int) -> list[int]:
    """The module histogram of the line with `card` inserted at each position 0..len(line)."""
    lsids, lhists = pre
    rsids, rhists = suf
    join = _JOIN
    out = []
    for p in range(len(lsids)):
        key = (lsids[p] * 32 + card) << 20 | rsids[p]
        j = join.get(key)
        if j is None:
            j = join[key] = _join(lsids[p], card, rsids[p])
        out.append(lhists[p] + rhists[p] + j)
    return out


def counts(h: int) -> list[int]:
    """Number of modules of each size 0..5 (index 0 unused)."""
    return [0] + [(h >> (6 * s)) & 63 for s in range(1, 6)]


def total_points(h: int) -> int:
    return sum(((h >> (6 * s)) & 63) * s * s for s in range(1, 6))


def score(h: int, capacity: int, flaw: bool = False) -> int:
    left, points = capacity, 0
    for s in (5, 4, 3, 2, 1):
        n = (h >> (6 * s)) & 63
        if not n:
            continue
        took = n if n < left else left
        points += took * s * s
        if flaw:
            points -= (n - took) * s * s
        left -= took
    return points


def value(h: int, capacity: int, flaw: bool) -> int:
    """Greedy's order: score now, then the points of every module (one comparable int)."""
    key = (h << 6 | capacity) << 1 | flaw
    v = _VALUE.get(key)
    if v is None:
        total = sum(((h >> (6 * s)) & 63) * s * s for s in range(1, 6))
        v = _VALUE[key] = score(h, max(capacity, 0), flaw) * 1024 + total
    return v


def clear_caches(limit: int = 2_000_000) -> None:
    """Memory guard for long runs: the join and value tables grow with what playouts meet."""
    if len(_JOIN) > limit:
        _JOIN.clear()
    if len(_VALUE) > limit:
        _VALUE.clear()
    if len(_BEST) > limit // 8:  # its keys hold whole lines: ~250 bytes an entry
        _BEST.clear()
        _PARTS.clear()


# --- playouts ------------------------------------------------------------------------------

def place_values(line, card: int, capacity: int, rules) -> list[int | None]:
    """Greedy value of each insertion position (None where The Identity forbids it)."""
    hs = insert_hists(prefixes(line), suffixes(line), card)
    flaw = rules.flaw
    out: list[int | None] = [value(h, capacity, flaw) for h in hs]
    if rules.identity and line:
        out[-1] = None if capacity == 1 else value(hs[-1], capacity - 1, flaw)
    return out


def greedy_position(line, card: int, capacity: int, rules) -> int:
    vals = place_values(line, card, capacity, rules)
    best = max(v for v in vals if v is not None)
    return vals.index(best)


# The `normal` policy without its costly parts, in hundredths of a point (ints for the tables).
EXTRA, TOTAL, ORDER, FIRST = 30, 5, 500, 200
_WORTH: dict[int, int] = {}
_NO_WORTH = -(1 << 60)  # below any worth, even of a line that The Flaw costs dearly


def worth(h: int, capacity: int, flaw: bool) -> int:
    """A line's worth: its score, part of what one more capacity would add, all its modules."""
    key = (h << 6 | capacity) << 1 | flaw
    v = _WORTH.get(key)
    if v is None:
        now = score(h, capacity, flaw)
        v = _WORTH[key] = (now * 100 + EXTRA * (score(h, capacity + 1, flaw) - now)
                           + TOTAL * total_points(h))
    return v


def best_insert(pre, suf, line, card: int, capacity: int, rules) -> tuple[int, int]:
    """(worth, position) of the best place for `card` in `line` (pre/suf: its prefixes and
    suffixes). The hot loop of every playout: insert_hists and worth inlined."""
    if rules.identity and line:
        return _best_insert_identity(insert_hists(pre, suf, card), line, capacity, rules.flaw)
    lsids, lhists = pre
    rsids, rhists = suf
    join, get = _JOIN, _WORTH.get
    tail = capacity << 1 | rules.flaw
    best, where = _NO_WORTH, 0  # below every worth: position 0 always sets it
    for p in range(len(lsids)):
        key = (lsids[p] * 32 + card) << 20 | rsids[p]
        j = join.get(key)
        if j is None:
            j = join[key] = _join(lsids[p], card, rsids[p])
        h = lhists[p] + rhists[p] + j
        v = get(h << 7 | tail)
        if v is None:
            v = worth(h, capacity, rules.flaw)
        if v > best:
            best, where = v, p
    return best, where


def _best_insert_identity(hs, line, capacity: int, flaw: bool) -> tuple[int, int]:
    """The Identity: the rightmost place costs one capacity, and is illegal at capacity 1."""
    vals: list[int | None] = [worth(h, capacity, flaw) for h in hs[:-1]]
    vals.append(worth(hs[-1], capacity - 1, flaw) if capacity > 1 else None)
    best = max(v for v in vals if v is not None)
    return best, vals.index(best)


_BEST: dict[tuple, tuple[int, int]] = {}  # see best_place
_PARTS: dict[tuple, tuple] = {}  # line -> (prefixes, suffixes), for best_place's misses


def best_place(key: tuple, line, card: int, capacity: int, rules) -> tuple[int, int]:
    """best_insert for the line whose tuple is `key`, remembered: the playouts of one decision
    keep meeting the same lines (the position's own, then a card more), so most calls are one
    dict lookup instead of a pass over every insertion position."""
    k = (key, card, capacity << 2 | rules.flaw << 1 | rules.identity)
    hit = _BEST.get(k)
    if hit is None:
        parts = _PARTS.get(key)
        if parts is None:
            parts = _PARTS[key] = (prefixes(line), suffixes(line))
        hit = _BEST[k] = best_insert(parts[0], parts[1], line, card, capacity, rules)
    return hit


def smart_card(state, lane: int, key: tuple | None = None) -> int:
    """Best worth after placing the card next round, plus next round's turn order (a low card
    picks first) and capacity (the round's highest card); order does not matter before the
    placement-only last round."""
    field, bench, upright = state.field, state.bench, state.upright
    if state.phase == "draft":
        cards = [c for c in bench if c is not None] + field
    else:
        cards = [bench[i] for i in range(state.n_lanes) if not upright[i]] + field
    line = state.lines[lane]
    if key is None:
        key = tuple(line)
    order = state.deck_pos < len(state.setup.deck)
    capacity, rules = state.capacity[lane], state.rules
    top = max(cards)
    span = max(1, len(cards) - 1)
    best, choice = None, field[0]
    for card in field:
        v = best_place(key, line, card, capacity + (card == top), rules)[0]
        if order:
            rank = 0
            for c in cards:
                rank += c < card
            v += ORDER * (span - rank) // span + (FIRST if rank == 0 else 0)
        if best is None or v > best:
            best, choice = v, card
    return choice


def smart_playout(state, noise=None) -> None:
    """Every lane plays the cheap `normal` policy to the end of the game. With `noise` = (random,
    share), that share of the moves is random instead (see FlatMonteCarlo)."""
    lines, capacity, bench, rules = state.lines, state.capacity, state.bench, state.rules
    keys: list[tuple | None] = [None] * state.n_lanes  # each line's tuple, while it is unchanged
    rnd, eps = noise if noise is not None else (random.random, 0.0)
    while state.phase != "over":
        lane = state.active
        line = lines[lane]
        key = keys[lane]
        if key is None or len(key) != len(line):  # lines only grow
            key = keys[lane] = tuple(line)
        if state.phase == "place":
            if eps and rnd() < eps:
                pos = int(rnd() * (len(line) + 1))
                if rules.identity and line and pos == len(line) and capacity[lane] == 1:
                    pos = 0  # The Identity forbids the right end at capacity 1
            else:
                pos = best_place(key, line, bench[lane], capacity[lane], rules)[1]
            state.apply_unchecked(PLACE[lane][pos])
        else:
            field = state.field
            if len(field) == 1:
                card = field[0]
            elif eps and rnd() < eps:
                card = field[int(rnd() * len(field))]
            else:
                card = smart_card(state, lane, key)
            state.apply_unchecked(TAKE[lane][card])


def reward(state, player: int, margin: float = 0.0) -> tuple[float, float]:
    """(win share, reward): the reward adds `margin` times the score lead over the best other
    player (per 25 points, clipped to 1): a little of it lowers the variance of the estimate."""
    keys = state.player_keys()
    best = max(keys)
    share = 1.0 / keys.count(best) if keys[player] == best else 0.0
    if not margin:
        return share, share
    other = max(k[0] for p, k in enumerate(keys) if p != player)
    lead = (keys[player][0] - other) / 25
    return share, share + margin * (-1.0 if lead < -1 else 1.0 if lead > 1 else lead)


class FlatMonteCarlo:
    """Flat Monte Carlo with sequential halving: every candidate gets the same determinizations
    (common random numbers), and after each phase the worse half is dropped.

    `noise` is the share of random moves in the playouts. Where every playout starts from the
    same deck (the oracle), a candidate would otherwise be judged by one fixed line of play, and
    a move that wins only if everyone plays exactly as predicted would look as good as a robust
    one: a few random moves lift the oracle a lot. Hard guesses a new deck for every playout,
    which already varies the lines; the ladder found random moves cost it strength."""

    def __init__(self, rng, playout=smart_playout, margin: float = 0.0, halving: bool = True,
                 noise: float = 0.0):
        self.rng = rng
        self.playout = playout
        self.margin = margin
        self.halving = halving
        self.noise = noise
        self.playouts = 0

    def run(self, view, candidates, iterations=None, think=1.0, budget=None):
        """Per candidate action: (wins, total reward, playouts). Stops after about `iterations`
        playouts if given (reproducible, no clock), else after `budget` playouts or `think`
        seconds, whichever comes first: the estimates settle long before a second is up in
        most positions, and a player waits less."""
        rng, player, margin, playout = self.rng, view.player, self.margin, self.playout
        noise = (rng.random, self.noise) if self.noise else None
        k = len(candidates)
        wins, totals, counts = [0.0] * k, [0.0] * k, [0] * k
        alive = list(range(k))
        phases = max(1, (k - 1).bit_length()) if self.halving else 1
        start = time.perf_counter()
        self.playouts = 0
        clear_caches()
        total = iterations if iterations is not None else budget
        for phase in range(phases):
            rounds = max(1, total // (phases * len(alive))) if total is not None else 10**9
            deadline = None if iterations is not None else start + think * (phase + 1) / phases
            for _ in range(rounds):
                world = view.sample_state(rng)
                for i in alive:
                    state = world.clone()
                    state.apply_unchecked(candidates[i])
                    playout(state, noise)
                    share, value = reward(state, player, margin)
                    wins[i] += share
                    totals[i] += value
                    counts[i] += 1
                self.playouts += len(alive)
                if deadline is not None and time.perf_counter() > deadline:
                    break
            if phase < phases - 1:
                alive.sort(key=lambda i: -totals[i] / max(1, counts[i]))
                alive = alive[:max(1, (len(alive) + 1) // 2)]
        return wins, totals, counts
