"""Where things are on the Alicematic table: the regions at one window size, and the map's camera
(hex -> pixels, with pan and zoom).

The engine lays tile (Q, R) with its centre at hex (2Q - R, Q + 3R), so rows of tiles come out
tilted by about 19 degrees; the camera turns the whole map back by that angle so that the draft's
rows of tiles (2-3-2, one above and below) read level on screen."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Iterable, Mapping

import pygame
from pygame.typing import Point

from game.core.i18n import _
from scenes.widgets import ui

if TYPE_CHECKING:
    from game.alicematic.hexmap import Hex

SQRT3 = math.sqrt(3)
# the tile lattice's first axis (tile (1, 0) = hex (2, 1)) in unturned pixels of a unit hex
TILT = math.atan2(1.5, SQRT3 * 2.5)
COS, SIN = math.cos(-TILT), math.sin(-TILT)
ZOOM_MIN, ZOOM_MAX = 1.0, 3.0
SMALL_CHIP = 13  # pixels: the least a square or disc with a number on it takes (draw.py)


def world(h: Hex) -> tuple[float, float]:
    """A hex's centre on the level map, in unit-hex lengths (pointy-top, then turned)."""
    q, r = h
    x, y = SQRT3 * (q + r / 2), 1.5 * r
    return x * COS - y * SIN, x * SIN + y * COS


# the neighbour across side i of a hex, side i running from corners()[i] to corners()[i + 1]
# (side i faces 60 * i degrees, screen y down, before the turn)
SIDES = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def border_sides(tile_of: Mapping[Hex, int], tile: int | None = None) -> list[tuple[Hex, int]]:
    """(hex, side) for every side of a hex whose neighbour lies on another tile or on none: the
    tiles' outlines (`tile_of` maps hex -> tile; `tile`: only that tile's outline)."""
    out = []
    for h, t in tile_of.items():
        if tile is not None and t != tile:
            continue
        for i, d in enumerate(SIDES):
            if tile_of.get((h[0] + d[0], h[1] + d[1])) != t:
                out.append((h, i))
    return out


# the corners of a unit hex, turned like the map (drawn thousands of times a frame: worked out once)
_UNIT_CORNERS = tuple((math.cos(math.radians(60 * i - 30) - TILT), math.sin(math.radians(60 * i - 30) - TILT))
                      for i in range(6))


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a hex of `size` (centre to corner) as drawn: turned like the map."""
    return [(cx + size * c, cy + size * s) for c, s in _UNIT_CORNERS]


def map_aspect(players: int) -> float:
    """The map's width over its height as Camera.fit frames it (the tiles laid for `players`)."""
    from game.alicematic.hexmap import DIRECTIONS, add, tile_centre
    from game.alicematic.setup import positions_for
    hexes = []
    for position in positions_for(players):
        centre = tile_centre(position)
        hexes += [centre] + [add(centre, d) for d in DIRECTIONS]
    pts = [world(h) for h in hexes]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (max(xs) - min(xs) + 2.0) / (max(ys) - min(ys) + 2.3)


