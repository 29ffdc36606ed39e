"""Alice Assemble's frame-time benchmark: `python -m scenes.perf` prints figures (not a test).

Frame time (events + update + draw + flip, software rendering) of the table scene while a card
is dragged along a line and while bots play with animations, at 1280x720 and 1920x1080; the
frames drawn while hard bots think in their worker process (paced at 60 fps in real time, with the
app's think time); and the time from starting a fresh process to the first frame on screen.

`python -m scenes.perf thinking` prints only the frames drawn while hard and expert bots think
(goal: none over 50 ms); `python -m scenes.perf review` only those drawn while a post-game
review runs in the background (the same goal). `python -m scenes.perf decisions` prints only how long a bot's turn takes with its animation, at the
app's settings, for each offered level (goal: a median of 1.0 s at most; issue 57, item 5).
`python -m scenes.perf languages` prints only Japanese against English (goal: within 10 %): the
first frame (median of 5 fresh starts each) and the table's frame p99 (median of 3 runs
each), as ratios ja / en.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def measure(size: tuple[int, int], frames: int = 240, lang: str = "en") -> dict[str, float]:
    import pygame

    from game.assemble.setup import Rules
    from game.assemble.state import PLACE_PHASE
    from scenes.app.window import App, AppOptions
    from scenes.config import GameConfig, Seat
    from scenes.art.metrics import STRIP
    from scenes.assemble.table import TableScene

    os.environ["ALICE_DATA_DIR"] = tempfile.mkdtemp(prefix="alice-bench-")
    app = App(AppOptions(size=size, lang=lang))
    seats = [Seat("You", "human", 0)] + [Seat(f"Bot {i}", "easy", i) for i in (1, 2, 3)]
    table = TableScene(app, GameConfig(seats, Rules(), 7))
    app.stack.push(table)

    def frame(events=()) -> float:
        start = time.perf_counter()
        for event in events:
            app.dispatch(event)
        app.step(1 / 60)
        return (time.perf_counter() - start) * 1000

    # get to a placement of the human with a few cards in the line
    while not (table.state.current_player() == 0 and table.state.phase == PLACE_PHASE
               and len(table.state.lines[table.state.active]) >= 3):
        if table.state.current_player() == 0:
            table.play(table.state.legal_actions()[0])
        for _ in range(20):
            frame()
    for _ in range(30):
        frame()
    lane = table.state.active
    lay = table.layout.lanes[lane]
    bench = lay.bench.center
    drag_times = []
    frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(bench[0]), int(bench[1])), button=1)])
    n = len(table.state.lines[lane])
    span = (n + 1) * STRIP * table.layout.card_width
    for i in range(frames):
        x = lay.line.x + (i % 60) / 60 * span
        pos = (int(x), int(lay.line.y + lay.line.h / 2))
        drag_times.append(frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0),
                                                    buttons=(1, 0, 0))]))
    frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    # bots everywhere: cards fly, dials turn, the field is dealt
    seat = table.config.seats[0]
    seat.kind = "easy"
    table.hints.turns.seats[0] = seat  # the human's seat is played by a bot from now on
    table.humans = frozenset()
    anim_times: list[float] = []
    while len(anim_times) < frames and not table.state.is_over():
        anim_times.append(frame())
    app.stack.close_all()
    pygame.display.quit()
    from scenes.menus.settings import use_language
    use_language("en")
    result: dict[str, float] = {}
    for name, values in (("drag", drag_times), ("animation", anim_times)):
        result[f"{name}_p50_ms"] = round(statistics.median(values), 2)
        result[f"{name}_p99_ms"] = round(percentile(values, 99), 2)
    return result


def measure_thinking(size: tuple[int, int], seconds: float = 20.0, level: str = "hard") -> dict:
    """Four bots of `level` play in real time; every frame drawn while one of them thinks is
    timed. The table's first frame (a scene change, bots or not) is reported apart."""
    import pygame

    from game.assemble.setup import Rules
    from scenes.app.window import App, AppOptions
    from scenes.config import GameConfig, Seat
    from scenes.assemble.table import TableScene
    from scenes.art.warmup import planned_art

    os.environ["ALICE_DATA_DIR"] = tempfile.mkdtemp(prefix="alice-bench-")
    app = App(AppOptions(size=size))
    app.art.plan(planned_art("assemble", 4, size))  # as the setup screen's idle frames do
    while app.art.warm_one():
        pass
    table = TableScene(app, GameConfig([Seat(f"Bot {i}", level, i) for i in range(4)], Rules(), 11))
    app.stack.push(table)
    thinking: list[float] = []
    decisions, was, first = 0, False, None
    end = time.perf_counter() + seconds
    last = time.perf_counter()
    while time.perf_counter() < end and not table.state.is_over():
        start = time.perf_counter()
        app.step(min(0.1, start - last))
        last = start
        took = (time.perf_counter() - start) * 1000
        now = table.hints.turns.thinking
        if first is None:
            first = took
        elif now:
            thinking.append(took)
        decisions += now and not was
        was = now
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
    app.stack.close_all()  # stops the worker process
    pygame.display.quit()
    assert first is not None  # the loop drew at least the table's first frame
    return {"think_s": table.hints.turns.think, "search_helpers": table.hints.turns.decider.helpers,
            "first_frame_ms": round(first, 1), "decisions": decisions,
            "frames_while_thinking": len(thinking), "p50_ms": round(statistics.median(thinking), 2), "p99_ms": round(percentile(thinking, 99), 2),
            "max_ms": round(max(thinking), 2), "goal_max_ms": 50,
            "ratio_max_to_goal": round(max(thinking) / 50, 2)}


