"""Issue 41 item 10: while the bench card is being placed, every legal gap shows its score
change on a chip (the live preview's figures), from the moment the drag starts; the snapped gap's
chip is the larger one; no change is neutral, not a gain."""

import random
import re

import pygame
import pytest

from game.assemble.scoring import explain_line
from game.assemble.setup import Rules
from game.assemble.state import PLACE_PHASE
from scenes.art.metrics import STRIP
from scenes.assemble import draw
from scenes.assemble.table import TableScene
from scenes.config import GameConfig, Seat
from scenes.widgets import ui
from ui_helpers import frames, key, move, post, resize, settle

CHIP = re.compile("^[+\u2212][0-9]+$")


def changes_by_hand(state) -> dict:
    """Each legal gap's change, worked out here from the scoring alone."""
    lane = state.active
    now = explain_line(state.lines[lane], state.capacity[lane], state.rules.flaw).score
    out = {}
    for action in state.legal_actions():
        line = list(state.lines[lane])
        line.insert(action.value, state.bench[lane])
        out[action.value] = explain_line(line, state.capacity_after(lane, action.value),
                                         state.rules.flaw).score - now
    return out


def placing(app, wanted, seed=9, rules=Rules()):
    """A hot-seat table played at random until the one to move places into a line of 4 or
    more cards where `wanted(changes)` holds."""
    table = TableScene(app, GameConfig([Seat("Ada", "human", 0), Seat("Bo", "human", 1)], rules, seed))
    app.stack.push(table)
    rnd = random.Random(3)
    while True:
        settle(app, table)
        state = table.state
        assert not state.is_over(), "no such position in this game"
        if state.phase == PLACE_PHASE and len(state.lines[state.active]) >= 4 \
                and wanted(changes_by_hand(state)):
            frames(app, 2)
            return table
        legal = state.legal_actions()
        table.play(legal[rnd.randrange(len(legal))])


def spy(monkeypatch) -> list:
    """Every string rendered from now on, with its size and colour."""
    calls: list = []
    render = ui._render

    def rendered(string, size, colour, style):
        calls.append((string, size, tuple(colour)))
        return render(string, size, colour, style)
    monkeypatch.setattr(ui, "_render", rendered)
    return calls


def chips_drawn(app, calls) -> list:
    calls.clear()
    frames(app, 1)
    return [(string, size, colour) for string, size, colour in calls if CHIP.match(string)]


def bench_point(table):
    bench = table.layout.lanes[table.state.active].bench
    return int(bench.x + bench.w / 2), int(bench.y + bench.h / 2)


def line_point(table, lane, pos):
    line = table.layout.lanes[lane].line
    return int(line.x + pos * STRIP * table.layout.card_width + 2), int(line.y + line.h / 2)


def test_every_legal_gap_shows_its_change_from_the_press_on_the_snapped_one_larger(app, monkeypatch):
    table = placing(app, lambda changes: len(set(changes.values())) >= 2)
    lane = table.state.active
    expected = changes_by_hand(table.state)
    card = table.state.bench[lane]
    calls = spy(monkeypatch)
    start = bench_point(table)
    move(app, start)
    assert chips_drawn(app, calls) == []  # nobody is placing yet
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    chips = chips_drawn(app, calls)  # pressed, not moved yet: already every gap
    assert sorted(words for words, _size, _colour in chips) == \
        sorted(draw.change_words(change) for change in expected.values())
    assert len({size for _words, size, _colour in chips}) == 1  # none snapped yet
    assert set(table.gap_chip_rects) == set(expected)
    gap = 1
    move(app, line_point(table, lane, gap), buttons=(1, 0, 0))
    assert table.pending_position(lane) == gap
    chips = chips_drawn(app, calls)
    assert len(chips) == len(expected)
    biggest = max(size for _words, size, _colour in chips)
    assert [words for words, size, _colour in chips if size == biggest] == [draw.change_words(expected[gap])]
    # gains green, losses red, each chip in its own place
    for words, _size, colour in chips:
        sign = 1 if words.startswith("+") and words != "+0" else -1 if words.startswith("\u2212") else 0
        assert colour == draw.CHIP_WORDS[sign]
    rects = list(table.gap_chip_rects.values())
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    post(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=line_point(table, lane, gap), button=1))
    assert table.state.lines[lane][gap] == card  # dropped on the snapped gap: placed there
    settle(app, table)
    assert chips_drawn(app, calls) == []  # placed: the chips are gone


def test_no_change_is_neutral_in_the_chips_and_the_tab_preview(app, monkeypatch):
    table = placing(app, lambda changes: 0 in changes.values())
    expected = changes_by_hand(table.state)
    zero = min(p for p, change in expected.items() if change == 0)
    calls = spy(monkeypatch)
    for _ in range(len(expected)):  # Tab through the gaps to the first that changes nothing
        key(app, pygame.K_TAB)
        if table.cursor == zero:
            break
    assert table.cursor == zero
    chips = chips_drawn(app, calls)
    assert sorted(words for words, _size, _colour in chips) == \
        sorted(draw.change_words(change) for change in expected.values())
    preview = [colour for string, _size, colour in calls if string.endswith("(+0)")]
    assert preview and ui.GOOD not in preview  # +0 is no gain
    assert draw.change_colour(0) != ui.GOOD and draw.CHIP_FILL[0] not in (ui.GOOD, ui.BAD)


@pytest.mark.parametrize("size", [(640, 360), (2560, 1440)])
def test_the_chips_fit_the_lane_at_the_smallest_and_largest_windows(app, size):
    table = placing(app, lambda changes: len(set(changes.values())) >= 2)
    resize(app, size)
    lane = table.state.active
    start = bench_point(table)
    move(app, start)
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    move(app, line_point(table, lane, 2), buttons=(1, 0, 0))
    frames(app, 1)
    box = pygame.Rect(*table.layout.lanes[lane].box.to_int())
    rects = list(table.gap_chip_rects.values())
    assert len(rects) == len(changes_by_hand(table.state))
    assert all(box.contains(rect) for rect in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert min(rect.h for rect in rects) >= 11  # readable



@pytest.mark.parametrize("rules", [Rules(), Rules(flaw=True, identity=True)])
def test_the_game_works_out_every_gaps_change_as_the_scoring_does(rules):
    from game.assemble.record import new_session
    session = new_session(11, [{"name": "A", "seat": "human"}, {"name": "B", "seat": "human"},
                               {"name": "C", "seat": "human"}], rules)
    rnd, seen = random.Random(5), 0
    while not session.state.is_over():
        state = session.state
        if state.phase == PLACE_PHASE:
            assert state.placement_changes(state.active) == changes_by_hand(state)
            seen += 1
        else:
            assert state.placement_changes(state.active) == {}  # nothing to place now
        legal = state.legal_actions()
        session.play(legal[rnd.randrange(len(legal))])
    assert seen > 10
