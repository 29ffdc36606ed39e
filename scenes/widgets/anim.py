"""Small animation helpers: eased card flights and values that glide toward a target."""

from __future__ import annotations

from dataclasses import dataclass


def ease_out(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return 3 * t * t - 2 * t * t * t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Flight:
    """A card flying from one rect to another (both in window pixels), optionally turning."""

    card: int
    start: tuple[float, float, float, float]
    end: tuple[float, float, float, float]
    duration: float = 0.35
    delay: float = 0.0
    angle0: float = 0.0
    angle1: float = 0.0
    face_up: bool = True
    elapsed: float = 0.0
    key: tuple = ()  # what it stands for on the table, hidden there until it lands

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def t(self) -> float:
        return ease_in_out((self.elapsed - self.delay) / self.duration) if self.duration else 1.0

    def rect(self) -> tuple[float, float, float, float]:
        t = self.t
        x, y, w, h = (lerp(a, b, t) for a, b in zip(self.start, self.end))
        return x, y, w, h

    def angle(self) -> float:
        return lerp(self.angle0, self.angle1, self.t)


class Glide:
    """A number that follows its target smoothly (card x positions, the capacity dial)."""

    __slots__ = ("value", "rate")

    def __init__(self, value: float, rate: float = 14.0):
        self.value = value
        self.rate = rate

    def update(self, target: float, dt: float) -> float:
        step = min(1.0, dt * self.rate)
        self.value += (target - self.value) * step
        if abs(target - self.value) < 0.01:
            self.value = target
        return self.value


class Stepper:
    """A number moving toward its target at a fixed speed (units per second)."""

    __slots__ = ("value", "speed")

    def __init__(self, value: float, speed: float = 2.5):
        self.value = value
        self.speed = speed

    def update(self, target: float, dt: float) -> float:
        step = self.speed * dt
        if abs(target - self.value) <= step:
            self.value = target
        else:
            self.value += step if target > self.value else -step
        return self.value