def measure_decisions(size: tuple[int, int], level: str, seconds: float = 25.0) -> dict:
    """Four bots of `level` play in real time at the app's settings (its think time, the delay
    that lets people follow a move, the cards' flight): the wall time from one bot's move to the
    next, which is what a player waits for each bot seat. The longest ones are where a round
    ends (its scoring is shown)."""
    import pygame

    from game.assemble.setup import Rules
    from scenes.app.window import App, AppOptions
    from scenes.config import GameConfig, Seat
    from scenes.assemble.table import TableScene
    from scenes.art.warmup import planned_art

    os.environ["ALICE_DATA_DIR"] = tempfile.mkdtemp(prefix="alice-bench-")
    app = App(AppOptions(size=size))
    app.art.plan(planned_art("assemble", 4, size))
    while app.art.warm_one():
        pass
    table = TableScene(app, GameConfig([Seat(f"Bot {i}", level, i) for i in range(4)], Rules(), 11))
    app.stack.push(table)
    gaps: list[float] = []
    moves, moved_at = 0, None
    end = time.perf_counter() + seconds
    last = time.perf_counter()
    while time.perf_counter() < end and not table.state.is_over():
        start = time.perf_counter()
        app.step(min(0.1, start - last))
        last = start
        now = len(table.session.history.actions)
        if now != moves:
            if moved_at is not None:
                gaps.append(start - moved_at)
            moves, moved_at = now, start
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
    app.stack.close_all()
    pygame.display.quit()
    assert gaps, "no two bot moves in the time given"
    median = statistics.median(gaps)
    return {"think_s": table.hints.turns.think, "moves": len(gaps),
            "median_s": round(median, 3), "p90_s": round(percentile(gaps, 90), 3),
            "max_s": round(max(gaps), 3), "goal_median_s": 1.0,
            "ratio_median_to_goal": round(median / 1.0, 2)}


def decisions() -> dict:
    from game.core import registry
    from game.assemble.bots import LEVELS
    hidden = set(registry.info("assemble").unoffered_levels)  # what setup does not offer
    return {level: measure_decisions((1280, 720), level)
            for level in LEVELS if level not in hidden and level != "random"}


