"""The replay viewer shows the engine's state (issue 39): every registered game's finished records,
at every player count and rule variant, stepped through every move forward and back, home and
end, by round or hand and by random jumps. At each position the table's picture (what it would
draw, read from its own drawing model: where it lays each card, what its dials show, what faces
up) is the state at that move, as a replay of the record from scratch gives it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.core import records, registry
from game.bots import make_bot
from game.services.play import play_out

GAMES = registry.ids()  # every registered game: a new one is tested here by default


def variants(rules) -> list:
    """A game's rule switches: none, each alone and all together (with two switches, every
    combination; a game without options: its one rule set). Each switch is stepped through at
    every player count without playing all 2^n combinations (Alicematic has four)."""
    if not dataclasses.is_dataclass(rules):
        return [rules]
    names = [f.name for f in dataclasses.fields(rules) if isinstance(getattr(rules, f.name), bool)]
    picks = [()] + [(name,) for name in names] + [tuple(names)]
    out = []
    for on in picks:
        chosen = dataclasses.replace(rules, **{name: name in on for name in names})
        if chosen not in out:
            out.append(chosen)
    return out


def finished_records(game: str) -> list[tuple[str, dict]]:
    """One finished game per player count and rule variant, played by seeded random bots (with
    words that say which)."""
    module = registry.game_module(game)
    out = []
    for players in module.PLAYER_COUNTS:
        for k, rules in enumerate(variants(module.parse_rules(""))):
            seed = 100 * players + k
            seats = [{"name": f"P{p + 1}", "seat": "random", "colour": p} for p in range(players)]
            session = module.new_session(seed, seats, rules)
            play_out(session, {p: make_bot("random", game, seed + p) for p in range(players)})
            assert session.state.is_over()
            out.append((f"{game}, {players} players, rules {rules}", records.record_of(session)))
    return out


def positions(record: dict) -> list:
    """The state after each number of moves, from a replay of its own."""
    session = records.replay(record)
    out = []
    for before, _action, _events, after in session.history.replay():
        if not out:
            out.append(before.clone())
        out.append(after.clone())
    return out


# --- each game's state as its table should picture it (nobody of the tests' records is human:
# the replay seats the onlooker at seat 0) ----------------------------------------------------------

def assemble(state) -> dict:
    lanes = []
    for lane in range(state.n_lanes):
        line = list(state.lines[lane])
        outlined = lane == state.active and line and not state.is_over()  # the active doll's modules
        lanes.append({
            "line": line, "places": [float(i) for i in range(len(line))],
            "modules": [(m.scored, sorted((float(col), row) for col, row in m.cells))
                        for m in state.explain(lane).modules] if outlined else [],
            "capacity": state.capacity[lane], "bench": state.bench[lane],
            "points": state.explain(lane).score})
    return {"lanes": lanes, "field": sorted(state.field)}


def cementopia(state) -> dict:
    return {"network": sorted(state.placed), "hand": list(state.hand), "slots": list(range(len(state.hand))),
            "counters": list(state.counters), "score": state.score()}


def grayblock(state) -> dict:
    between = bool(state.results) and (state.is_over() or not state.log)  # a hand's result shows
    result = state.results[-1] if between else None
    row = list(result.row) if result else list(state.row)
    return {"row": row, "places": list(range(len(row))), "ends": (row[0], row[-1]) if row else None,
            "bottom": 0, "hand": list(result.left[0]) if result else state.hand(0),
            "seats": {p: len(result.left[p]) if result else state.hand_sizes()[p] for p in range(1, state.players)},
            "totals": list(state.totals), "result": len(state.results) - 1 if result else None}


def alicematic(state) -> dict:
    return {"held": {h: owners for h, owners in state.holders.items() if owners}, "war": dict(state.war),
            "outside": 0, "board": 0, "areas": [list(area) for area in state.areas[0]],
            "hand": list(state.hands[0]), "vp": list(state.vp), "resources": [list(r) for r in state.resources],
            "hand_sizes": [len(hand) for hand in state.hands], "scoring": state.is_over()}


PICTURES = {"assemble": assemble, "cementopia": cementopia, "grayblock": grayblock, "alicematic": alicematic}


def test_every_game_is_pictured_here():
    assert set(PICTURES) == set(GAMES), "a new game: say here how its table should picture its state"


@pytest.mark.parametrize("game", GAMES)
def test_every_position_shows_the_state_at_that_move(app, game):
    rng = random.Random(39)
    for where, record in finished_records(game):
        expected = positions(record)
        viewer = app.make("replay", record=record)
        app.stack.push(viewer)
        table, total = viewer.table, viewer.total
        assert total == len(expected) - 1 > 0

        def check(how: str) -> None:
            while app.stack.top is not viewer:  # the end screen after the last move
                app.stack.pop()
            state = expected[viewer.cursor]
            assert viewer.state == state, f"{where}: {how} to move {viewer.cursor}"
            assert table.picture() == PICTURES[game](state), f"{where}: {how} to move {viewer.cursor}"

        viewer.home()
        check("home")
        for n in range(1, total + 1):
            viewer.step(1)
            check("a step forward")
        for n in range(total - 1, -1, -1):
            viewer.step(-1)
            check("a step back")
        viewer.end()
        check("the end")
        app.draw()  # the end as drawn, read-only (a finished game's result over the table)
        viewer.home()
        check("home")
        while viewer.cursor < total:  # each jump ends where a round or hand starts
            viewer.by_segment(1)
            check("a jump forward")
            if viewer.cursor < total:
                parts = table.playback.segment(expected[viewer.cursor]), table.playback.segment(expected[viewer.cursor - 1])
                assert parts[0] is None or parts[0] != parts[1], f"{where}: jumped to move {viewer.cursor}"
        while viewer.cursor > 0:
            viewer.by_segment(-1)
            check("a jump back")
        for _ in range(12):
            viewer.go(rng.randint(0, total))
            check("a jump")
        app.draw()
        app.stack.pop()
