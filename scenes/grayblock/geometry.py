"""Where things are on the Grayblock table: every region at one window size, the row's and the
hand's card positions, and the drop zone at each end of the row."""

from __future__ import annotations

from typing import Sequence

import pygame

from game.grayblock.setup import LEFT

from scenes.art.metrics import CARD_ASPECT, STRIP
from scenes.widgets import ui


LATIN_LINE_20 = 24  # DejaVu Sans's line height at 20 px


class Layout:
    """Every region of the table at one window size (pixels), for a given player at the bottom."""

    def __init__(self, size: tuple[int, int], players: int, bottom: int) -> None:
        W, H = max(1, size[0]), max(1, size[1])
        self.size = (W, H)
        self.s = ui.scale_for(self.size)
        k = self.k
        m = self.m = max(4, k(10))
        side_w = min(round(W * 0.22), k(330))
        self.side = pygame.Rect(W - m - side_w, m, side_w, H - 2 * m)
        play = pygame.Rect(m, m, self.side.x - 2 * m, H - 2 * m)
        opp_h, hand_h = round(play.h * 0.25), round(play.h * 0.37)
        self.hand = pygame.Rect(play.x, play.bottom - hand_h, play.w, hand_h)
        self.row = pygame.Rect(play.x, play.y + opp_h + m, play.w, self.hand.y - 2 * m - play.y - opp_h)
        others = [(bottom + i) % players for i in range(1, players)]
        pw = min((play.w - m * (len(others) - 1)) // len(others), k(420))
        x = play.centerx - (pw * len(others) + m * (len(others) - 1)) // 2
        self.seats = {p: pygame.Rect(x + i * (pw + m), play.y, pw, opp_h) for i, p in enumerate(others)}
        self.fans = {p: pygame.Rect(r.x + round(r.w * 0.46), r.y + m, round(r.w * 0.54) - m, r.h - 2 * m)
                     for p, r in self.seats.items()}  # where each seat's card backs show
        self.hand_head = pygame.Rect(self.hand.x, self.hand.y, self.hand.w, k(42))
        self.hand_cards = pygame.Rect(self.hand.x, self.hand_head.bottom, self.hand.w, hand_h - k(42))
        self.pass_button = pygame.Rect(self.hand.right - k(150) - m, self.hand.y + k(4), k(150), k(36))
        bh, bg = k(40), k(8)
        bw = (side_w - 3 * bg) // 2
        top = self.side.bottom - 2 * bh - 2 * bg
        self.button_rects = [pygame.Rect(self.side.x + bg + (i % 2) * (bw + bg), top + (i // 2) * (bh + bg),
                                         bw, bh) for i in range(4)]
        # the standings take the lines of the face the words are drawn in (Japanese lines are ~1.2
        # times as tall as DejaVu's): a layout is for one face, remade when the language changes
        self.face = ui.FONT_FILES["regular"]
        tall = max(1.0, ui._font(20, "regular").get_height() / LATIN_LINE_20)
        self.info = pygame.Rect(self.side.x, self.side.y, side_w, k((70 + 27 * players) * tall))
        self.log = pygame.Rect(self.side.x, self.info.bottom + m, side_w, top - bg - 2 * m - self.info.bottom)
        self.base_w = max(4, round(max(self.row_geometry(1)[2], self.hand_w)))  # the widest card drawn

    def k(self, n: float) -> int:
        return round(n * self.s)

    def px(self, n: float) -> int:
        """A font size: scaled, never below 9 pixels."""
        return max(9, round(n * self.s))

    def row_geometry(self, n: int) -> tuple[list[float], float, float, float]:
        """x of each of n row cards, their y, width and height; room is kept at both ends for
        the card about to join (it tucks under the left end, or lies over the right one)."""
        band, k = self.row, self.k
        avail_h = max(8, band.h - k(26) - k(22) - 2 * k(6))
        cw = max(6.0, min(avail_h * CARD_ASPECT, (band.w - 2 * k(6)) / (1 + STRIP * (max(n, 1) + 1))))
        ch = cw / CARD_ASPECT
        x0 = band.centerx - (cw * (1 + STRIP * (n - 1)) if n else cw) / 2
        y = band.y + k(26) + k(6) + (avail_h - ch) / 2
        return [x0 + i * STRIP * cw for i in range(n)], y, cw, ch

    @property
    def hand_w(self) -> float:
        """One card width for the whole hand (8 fit, overlapping a little; the number and gears
        on the left strip stay clear), so the cards keep their size as the hand shrinks."""
        return min((self.hand_cards.h - self.k(26)) * CARD_ASPECT, (self.hand_cards.w - self.k(16)) / 6.6)

    def hand_geometry(self, n: int) -> list[tuple[float, float, float, float]]:
        box, k, cw = self.hand_cards, self.k, self.hand_w
        step = min(1.1 * cw, (box.w - k(16) - cw) / max(1, n - 1))
        x0 = box.centerx - (cw + step * (n - 1)) / 2
        y = box.y + k(18) + (box.h - k(26) - cw / CARD_ASPECT) / 2
        return [(x0 + i * step, y, cw, cw / CARD_ASPECT) for i in range(n)]



def end_zone(L: Layout, xs: Sequence[float], y: float, cw: float, ch: float, end: str | None) -> pygame.Rect:
    """The drop target at an end: the first card's strip and the room to its left, or the last
    card and the room to its right. With an empty row: the slot where the first card goes."""
    if not xs:
        (x1,), y1, cw1, ch1 = L.row_geometry(1)
        return pygame.Rect(round(x1), round(y1), round(cw1), round(ch1))
    if end == LEFT:
        return pygame.Rect(round(xs[0] - STRIP * cw), round(y), round(2 * STRIP * cw), round(ch))
    return pygame.Rect(round(xs[-1]), round(y), round(cw + STRIP * cw), round(ch))
