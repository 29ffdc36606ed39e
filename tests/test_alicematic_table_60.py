"""Issue 60 item 7: an Alicematic table designers can read at 1280x720 with five players (SDL
dummy driver, synthesized clicks), at 640x360 too and in both languages: the map fills its
panel; menus, the legend and the final scoring open beside the hexes, never over them; the
holders' markers are large and in no facility's colour; everyone's face-up Alices show at once;
the face-up and face-down counts; no pass screen while the bases go down; the map's rows of tiles
as the draft lays them."""

import random

import pygame
import pytest

from game.alicematic import state as st
from game.alicematic import tell as w
from game.alicematic.record import new_session
from game.alicematic.setup import BASE, CONQUER, SUMMON
from scenes.alicematic import draw, legend
from scenes.alicematic.geometry import corners
from scenes.config import GameConfig
from scenes.widgets import ui
from test_alicematic_scene import hex_point, open_table, point, seats
from test_alicematic_table_44 import lit_position, played_until, table_at
from ui_helpers import click, frames, resize

SIZES = [(1280, 720), (640, 360)]


@pytest.fixture(params=["en", "ja"])
def lang(request):
    if request.param == "ja":
        request.getfixturevalue("ja")
    return request.param


def hex_rects(scene) -> list[pygame.Rect]:
    """Each hex's bounding rect on screen."""
    cam = scene.camera
    out = []
    for h in scene.state.board.hexes:
        pts = corners(*cam.to_screen(h), cam.size)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        out.append(pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys))))
    return out


def covers_no_hex(scene, rect) -> None:
    assert rect.w > 0 and rect.collidelist(hex_rects(scene)) == -1, (rect, scene.camera.rect)


def many_alices(seed: int = 2):
    """Five players in their domestic affairs, four of them or more with face-up Alices (twelve
    at least), face-down cards too: random moves, a summon whenever one may be made."""
    session = new_session(seed, [{"name": n, "seat": "human"} for n in ["Ada", "Bo", "Cy", "Di", "Eve"]])
    rng = random.Random(seed)
    for _ in range(3000):
        state = session.state
        up = [sum(face_up for area in state.areas[p] for _c, face_up in area) for p in range(state.n)]
        down = sum(not face_up for p in range(state.n) for area in state.areas[p] for _c, face_up in area)
        if sum(1 for n in up if n) >= 4 and sum(up) >= 12 and down and state.phase == st.DOMESTIC:
            return session
        legal = state.legal_actions()
        summons = [a for a in legal if a.kind == SUMMON]
        session.play(rng.choice(summons or legal))
    raise AssertionError("no such position in this game")


# --- the map fills its panel, and nothing opens over it -------------------------------------------

@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("size", SIZES)
def test_the_map_fills_its_panel_and_the_rest_of_it_is_the_overview(app, lang, players, size):
    scene = table_at(app, lit_position(players), size)
    L = scene.layout
    rects = hex_rects(scene)
    box = rects[0].unionall(rects[1:])
    assert L.field.contains(box)
    assert box.w >= 0.9 * L.field.w and box.h >= 0.9 * L.field.h, (box, L.field)
    # beside it in the same panel, no empty band: the overview (round, face-up Alices, prompt)
    assert L.map.contains(L.field) and L.map.contains(L.overview)
    assert L.overview.x - L.field.right <= L.m and L.field.h >= 0.9 * L.map.h
    assert L.map.right - L.overview.right <= L.k(10)


