"""Search for the `hard` and `expert` bots: a Monte Carlo tree over one's own moves, every
iteration in a fresh guess of the hidden cards, with playouts of the cheap `normal` policy.

The playouts need to score "this line with that card inserted at each position" thousands of
times per decision, so this module keeps its own fast lane evaluator: the scoring automaton of
scoring.py with integer state ids, run once left to right (prefixes) and once right to left
(suffixes, the automaton is symmetric), and a memoized join of (prefix state, card, suffix
state), one row of 32 cards per pair of states, which a line's parts point to. Module sizes travel
as a histogram packed in one int (6 bits per size), so adding the modules of two parts is one
integer addition. On top, `best_place` remembers the best insertion per (line, card, capacity):
the playouts of one decision meet the same lines again and again.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .scoring import POPCOUNT, Groups, _step
from .setup import PLACE, TAKE, Action, Rules
from .state import DRAFT, OVER, PLACE_PHASE, TAKE_PHASE, AssembleState

if TYPE_CHECKING:
    from .view import AssembleView

Rnd = Callable[[], float]  # a draw in [0, 1): random.random or a Random's bound method
Noise = tuple[Rnd, float]  # (draw, share of random moves)
Key = tuple[int, int, int, int]  # scoring.lane_key: score, then the tiebreakers
# per insertion position of a line: its join row (see _row), the histogram closed either side
Parts = tuple[list[list[int]], list[int]]

# --- fast lane evaluator -------------------------------------------------------------------

_STATES: list[Groups] = [()]
_IDS: dict[Groups, int] = {(): 0}
_STEP: dict[int, tuple[int, int]] = {}  # sid * 32 + card -> (next sid, histogram of closed)
_OPEN: dict[int, int] = {}  # sid -> histogram of its open groups (closing the line)
_VALUE: dict[int, int] = {}  # see value()


def _hist(sizes: Iterable[int]) -> int:
    h = 0
    for s in sizes:
        h += 1 << (6 * s)
    return h


def _sid(state: Groups) -> int:
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


_MERGED: dict[int, int] = {}  # see _join


def _join(lsid: int, card: int, rsid: int) -> int:
    """Histogram of every module touching the inserted card's column or closed by it. The
    merge depends only on the states either side of the join, which many (prefix, card) pairs
    share (about five joins a merge in a search), so it is remembered by those two."""
    msid, closed = step(lsid, card)
    key = msid << 25 | rsid
    h = _MERGED.get(key)
    if h is None:
        h = _MERGED[key] = _merge(msid, rsid)
    return closed + h


def _merge(msid: int, rsid: int) -> int:
    """Histogram of the modules formed by the open groups of two states meeting."""
    mid, right = _STATES[msid], _STATES[rsid]
    rows = [r for _, r in mid] + [r for _, r in right]
    parent = list(range(len(rows)))

    def root(i: int) -> int:
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
    return _hist(POPCOUNT[r] for r in merged.values())


def prefixes(line: Iterable[int]) -> tuple[list[int], list[int]]:
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


def suffixes(line: Sequence[int]) -> tuple[list[int], list[int]]:
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


def line_hist(line: Iterable[int]) -> int:
    sid = h = 0
    for card in line:
        sid, closed = step(sid, card)
        h += closed
    return h + _open(sid)


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


def clear_caches(rows: int = 50_000, limit: int = 200_000) -> None:
    """The start of every decision. The line memos go each time: they hold the lines one
    decision's playouts met, which the next decision rarely meets again (kept for the whole
    game they grew the bot process to about 350 MB for no more iterations a second). The join
    rows and the value tables depend only on the scoring automaton, so they stay, within bounds
    (a full row table is about 40 MB)."""
    forget_lines()
    if len(_ROWS) > rows:
        _ROWS.clear()
    if len(_VALUE) > limit:
        _VALUE.clear()
    if len(_MERGED) > limit:
        _MERGED.clear()
    if len(_KEYS) > limit:
        _KEYS.clear()
    if sum(len(table) for table in _WORTHS.values()) > limit:
        _WORTHS.clear()


def forget_lines() -> None:
    """Clear every memo keyed by line ids, with the ids themselves (they must go together)."""
    for memo in (_BEST, _GREEDY, _HARD, _OWN, _PARTS, _LINE_IDS):
        memo.clear()


# --- playouts ------------------------------------------------------------------------------

def place_values(line: Sequence[int], card: int, capacity: int, rules: Rules) -> list[int | None]:
    """Greedy value of each insertion position (None where The Identity forbids it)."""
    hs = insert_hists(line_parts(line), card)
    flaw = rules.flaw
    out: list[int | None] = [value(h, capacity, flaw) for h in hs]
    if rules.identity and line:
        out[-1] = None if capacity == 1 else value(hs[-1], capacity - 1, flaw)
    return out


def greedy_position(line: Sequence[int], card: int, capacity: int, rules: Rules) -> int:
    vals = place_values(line, card, capacity, rules)
    best = max(v for v in vals if v is not None)
    return vals.index(best)


# The `normal` policy without its costly parts, in hundredths of a point (ints for the tables).
EXTRA, TOTAL, ORDER, FIRST = 30, 5, 500, 200
_WORTHS: dict[int, dict[int, int]] = {}  # capacity << 1 | flaw -> {histogram: worth}


def _worths(capacity: int, flaw: bool) -> dict[int, int]:
    """The worth memo of one capacity and rule: the playouts' lookups are a single dict get."""
    table = _WORTHS.get(capacity << 1 | flaw)
    if table is None:
        table = _WORTHS[capacity << 1 | flaw] = {}
    return table


