"""A learned evaluation of Alice Assemble positions (issue 43): one hidden layer of tanh units,
as in Keldon's Race for the Galaxy AI, predicting from one seat's view each seat's win share and
final points.

The features read only what the seat can see: the lines, benches, capacities, the field, the
round, and the *set* of unseen cards (never their order, never which of them are set aside).
`features` takes a full state (the search evaluates its guesses) but touches only those parts;
tests shuffle the hidden cards and check the features do not move.

Seats are numbered from the observer's: output 0 is the observer, 1 the next seat, and so on.
The weights ship in assets/learned/ (python -m game.assemble.learn writes them).
"""

from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.paths import asset
from .search import counts, line_hist, score, total_points

if TYPE_CHECKING:  # numpy is imported where the network is used (the app may ship without it)
    import numpy
    from numpy.typing import ArrayLike

    from .state import AssembleState

MAX_LANES = 4
SEATS = 4
HIDDEN = 50
# per lane slot: present, owner's seat (4), line cards (32), modules of each size (5), score,
# score with one more capacity, all module points, capacity 1..6 (6), length, has a bench card,
# the bench card (32), upright, active, the line's first and last card's gears (10), counter
LANE = 1 + 4 + 32 + 5 + 3 + 6 + 1 + 1 + 32 + 1 + 1 + 10 + 1
# global: field (32), unseen (32), round, deck left, last round, phase (4), players (3), rules (2)
GLOBAL = 32 + 32 + 1 + 1 + 1 + 4 + 3 + 2
SIZE = MAX_LANES * LANE + GLOBAL
OUTPUTS = 2 * SEATS  # win logits, then final points / POINTS
POINTS = 25.0  # points are learned in units of 25
PHASES = {"draft": 0, "place": 1, "take": 2, "over": 3}
WEIGHTS_FILE = ("learned", "assemble-value.npz")


def features(state: AssembleState, player: int) -> tuple[list[int], list[float]]:
    """The observer's features, sparse: (indexes, values) of the non-zero inputs. Reads the
    state's public parts only (see the module's doc)."""
    idx: list[int] = []
    val: list[float] = []
    add, put = idx.append, val.append
    setup = state.setup
    owners, counters = setup.owners, setup.counters
    players, n = setup.players, state.n_lanes
    flaw = state.rules.flaw
    first = owners.index(player)
    active = -1 if state.phase == "over" else state.active
    for slot in range(n):
        lane = (first + slot) % n
        base = slot * LANE
        add(base)
        put(1.0)
        add(base + 1 + (owners[lane] - player) % players)
        put(1.0)
        line = state.lines[lane]
        key = (tuple(line), state.capacity[lane], flaw)
        part = _LINES.get(key)
        if part is None:
            part = _line_part(*key)
        for offset, v in part:
            add(base + offset)
            put(v)
        bench = state.bench[lane]
        if bench is not None:
            add(base + 52)
            put(1.0)
            add(base + 53 + bench)
            put(1.0)
        if state.upright[lane]:
            add(base + 85)
            put(1.0)
        if lane == active:
            add(base + 86)
            put(1.0)
        add(base + 97)
        put(counters[lane] / 4.0)
    g = MAX_LANES * LANE
    for card in state.field:
        add(g + card)
        put(1.0)
    for card in setup.deck[state.deck_pos:]:  # the unseen set: deck and set-aside, as a set
        add(g + 32 + card)
        put(1.0)
    for card in setup.set_aside:
        add(g + 32 + card)
        put(1.0)
    add(g + 64)
    put(state.round / 10.0)
    add(g + 65)
    put((len(setup.deck) - state.deck_pos) / 32.0)
    if state.last_round:
        add(g + 66)
        put(1.0)
    add(g + 67 + PHASES[state.phase])
    put(1.0)
    add(g + 71 + players - 2)
    put(1.0)
    if flaw:
        add(g + 74)
        put(1.0)
    if state.rules.identity:
        add(g + 75)
        put(1.0)
    return idx, val


_LINES: dict[tuple[tuple[int, ...], int, bool], list[tuple[int, float]]] = {}  # see _line_part


def _line_part(line: tuple[int, ...], cap: int, flaw: bool) -> list[tuple[int, float]]:
    """A lane's line features, (offset in the lane's slot, value), remembered: a search meets
    the same lines again and again."""
    if len(_LINES) > 200_000:
        _LINES.clear()
    part = [(5 + card, 1.0) for card in line]
    h = line_hist(line)
    sizes = counts(h)
    part += [(36 + s, sizes[s] / 4.0) for s in range(1, 6) if sizes[s]]
    part += [(42, score(h, cap, flaw) / POINTS), (43, score(h, cap + 1, flaw) / POINTS),
             (44, total_points(h) / 40.0), (45 + min(max(cap, 1), 6) - 1, 1.0)]
    if line:
        part.append((51, len(line) / 10.0))
        part += [(87 + bit, 1.0) for bit in range(5) if line[0] >> bit & 1]
        part += [(92 + bit, 1.0) for bit in range(5) if line[-1] >> bit & 1]
    _LINES[(line, cap, flaw)] = part
    return part


