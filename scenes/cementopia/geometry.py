"""Where things are in Cementopia: the grid in card widths, the camera over it, the lit spot
nearest or next, and the table's and end screen's regions for a window size.

Geometry in card widths (the camera's zoom is the card width in pixels): a card at (x, y) covers
column x and cell rows y..y+4; a cell row is GEAR_STEP card heights, so every card's gear row r
sits at the height of cell row y + r and side-by-side cards show facing gears at the same height.
A card's top is (GEAR_TOP - GEAR_STEP / 2) card heights above its first row.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Sequence

import pygame

from scenes.art.metrics import CARD_ASPECT, GEAR_STEP, GEAR_TOP
from scenes.widgets import ui

if TYPE_CHECKING:
    from scenes.cementopia.end import CementopiaEndScene

Spot = tuple[int, int]  # a grid place (x, y) a card may go to

CARD_H = 1 / CARD_ASPECT  # card height in card widths
CELL = GEAR_STEP * CARD_H  # one cell row
TOP = (GEAR_TOP - GEAR_STEP / 2) * CARD_H  # from a card's top edge to its first row
PITCH = 1.05  # column spacing: a thin gap between side-by-side cards


def px(n: float, s: float) -> int:
    return max(8, round(n * s))


def R(s: float, n: float) -> int:
    return round(n * s)


class Camera:
    """The world point at the board's centre and the zoom (card width in pixels). Fit glides
    toward a goal; pans and wheel zooms are immediate."""

    def __init__(self, zoom: float = 100.0) -> None:
        self.cx, self.cy, self.zoom, self.lo, self.hi = 0.5, 2.5 * CELL, zoom, 30.0, 300.0
        self.goal: tuple[float, float, float] | None = None  # (cx, cy, zoom) glided toward

    @property
    def w(self) -> int:
        return max(8, round(self.zoom))

    def to_screen(self, board: pygame.Rect, wx: float, wy: float) -> tuple[float, float]:
        return board.centerx + (wx - self.cx) * self.w, board.centery + (wy - self.cy) * self.w

    def to_world(self, board: pygame.Rect, sx: float, sy: float) -> tuple[float, float]:
        return self.cx + (sx - board.centerx) / self.w, self.cy + (sy - board.centery) / self.w

    def card_rect(self, board: pygame.Rect, x: int, y: int) -> pygame.Rect:
        left, top = self.to_screen(board, x * PITCH, y * CELL - TOP)
        return pygame.Rect(round(left), round(top), self.w, round(self.w / CARD_ASPECT))

    def cell_at(self, board: pygame.Rect, sx: float, sy: float) -> tuple[int, int]:
        """The grid place (x, y) of a card whose five rows are centred nearest the point."""
        wx, wy = self.to_world(board, sx, sy)
        return math.floor(wx / PITCH), round(wy / CELL - 2.5)

    def band_rect(self, board: pygame.Rect, x: int, y: int) -> pygame.Rect:
        """The card's five cell rows (the part no other card ever covers)."""
        left, top = self.to_screen(board, x * PITCH, y * CELL)
        bottom = round(self.to_screen(board, 0, (y + 5) * CELL)[1])
        return pygame.Rect(round(left), round(top), self.w, bottom - round(top))

    def pan(self, dx: float, dy: float) -> None:
        self.cx, self.cy, self.goal = self.cx - dx / self.w, self.cy - dy / self.w, None

    def zoom_at(self, board: pygame.Rect, factor: float, at: tuple[int, int] | None = None) -> None:
        at = at or board.center
        wx, wy = self.to_world(board, *at)
        self.zoom = max(self.lo, min(self.hi, self.zoom * factor))
        self.cx, self.cy = wx - (at[0] - board.centerx) / self.w, wy - (at[1] - board.centery) / self.w
        self.goal = None

    def fit(self, board: pygame.Rect, placed: Sequence[tuple[int, int, int]], now: bool = False,
            cap: float | None = None, room: float = 1.0, spots: Sequence[Spot] = ()) -> None:
        """Aim at the whole network and these free spots, `room` columns (and twice as many rows) around."""
        xs, ys = [p[1] for p in placed] + [p[0] for p in spots] or [0], [p[2] for p in placed] + [p[1] for p in spots] or [0]
        x0, x1 = (min(xs) - room) * PITCH, (max(xs) + 1 + room) * PITCH - (PITCH - 1)
        y0, y1 = (min(ys) - 2 * room) * CELL - TOP, (max(ys) + 5 + 2 * room) * CELL + (CARD_H - TOP - 5 * CELL)
        zoom = min(board.w * 0.97 / (x1 - x0), board.h * 0.96 / (y1 - y0), cap or self.hi, self.hi)
        self.goal = ((x0 + x1) / 2, (y0 + y1) / 2, max(self.lo, zoom))
        if now:
            (self.cx, self.cy, self.zoom), self.goal = self.goal, None

    def show(self, board: pygame.Rect, rect: pygame.Rect) -> None:
        """Glide just enough that a screen rect comes inside the board."""
        dx = max(0, board.left - rect.left) - max(0, rect.right - board.right)
        dy = max(0, board.top - rect.top) - max(0, rect.bottom - board.bottom)
        if dx or dy:
            self.goal = (self.cx - dx / self.w, self.cy - dy / self.w, self.zoom)

    def update(self, dt: float) -> None:
        if self.goal is not None:
            k, (gx, gy, gz) = min(1.0, dt * 9), self.goal
            self.cx, self.cy, self.zoom = self.cx + (gx - self.cx) * k, self.cy + (gy - self.cy) * k, self.zoom + (gz - self.zoom) * k
            if abs(gz - self.zoom) < 0.3 and abs(gx - self.cx) + abs(gy - self.cy) < 0.002:
                (self.cx, self.cy, self.zoom), self.goal = self.goal, None


