"""The Assemble table's hands-on details (issue 12): where the magnifier docks, generous line ends,
and what the tables say about ties, advanced rules and 2-player counting dolls."""

import pygame
import pytest

from game.assemble.setup import Rules
from scenes.assemble.geometry import MAGNIFY_GOAL, MAGNIFY_MIN
from scenes.assemble.table import TableScene
from scenes.config import GameConfig, Seat
from ui_helpers import drag, frames, move, resize, settle, wait


def hot_seat(app, players=4, seed=7, rules=Rules()):
    seats = [Seat(n, "human", i) for i, n in enumerate(["Ada", "Bo", "Cy", "Di"][:players])]
    table = TableScene(app, GameConfig(seats, rules, seed))
    app.stack.push(table)
    frames(app, 2)
    return table


def rect(r):
    return pygame.Rect(*r.to_int()) if hasattr(r, "to_int") else pygame.Rect(r)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080)])
def test_the_magnifier_docks_clear_of_the_play_and_bigger_than_the_card(app, players, size):
    resize(app, size)
    table = hot_seat(app, players)
    for _ in range(3 * players):  # into the game: lines to look at, a place phase, then a take
        table.play(table.state.legal_actions()[0])
    settle(app, table)
    lay = table.layout
    lane = table.state.active
    hovered = [table.field_rect(c) for c in table.state.field]
    if table.state.bench[lane] is not None:
        hovered.append(lay.lanes[lane].bench.as_tuple())
    assert hovered
    for card_rect in hovered:
        move(app, (5, 5))
        move(app, rect(pygame.Rect(card_rect)).center)
        wait(app, 1.2)  # a long hover
        assert table.magnified is not None
        big, words = table.geo.magnifier()
        keep_clear = [rect(lay.field), rect(lay.deck), pygame.Rect(card_rect)]
        keep_clear += [rect(lane_lay.box) for lane_lay in lay.lanes]  # every lane, the active one too
        assert not any(big.colliderect(r) or words.colliderect(r) for r in keep_clear)
        assert pygame.Rect(0, 0, *size).contains(big.union(words))
        assert big.h >= MAGNIFY_MIN * lay.card_height
        if players != 3:  # the 3-player table's cards are already the biggest
            assert big.h >= MAGNIFY_GOAL * lay.card_height


def test_no_magnifier_where_it_could_not_be_bigger_than_the_card(app, monkeypatch):
    table = hot_seat(app, 2)
    monkeypatch.setattr(table.geo, "magnifier", lambda: None)
    card = table.state.field[0]
    move(app, pygame.Rect(table.field_rect(card)).center)
    wait(app, 1.2)
    assert table.magnified is None
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pygame.Rect(table.field_rect(card)).center,
                                    button=3))
    assert table.magnified is None


def place_phase_with_a_line(app, table, cards=2):
    """Play on until the active lane has `cards` or more in its line and must place."""
    while not (table.state.phase == "place" and len(table.state.lines[table.state.active]) >= cards):
        table.play(table.state.legal_actions()[0])
    settle(app, table)
    return table.state.active


def drop_bench_card(app, table, lane, x) -> int:
    """Drag the lane's bench card to x, at the height of its line; the card dropped."""
    card, line = table.state.bench[lane], table.layout.lanes[lane].line
    bench = pygame.Rect(table.layout.lanes[lane].bench.to_int()).center
    drag(app, bench, (int(x), int(line.y + line.h / 2)))
    return card


@pytest.mark.parametrize("size", [(640, 360), (1280, 720)])
def test_dropping_on_the_left_quarter_of_the_first_card_places_leftmost(app, size):
    resize(app, size)
    table = hot_seat(app, 4)
    lane = place_phase_with_a_line(app, table)
    x = table.layout.lanes[lane].line.x + table.layout.card_width * 0.22
    card = drop_bench_card(app, table, lane, x)
    assert table.state.lines[lane][0] == card