def dense(state: AssembleState, player: int) -> numpy.ndarray:
    """The features as a numpy vector (training)."""
    import numpy as np
    x = np.zeros(SIZE, dtype=np.float32)
    idx, val = features(state, player)
    x[idx] = val
    return x


def outcome(state: AssembleState) -> tuple[list[float], list[float]]:
    """A finished game's targets by absolute player: (win shares, final points)."""
    keys = state.player_keys()
    best = max(keys)
    winners = [p for p, key in enumerate(keys) if key == best]
    shares = [1.0 / len(winners) if p in winners else 0.0 for p in range(state.players)]
    return shares, [float(key[0]) for key in keys]


def relative(values: list[float], player: int, players: int) -> list[float]:
    """Per absolute player -> per seat from `player`, padded to SEATS with zeros."""
    out = [values[(player + k) % players] for k in range(players)]
    return out + [0.0] * (SEATS - players)


class Network:
    """The evaluator: numpy at play time (benchmarks/bench_value.py measures it against pure
    Python; numpy is about ten times faster for one position)."""

    def __init__(self, w1: ArrayLike, b1: ArrayLike, w2: ArrayLike, b2: ArrayLike,
                 meta: dict[str, Any] | None = None) -> None:
        import numpy as np
        self.np = np
        self.w1 = np.ascontiguousarray(w1, dtype=np.float64)
        self.b1 = np.asarray(b1, dtype=np.float64)
        self.w2 = np.ascontiguousarray(w2, dtype=np.float64)
        self.b2 = np.asarray(b2, dtype=np.float64)
        self.meta = meta or {}

    def __reduce__(self) -> tuple[type[Network], tuple[Any, ...]]:
        """Pickled as its weights (the training's worker processes get the network so)."""
        return (Network, (self.w1, self.b1, self.w2, self.b2, self.meta))

    @classmethod
    def load(cls, path: Path | None = None) -> "Network":
        import numpy as np
        where = asset(*WEIGHTS_FILE) if path is None else Path(path)
        with np.load(io.BytesIO(where.read_bytes())) as data:
            meta = json.loads(str(data["meta"])) if "meta" in data else {}
            return cls(data["w1"], data["b1"], data["w2"], data["b2"], meta)

    def raw(self, idx: list[int], val: list[float]) -> numpy.ndarray:
        """The output layer: SEATS win logits, then SEATS points / POINTS. A dense input and
        one product beat gathering the active rows (bench.py measured both)."""
        np = self.np
        x = np.zeros(SIZE)
        x.put(idx, val)
        out: numpy.ndarray = np.tanh(x.dot(self.w1) + self.b1).dot(self.w2) + self.b2
        return out

    def predict(self, state: AssembleState, player: int) -> tuple[list[float], list[float]]:
        """(win shares, final points) per seat from `player`'s (0 = the player)."""
        out = self.raw(*features(state, player)).tolist()
        players = state.players
        logits = out[:players]
        top = max(logits)
        exps = [math.exp(v - top) for v in logits]
        total = sum(exps)
        return [e / total for e in exps], [v * POINTS for v in out[SEATS:SEATS + players]]

    def win_share(self, state: AssembleState, player: int) -> float:
        """The player's predicted win share (the search's reward at a cut-off)."""
        logits = self.raw(*features(state, player))[:state.players].tolist()
        top = max(logits)
        exps = [math.exp(v - top) for v in logits]
        return exps[0] / sum(exps)


class PurePython:
    """The same network in plain Python lists (for the benchmark: is numpy worth its bytes?)."""

    def __init__(self, net: Network):
        self.w1 = net.w1.tolist()
        self.b1 = net.b1.tolist()
        self.w2 = net.w2.T.tolist()
        self.b2 = net.b2.tolist()

    def win_share(self, state: AssembleState, player: int) -> float:
        idx, val = features(state, player)
        acc = self.b1[:]
        w1 = self.w1
        for i, v in zip(idx, val):
            row = w1[i]
            acc = [a + v * w for a, w in zip(acc, row)]
        h = [math.tanh(a) for a in acc]
        players = state.players
        logits = [b + sum(x * w for x, w in zip(h, col))
                  for col, b in zip(self.w2[:players], self.b2[:players])]
        top = max(logits)
        exps = [math.exp(v - top) for v in logits]
        return exps[0] / sum(exps)


_SHIPPED: list[Network] = []


def shipped() -> Network:
    """The weights in assets/, loaded once per process."""
    if not _SHIPPED:
        _SHIPPED.append(Network.load())
    return _SHIPPED[0]