def nearest_spot(spots: Iterable[Spot], cam: Camera) -> Spot | None:
    """The lit spot closest to the board's centre."""
    return min(spots, default=None,
               key=lambda p: abs(p[0] * PITCH + 0.5 - cam.cx) + abs((p[1] + 2.5) * CELL - cam.cy))


def step_spot(spots: Iterable[Spot], spot: Spot, dx: int, dy: int) -> Spot:
    """The nearest lit spot in a direction (straight ahead counts less than sideways)."""
    best, score = spot, None
    for x, y in spots:
        ax, ay = (x - spot[0]) * PITCH, (y - spot[1]) * CELL
        along, cost = ax * dx + ay * dy, ax * dx + ay * dy + 2.5 * abs(ax * dy + ay * dx)
        if along > 1e-9 and (score is None or cost < score):
            best, score = (x, y), cost
    return best


@dataclass
class Layout:
    """The table's regions for a window size (layout)."""

    s: float
    hud: pygame.Rect
    board: pygame.Rect
    hand: pygame.Rect
    side: pygame.Rect
    deck: pygame.Rect
    slots: list[pygame.Rect]  # the four hand cards'
    prompt: pygame.Rect
    counters: list[pygame.Rect]
    table: pygame.Rect  # the score table's
    buttons: list[pygame.Rect]  # Undo, Redo, Hint, Fit, Menu
    hand_w: int  # a hand card's width


def layout(size: tuple[int, int]) -> Layout:
    """The table's regions: hud, board, hand (deck, 4 slots, prompt), side (counters, score table,
    buttons Undo / Redo / Hint / Fit / Menu)."""
    W, H = size
    s = ui.scale_for(size)
    m, pad, sw, hh = max(4, R(s, 10)), R(s, 10), R(s, 250), R(s, 176)
    hud = pygame.Rect(m, m, W - 2 * m, R(s, 46))
    side = pygame.Rect(W - m - sw, hud.bottom + m, sw, H - hud.bottom - 2 * m)
    hand = pygame.Rect(m, H - m - hh, side.x - 2 * m, hh)
    board = pygame.Rect(m, hud.bottom + m, hand.w, hand.y - hud.bottom - 2 * m)
    cw, dw, gap = R(s, 98), R(s, 70), R(s, 14)
    deck = pygame.Rect(hand.x + R(s, 16), hand.y + (hand.h - round(dw / CARD_ASPECT)) // 2 - R(s, 8),
                       dw, round(dw / CARD_ASPECT))
    top = hand.y + (hand.h - round(cw / CARD_ASPECT)) // 2 + R(s, 4)
    slots = [pygame.Rect(deck.right + R(s, 30) + i * (cw + gap), top, cw, round(cw / CARD_ASPECT)) for i in range(4)]
    prompt = pygame.Rect(slots[-1].right + R(s, 24), hand.y + R(s, 12), 0, hand.h - R(s, 24))
    prompt.w = hand.right - R(s, 14) - prompt.x
    # room for the heading and the "n left" labels at the player's text size (ui.font)
    cell, label = (side.w - 3 * pad) // 2, max(R(s, 22), ui.font(px(15, s), "bold").get_height() + R(s, 4))
    head = max(R(s, 30), R(s, 8) + ui.font(px(13, s), "bold").get_height() + R(s, 4))
    counters = [pygame.Rect(side.x + pad + (i % 2) * (cell + pad),
                            side.y + head + (i // 2) * (cell + label + pad // 2), cell, cell) for i in range(4)]
    bh, bg, bw = R(s, 38), R(s, 8), (side.w - 3 * pad) // 2
    by = side.bottom - pad - 3 * bh - 2 * bg
    buttons = [pygame.Rect(side.x + pad + (i % 2) * (bw + pad), by + (i // 2) * (bh + bg), bw, bh) for i in range(4)]
    buttons.append(pygame.Rect(side.x + pad, by + 2 * (bh + bg), side.w - 2 * pad, bh))
    t_top = counters[-1].bottom + label + pad
    table = pygame.Rect(side.x + pad, t_top, side.w - 2 * pad, by - pad - t_top)
    return Layout(s=s, hud=hud, board=board, hand=hand, side=side, deck=deck, slots=slots, prompt=prompt,
                  counters=counters, table=table, buttons=buttons, hand_w=cw)


def end_layout(scene: CementopiaEndScene, size: tuple[int, int]) -> None:
    W, H = size
    s = scene.s = ui.scale_for(size)
    m, pw, bh = max(4, R(s, 14)), R(s, 400), R(s, 46)
    scene.banner = pygame.Rect(m, m, W - 2 * m, R(s, 64))
    scene.panel = pygame.Rect(W - m - pw, scene.banner.bottom + m, pw, H - scene.banner.bottom - 2 * m)
    scene.board = pygame.Rect(m, scene.panel.y, scene.panel.x - 2 * m, scene.panel.h)
    review = getattr(scene, "review_b", None)
    buttons = [scene.again_b] + ([review] if review is not None and scene.review_offered() else []) \
        + [scene.title_b]  # Review (issue 42) between the two, after a real attempt
    bw, y = (pw - (len(buttons) + 1) * m) // len(buttons), scene.panel.bottom - m - bh
    for i, button in enumerate(buttons):
        button.rect = pygame.Rect(scene.panel.x + m + i * (bw + m), y, bw, bh)
