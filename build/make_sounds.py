"""Write the game's sound effects to assets/sounds/*.wav: `python build/make_sounds.py`.

Every sound is synthesized here (no recordings, no third-party samples): short filtered noise for
paper and wood, damped sines for clicks and knocks, inharmonic partials for bells. Seeded, so a
re-run writes the same files. 22,050 Hz, 16-bit mono: small enough to commit.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def mix(into: list[float], sound: list[float], at: float = 0.0, gain: float = 1.0) -> list[float]:
    start = int(RATE * at)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v * gain
    return into


def tone(freq: float, seconds: float, decay: float, attack: float = 0.002) -> list[float]:
    """A sine with a quick attack and an exponential decay (time constant `decay`)."""
    n = int(RATE * seconds)
    return [math.sin(2 * math.pi * freq * i / RATE) * min(1.0, i / (attack * RATE + 1))
            * math.exp(-i / (decay * RATE)) for i in range(n)]


def noise(seconds: float, rng: random.Random, low: float, high: float, attack: float,
          decay: float) -> list[float]:
    """White noise through a one-pole high-pass at `low` Hz and low-pass at `high` Hz."""
    n = int(RATE * seconds)
    a_lo = math.exp(-2 * math.pi * high / RATE)
    a_hi = math.exp(-2 * math.pi * low / RATE)
    lp = hp = prev = 0.0
    out = []
    for i in range(n):
        x = rng.uniform(-1, 1)
        lp = (1 - a_lo) * x + a_lo * lp
        hp = a_hi * (hp + lp - prev)
        prev = lp
        env = min(1.0, i / (attack * RATE + 1)) * math.exp(-i / (decay * RATE))
        out.append(hp * env * 3)
    return out


def bell(freq: float, seconds: float = 0.9) -> list[float]:
    out = silence(0)
    for ratio, gain, decay in ((1.0, 1.0, 0.35), (2.0, 0.35, 0.22), (2.76, 0.25, 0.15),
                               (5.4, 0.12, 0.06)):
        mix(out, tone(freq * ratio, seconds, decay), 0, gain)
    return out


def sounds() -> dict[str, list[float]]:
    rng = random.Random(2018)
    made = {}
    # a card slid off the table: soft paper noise
    made["take"] = noise(0.16, rng, 900, 5000, 0.03, 0.045)
    # a card laid into the line: a tap on wood
    place = mix(noise(0.05, rng, 1500, 7000, 0.001, 0.006), tone(190, 0.12, 0.03), 0, 0.8)
    made["place"] = mix(place, tone(2300, 0.03, 0.006), 0, 0.25)
    # capacity gained: a ratchet of four rising clicks
    ratchet = silence(0)
    for k in range(4):
        click = mix(noise(0.02, rng, 2000, 9000, 0.0005, 0.003), tone(2600 + 300 * k, 0.03, 0.005), 0, 0.5)
        mix(ratchet, click, 0.045 * k, 0.7 + 0.1 * k)
    made["ratchet"] = ratchet
    # a counter flipped over: a quick swish
    made["flip"] = noise(0.14, rng, 400, 3000, 0.05, 0.03)
    # nothing to play: a low knock
    made["pass"] = mix(tone(110, 0.2, 0.05), tone(220, 0.1, 0.02), 0, 0.3)
    # a module scores, a hand is won
    made["chime"] = bell(880)
    # the winner: a rising arpeggio of bells
    win = silence(0)
    for k, f in enumerate((523.25, 659.25, 783.99, 1046.5)):
        mix(win, bell(f, 1.0), 0.12 * k, 0.8)
    made["win"] = win
    return made


def write(path: Path, samples: list[float], peak: float = 0.8) -> None:
    top = max(1e-9, max(abs(v) for v in samples))
    fade = int(RATE * 0.005)  # no click at the end
    n = len(samples)
    frames = bytearray()
    for i, v in enumerate(samples):
        g = min(1.0, (n - i) / fade)
        frames += struct.pack("<h", int(max(-1.0, min(1.0, v / top * peak * g)) * 32767))
    with wave.open(str(path), "wb") as fh:
        fh.setnchannels(1)
        fh.setsampwidth(2)
        fh.setframerate(RATE)
        fh.writeframes(bytes(frames))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    levels = {"take": 0.45, "place": 0.7, "ratchet": 0.5, "flip": 0.4, "pass": 0.6,
              "chime": 0.5, "win": 0.55, "click": 0.3}
    for name, samples in sounds().items():
        write(OUT / f"{name}.wav", samples, levels[name])
        print(f"{name}.wav  {len(samples) / RATE:.2f} s")


if __name__ == "__main__":
    main()
