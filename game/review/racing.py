"""Every legal move of a decision judged the way GNU Backgammon's rollouts judge them: each
candidate played out over the same sampled futures (common random numbers: the difference
between two moves is then theirs, not the samples'), the loss of a move its paired difference to
the best, with a 95% interval from those differences. Candidates clearly worse than the leader
are dropped as the samples come in (racing, as in successive halving), so the budget goes to the
close ones. Game-neutral: a judge supplies how one sample of the alive candidates is played."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

Z95 = 1.959964
# a candidate is dropped only when the leader beats it by this many standard errors: stricter
# than 95%, as the leader is compared with every other candidate after every batch
Z_DROP = 3.0
FIRST = 8  # samples every candidate gets before any is dropped

# One sample's outcome of one candidate: (rank, points, win share); `rank` orders the
# candidates (points, then the tiebreakers folded in below a point).
Outcome = tuple[float, float, float]


def quantile(n: int, z: float = Z95) -> float:
    """Student's t quantile for n samples (n - 1 degrees of freedom), by the Cornish-Fisher
    expansion: few samples give a wider interval than the normal's."""
    df = max(1, n - 1)
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df)


def paired(diffs: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """(mean, half width of its interval) of paired differences; a half width of 0 when every
    difference is the same (no noise to speak of)."""
    n = len(diffs)
    if not n:
        return 0.0, math.inf
    mean = sum(diffs) / n
    if n == 1:
        return mean, (0.0 if diffs[0] == 0 else math.inf)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, quantile(n, z) * math.sqrt(var / n)


def weighted(diffs: Sequence[float], weights: Sequence[float],
             z: float = Z95) -> tuple[float, float]:
    """`paired` for weighted samples (importance weights, as a deal weighted by how well it
    explains the others' plays): the weighted mean, its interval from the effective number of
    samples (Kish's)."""
    mass = sum(weights)
    if mass <= 0:
        return 0.0, math.inf
    mean = sum(w * d for w, d in zip(weights, diffs)) / mass
    n = mass * mass / sum(w * w for w in weights)
    var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs)) / mass
    if var == 0:
        return mean, 0.0
    if n <= 1:
        return mean, math.inf
    return mean, quantile(round(n), z) * math.sqrt(var / (n - 1))


@dataclass
class Race:
    """Each candidate's outcomes, sample by sample (a dropped candidate's stop early)."""

    outcomes: list[list[Outcome]]
    alive: list[int]  # the candidates still in at the end, in the candidates' order

    def mean(self, i: int, k: int) -> float:
        got = self.outcomes[i]
        return sum(o[k] for o in got) / len(got) if got else -math.inf

    @property
    def best(self) -> int:
        """The alive candidate of highest mean rank; the first of exact ties (the same order
        however long the review, so equal moves never swap places)."""
        return max(self.alive, key=lambda i: (self.mean(i, 0), -i))

    def top(self, k: int) -> int:
        """The alive candidate of highest mean in measure k; the best (by rank) among equals,
        then the first."""
        best = self.best
        return max(self.alive, key=lambda i: (self.mean(i, k), i == best, -i))

    def loss(self, i: int, k: int, against: int | None = None) -> tuple[float, float]:
        """(loss of candidate i against `against` (default: the best), half width of its 95%
        interval) in measure k (1 points, 2 win share), from the samples both played; (0, 0)
        for that candidate itself."""
        best = self.best if against is None else against
        if i == best:
            return 0.0, 0.0
        a, b = self.outcomes[best], self.outcomes[i]
        return paired([x[k] - y[k] for x, y in zip(a, b)])


def race(count: int, play: Callable[[list[int]], list[Outcome]], budget: int,
         keep: Sequence[int] = (), first: int = FIRST,
         over: Callable[[], bool] | None = None) -> Race:
    """Race `count` candidates over at most `budget` playouts in all. `play(alive)` plays one
    more sample (the same future for each) of the alive candidates and returns their outcomes in
    that order. The candidates in `keep` (the move played) are never dropped: their loss gets
    every sample. Batches double, as in successive halving; it ends early once one candidate
    is left, or when `over()` says the time is up (asked between samples, after the first)."""
    outcomes: list[list[Outcome]] = [[] for _ in range(count)]
    alive = list(range(count))
    used, batch = 0, first
    while used < budget and (len(alive) > 1 or not outcomes[alive[0]]):
        for _ in range(batch):
            if used >= budget or (over is not None and used and over()):
                break
            for i, got in zip(alive, play(alive)):
                outcomes[i].append(got)
            used += len(alive)
        leader = max(alive, key=lambda i: (sum(o[0] for o in outcomes[i]), -i))
        lead = outcomes[leader]
        out = set()
        for i in alive:
            if i == leader or i in keep:
                continue
            mean, half = paired([x[0] - y[0] for x, y in zip(lead, outcomes[i])], Z_DROP)
            if mean > 0 and mean - half > 0:
                out.add(i)
        alive = [i for i in alive if i not in out]
        batch *= 2
        if over is not None and over():
            break
    return Race(outcomes, alive)