def measure_review(size: tuple[int, int], seed: int = 5) -> dict:
    """The review screen (issue 42) of one player of a 4-player Alice Assemble game while its
    review runs in the background (the app's own search per decision): every frame is timed,
    paced at 60 fps in real time, while the screen also steps through the game; and the seconds
    the review took."""
    import pygame

    from game.core import records
    from game.bots import make_bot
    from game.services.play import play_out
    from scenes.app.window import App, AppOptions
    from scenes.replay.review import open_review

    os.environ["ALICE_DATA_DIR"] = tempfile.mkdtemp(prefix="alice-bench-")
    seats = ["random", "easy", "normal", "normal"]
    module = records.game_module("assemble")
    session = module.new_session(seed, [{"name": f"P{i + 1}", "seat": s} for i, s in enumerate(seats)])
    play_out(session, {i: make_bot(s, "assemble", seed * 10 + i) for i, s in enumerate(seats)})
    record = records.record_of(session)
    app = App(AppOptions(size=size))
    scene = open_review(app, record, seat=0)
    assert scene is not None
    app.step(1 / 60)  # the screen's first frame (a scene change) is not counted
    began = time.perf_counter()

    def frames(until) -> list[float]:
        times: list[float] = []
        last = time.perf_counter()
        while not until(len(times)):
            start = time.perf_counter()
            if len(times) % 30 == 0:  # the player steps through the game meanwhile
                scene.go((scene.cursor + 1) % (scene.total + 1))
            app.step(min(0.1, start - last))
            last = start
            times.append((time.perf_counter() - start) * 1000)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
        return times

    busy = frames(lambda n: scene.review is not None or scene.job is None)
    took = time.perf_counter() - began
    calm = frames(lambda n: n >= len(busy))  # the same screen, no review running: the baseline
    app.stack.close_all()
    pygame.display.quit()

    def figures(times: list[float]) -> dict:
        plain = [t for i, t in enumerate(times) if i % 30]  # the frames that did not step
        return {"frames": len(times), "p50_ms": round(statistics.median(times), 2),
                "p99_ms": round(percentile(times, 99), 2), "max_ms": round(max(times), 2),
                "over_50_ms": sum(t > 50 for t in times),
                "steps_max_ms": round(max(times[::30]), 2), "plain_max_ms": round(max(plain), 2),
                "plain_over_50_ms": sum(t > 50 for t in plain)}
    return {"review_s": round(took, 1), "while_reviewing": figures(busy),
            "after_it_same_screen": figures(calm), "goal_max_ms": 50}


def first_frame_seconds(lang: str = "en") -> float:
    """Start the app in a fresh interpreter; it notes the moment its first frame was shown."""
    with tempfile.TemporaryDirectory() as tmp:
        mark = os.path.join(tmp, "first-frame")
        env = dict(os.environ, ALICE_DATA_DIR=tmp, ALICE_FIRST_FRAME_FILE=mark)
        start = time.time()
        proc = subprocess.Popen([sys.executable, "-m", "scenes.main", "--lang", lang], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = start + 60
            while not os.path.exists(mark) and time.time() < deadline and proc.poll() is None:
                time.sleep(0.01)
            time.sleep(0.05)
            with open(mark) as fh:
                return float(fh.read()) - start
        finally:
            proc.kill()
            proc.wait()


def languages() -> dict:
    """Japanese against English: the same frames with the other words and the CJK face."""
    first = {lang: statistics.median(first_frame_seconds(lang) for _ in range(5)) for lang in ("en", "ja")}
    runs: dict[str, list[dict]] = {"en": [], "ja": []}
    for _ in range(3):  # alternated, so a busy moment of the machine falls on both
        for lang in runs:
            runs[lang].append(measure((1280, 720), lang=lang))
    out: dict = {"first_frame_s": {k: round(v, 3) for k, v in first.items()},
                 "ratio_first_frame_ja_to_en": round(first["ja"] / first["en"], 3)}
    for name in ("drag_p99_ms", "animation_p99_ms"):  # the median of three runs each
        out[name] = {lang: statistics.median(r[name] for r in runs[lang]) for lang in runs}
        out[f"ratio_{name[:-3]}_ja_to_en"] = round(out[name]["ja"] / out[name]["en"], 3)
    out["goal_ratio_at_most"] = 1.10
    return out


def main() -> None:
    if sys.argv[1:] == ["languages"]:
        print(json.dumps(languages(), indent=1))
        return
    if sys.argv[1:] == ["decisions"]:
        print(json.dumps(decisions(), indent=1))
        return
    if sys.argv[1:] == ["review"]:  # only the frames drawn while a review runs
        print(json.dumps(measure_review((1280, 720)), indent=1))
        return
    if sys.argv[1:] == ["thinking"]:  # only the frames drawn while hard and expert bots think
        print(json.dumps({level: measure_thinking((1280, 720), level=level)
                          for level in ("hard", "expert")}, indent=1))
        return
    hd = measure((1280, 720))
    figures: dict[str, object] = {"1280x720": hd, "1920x1080": measure((1920, 1080))}
    figures["while_hard_bots_think_1280x720"] = measure_thinking((1280, 720))
    figures["while_expert_bots_think_1280x720"] = measure_thinking((1280, 720), level="expert")
    figures["bot_turn_with_animation_1280x720"] = decisions()
    figures["first_frame_s"] = round(first_frame_seconds(), 3)
    figures["goal_p99_ms_at_1280x720"] = 16.7
    figures["ratio_p99_to_goal"] = round(max(hd["drag_p99_ms"], hd["animation_p99_ms"]) / 16.7, 2)
    figures["goal_first_frame_s"] = 1.0
    figures["japanese_against_english"] = languages()
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
