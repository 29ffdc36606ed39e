"""95% intervals for the figures a balance report gives: the Wilson score interval for a share
(it stays inside 0..1 and is honest at small n, unlike share ± 1.96·SE), Student's t interval for
a mean (the normal one from 30 games on, where t and z differ by under 5%).

Pure arithmetic: no game is named, every report uses the same."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

Z95 = 1.959963984540054  # the normal distribution's 97.5% point
# Student's t, 97.5% point, by degrees of freedom 1..30 (beyond: the series below)
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
       2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
       2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


@dataclass(frozen=True, slots=True)
class Interval:
    """A figure with its count and its 95% interval: low <= value <= high."""

    value: float
    low: float
    high: float
    n: int

    def json(self, digits: int = 3) -> dict[str, float | int]:
        return {"value": round(self.value, digits), "low": round(self.low, digits),
                "high": round(self.high, digits), "n": self.n}

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def excludes(self, value: float) -> bool:
        """Whether `value` (a fair share) lies outside the interval."""
        return value < self.low or value > self.high


def t95(df: int) -> float:
    """Student's t 97.5% point for `df` degrees of freedom (df >= 1)."""
    if df < 1:
        raise ValueError("a t interval needs at least two values")
    if df <= len(T95):
        return T95[df - 1]
    z = Z95  # Cornish-Fisher series: within 0.001 of the table's values from df 30 on
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def wilson(successes: float, n: int, z: float = Z95) -> Interval:
    """The share successes/n with its Wilson score interval. `successes` may be fractional (a
    shared win counts 1/ties); n = 0 gives the whole range 0..1 around 0."""
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"a share needs 0 <= successes <= n, not {successes}/{n}")
    if n == 0:
        return Interval(0.0, 0.0, 1.0, 0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Interval(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)), n)


def mean(values: Iterable[float]) -> Interval:
    """The mean with its t interval (n < 2: no spread known, the interval is the mean itself)."""
    items = [float(v) for v in values]
    n = len(items)
    if n == 0:
        return Interval(0.0, 0.0, 0.0, 0)
    m = math.fsum(items) / n
    if n == 1:
        return Interval(m, m, m, 1)
    sd = math.sqrt(math.fsum((v - m) ** 2 for v in items) / (n - 1))
    half = t95(n - 1) * sd / math.sqrt(n)
    return Interval(m, m - half, m + half, n)


def is_interval(data: object) -> bool:
    """Whether a report's JSON value is an Interval's json()."""
    return isinstance(data, dict) and set(data) == {"value", "low", "high", "n"}


def rows(report: object, path: tuple[str, ...] = ()) -> list[tuple[str, float, float, float, int]]:
    """Every interval in a report's JSON, in order, as (figure path "a/b/c", value, low, high, n):
    the CSV and the terminal's lines, from the same figures as the JSON."""
    if is_interval(report):
        assert isinstance(report, dict)
        return [("/".join(path), report["value"], report["low"], report["high"], report["n"])]
    out: list[tuple[str, float, float, float, int]] = []
    if isinstance(report, dict):
        for key, value in report.items():
            out += rows(value, path + (str(key),))
    return out