def worth(h: int, capacity: int, flaw: bool) -> int:
    """A line's worth: its score, part of what one more capacity would add, all its modules."""
    table = _worths(capacity, flaw)
    v = table.get(h)
    if v is None:
        now = score(h, capacity, flaw)
        v = table[h] = (now * 100 + EXTRA * (score(h, capacity + 1, flaw) - now)
                        + TOTAL * total_points(h))
    return v


def line_parts(line: Sequence[int]) -> Parts:
    """Per insertion position p: the join row of p (see _row) and the histogram of the modules
    closed left and right of p. What every insertion into this line shares, whatever the card."""
    (lsids, lhists), (rsids, rhists) = prefixes(line), suffixes(line)
    get = _ROWS.get
    return ([get(a << 25 | b) or _row(a << 25 | b) for a, b in zip(lsids, rsids)],
            [a + b for a, b in zip(lhists, rhists)])


_RSID = (1 << 20) - 1
# A join row per (prefix state, suffix state) met: the histogram of each card's join (0 until
# computed), then the row's key (prefix state id << 25 | suffix state id). A line's parts hold
# its rows, so an insertion's join is a list index, not a lookup in a table of every join.
_ROWS: dict[int, list[int]] = {}


def _row(kb: int) -> list[int]:
    row = _ROWS[kb] = [0] * 32 + [kb]
    return row


def _join_fill(row: list[int], card: int) -> int:
    """_join for one card of a join row, remembered in the row."""
    kb = row[32]
    row[card] = j = _join(kb >> 25, card, kb & _RSID)
    return j


def insert_hists(parts: Parts, card: int) -> list[int]:
    """The module histogram of the line with `card` inserted at each position 0..len(line)
    (parts: the line's line_parts; `or`: a join not computed yet, or of 0, is computed)."""
    rows, hbase = parts
    return [hb + (row[card] or _join_fill(row, card)) for row, hb in zip(rows, hbase)]


def best_insert(parts: Parts, line: Sequence[int], card: int, capacity: int,
                rules: Rules) -> tuple[int, int]:
    """(worth, position) of the best place for `card` in `line` (parts: its line_parts); the
    first of equals. The hot loop of every playout."""
    if rules.identity and line:
        allowed = _identity_worths(insert_hists(parts, card), capacity, rules.flaw)
        top = max(v for v in allowed if v is not None)
        return top, allowed.index(top)
    vals = _insert_worths(parts, card, capacity, rules.flaw)
    best = max(vals)
    return best, vals.index(best)


def _insert_worths(parts: Parts, card: int, capacity: int, flaw: bool) -> list[int]:
    """The worth of each insertion position (no Identity): insert_hists and worth inlined."""
    rows, hbase = parts
    get = _worths(capacity, flaw).get
    got = [get(hb + (row[card] or _join_fill(row, card))) for row, hb in zip(rows, hbase)]
    return ([worth(h, capacity, flaw) for h in insert_hists(parts, card)]
            if None in got else got)  # type: ignore[return-value]  # None: not met yet


def _identity_worths(hs: Sequence[int], capacity: int, flaw: bool) -> list[int | None]:
    """The Identity: the rightmost place costs one capacity, and is illegal at capacity 1."""
    vals: list[int | None] = [worth(h, capacity, flaw) for h in hs[:-1]]
    vals.append(worth(hs[-1], capacity - 1, flaw) if capacity > 1 else None)
    return vals


_LINE_IDS: dict[tuple[int, ...], int] = {}  # a line's tuple -> a small int, the memos' key
_BEST: dict[int, tuple[int, int]] = {}  # see best_place
_PARTS: dict[int, Parts] = {}  # line id -> line_parts, for best_place's misses