@pytest.mark.parametrize("size", [(640, 360), (1280, 720)])
def test_dropping_past_the_left_quarter_of_the_last_card_places_rightmost(app, size):
    resize(app, size)
    table = hot_seat(app, 4)
    lane = place_phase_with_a_line(app, table)
    x = table.line_xs(lane, None)[-1] + table.layout.card_width * 0.3
    card = drop_bench_card(app, table, lane, x)
    assert table.state.lines[lane][-1] == card


def test_every_gap_of_a_long_line_can_still_be_reached(app):
    table = hot_seat(app, 3)
    lane = place_phase_with_a_line(app, table, cards=5)
    n = len(table.state.lines[lane])
    line = table.layout.lanes[lane].line
    xs = range(int(line.x) - 20, int(line.right) + 20)
    reached = {table.insertion_at(lane, x) for x in xs}
    assert reached == set(range(n + 1))
    widths = [sum(1 for x in xs if table.insertion_at(lane, x) == p) for p in range(1, n)]
    assert min(widths) >= 0.9 * 0.26 * table.layout.card_width  # no sliver of a gap in between


@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080)])
def test_cementopias_fits_nowhere_label_leaves_the_card_name_readable(app, size):
    from scenes.cementopia.table import CementopiaScene
    from scenes.widgets import ui
    resize(app, size)
    seed = 1  # the first hand holds card 26, which fits nowhere next to the first card
    scene = CementopiaScene(app, GameConfig([Seat("Ada")], None, seed, "cementopia"))
    app.stack.push(scene)
    frames(app, 60)
    stuck = [c for c in scene.state.hand if not scene.spots_for(c)]
    assert stuck
    card = scene.hand_rect(stuck[0])
    name_plate = pygame.Rect(card.x, card.bottom - card.h * 0.16, card.w, card.h * 0.16)

    def red(area):
        return sum(1 for x in range(area.left, area.right) for y in range(area.top, area.bottom)
                   if app.screen.get_at((x, y))[:3] == ui.BAD)

    assert red(card) > 0  # the label is there
    assert red(name_plate) == 0  # and not over the name


def test_a_tie_below_the_winner_says_which_tiebreaker_set_the_places():
    from scenes.assemble.scoring import placing_text
    from tests.helpers import finished
    # Ada wins alone; Bo (four size-1 modules), Cy and Di (a size-2 module each) all have 4 points
    state = finished(4, [[31], [16, 0, 16, 0, 16, 0, 16], [24], [6]], [1, 4, 1, 1])
    text = placing_text(state, ["Ada", "Bo", "Cy", "Di"])
    assert text.startswith("Bo, Cy and Di tie at 4 points for 2nd place.")
    assert "Tiebreaker 1 (largest scored module): Bo size 1, Cy size 2, Di size 2." in text
    assert text.endswith("Cy and Di share 2nd place.")
    assert placing_text(finished(4, [[31], [16], [24], [6]], [1, 1, 1, 1])) == \
        "Player 3 and Player 4 tie at 4 points and on every tiebreaker: they share 2nd place."
    assert placing_text(finished(3, [[31], [16], [6]], [1, 1, 1])) is None  # no tie: nothing to say


def test_the_results_show_the_note_for_a_tie_below_the_winner(app):
    from game.core.commands import History, Session
    from scenes.assemble.scoring import ScoringScene
    from tests.helpers import finished
    state = finished(4, [[31], [16, 0, 16, 0, 16, 0, 16], [24], [6]], [1, 4, 1, 1])
    seats = [Seat(n, "human", i) for i, n in enumerate(["Ada", "Bo", "Cy", "Di"])]
    scene = ScoringScene(app, Session(History(state)), GameConfig(seats, None, 3))
    app.stack.push(scene)
    frames(app, 2)
    scene.skip()
    frames(app, 2)
    assert scene.phase == "summary"
    assert " ".join(scene.note_lines).startswith("Bo, Cy and Di tie at 4 points for 2nd place.")
    assert scene.note.h > 0 and not any(scene.note.colliderect(r) for r in scene.rows)


