"""Write the table layouts assets/layouts/table-{2,3,4}p.tmx (Tiled 1.10 maps).

Run from anywhere:  python build/make_layouts.py [--check]

The numbers are computed here, never typed into the .tmx by hand: for each player count we
pick the largest card height (a multiple of 10, so that width = 0.70 * height is a whole
pixel count) for which every panel fits in the 1280x720 design size, then lay the panels out:

    +-----------------------------------------------------------------------+
    | hud (whose turn, round, deck count, last-round banner)                |
    +------------------------------------------------+----------------------+
    | lane0: label | bench | indicator | line ...... | deck | turn_order    |
    | lane1: ...                                     |      | preview       |
    | lane2: ...                                     | field (4 cards)      |
    | lane3: ...                                     | log                  |
    |                                                | buttons              |
    +------------------------------------------------+----------------------+

With 4 lanes the height is what limits the cards, so the lane label sits in a column left of
the bench; with 3 lanes the width limits them, so the label is a row above the cards.
With 2 players lanes 0-1 (player 0) and 2-3 (player 1) are grouped by a wider gap.
"""

from __future__ import annotations

import argparse
import math
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scenes.art.metrics import CARD_ASPECT, DESIGN_SIZE, MAX_LINE, line_width  # noqa: E402

OUT_DIR = ROOT / "assets" / "layouts"

W, H = DESIGN_SIZE
TILE = 16  # map grid: 80 x 45 tiles of 16 px = 1280 x 720
assert W % TILE == 0 and H % TILE == 0

MARGIN = 8  # outer margin of the window
GAP = 8  # between panels
HUD_H = 32  # top bar
LANE_PAD = 4  # inside a lane box, around its parts
LANE_GAP_IN = 6  # between the parts of a lane
LABEL_W = 112  # label column width (label "left")
LABEL_H = 24  # label row height (label "top")
FIELD_PAD = 8  # inside the field panel, around the cards
FIELD_GAP = 8  # between field cards
FIELD_SLOTS = 4  # the field has room for 4 cards side by side (3 players use 3 of them)
TURN_ORDER_H = 40
PREVIEW_MIN_W = 200
LOG_MIN_H = 120
BUTTONS_H = 44


@dataclass(frozen=True)
class Config:
    players: int
    lanes: int
    label: str  # "left" or "top"
    group_gap: int  # extra gap between lane groups (2 players) or 0
    lane_gap: int

    def owner(self, lane: int) -> int:
        return lane // 2 if self.players == 2 else lane


CONFIGS = {
    2: Config(players=2, lanes=4, label="left", group_gap=16, lane_gap=4),
    3: Config(players=3, lanes=3, label="top", group_gap=0, lane_gap=GAP),
    4: Config(players=4, lanes=4, label="left", group_gap=0, lane_gap=6),
}


def card_w_for(card_h: int) -> int:
    return round(card_h * CARD_ASPECT)


def line_min_w(card_w: int) -> int:
    return math.ceil(line_width(card_w, MAX_LINE))


def lane_min_w(cfg: Config, cw: int, ch: int) -> int:
    label = LABEL_W + LANE_GAP_IN if cfg.label == "left" else 0
    return 2 * LANE_PAD + label + cw + LANE_GAP_IN + ch + LANE_GAP_IN + line_min_w(cw)


def lane_min_h(cfg: Config, ch: int) -> int:
    label = LABEL_H + LANE_GAP_IN if cfg.label == "top" else 0
    return 2 * LANE_PAD + label + ch


def field_w(cw: int) -> int:
    return 2 * FIELD_PAD + FIELD_SLOTS * cw + (FIELD_SLOTS - 1) * FIELD_GAP


def right_min_w(cw: int) -> int:
    return max(field_w(cw), cw + GAP + PREVIEW_MIN_W)


CONTENT_TOP = MARGIN + HUD_H + GAP
CONTENT_BOTTOM = H - MARGIN
CONTENT_H = CONTENT_BOTTOM - CONTENT_TOP
FIELD_PAD_MIN = 4  # the field panel is a lane row high; at least this much around its cards


def lane_rows(cfg: Config) -> list[tuple[int, int]]:
    """(y, height) of each lane box: the lanes share the content height, top to bottom.

    Leftover pixels of the integer division widen the first gaps by one pixel each.
    """
    gaps = (cfg.lanes - 1) * cfg.lane_gap + cfg.group_gap
    lane_h, spare = divmod(CONTENT_H - gaps, cfg.lanes)
    rows, y = [], CONTENT_TOP
    for i in range(cfg.lanes):
        rows.append((y, lane_h))
        y += lane_h + cfg.lane_gap
        if spare:
            y, spare = y + 1, spare - 1
        if cfg.group_gap and i == cfg.lanes // 2 - 1:
            y += cfg.group_gap
    assert rows[-1][0] + lane_h == CONTENT_BOTTOM, (rows, CONTENT_BOTTOM)
    return rows


def fits(cfg: Config, ch: int) -> bool:
    cw = card_w_for(ch)
    width = MARGIN + lane_min_w(cfg, cw, ch) + GAP + right_min_w(cw) + MARGIN
    rows = lane_rows(cfg)
    lane_h = rows[0][1]
    log_h = CONTENT_BOTTOM - rows[2][0] - GAP - BUTTONS_H
    return (
        width <= W
        and lane_min_h(cfg, ch) <= lane_h  # the lane parts fit a lane box
        and ch + 2 * FIELD_PAD_MIN <= lane_h  # the field fits the second row
        and ch <= lane_h  # the deck fits the first row
        and log_h >= LOG_MIN_H
    )