@pytest.mark.parametrize("size", SIZES)
def test_move_menus_legend_prompt_and_buttons_cover_no_hex(app, lang, size):
    scene = table_at(app, lit_position(5), size)
    conquest = next(a for a in scene.plans() if a.kind == CONQUER)
    click(app, hex_point(scene, conquest.hex))
    frames(app, 1)
    assert scene.popup is not None and scene.popup.options
    covers_no_hex(scene, scene.popup.rect)
    for rect in (scene.prompt_box, scene.legend_b.rect, scene.action_b.rect):
        covers_no_hex(scene, rect)
    scene.popup = None
    scene.hover = conquest.hex  # the hover card: beside the map too
    with ui.noting_texts() as texts:
        frames(app, 1)
    card = [t for t in texts if t.wanted == w.hex_words(scene.state.board, conquest.hex)]
    assert card and all(t.rect.collidelist(hex_rects(scene)) == -1 for t in card)
    click(app, point(scene.legend_b.rect))
    assert scene.legend_open
    frames(app, 1)
    covers_no_hex(scene, legend.panel_rect(scene))
    # a hand card's menu
    session = played_until(5, 5, lambda s: s.round >= 2 and s.phase == st.DOMESTIC)
    scene = table_at(app, session, size)
    card = next(a.card for a in scene.legal() if a.card is not None)
    click(app, point(draw.hand_rects(scene)[card]))
    frames(app, 1)
    assert scene.popup is not None
    covers_no_hex(scene, scene.popup.rect)


@pytest.mark.parametrize("size", SIZES)
def test_the_final_scoring_opens_beside_the_whole_map(app, lang, size):
    session = played_until(9, 5, lambda s: s.is_over(), limit=5000)
    scene = table_at(app, session, size)
    scene.reveal_all()
    frames(app, 1)
    assert scene.rows_shown() > len(w.SCORE_ROWS)
    panel = draw.scoring_panel(scene.layout)
    covers_no_hex(scene, panel)
    for button in (scene.again_b, scene.title_b):
        assert panel.contains(button.rect)
    for rect in hex_rects(scene):  # the whole final board in sight
        assert app.screen.get_rect().contains(rect) and scene.layout.field.contains(rect)


# --- the markers ---------------------------------------------------------------------------

def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a[:3], b[:3])) ** 0.5


def test_markers_use_no_facility_colour_and_each_player_has_a_shape():
    fills = [draw.mix(c, (60, 56, 52), 0.25) for c in draw.AREA_COLOURS.values()]  # as the hexes are
    fills += list(draw.KIND_FILL.values())  # cities and forests too
    for colour in (draw.MARKER_BODY, draw.MARKER_EDGE):
        for fill in fills:
            assert distance(colour, fill) >= 60, (colour, fill)
    assert len(set(draw.SYMBOLS)) == 5  # five players, five patterns


@pytest.mark.parametrize("size", SIZES)
def test_each_holder_shows_a_large_marker_with_their_symbol_in_their_colour(app, size):
    scene = table_at(app, lit_position(5), size)
    frames(app, 1)
    surface, cam = app.screen, scene.camera
    spots = [s for s in draw.marker_spots(scene) if not s[4]]
    held = {(h, p) for h, owners in scene.state.holders.items() for p in owners}
    assert {(h, p) for h, p, _c, _r, _w in spots} == held and len(held) >= 10
    for h, p, (x, y), radius, _war in spots:
        owners = len(scene.state.holders[h])
        assert 2 * radius >= cam.size * (0.5 if owners == 1 else 0.36)  # large: not a dot
        if not scene.layout.field.collidepoint(x, y):
            continue
        assert tuple(surface.get_at((round(x), round(y))))[:3] == draw.seat_colour(scene, p)  # the symbol
        x, y = round(x), round(y)
        edges = 0
        for side in (-1, 1):  # the dark disc round it, then its light edge (a city's markers
            seen = [tuple(surface.get_at((x + side * d, y)))[:3]  # side by side may share one)
                    for d in range(round(radius * 0.6), round(radius) + 2)]
            body = [i for i, c in enumerate(seen) if distance(c, draw.MARKER_BODY) < 40]
            assert body, (h, p, seen)
            edges += any(distance(c, draw.MARKER_EDGE) < 40 for c in seen[body[0]:])
        assert edges, (h, p)