def line_id(line: Iterable[int]) -> int:
    """A small int per line met: the memos below hash it instead of the whole line."""
    key = tuple(line)
    lid = _LINE_IDS.get(key)
    if lid is None:
        lid = _LINE_IDS[key] = len(_LINE_IDS)
    return lid


def _memo_key(lid: int, card: int, capacity: int, rules: Rules) -> int:
    return ((lid << 5 | card) << 6 | capacity) << 2 | rules.flaw << 1 | rules.identity


def best_place(lid: int, line: Sequence[int], card: int, capacity: int,
               rules: Rules) -> tuple[int, int]:
    """best_insert for the line whose line_id is `lid`, remembered: the playouts of one
    decision keep meeting the same lines (the position's own, then a card more), so most calls
    are one dict lookup instead of a pass over every insertion position."""
    k = _memo_key(lid, card, capacity, rules)
    hit = _BEST.get(k)
    if hit is None:
        hit = _BEST[k] = best_insert(_parts(lid, line), line, card, capacity, rules)
    return hit


def _parts(lid: int, line: Sequence[int]) -> Parts:
    """line_parts of the line whose line_id is `lid`, remembered."""
    parts = _PARTS.get(lid)
    if parts is None:
        parts = _PARTS[lid] = line_parts(line)
    return parts


def card_values(state: AssembleState, lane: int, lid: int | None = None) -> list[tuple[int, int]]:
    """(value, card) for each field card, in field order: the best worth after placing the card
    next round, plus next round's turn order (a low card picks first) and capacity (the round's
    highest card); order does not matter before the placement-only last round."""
    field, bench, upright = state.field, state.bench, state.upright
    if state.phase == "draft":
        cards = [c for c in bench if c is not None] + field
    else:
        # a lane that took this round holds the card on its bench
        cards = ([bench[i] for i in range(state.n_lanes)  # type: ignore[assignment]
                  if not upright[i]] + field)
    line = state.lines[lane]
    if lid is None:
        lid = line_id(line)
    order = state.deck_pos < len(state.setup.deck)
    capacity, rules = state.capacity[lane], state.rules
    top = max(cards)
    span = max(1, len(cards) - 1)
    out = []
    for card in field:
        v = best_place(lid, line, card, capacity + (card == top), rules)[0]
        if order:
            rank = 0
            for c in cards:
                rank += c < card
            v += ORDER * (span - rank) // span + (FIRST if rank == 0 else 0)
        out.append((v, card))
    return out


def smart_card(state: AssembleState, lane: int, lid: int | None = None) -> int:
    """The cheap policy's take: the field card of most value (card_values), the first of ties."""
    best, choice = None, state.field[0]
    for v, card in card_values(state, lane, lid):
        if best is None or v > best:
            best, choice = v, card
    return choice


# How the search expects a lane to play. Who sits where is public (the setup screen shows each
# seat's level), so the search plays an easy seat as greedy easy plays, a random seat at random,
# and a hard or expert seat as the policy's first, second or third move (HARD, below); anyone
# else (people, normal, programs) as the cheap `normal` policy, until their moves say otherwise
# (opponents.py reads each seat's policy from its play).
NORMAL, GREEDY, RANDOM, HARD = 0, 1, 2, 3
# Greedy players that break ties between takes that score alike now their own way, where easy
# looks at all its modules, then at the gears: the lower card (it acts earlier next round), the
# higher, the card with more gears, or at random.
LOW, HIGH, GEARS, ANY = 4, 5, 6, 7
GREEDY_TIES = (GREEDY, LOW, HIGH, GEARS, ANY)
MODELS = {"easy": GREEDY, "random": RANDOM, "hard": HARD, "expert": HARD}

# How often hard's own move was the cheap policy's first, second and third choice, measured
# over 64 games of four hard bots at 0.8 s (docs/bot-strength.md): the policy alone matched
# hard only 61% of the time, against 95-96% for normal.
HARD_PLACE = (0.60, 0.25, 0.15)
HARD_TAKE = (0.68, 0.23, 0.09)

_GREEDY: dict[int, tuple[int, int]] = {}  # see greedy_place


def greedy_place(lid: int, line: Sequence[int], card: int, capacity: int,
                 rules: Rules) -> tuple[int, int]:
    """`easy`'s placement, remembered like best_place: (value, position) of the first place that
    scores most now, then has the most points in all modules (easy draws among ties)."""
    k = _memo_key(lid, card, capacity, rules)
    hit = _GREEDY.get(k)
    if hit is None:
        vals = place_values(line, card, capacity, rules)
        best = max(v for v in vals if v is not None)
        hit = _GREEDY[k] = (best, vals.index(best))
    return hit


_HARD: dict[int, list[int]] = {}  # see hard_places


