"""Table layouts: the Tiled maps in assets/layouts and their loader scenes.layouts.tmx."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.core.paths import asset
from scenes.layouts.tmx import (
    LANE_PARTS, PANELS, LayoutError, Rect, TableLayout, lane_count, load_layout, load_layout_file)
from scenes.art.metrics import CARD_ASPECT, DESIGN_SIZE, MAX_LINE, line_width

ROOT = Path(__file__).resolve().parent.parent
LAYOUT_DIR = asset("layouts")
TMX_FILES = sorted(LAYOUT_DIR.glob("*.tmx"))
PLAYERS = (2, 3, 4)
WINDOWS = [(1280, 720), (1920, 1080), (3840, 2160), (1000, 900), (800, 600), (1366, 768), (2560, 1080)]
EPS = 1e-6


def lane_rects(layout: TableLayout) -> list[tuple[str, Rect]]:
    """Every lane-related rectangle except whole-lane boxes, plus the boxes themselves."""
    return [(k, r) for k, r in layout.rects() if k.startswith("lane")]


def nested(a: str, b: str) -> bool:
    return a.startswith(b + "_") or b.startswith(a + "_")


def assert_no_overlaps(layout: TableLayout) -> None:
    """No two lane objects overlap (a lane part lies inside its own lane box), and the
    panels overlap neither each other nor any lane."""
    rects = list(layout.rects())
    for (ka, a), (kb, b) in itertools.combinations(rects, 2):
        if nested(ka, kb):
            continue
        assert not a.overlaps(b), f"{ka} {a} overlaps {kb} {b}"


def assert_inside(layout: TableLayout, area: Rect) -> None:
    for key, r in layout.rects():
        assert r.x >= area.x - EPS and r.y >= area.y - EPS, (key, r, area)
        assert r.right <= area.right + EPS and r.bottom <= area.bottom + EPS, (key, r, area)


def test_every_player_count_has_a_file():
    names = {p.name for p in TMX_FILES}
    assert {f"table-{n}p.tmx" for n in PLAYERS} <= names


@pytest.mark.parametrize("path", TMX_FILES, ids=lambda p: p.name)
def test_every_tmx_loads(path):
    layout = load_layout_file(path)
    assert path.name == f"table-{layout.players}p.tmx"
    assert layout.size == tuple(float(v) for v in DESIGN_SIZE)


@pytest.mark.parametrize("path", TMX_FILES, ids=lambda p: p.name)
def test_tmx_is_a_tiled_map(path):
    root = ET.parse(path).getroot()
    assert root.tag == "map"
    assert root.get("version") == "1.10" and root.get("tiledversion") == "1.10.2"
    assert root.get("orientation") == "orthogonal"
    w, h = int(root.get("width")), int(root.get("height"))
    tw, th = int(root.get("tilewidth")), int(root.get("tileheight"))
    assert (w, h, tw, th) == (80, 45, 16, 16)
    assert (w * tw, h * th) == DESIGN_SIZE
    groups = root.findall("objectgroup")
    assert [g.get("name") for g in groups] == ["table"]
    ids = [int(o.get("id")) for o in groups[0].findall("object")]
    assert len(ids) == len(set(ids))
    assert int(root.get("nextobjectid")) > max(ids)
    assert int(root.get("nextlayerid")) > int(groups[0].get("id"))


@pytest.mark.parametrize("players", PLAYERS)
def test_expected_objects(players):
    path = asset("layouts", f"table-{players}p.tmx")
    names = {o.get("name") for o in ET.parse(path).getroot().iter("object")}
    n = lane_count(players)
    expected = set(PANELS) | {f"lane{i}" for i in range(n)}
    expected |= {f"lane{i}_{part}" for i in range(n) for part in LANE_PARTS}
    assert names == expected

    layout = load_layout(players)
    assert layout.players == players
    assert [lane.index for lane in layout.lanes] == list(range(n))
    assert {k for k, _ in layout.rects()} == expected


@pytest.mark.parametrize("players", PLAYERS)
def test_owners(players):
    layout = load_layout(players)
    owners = [lane.owner for lane in layout.lanes]
    assert owners == ([0, 0, 1, 1] if players == 2 else list(range(players)))
    if players == 2:
        # each player's two lanes sit together: lanes 0-1 on top, 2-3 below
        top = max(lane.box.bottom for lane in layout.lanes_of(0))
        assert all(lane.box.y >= top for lane in layout.lanes_of(1))


@pytest.mark.parametrize("players", PLAYERS)
def test_lane_objects_do_not_overlap_and_stay_inside(players):
    layout = load_layout(players)
    assert_no_overlaps(layout)
    assert_inside(layout, Rect(0, 0, *DESIGN_SIZE))
    for lane in layout.lanes:
        for part, r in lane.parts():
            assert lane.box.contains(r), (lane.index, part)


@pytest.mark.parametrize("players", PLAYERS)
def test_card_geometry(players):
    layout = load_layout(players)
    cw, ch = layout.card_size
    assert cw == layout.card_width == layout.lanes[0].bench.w
    assert abs(cw / ch - CARD_ASPECT) < 0.005
    assert ch >= 120, "card index must stay readable at 1280x720"
    for lane in layout.lanes:
        assert lane.bench.size == (cw, ch)
        # the counter card lies sideways: a square box of side = card height
        assert lane.indicator.w >= ch and lane.indicator.h >= ch
        assert lane.line.h >= ch
        assert lane.line.w >= line_width(cw, MAX_LINE), f"lane{lane.index} line too short"
    # the field holds 4 cards side by side, the deck one card
    assert layout.field.w >= 4 * cw and layout.field.h >= ch
    assert layout.deck.w >= cw and layout.deck.h >= ch


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("window", WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_fit(players, window):
    base = load_layout(players)
    ww, wh = window
    fitted = base.fit(ww, wh)
    scale = min(ww / DESIGN_SIZE[0], wh / DESIGN_SIZE[1])
    assert fitted.scale == pytest.approx(scale)
    assert fitted.size == (ww, wh)
    assert_inside(fitted, Rect(0, 0, ww, wh))
    assert_no_overlaps(fitted)
    # letterbox: the design area is centred, touching two opposite window edges
    area = fitted.area
    assert area.x == pytest.approx((ww - area.w) / 2) and area.y == pytest.approx((wh - area.h) / 2)
    assert area.w == pytest.approx(ww) or area.h == pytest.approx(wh)
    assert fitted.card_width == pytest.approx(base.card_width * scale)
    for lane in fitted.lanes:
        assert lane.line.w >= line_width(fitted.card_width, MAX_LINE) - EPS
    # fitting again starts from the design size, not from the fitted one
    again = fitted.fit(1280, 720)
    for (ka, a), (kb, b) in zip(again.rects(), base.rects()):
        assert ka == kb
        assert a.as_tuple() == pytest.approx(b.as_tuple())


def test_fit_rejects_empty_window():
    with pytest.raises(ValueError):
        load_layout(2).fit(0, 720)


def test_rect_helpers():
    r = Rect(10, 20, 30, 40)
    assert r.center == (25, 40)
    assert r.scaled(2) == Rect(20, 40, 60, 80)
    assert r.scaled(0.5, 100, 200) == Rect(105, 210, 15, 20)
    assert r.contains(10, 20) and r.contains((39.9, 59.9))
    assert not r.contains(40, 20) and not r.contains((10, 60))
    assert r.contains(Rect(10, 20, 30, 40)) and not r.contains(Rect(9, 20, 30, 40))
    assert r.overlaps(Rect(39, 59, 5, 5)) and not r.overlaps(Rect(40, 20, 5, 5))
    assert r.centered_box(10, 10) == Rect(20, 35, 10, 10)
    assert Rect(0.4, 0.6, 10.2, 9.8).to_int() == (0, 1, 11, 9)


# --- errors -------------------------------------------------------------------------------


def one_line(exc: pytest.ExceptionInfo) -> str:
    msg = str(exc.value)
    assert msg and "\n" not in msg
    return msg


def test_missing_file(tmp_path):
    with pytest.raises(LayoutError) as exc:
        load_layout_file(tmp_path / "table-2p.tmx")
    assert "not found" in one_line(exc)


@pytest.mark.parametrize("players", [0, 1, 5])
def test_no_layout_for_player_count(players):
    with pytest.raises(LayoutError) as exc:
        load_layout(players)
    one_line(exc)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not xml at all",
        "<map version='1.10' width='80' height='45' tilewidth='16' tileheight='16'>",  # unclosed
        "<map width='eighty' height='45' tilewidth='16' tileheight='16'></map>",
        "<map width='80' height='45' tilewidth='16' tileheight='16'>"
        "<objectgroup name='table'><object name='hud' x='zero' y='0' width='1' height='1'/>"
        "</objectgroup></map>",
    ],
    ids=["empty", "text", "unclosed", "bad-width", "bad-x"],
)
def test_malformed_file(tmp_path, text):
    path = tmp_path / "table-2p.tmx"
    path.write_text(text)
    with pytest.raises(LayoutError) as exc:
        load_layout_file(path, 2)
    assert "table-2p.tmx" in one_line(exc)


def edited(tmp_path: Path, players: int, edit) -> Path:  # type: ignore[no-untyped-def]
    src = asset("layouts", f"table-{players}p.tmx")
    tree = ET.parse(src)
    edit(tree.getroot())
    path = tmp_path / src.name
    tree.write(path, encoding="utf-8", xml_declaration=True)
    return path


def find(root: ET.Element, name: str) -> ET.Element:
    return next(o for o in root.iter("object") if o.get("name") == name)


def test_missing_object(tmp_path):
    def drop(root):
        group = root.find("objectgroup")
        group.remove(find(root, "lane1_line"))

    with pytest.raises(LayoutError) as exc:
        load_layout_file(edited(tmp_path, 2, drop))
    assert "lane1_line" in one_line(exc)


def test_missing_group(tmp_path):
    def rename(root):
        root.find("objectgroup").set("name", "other")

    with pytest.raises(LayoutError) as exc:
        load_layout_file(edited(tmp_path, 3, rename))
    assert "table" in one_line(exc)


def test_wrong_player_count(tmp_path):
    path = edited(tmp_path, 4, lambda root: None)
    with pytest.raises(LayoutError) as exc:
        load_layout_file(path, 3)
    one_line(exc)


def test_overlapping_lanes_rejected(tmp_path):
    def shift(root):
        find(root, "lane1_bench").set("y", find(root, "lane0_bench").get("y"))

    with pytest.raises(LayoutError) as exc:
        load_layout_file(edited(tmp_path, 4, shift))
    one_line(exc)


def test_out_of_bounds_rejected(tmp_path):
    def widen(root):
        find(root, "log").set("width", "2000")

    with pytest.raises(LayoutError) as exc:
        load_layout_file(edited(tmp_path, 4, widen))
    assert "log" in one_line(exc)


def test_short_line_rejected(tmp_path):
    def shorten(root):
        find(root, "lane2_line").set("width", "100")

    with pytest.raises(LayoutError) as exc:
        load_layout_file(edited(tmp_path, 3, shorten))
    assert "lane2_line" in one_line(exc)


def test_owner_property(tmp_path):
    def swap(root):
        for prop in find(root, "lane0").iter("property"):
            if prop.get("name") == "owner":
                prop.set("value", "1")

    layout = load_layout_file(edited(tmp_path, 2, swap))
    assert [lane.owner for lane in layout.lanes] == [1, 0, 1, 1]

    def bad(root):
        for prop in find(root, "lane0").iter("property"):
            if prop.get("name") == "owner":
                prop.set("value", "7")

    with pytest.raises(LayoutError) as exc:
        load_layout_file(edited(tmp_path, 2, bad))
    one_line(exc)