def region(app, box):
    return pygame.image.tobytes(app.screen.subsurface(box.clip(app.screen.get_rect())), "RGB")


@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080)])
def test_the_assemble_hud_names_the_advanced_rules_and_explains_them_on_pointing(app, size):
    resize(app, size)
    table = hot_seat(app, 4, rules=Rules(flaw=True, identity=True))
    for _ in range(4 * 4):
        table.play(table.state.legal_actions()[0])
    settle(app, table)
    badge = table.rules_badge
    assert badge is not None and pygame.Rect(table.layout.hud.to_int()).contains(badge)
    below = pygame.Rect(badge.x - badge.w, badge.bottom + 2, badge.w * 2, badge.h * 3)
    move(app, (badge.centerx, badge.bottom + 40))
    before = region(app, below)
    move(app, badge.center)  # pointing at it: the explanation opens below it
    assert region(app, below) != before
    move(app, (badge.centerx, badge.bottom + 40))
    assert region(app, below) == before


def test_no_rules_badge_without_advanced_rules(app):
    table = hot_seat(app, 4)
    assert table.rules_badge is None


def test_grayblock_names_water_veins_and_explains_it_on_pointing(app):
    from game.grayblock.setup import Rules as GrayRules
    from scenes.grayblock.table import GrayblockScene
    for size, rules in (((640, 360), GrayRules(water_veins=True)), ((1280, 720), GrayRules(water_veins=True)),
                        ((1280, 720), GrayRules())):
        resize(app, size)
        seats = [Seat("Ada", "human", 0), Seat("Bo", "human", 1)]
        scene = GrayblockScene(app, GameConfig(seats, rules, 7, "grayblock"))
        app.stack.push(scene)
        frames(app, 2)
        scene.seat.confirm_viewer()  # hot seat: the one looking says so
        frames(app, 2)
        if not rules.water_veins:
            assert scene.rules_badge is None
            continue
        badge = scene.rules_badge
        assert badge is not None and scene.layout.info.contains(badge)
        below = pygame.Rect(badge.x - badge.w, badge.bottom + 2, badge.w * 2, badge.h * 3)
        before = region(app, below)
        move(app, badge.center)
        assert region(app, below) != before
        app.stack.pop()


def test_a_two_player_table_marks_the_doll_that_counts(app):
    from scenes.widgets import ui
    table = hot_seat(app, 2, seed=5)
    moves = 0
    while moves < 14 or table.state.phase != "take":
        table.play(table.state.legal_actions()[-1])
        moves += 1
    settle(app, table)
    state = table.state
    for player in (0, 1):
        counting = state.counting_lane(player)
        for lane in (lane for lane, o in enumerate(state.owners) if o == player):
            label = pygame.Rect(table.layout.lanes[lane].label.to_int())
            green = sum(1 for x in range(label.left, label.right) for y in range(label.top, label.bottom)
                        if app.screen.get_at((x, y))[:3] == ui.GOOD)
            assert (green > 0) == (lane == counting), (player, lane, counting)


def test_keys_light_the_chosen_field_card_and_a_click_in_the_place_phase_says_what_first(app):
    from ui_helpers import click, key
    table = hot_seat(app, 2, seed=3)
    card_box = lambda c: pygame.Rect(table.field_rect(c)).inflate(30, 30)  # noqa: E731
    before = {c: region(app, card_box(c)) for c in table.state.field}
    key(app, pygame.K_RIGHT)
    chosen = table.selected[1]
    assert region(app, card_box(chosen)) != before[chosen]  # the chosen card looks different
    others = [c for c in table.state.field if c != chosen]
    assert all(region(app, card_box(c)) == before[c] for c in others if not card_box(c).colliderect(card_box(chosen)))
    while table.state.phase != "place":
        table.play(table.state.legal_actions()[0])
    settle(app, table)
    state = table.state.clone()
    click(app, pygame.Rect(table.field_rect(table.state.field[0])).center)
    assert table.state == state
    assert app.toasts[-1][0].startswith("Place your bench card into the line first")