def hard_places(lid: int, line: Sequence[int], card: int, capacity: int, rules: Rules) -> list[int]:
    """The HARD model's placements, remembered like best_place: the policy's best three by
    worth, best first (top_placements, from the line's remembered parts)."""
    k = _memo_key(lid, card, capacity, rules)
    hit = _HARD.get(k)
    if hit is None:
        hit = _HARD[k] = _ranked_places(_parts(lid, line), line, card, capacity, rules,
                                        len(HARD_PLACE))
    return hit


def greedy_card(state: AssembleState, lane: int, lid: int) -> int:
    """`easy`'s take: the card whose best place scores most at today's capacity, then the one
    with more gears."""
    line, capacity, rules = state.lines[lane], state.capacity[lane], state.rules
    best, choice = None, state.field[0]
    for card in state.field:
        v = greedy_place(lid, line, card, capacity, rules)[0] * 8 + POPCOUNT[card]
        if best is None or v > best:
            best, choice = v, card
    return choice


def tied_cards(state: AssembleState, lane: int, lid: int, model: int) -> list[int]:
    """The takes a greedy player of tie rule `model` (LOW, HIGH, GEARS, ANY) may make: the field
    cards whose best place scores most now, narrowed by the rule (ANY keeps them all)."""
    line, capacity, rules = state.lines[lane], state.capacity[lane], state.rules
    best, out = None, []
    for card in state.field:
        v = greedy_place(lid, line, card, capacity, rules)[0] // 1024  # the score now
        if model == LOW:
            k = v * 64 - card
        elif model == HIGH:
            k = v * 64 + card
        elif model == GEARS:
            k = v * 8 + POPCOUNT[card]
        else:
            k = v
        if best is None or k > best:
            best, out = k, [card]
        elif k == best:
            out.append(card)
    return out


def model_action(state: AssembleState, model: int, rnd: Rnd, lid: int | None = None) -> Action:
    """The move the search expects from the active lane, played as `model` (`lid`: the line_id of
    the lane's line, if the caller has it)."""
    lane = state.active
    if model == NORMAL:
        return policy_action(state)
    line = state.lines[lane]
    if lid is None:
        lid = line_id(line)
    if state.phase == "place":
        card = state.bench[lane]
        assert card is not None  # a placement places the bench card
        if model == GREEDY or model >= LOW:  # every greedy places as easy does
            pos = greedy_place(lid, line, card, state.capacity[lane], state.rules)[1]
        elif model == HARD:
            places = hard_places(lid, line, card, state.capacity[lane], state.rules)
            pos = places[_nth(rnd, len(places), HARD_PLACE)]
        else:
            n = len(line)
            if state.rules.identity and n and state.capacity[lane] == 1:
                n -= 1
            pos = int(rnd() * (n + 1))
        return PLACE[lane][pos]
    field = state.field
    if model == GREEDY:
        return TAKE[lane][greedy_card(state, lane, lid)]
    if model >= LOW:
        tied = tied_cards(state, lane, lid, model)
        return TAKE[lane][tied[int(rnd() * len(tied))] if len(tied) > 1 else tied[0]]
    if model == HARD:
        if len(field) == 1:
            return TAKE[lane][field[0]]
        ranked = sorted(((-v, c) for v, c in card_values(state, lane, lid)), key=_first)
        return TAKE[lane][ranked[_nth(rnd, len(ranked), HARD_TAKE)][1]]  # ties in field order
    return TAKE[lane][field[int(rnd() * len(field))]]


def _first(pair: tuple[int, int]) -> int:
    return pair[0]


def _nth(rnd: Rnd, n: int, shares: Sequence[float]) -> int:
    """0, 1, 2... drawn with `shares` among the first n (the last takes what is left)."""
    r, acc = rnd(), 0.0
    for i in range(min(n, len(shares)) - 1):
        acc += shares[i]
        if r < acc:
            return i
    return min(n, len(shares)) - 1