class Layout:
    """Every region of the table at one window size (pixels).

    The map's panel is split: at its left the hexes' field, shaped like the map so that the map
    fills it; at its right the overview column (the round, everyone's face-up Alices, the phase's
    prompt and the map's buttons), where the move menus open too, so nothing covers a hex. The
    legend and the final scoring take everything right of the field."""

    def __init__(self, size: tuple[int, int], players: int) -> None:
        W, H = max(1, size[0]), max(1, size[1])
        self.size = (W, H)
        self.s = ui.scale_for(self.size)
        k = self.k
        m = self.m = max(4, k(10))
        side_w = min(round(W * 0.25), k(330))
        self.side = pygame.Rect(W - m - side_w, m, side_w, H - 2 * m)
        play = pygame.Rect(m, m, self.side.x - 2 * m, H - 2 * m)
        board_h = round(play.h * 0.28)
        self.board = pygame.Rect(play.x, play.bottom - board_h, play.w, board_h)
        self.map = pygame.Rect(play.x, play.y, play.w, self.board.y - m - play.y)
        # the board: a heading line, the five colour areas, the hand at the right
        self.board_head = pygame.Rect(self.board.x + k(8), self.board.y + k(4), self.board.w - k(16), k(26))
        body = pygame.Rect(self.board.x + k(8), self.board_head.bottom + k(2), self.board.w - k(16),
                           self.board.bottom - self.board_head.bottom - k(8))
        area_w = min(k(116), (body.w * 0.62 - 4 * k(6)) / 5)  # (room for a long name on two lines)
        self.areas = [pygame.Rect(round(body.x + i * (area_w + k(6))), body.y, round(area_w), body.h)
                      for i in range(5)]
        hx = self.areas[-1].right + k(12)
        self.hand = pygame.Rect(hx, body.y, body.right - hx, body.h)
        # the side column: the players, the log, the buttons
        bh, bg = k(36), k(8)
        bw = (side_w - 3 * bg) // 2
        top = self.side.bottom - 2 * bh - 2 * bg
        self.button_rects = [pygame.Rect(self.side.x + bg + (i % 2) * (bw + bg), top + (i // 2) * (bh + bg),
                                         bw, bh) for i in range(4)]
        # each player: a line of name and VP, a line of counts (taller with a larger text size)
        lines = ui.font(self.px(14), "bold").get_linesize() + max(k(18), ui.font(self.px(11)).get_linesize(),
                                                                  SMALL_CHIP + 2)
        row_h = max(k(50) if players <= 4 else k(44), lines + k(4))
        head = max(k(28), ui.font(self.px(12), "bold").get_linesize() + k(8))
        self.info_head = head
        self.info = pygame.Rect(self.side.x, self.side.y, side_w, head + players * row_h + k(6))
        self.row_h = row_h
        self.log = pygame.Rect(self.side.x, self.info.bottom + m, side_w, top - bg - self.info.bottom - m)
        # the map's panel: the hexes' field at the left, as wide as the map's shape asks (the
        # overview keeps at least a third of the panel)
        inner = self.map.inflate(-2 * k(6), -2 * k(6))
        field_w = min(round(inner.h * map_aspect(players)), round(inner.w * 0.66))
        self.field = pygame.Rect(inner.x, inner.y, field_w, inner.h)
        self.overview = pygame.Rect(self.field.right + m, self.map.y + k(6),
                                    self.map.right - k(8) - self.field.right - m, self.map.h - 2 * k(6))
        O = self.overview
        self.map_head = pygame.Rect(O.x, O.y, O.w, ui.font(self.px(14), "bold").get_linesize()
                                    + ui.font(self.px(12)).get_linesize() + k(4))
        # at the overview's foot: the prompt on its line, the Legend and corner buttons under it
        self.action_button = pygame.Rect(0, 0, min(k(170), O.w // 2), k(38))
        self.action_button.bottomright = (O.right, O.bottom)
        self.legend_button = pygame.Rect(0, 0, min(k(110), O.w // 3), self.action_button.h)
        self.legend_button.bottomright = (self.action_button.x - k(8), self.action_button.bottom)
        # the prompt on one line where the longest fits, else on two
        longest = _("Domestic affairs: click a hand card to summon or hire it")
        one = ui._font(min(ui.sized(self.px(15)), ui.READABLE), "narrow").size(longest)[0] <= O.w - k(16)
        prompt_h = (1 if one else 2) * ui.font(self.px(15), "bold").get_linesize() + k(8)
        self.prompt = pygame.Rect(O.x, self.action_button.y - k(6) - prompt_h, O.w, prompt_h)
        self.alices = pygame.Rect(O.x, self.map_head.bottom + k(4), O.w,
                                  self.prompt.y - k(6) - self.map_head.bottom - k(4))
        # the legend and the final scoring: everything right of the hexes
        self.beside = pygame.Rect(self.field.right + m, m, W - 2 * m - self.field.right, H - 2 * m)

    def k(self, n: float) -> int:
        return round(n * self.s)

    def px(self, n: float) -> int:
        """A font size: scaled, never below 9 pixels."""
        return max(9, round(n * self.s))


class Camera:
    """The map's view: fitted to its region, then zoomed (wheel) and panned (drag)."""

    def __init__(self) -> None:
        self.zoom = 1.0
        self.pan = [0.0, 0.0]
        self.fit_size = 1.0  # pixels per unit hex at zoom 1
        self.centre = (0.0, 0.0)  # the map's middle (world)
        self.rect = pygame.Rect(0, 0, 1, 1)

    def fit(self, rect: pygame.Rect, hexes: Iterable[Hex]) -> None:
        pts = [world(h) for h in hexes]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        w, h = max(xs) - min(xs) + 2.0, max(ys) - min(ys) + 2.3
        self.rect = pygame.Rect(rect)
        self.fit_size = min(rect.w / w, rect.h / h)
        self.centre = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
        self.clamp()

    @property
    def size(self) -> float:
        """A hex's size (centre to corner) in pixels now."""
        return self.fit_size * self.zoom

    def to_screen(self, h: Hex) -> tuple[float, float]:
        x, y = world(h)
        return (self.rect.centerx + (x - self.centre[0]) * self.size + self.pan[0],
                self.rect.centery + (y - self.centre[1]) * self.size + self.pan[1])

    def zoom_at(self, pos: Point, step: int) -> None:
        old = self.zoom
        self.zoom = max(ZOOM_MIN, min(ZOOM_MAX, self.zoom * (1.2 ** step)))
        f = self.zoom / old  # keep the point under the cursor where it is
        for i, c in enumerate((self.rect.centerx, self.rect.centery)):
            self.pan[i] = (pos[i] - c) - ((pos[i] - c) - self.pan[i]) * f
        self.clamp()

    def drag(self, dx: float, dy: float) -> None:
        self.pan[0] += dx
        self.pan[1] += dy
        self.clamp()

    def show(self, point: Point, margin: float) -> None:
        """Pan just enough that `point` (on screen) lies `margin` inside the map's region."""
        inner = self.rect.inflate(-2 * margin, -2 * margin)
        if inner.w <= 0 or inner.h <= 0:
            return
        for i, (lo, hi) in enumerate(((inner.left, inner.right), (inner.top, inner.bottom))):
            if point[i] < lo:
                self.pan[i] += lo - point[i]
            elif point[i] > hi:
                self.pan[i] -= point[i] - hi
        self.clamp()

    def clamp(self) -> None:
        """Never pan the map out of sight: at zoom 1 it stays centred."""
        for i, span in enumerate((self.rect.w, self.rect.h)):
            room = span * (self.zoom - 1) / 2 + span * 0.1 * (self.zoom > 1)
            self.pan[i] = max(-room, min(room, self.pan[i]))

    def hex_at(self, pos: Point, hexes: Iterable[Hex]) -> Hex | None:
        """The hex under `pos`, or None."""
        if not self.rect.collidepoint(pos):
            return None
        best, dist = None, (self.size * 0.9) ** 2
        for h in hexes:
            x, y = self.to_screen(h)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d < dist:
                best, dist = h, d
        return best