# --- everyone's face-up Alices, and the counts -------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_every_players_face_up_alices_are_on_screen_at_once(app, lang, size):
    scene = table_at(app, many_alices(), size)
    view = scene.view()
    L = scene.layout
    rects = draw.alice_rects(scene)
    up = {(p, card) for p in range(5) for area in view.areas[p] for card, face_up in area if face_up}
    assert set(rects) == up
    shown = list(rects.values())
    for i, rect in enumerate(shown):
        assert L.overview.contains(rect) and not rect.colliderect(L.field) and rect.h >= 4
        assert rect.collidelist(shown[i + 1:]) == -1
    with ui.noting_texts() as texts:
        frames(app, 1)
    for (p, card), rect in rects.items():
        name = w.card_name(scene.state.cards[card])
        assert name in draw.tooltip_at(scene, rect.center)
        if size == (1280, 720):  # its name in its strip (without "Alice" when narrow)
            assert any(t.wanted in (name, draw.short_name(name)) and rect.contains(t.rect) for t in texts), name


@pytest.mark.parametrize("size", SIZES)
def test_the_standings_count_face_up_and_face_down_cards(app, lang, size, monkeypatch):
    scene = table_at(app, many_alices(), size)
    view = scene.view()
    drawn = []
    real = draw.number

    def noting(surface, value, px, room, centre, ink):
        drawn.append((value, centre))
        return real(surface, value, px, room, centre, ink)
    monkeypatch.setattr(draw, "number", noting)
    with ui.noting_texts() as texts:
        frames(app, 1)
    words = {t.wanted for t in texts}
    for p in range(5):
        areas = view.areas[p]
        ups = [sum(1 for _c, face_up in area if face_up) for area in areas]
        downs = [len(area) - n for area, n in zip(areas, ups)]
        row = draw.player_row(scene, p)
        numbers = [v for v, (x, y) in drawn if row.collidepoint(x, y)]
        # each area's face-up count, then a badge for each area's face-down cards
        assert numbers[:5] == ups and numbers[5:5 + sum(1 for d in downs if d)] == [d for d in downs if d]
        up, down = sum(ups), sum(downs)  # and in words beside their Alices
        assert ui._("face up {up} \u00b7 face down {down}").format(up=up, down=down) in words \
            or f"{up} \u00b7 {down}" in words


# --- hot seat: the bases -----------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_no_pass_screen_while_the_bases_go_down_in_hot_seat(app, lang, size):
    config = GameConfig(seats(*["human"] * 5), None, 7, "alicematic", undo="free")
    scene = open_table(app, config)
    resize(app, size)
    placed = 0
    while scene.placing_bases():
        frames(app, 1)
        assert scene.seat.pass_screen_for() is None and draw.hand_rects(scene) == {}  # no hand on show
        base = next(a for a in scene.legal() if a.kind == BASE)
        click(app, hex_point(scene, base.hex))
        placed += 1
    assert placed == 10
    frames(app, 1)
    assert scene.seat.pass_screen_for() is not None  # a hand is secret again: the pass screen


# --- the draft's rows of tiles -----------------------------------------------------------------

@pytest.mark.parametrize("players, rows", [(3, [1, 2, 3, 2, 1]), (4, [1, 4, 3, 4, 1]), (5, [1, 4, 3, 4, 1])])
def test_the_map_is_drawn_in_the_drafts_rows_of_tiles(app, players, rows):
    """Draft 10: 7 tiles in rows of 2-3-2; at 3 players one more above and one below; at 4-5,
    four more, left and right of both 2-rows: level rows on screen, centred one over another."""
    scene = table_at(app, played_until(1, players, lambda s: True), (1280, 720))
    cam = scene.camera
    centres = sorted((cam.to_screen(c) for c in scene.state.board.centres), key=lambda p: p[1])
    lines: list[list] = []
    for x, y in centres:
        if lines and abs(lines[-1][0][1] - y) < cam.size * 0.5:
            lines[-1].append((x, y))
        else:
            lines.append([(x, y)])
    assert [len(line) for line in lines] == rows
    middle = sum(x for x, _y in lines[2]) / len(lines[2])
    for line in lines:
        assert max(y for _x, y in line) - min(y for _x, y in line) < 2  # level
        assert abs(sum(x for x, _y in line) / len(line) - middle) < 2  # centred on one upright
    step = lines[1][0][1] - lines[0][0][1]
    assert all(abs((b[0][1] - a[0][1]) - step) < 2 for a, b in zip(lines, lines[1:]))