def smart_playout(state: AssembleState, noise: Noise | None = None,
                  models: Sequence[int] | None = None, stop: int | None = None,
                  until: int | None = None) -> None:
    """Every lane plays the cheap `normal` policy to the end of the game, or the lane's model
    (`models`: one per lane, None = all NORMAL). With `noise` = (random, share), that share of
    the moves is random instead (the oracle's, see oracle.py). With `stop` (a player), it stops
    before that player's next move instead: the search's tree walks the others' moves this way.
    With `until` (a round number), it stops as that round starts (a learned evaluation's
    cut-off, see value.py).

    The hot loop of the search, so it plays the rules itself on local variables (the same
    moves, in the same order, as stepping the state with policy_action: a test plays both);
    the draft and modelled seats go through the state's own apply."""
    rnd, eps = noise if noise is not None else (random.random, 0.0)
    owners = state.setup.owners
    while state.phase == DRAFT:
        if owners[state.active] == stop:
            return
        _step_generic(state, rnd, eps, models)
    if state.phase == OVER:
        return
    until = 1 << 30 if until is None else until
    if state.round >= until:
        return
    deck, n, rules = state.setup.deck, state.n_lanes, state.rules
    lines, capacity, bench = state.lines, state.capacity, state.bench
    upright, field = state.upright, state.field
    phase, active, dpos = state.phase, state.active, state.deck_pos
    last, round_no = state.last_round, state.round
    identity, rules_bits = rules.identity, rules.flaw << 1 | rules.identity
    memo, hard_memo, ids, lanes = _BEST, _HARD, _LINE_IDS, range(n)
    card: int  # a bench card where it is read below: the placing lane's, or a lane's that took
    cards: list[int]
    lids, lens = [-1] * n, [-1] * n  # each line's line_id, while it is unchanged
    while True:
        lane = active
        if owners[lane] == stop:
            state.phase, state.active, state.deck_pos = phase, active, dpos
            state.last_round, state.round = last, round_no
            return
        line = lines[lane]
        size = len(line)
        if lens[lane] != size:  # lines only grow
            lid = ids.get(tuple(line))
            lids[lane], lens[lane] = line_id(line) if lid is None else lid, size
        lid = lids[lane]
        model = models[lane] if models is not None else NORMAL
        if model and model != HARD:
            state.phase, state.active, state.deck_pos = phase, active, dpos
            state.last_round, state.round = last, round_no
            state.apply_unchecked(model_action(state, model, rnd, lid))
            if state.phase == OVER:
                return
            field, upright = state.field, state.upright  # a new round makes new lists
            phase, active, dpos = state.phase, state.active, state.deck_pos
            last, round_no = state.last_round, state.round
            if round_no >= until:
                return
            continue
        if phase == PLACE_PHASE:
            card, cap = bench[lane], capacity[lane]  # type: ignore[assignment]
            if model:  # HARD, inlined: one of the policy's best three placements
                places = (hard_memo.get(((lid << 5 | card) << 6 | cap) << 2 | rules_bits)
                          or hard_places(lid, line, card, cap, rules))
                pos = places[_nth(rnd, len(places), HARD_PLACE)]
            elif eps and rnd() < eps:
                pos = int(rnd() * (size + 1))
                if identity and size and pos == size and cap == 1:
                    pos = 0  # The Identity forbids the right end at capacity 1
            else:
                hit = memo.get(((lid << 5 | card) << 6 | cap) << 2 | rules_bits)
                pos = (hit or best_place(lid, line, card, cap, rules))[1]
            if identity and size and pos == size:
                capacity[lane] = cap - 1
            line.insert(pos, card)
            bench[lane] = None
            if not last:
                phase = TAKE_PHASE
                continue
        else:
            if len(field) == 1:
                card = field[0]
            elif not model and eps and rnd() < eps:
                card = field[int(rnd() * len(field))]
            else:  # smart_card (card_values), inlined
                cards = ([bench[i] for i in lanes if not upright[i]]  # type: ignore[assignment]
                         + field)
                cap, top = capacity[lane], max(cards)
                order = dpos < len(deck)
                if order:
                    cards.sort()
                    span = max(1, len(cards) - 1)
                best, ranked = None, []
                for c in field:
                    k = ((lid << 5 | c) << 6 | cap + (c == top)) << 2 | rules_bits
                    hit = memo.get(k) or best_place(lid, line, c, cap + (c == top), rules)
                    v = hit[0]
                    if order:
                        rank = cards.index(c)
                        v += ORDER * (span - rank) // span + (FIRST if rank == 0 else 0)
                    if model:
                        ranked.append((-v, c))
                    elif best is None or v > best:
                        best, card = v, c
                if model:  # HARD: one of the best three, ties in field order
                    ranked.sort(key=_first)
                    card = ranked[_nth(rnd, len(ranked), HARD_TAKE)][1]
            field.remove(card)
            bench[lane] = card
            upright[lane] = False
        # the turn ends: the lowest upright bench card acts next (state._end_turn)
        nxt, low = None, 99
        for i in lanes:
            b = bench[i]
            if b is not None and upright[i] and b < low:
                nxt, low = i, b
        if nxt is not None:
            active, phase = nxt, PLACE_PHASE
            continue
        if last:
            break
        if dpos < len(deck):
            field[:] = deck[dpos:dpos + n]
            dpos += n
        else:
            last = True
        # a new round (state._start_round): the highest bench card gains capacity
        for i in lanes:
            upright[i] = True
        keys = [bench[i] or 0 for i in lanes]
        capacity[keys.index(max(keys))] += 1
        round_no += 1
        phase, active = PLACE_PHASE, keys.index(min(keys))
        if round_no >= until:
            state.phase, state.active, state.deck_pos = phase, active, dpos
            state.last_round, state.round = last, round_no
            return
    state.phase, state.active, state.deck_pos = OVER, active, dpos
    state.last_round, state.round = last, round_no


