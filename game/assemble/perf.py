"""Engine speed: `python -m game.tools.perf [--game assemble] [--games N]` prints figures (not a test).

Random full 4-player games per second on one core, scoring and winners included: through the
fast playout path bots use, through the general legal_actions/apply API, and through
`alice-assemble selfplay` (sessions, seeded bots, summary; its goal: at least the apply loop's
rate); clone and legal-action times; scoring per lane; the hard bot's playouts a second, with and
without its line memo, and in timed decisions in one process against spread over a helper per
spare core (game.bots.parallel).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import time
from typing import Any, Callable

from ..services import cli
from .state import AssembleState
from .scoring import module_sizes, score_sizes


def _rate(fn: Callable[[int], object], count: int) -> float:
    start = time.perf_counter()
    fn(count)
    return count / (time.perf_counter() - start)


def _best_rates(fns: list[Any], count: int, rounds: int = 3) -> list[float]:
    """Each one's best of `rounds`, taken in turns so that a busy moment hurts all alike."""
    best = [0.0] * len(fns)
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            best[i] = max(best[i], _rate(fn, count))
    return best


def games_fast(count: int) -> None:
    rng = random.Random(1)
    for seed in range(count):
        state = AssembleState.new(seed, 4)
        state.random_playout(rng)
        state.winners()


def games_api(count: int) -> None:
    rng = random.Random(1)
    for seed in range(count):
        state = AssembleState.new(seed, 4)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        state.winners()


def games_selfplay(count: int) -> None:
    """The command line's selfplay, in this process (its JSON summary is dropped)."""
    with contextlib.redirect_stdout(io.StringIO()):
        status = cli.main(["selfplay", "--players", "4", "--games", str(count)])
    if status != 0:
        raise RuntimeError(f"selfplay exited with status {status}")


def mid_game_state() -> AssembleState:
    state = AssembleState.new(3, 4)
    rng = random.Random(3)
    for _ in range(33):
        state.apply(rng.choice(state.legal_actions()))
    return state


def decision_positions(count: int = 12) -> list[AssembleState]:
    """Positions where a bot has a real choice, spread over a game between normal bots."""
    from .bots import NormalBot
    out = []
    for seed in range(count):
        state = AssembleState.new(40 + seed, 4)
        bots = [NormalBot(seed * 4 + i) for i in range(4)]
        for _ in range(3 * seed % 40):
            player = state.current_player()
            assert player is not None  # 40 moves never end a game
            state.apply(bots[player].decide(state.view(player), state.legal_actions()))
        while len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        out.append(state)
    return out


def hard_playouts_per_s(positions: list[AssembleState], remember: bool) -> float:
    """Playouts a second inside the hard bot's decisions, with or without the line memo
    (search.best_place) that the playouts use since issue 16 (each decision starts it empty)."""
    from . import search
    from .bots import HardBot
    kept = search.best_place

    def forgetful(lid: int, line: Any, card: int, capacity: int, rules: Any) -> tuple[int, int]:
        return search.best_insert(search.line_parts(line), line, card, capacity, rules)
    if not remember:
        search.best_place = forgetful
    try:
        playouts, start = 0, time.perf_counter()
        for i, state in enumerate(positions):
            player = state.current_player()
            assert player is not None
            playouts += HardBot(seed=i, iterations=1500).choose(
                state.view(player), state.legal_actions())[3]
        return playouts / (time.perf_counter() - start)
    finally:
        search.best_place = kept


def hard_timed_playouts_per_s(positions: list[AssembleState], helpers: int,
                              think: float = 0.4) -> float:
    """Playouts a second in the hard bot's timed decisions (as in the app), its search spread
    over `helpers` more processes (game.bots.parallel; 0: one process)."""
    from .bots import HardBot
    from ..bots import parallel
    parallel.configure(helpers)
    try:
        first = positions[0]
        player = first.current_player()
        assert player is not None  # decision positions: someone is to move
        HardBot(seed=0, think=think).choose(
            first.view(player), first.legal_actions())  # helpers start
        playouts, start = 0, time.perf_counter()
        for i, state in enumerate(positions):
            player = state.current_player()
            assert player is not None
            playouts += HardBot(seed=i, think=think).choose(
                state.view(player), state.legal_actions())[3]
        return playouts / (time.perf_counter() - start)
    finally:
        parallel.configure(0)


def per_call_us(fn: Callable[[], object], count: int) -> float:
    start = time.perf_counter()
    for _ in range(count):
        fn()
    return (time.perf_counter() - start) / count * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.tools.perf")
    parser.add_argument("--games", type=cli.count(1), default=5000)  # the shipped CLI's check
    args = parser.parse_args(argv)
    games_fast(200)  # warm the scoring automaton's memo
    fast = _rate(games_fast, args.games)
    api, selfplay = _best_rates([games_api, games_selfplay], max(1, args.games // 6))
    state = mid_game_state()
    place_state = state.clone()
    while place_state.phase != "place":
        place_state.apply(place_state.legal_actions()[0])
    line = state.lines[0] + [31, 4]
    positions = decision_positions()
    hard_playouts_per_s(positions, True)  # warm the automaton's tables for both
    remembered, forgetful = [max(hard_playouts_per_s(positions, r) for _ in range(3))
                             for r in (True, False)]
    from ..bots.parallel import default_helpers
    helpers = default_helpers()
    alone, spread = (hard_timed_playouts_per_s(positions, h) for h in (0, helpers))
    figures = {
        "games_per_s_fast_playout": round(fast),
        "games_per_s_api": round(api),
        "games_per_s_selfplay": round(selfplay),
        "ratio_selfplay_to_api": round(selfplay / api, 2),
        "goal_ratio_selfplay_to_api": 1,
        "goal_games_per_s": 5000,
        "ratio_fast_to_goal": round(fast / 5000, 2),
        "clone_us": round(per_call_us(state.clone, 100000), 2),
        "goal_clone_us": 10,
        "legal_actions_us_place": round(per_call_us(place_state.legal_actions, 100000), 2),
        "legal_actions_us_take": round(per_call_us(state.legal_actions, 100000), 2),
        "score_lane_us": round(per_call_us(lambda: score_sizes(module_sizes(line), 3), 100000), 2),
        "hard_playouts_per_s": round(remembered),
        "hard_playouts_per_s_without_line_memo": round(forgetful),
        "ratio_line_memo": round(remembered / forgetful, 2),
        "cores": os.cpu_count(),
        "search_helpers": helpers,
        "hard_timed_playouts_per_s_one_process": round(alone),
        "hard_timed_playouts_per_s_with_helpers": round(spread),
        "ratio_helpers": round(spread / alone, 2),
    }
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