def best_card_h(cfg: Config) -> int:
    ch = 400
    while not fits(cfg, ch):
        ch -= 10
        if ch <= 0:
            raise SystemExit(f"no card size fits {cfg}")
    return ch


Box = tuple[int, int, int, int]  # x, y, w, h


def build(cfg: Config) -> tuple[int, list[tuple[str, Box, dict[str, int]]]]:
    """Return (card height, [(name, (x, y, w, h), properties), ...])."""
    ch = best_card_h(cfg)
    cw = card_w_for(ch)
    objs: list[tuple[str, Box, dict[str, int]]] = []

    def add(name: str, box: Box, **props: int) -> None:
        objs.append((name, box, props))

    add("hud", (MARGIN, MARGIN, W - 2 * MARGIN, HUD_H))

    # The right column is as narrow as the field allows; spare width goes to the assembly
    # lines (room for the insertion gap when hovering).
    right_w = right_min_w(cw)
    right_x = W - MARGIN - right_w
    lanes_x = MARGIN
    lanes_w = right_x - GAP - lanes_x
    assert lanes_w >= lane_min_w(cfg, cw, ch)

    rows = lane_rows(cfg)
    for i, (y, lane_h) in enumerate(rows):
        box = (lanes_x, y, lanes_w, lane_h)
        inner_x = lanes_x + LANE_PAD
        inner_right = lanes_x + lanes_w - LANE_PAD
        if cfg.label == "left":
            card_y = y + (lane_h - ch) // 2
            label = (inner_x, card_y, LABEL_W, ch)
            x = inner_x + LABEL_W + LANE_GAP_IN
        else:
            block = LABEL_H + LANE_GAP_IN + ch
            top = y + (lane_h - block) // 2
            label = (inner_x, top, inner_right - inner_x, LABEL_H)
            card_y = top + LABEL_H + LANE_GAP_IN
            x = inner_x
        bench = (x, card_y, cw, ch)
        x += cw + LANE_GAP_IN
        indicator = (x, card_y, ch, ch)
        x += ch + LANE_GAP_IN
        line = (x, card_y, inner_right - x, ch)
        assert line[2] >= line_width(cw, MAX_LINE)
        add(f"lane{i}", box, owner=cfg.owner(i))
        add(f"lane{i}_label", label)
        add(f"lane{i}_bench", bench)
        add(f"lane{i}_indicator", indicator)
        add(f"lane{i}_line", line)

    # Right column, on the same grid as the lanes: row of lane 0 = deck beside turn order
    # and score preview; row of lane 1 = field; the rest = log above the buttons.
    (y0, h0), (y1, h1), (y2, _) = rows[:3]
    add("deck", (right_x, y0 + (h0 - ch) // 2, cw, ch))
    side_x = right_x + cw + GAP
    side_w = W - MARGIN - side_x
    add("turn_order", (side_x, y0, side_w, TURN_ORDER_H))
    add("preview", (side_x, y0 + TURN_ORDER_H + GAP, side_w, h0 - TURN_ORDER_H - GAP))
    add("field", (right_x, y1, right_w, h1))
    buttons_y = CONTENT_BOTTOM - BUTTONS_H
    add("log", (right_x, y2, right_w, buttons_y - GAP - y2))
    add("buttons", (right_x, buttons_y, right_w, BUTTONS_H))
    return ch, objs


def to_tmx(cfg: Config, objs: list[tuple[str, Box, dict[str, int]]]) -> bytes:
    root = ET.Element(
        "map",
        {
            "version": "1.10",
            "tiledversion": "1.10.2",
            "orientation": "orthogonal",
            "renderorder": "right-down",
            "width": str(W // TILE),
            "height": str(H // TILE),
            "tilewidth": str(TILE),
            "tileheight": str(TILE),
            "infinite": "0",
            "nextlayerid": "2",
            "nextobjectid": str(len(objs) + 1),
        },
    )
    props = ET.SubElement(root, "properties")
    ET.SubElement(props, "property", {"name": "players", "type": "int", "value": str(cfg.players)})
    ET.SubElement(props, "property", {"name": "lanes", "type": "int", "value": str(cfg.lanes)})
    group = ET.SubElement(root, "objectgroup", {"id": "1", "name": "table"})
    for oid, (name, (x, y, w, h), oprops) in enumerate(objs, start=1):
        node = ET.SubElement(
            group,
            "object",
            {"id": str(oid), "name": name, "x": str(x), "y": str(y), "width": str(w), "height": str(h)},
        )
        if oprops:
            pnode = ET.SubElement(node, "properties")
            for key, value in oprops.items():
                ET.SubElement(pnode, "property", {"name": key, "type": "int", "value": str(value)})
    ET.indent(root, space=" ")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8") + b"\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if a file on disk is out of date")
    args = ap.parse_args(argv)
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    stale = []
    for players, cfg in CONFIGS.items():
        ch, objs = build(cfg)
        data = to_tmx(cfg, objs)
        path = OUT_DIR / f"table-{players}p.tmx"
        cw = card_w_for(ch)
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(path.name)
            continue
        path.write_bytes(data)
        print(f"{path.relative_to(ROOT)}: {cfg.lanes} lanes, card {cw}x{ch}")
    if stale:
        print("out of date: " + ", ".join(stale) + " (run python build/make_layouts.py)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