def _step_generic(state: AssembleState, rnd: Rnd, eps: float,
                  models: Sequence[int] | None) -> None:
    """One move of smart_playout through the state's apply (the draft, rare in a search)."""
    lane = state.active
    if models is not None and models[lane]:
        state.apply_unchecked(model_action(state, models[lane], rnd))
    elif eps and len(state.field) > 1 and rnd() < eps:
        state.apply_unchecked(TAKE[lane][state.field[int(rnd() * len(state.field))]])
    else:
        state.apply_unchecked(policy_action(state))


_KEYS: dict[int, Key] = {}  # see hist_key


def hist_key(h: int, capacity: int, flaw: bool) -> Key:
    """scoring.lane_key of the line whose module histogram is `h`: score, then tiebreakers."""
    key = (h << 6 | capacity) << 1 | flaw
    hit = _KEYS.get(key)
    if hit is None:
        sizes = counts(h)
        n = sum(sizes)
        scored = min(capacity, n)
        top = max((s for s in range(1, 6) if sizes[s]), default=0) if scored else 0
        hit = _KEYS[key] = (score(h, capacity, flaw), top, scored, scored - n)
    return hit


def player_keys(state: AssembleState) -> list[Key]:
    """state.player_keys() through the search's own evaluator (the reward of every playout)."""
    lines, capacity, flaw = state.lines, state.capacity, state.rules.flaw
    return state._player_keys([hist_key(line_hist(lines[lane]), capacity[lane], flaw)
                               for lane in range(state.n_lanes)])


def reward(state: AssembleState, player: int) -> float:
    """The player's win share of a finished game (a shared win splits)."""
    keys = player_keys(state)
    best = max(keys)
    return 1.0 / keys.count(best) if keys[player] == best else 0.0


# --- a tree over one's own moves -----------------------------------------------------------

def top_placements(line: Sequence[int], card: int, capacity: int, rules: Rules,
                   keep: int) -> list[int]:
    """The `keep` insertion positions of `card` with the best worth (the normal policy's view),
    best first; The Identity's rightmost place costs one capacity and is illegal at capacity 1."""
    return _ranked_places(line_parts(line), line, card, capacity, rules, keep)


def _ranked_places(parts: Parts, line: Sequence[int], card: int, capacity: int,
                   rules: Rules, keep: int) -> list[int]:
    vals: Sequence[int | None] = (
        _identity_worths(insert_hists(parts, card), capacity, rules.flaw)
        if rules.identity and line else _insert_worths(parts, card, capacity, rules.flaw))
    ranked = sorted((-v, pos) for pos, v in enumerate(vals) if v is not None)
    return [pos for _, pos in ranked[:keep]]


def policy_action(state: AssembleState) -> Action:
    """The cheap `normal` policy's move (what smart_playout plays, one move at a time)."""
    lane = state.active
    line = state.lines[lane]
    if state.phase == "place":
        card = state.bench[lane]
        assert card is not None  # a placement places the bench card
        pos = best_place(line_id(line), line, card, state.capacity[lane], state.rules)[1]
        return PLACE[lane][pos]
    field = state.field
    return TAKE[lane][field[0] if len(field) == 1 else smart_card(state, lane)]


# own_moves' placements, by line, card, capacity, rules, keep, lane
_OWN: dict[int, list[Action]] = {}


def own_moves(state: AssembleState, keep: int) -> list[Action]:
    """The moves the tree tries for the searching player: every take (the policy's first), the
    `keep` best placements."""
    lane = state.active
    if state.phase == "place":
        line, card, capacity, rules = (state.lines[lane], state.bench[lane],
                                       state.capacity[lane], state.rules)
        assert card is not None  # a placement places the bench card
        k = (_memo_key(line_id(line), card, capacity, rules) << 7 | min(keep, 127)) << 2 | lane
        moves = _OWN.get(k)
        if moves is None:
            places = top_placements(line, card, capacity, rules, keep)
            moves = _OWN[k] = [PLACE[lane][pos] for pos in places]
        return moves
    first = policy_action(state)
    return [first] + [TAKE[lane][card] for card in state.field if card != first.value]


def outcome(state: AssembleState, player: int) -> tuple[float, int]:
    """(win share, final points) of a finished game for `player`: reward and the score."""
    keys = player_keys(state)
    best = max(keys)
    return (1.0 / keys.count(best) if keys[player] == best else 0.0), keys[player][0]


