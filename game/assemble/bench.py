"""The learned evaluation's speed: `python -m game.assemble.bench` prints figures (not a test).

For one position at a time, as the search asks: the features alone, the network in numpy, the
same network in pure Python (issue 43: keep the faster), and the search's iterations a second
with playouts to the end against playouts cut two rounds ahead and judged by the network.
Uses the shipped weights when there are some, else random ones of the same shape (the same cost).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any, Callable, TypeVar

from . import value
from .search import OwnMoveTree
from .state import AssembleState

T = TypeVar("T")


def positions(count: int, seed: int = 7) -> list[Any]:
    """Positions met in random 4-player games, a few from each round."""
    rng = random.Random(seed)
    out: list[AssembleState] = []
    while len(out) < count:
        state = AssembleState.new(rng.getrandbits(32), 4)
        while not state.is_over() and len(out) < count:
            state.apply_unchecked(rng.choice(state.legal_actions()))
            if rng.random() < 0.2 and not state.is_over():
                out.append(state.clone())
    return out


def network() -> value.Network:
    try:
        return value.shipped()
    except FileNotFoundError:
        import numpy as np
        rng = np.random.default_rng(1)
        return value.Network(rng.normal(0, 0.1, (value.SIZE, value.HIDDEN)),
                             np.zeros(value.HIDDEN),
                             rng.normal(0, 0.1, (value.HIDDEN, value.OUTPUTS)),
                             np.zeros(value.OUTPUTS))


def per_call(fn: Callable[[T], object], items: list[T], rounds: int = 3) -> float:
    """Best of `rounds` mean microseconds per item."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, (time.perf_counter() - start) / len(items) * 1e6)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.assemble.bench",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--iterations", type=int, default=1500)
    args = parser.parse_args(argv)
    net = network()
    pure = value.PurePython(net)
    items = positions(args.positions)
    player = 0
    feat = per_call(lambda s: value.features(s, player), items)
    numpy_us = per_call(lambda s: net.win_share(s, player), items)
    pure_us = per_call(lambda s: pure.win_share(s, player), items)
    worst = max(abs(net.win_share(s, player) - pure.win_share(s, player)) for s in items[:200])
    print(f"one position ({len(items)} positions, best of 3):")
    print(f"  features alone         {feat:8.1f} us")
    print(f"  numpy network          {numpy_us:8.1f} us (features included; "
          f"network alone {numpy_us - feat:.1f} us)")
    print(f"  pure Python network    {pure_us:8.1f} us (features included; "
          f"network alone {pure_us - feat:.1f} us; largest difference {worst:.1e})")
    print(f"  kept: {'numpy' if numpy_us < pure_us else 'pure Python'}")
    print(f"search iterations a second ({args.iterations} iterations a decision):")
    for label, start in (("the draft", 0), ("round 2", 9), ("round 5", 30)):
        state = AssembleState.new(11, 4)
        rng = random.Random(3)
        for _ in range(start):
            state.apply_unchecked(rng.choice(state.legal_actions()))
        view = state.view(state.current_player() or 0)
        legal = state.legal_actions()
        rates = []
        for evaluator in (None, net.win_share):
            tree = OwnMoveTree(random.Random(5), evaluator=evaluator, horizon=2)
            t = time.perf_counter()
            tree.run(view, legal, args.iterations)
            rates.append(args.iterations / (time.perf_counter() - t))
        print(f"  {label:<10} to the end {rates[0]:8.0f}/s   cut 2 rounds ahead + network "
              f"{rates[1]:8.0f}/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