# The review's tree (track_points) picks the player's own later moves for win share plus this
# much per final point: where no move changes who wins (a lost game), it still plays for points,
# as a person would, instead of trying every placement alike.
POINT_WEIGHT = 0.005
# and explores less: its means are reported, and every visit to a move it would not play pulls
# them down (with C = 0.7 a certain 25 points came out as 19 after 300 visits)
REVIEW_C = 0.15


@dataclass(frozen=True, slots=True)
class Mix:
    """Per lane, the models it may play with their chances (what opponents.py read of the seat
    from its play, as ((cumulative chance, model), ...)): every iteration of a search draws one
    model per lane, so a seat the reading is unsure of is played every way it may play."""

    lanes: tuple[tuple[tuple[float, int], ...], ...]

    def draw(self, rnd: Rnd) -> tuple[int, ...]:
        out = []
        for options in self.lanes:
            model = options[-1][1]
            if len(options) > 1:
                r = rnd()
                for cum, m in options:
                    if r < cum:
                        model = m
                        break
            out.append(model)
        return tuple(out)


class _Node:
    __slots__ = ("children", "wins", "visits", "avail", "points")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.wins = 0.0
        self.visits = 0
        self.avail = 1
        self.points = 0  # the searcher's final points summed, kept at the root's children only


# The search's clock: wall time, as a player waits. The ladder can switch it to the process's
# CPU time (--cpu-time), so that a machine shared with other work gives every bot the same
# thinking, whoever else is busy.
CLOCK = [time.perf_counter]


class Playout(Protocol):
    """How a search plays a game on from a position (smart_playout's signature)."""

    def __call__(self, state: AssembleState, noise: Noise | None = None,
                 models: Sequence[int] | None = None, stop: int | None = None,
                 until: int | None = None) -> None: ...


# a learned evaluation: the win share of `player` in the position (value.Network.win_share)
Evaluator = Callable[[AssembleState, int], float]


class OwnMoveTree:
    """Information-set Monte Carlo tree search, single observer, over the searching player's own
    moves only. Every iteration guesses the hidden cards afresh (view.sample_state); the others
    play the cheap `normal` policy (or their seat's model: easy seats greedy, random seats at
    random, hard and expert seats one of the policy's best three moves), inside the tree and
    after it. A node is a sequence of our own moves; a move a guess makes impossible (a card
    that never came up) is skipped, and UCB counts a child's chances from the times it was
    available (Cowling et al. 2012).

    Flat Monte Carlo judged each move by how the policy would go on playing; this tree also
    improves our own later moves, which is where the ladder found the missing strength
    (docs/bot-strength.md)."""

    C = 0.7  # UCB exploration, for rewards in 0..1

    def __init__(self, rng: random.Random, playout: Playout = smart_playout, keep: int = 6,
                 noise: float = 0.0, track_points: bool = False,
                 evaluator: Evaluator | None = None, horizon: int = 2,
                 last_cut: int | None = None) -> None:
        self.rng = rng
        # the review's: also sum the final points per root move, and try the root moves in
        # turn, each on the same guess of the hidden cards with the same playout luck (paired:
        # a difference between two moves is then theirs, not the guesses')
        self.track_points = self.paired = track_points
        self.points: list[float] = []  # after run with track_points: per root candidate
        self.playout = playout
        self.keep = keep
        self.noise = noise
        # a learned evaluation (value.Network.win_share): playouts stop `horizon` rounds ahead
        # and it judges the position there; None plays every game to its end
        self.evaluator = evaluator
        self.horizon = horizon
        # the last round it judges at (None: any): later, a playout is cheap and near exact
        # (few cards left unseen), where the network is no better than early in the game
        self.last_cut = last_cut
        self.playouts = 0
        self.deepest = 0  # own moves on the longest path of the last search (tests, figures)

    def cuts(self, round_: int) -> bool:
        """Whether a search from this round stops its playouts for the network."""
        return (self.evaluator is not None
                and (self.last_cut is None or round_ + self.horizon <= self.last_cut))

    def run(self, view: AssembleView, candidates: Sequence[Action], iterations: int | None = None,
            think: float = 1.0, budget: int | None = None,
            models: Sequence[int] | Mix | None = None) -> tuple[list[float], list[int]]:
        """Per root candidate: (wins, playouts). Stops after `iterations` (reproducible, no
        clock), else after `budget` iterations or `think` seconds, whichever comes first.
        `models`: how each lane is expected to play (NORMAL, GREEDY, RANDOM...; None = all
        NORMAL), or a Mix: each iteration draws the lanes' models from it."""
        rng, player, keep, playout, c = self.rng, view.player, self.keep, self.playout, self.C
        mix: Mix | None
        drawn: Sequence[int] | None  # the lanes' models of this iteration
        if isinstance(models, Mix):
            mix, drawn = models, None
        else:
            mix, drawn = None, models
        noise = (rng.random, self.noise)  # random seats in the playouts draw from rng too
        quiet = (rng.random, 0.0)  # inside the tree: no random moves
        log, sqrt = math.log, math.sqrt
        root, track, paired = _Node(), self.track_points, self.paired
        if track:
            c = REVIEW_C
        total = iterations if iterations is not None else budget
        if paired and total is not None:  # whole rounds: as many playouts for every root move
            total = -(-total // len(candidates)) * len(candidates)
        clock = CLOCK[0]
        deadline = None if iterations is not None else clock() + think
        clear_caches()
        n = deepest = 0
        cutoff = view.round + self.horizon
        judge = self.evaluator if self.cuts(view.round) else None
        while total is None or n < total:
            if (deadline is not None and n and not (paired and n % len(candidates))
                    and clock() > deadline):
                break
            n += 1
            if mix is not None:
                drawn = mix.draw(rng.random)
            if paired:  # the review's: every root move in turn on the same guess and luck
                turn = (n - 1) % len(candidates)
                if not turn:
                    guess, luck = view.sample_state(rng), rng.getrandbits(32)
                state, draw = guess.clone(), random.Random(luck).random
                noise, quiet = (draw, self.noise), (draw, 0.0)
            else:
                state = view.sample_state(rng)
            owners = state.setup.owners
            moves: Sequence[Action] | None
            choice: Action | None
            node, path, grown, moves = root, [root], False, candidates
            while state.phase != "over" and not grown:
                if owners[state.active] != player:  # the others, to our next move
                    smart_playout(state, quiet, drawn, player)
                    continue
                if moves is None:  # past the root: our own later moves
                    moves = own_moves(state, keep)
                if len(moves) == 1:
                    state.apply_unchecked(moves[0])
                    moves = None
                    continue
                children, choice = node.children, None
                if paired and node is root:  # the root move of this turn
                    choice = candidates[turn]
                    if choice not in children:
                        children[choice] = _Node()
                        grown = True
                else:
                    for move in moves:
                        child = children.get(move)
                        if child is None:
                            if choice is None:
                                choice = move  # the first untried move, in the policy's order
                        else:
                            child.avail += 1
                    if choice is not None:
                        children[choice] = _Node()
                        grown = True
                if choice is None:
                    best = -1.0
                    for move in moves:
                        child = children[move]
                        u = child.wins / child.visits + c * sqrt(log(child.avail) / child.visits)
                        if u > best:
                            best, choice = u, move
                node = children[choice]  # type: ignore[index]  # set: every u >= 0 > -1
                path.append(node)
                state.apply_unchecked(choice)  # type: ignore[arg-type]
                moves = None
            if judge is None:
                playout(state, noise, drawn)
                share = reward(state, player)
            else:
                if state.phase != "over" and state.round < cutoff:
                    playout(state, noise, drawn, None, cutoff)
                share = reward(state, player) if state.phase == "over" else judge(state, player)
            if len(path) > deepest:
                deepest = len(path)
            if track:  # the root moves keep their win share; deeper, points count a little
                share, points = outcome(state, player)  # (the review plays every game out)
                mixed = share + POINT_WEIGHT * points
                for i, node in enumerate(path):
                    node.visits += 1
                    node.wins += mixed if i > 1 else share
                if len(path) > 1:
                    path[1].points += points
                continue
            for node in path:
                node.visits += 1
                node.wins += share
        self.playouts, self.deepest = n, deepest - 1
        stats = [root.children.get(move) for move in candidates]
        wins = [s.wins if s else 0.0 for s in stats]
        counts = [s.visits if s else 0 for s in stats]
        if track:
            self.points = [s.points if s else 0.0 for s in stats]
        return wins, counts


def search_part(view: AssembleView, candidates: Sequence[Action], think: float, budget: int,
                models: Sequence[int] | Mix | None, keep: int, noise: float, seed: int,
                horizon: int | None = None) -> tuple[list[float], list[int]]:
    """One helper's share of a root-parallel decision (game.bots.parallel): a tree of its own on
    guesses of its own, seeded by the caller; (wins, playouts) per root candidate. With a
    `horizon`, its playouts stop that many rounds ahead and the shipped network judges there."""
    evaluator = None
    if horizon is not None:
        from .value import shipped  # numpy: only a helper of the learned trial loads it
        evaluator = shipped().win_share
    tree = OwnMoveTree(random.Random(seed), keep=keep, noise=noise, evaluator=evaluator,
                       horizon=2 if horizon is None else horizon)
    return tree.run(view, candidates, None, think, budget, models)
