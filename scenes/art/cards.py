"""Procedural card art: doll faces, card backs, counter cards and the table, drawn with pygame-ce
vector calls (supersampled, then smoothscaled), so every size is crisp and nothing is downloaded.

Needs pygame.init() (fonts) but no display mode: surfaces are SRCALPHA and never convert()ed.

Card layout (see scenes/metrics.py): in a line only the left STRIP of a card shows, so the index
numeral and the left-edge gear column live there; the right edge shows the right-edge gears
half-clipped; the middle is the doll's portrait with its name on a plaque at the bottom.

Names are drawn in the player's language (_(doll.name): assets/cards.json holds the English, the
catalogue the Japanese), so CardArt keys its surfaces by language too: Settings switches the faces
at once, and switching back finds the first language's faces still cached.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Callable

import pygame

from game.core.cards import card_set
from game.core.i18n import _, language
from game.core.paths import asset

from scenes.art.doll import draw_doll
from scenes.art.props import heart_pts
from scenes.art.shapes import (
    BRASS, BRASS_DARK, BRASS_LIGHT, CREAM, GEAR_COLOURS, GEAR_NAMES, INK, PAPER, Colour, Pen, Point,
    blit_center, draw_gear, draw_gear_raw, draw_socket_raw, fit_ink, fit_line, font, mix, shade,
    squeezed, supersample)
from scenes.art.metrics import CARD_ASPECT, GEAR_STEP, GEAR_TOP, STRIP

__all__ = ["GEAR_COLOURS", "GEAR_NAMES", "draw_gear", "font", "card_size", "gear_centre", "doll_face",
           "card_back", "counter_face", "counter_back", "table_background", "CardArt",
           "GEAR_RADIUS", "COUNTER_CORNERS"]

GEAR_RADIUS = 0.09        # left-edge gear radius, fraction of card width
RIGHT_GEAR_RADIUS = 0.08  # right-edge gears (half clipped by the edge)
BACK_COLOUR = (30, 56, 70)
HEART = (204, 52, 64)
# Counter corners: which corner holds how many icons, and how the icon panel is turned (degrees
# clockwise) so that it reads upright once a clockwise quarter turn brings it to the lower right.
# a surface planned ahead (CardArt.plan): (the CardArt method's name, *its arguments)
ArtCall = tuple[Any, ...]
COUNTER_CORNERS = {"bottomright": (1, 0), "topright": (2, -90), "topleft": (3, 180), "bottomleft": (4, 90)}


def card_size(width: int) -> tuple[int, int]:
    return int(width), round(width / CARD_ASPECT)


def gear_centre(row: int, width: int, right: bool = False) -> tuple[float, float]:
    """Centre of a gear cell, in pixels from the card's top-left (left edge unless right)."""
    w, h = card_size(width)
    x = w * (1 - 0.012) if right else w * STRIP / 2
    return x, h * (GEAR_TOP + row * GEAR_STEP)


def _ss(width: int) -> int:
    return max(2, min(4, math.ceil(MASTER_W / max(1, width))))


MASTER_W = 420  # cards up to half this wide are scaled down from one drawing this wide
_MASTERS: dict[tuple[str, int], pygame.Surface] = {}  # (kind, id): that drawing, for every CardArt alike


def _body(key: tuple[str, int], width: int, paint: Callable[[pygame.Surface, int], None]) -> pygame.Surface:
    """A card's painted body (no words: the same in every language) at card_size(width). Up to
    MASTER_W / 2 wide it is scaled down from one drawing MASTER_W wide, kept for every size: as
    fine as drawing each size at 2-4 times (at most MASTER_W wide, _ss), in a fraction of the
    time, so that a new window size or zoom level costs no new drawing. Wider, drawn at its size."""
    w, h = card_size(width)
    if 2 * w > MASTER_W:
        return supersample((w, h), paint, _ss(w))
    master = _MASTERS.get(key)
    if master is None:
        master = pygame.Surface(card_size(MASTER_W), pygame.SRCALPHA)
        master.fill((*INK, 0))  # transparent, edges fading towards the outline colour (supersample)
        paint(master, 1)
        _MASTERS[key] = master
    return pygame.transform.smoothscale(master, (max(1, w), max(1, h)))


# ---------------------------------------------------------------- shared card furniture

def _card_base(big: pygame.Surface, fill: Colour, border: Colour = INK) -> tuple[int, int, float]:
    W, H = big.get_size()
    rad = round(W * 0.06)
    t = max(1.0, W * 0.012)
    pygame.draw.rect(big, border, big.get_rect(), border_radius=rad)
    pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * t, -2 * t), border_radius=round(rad - t))
    return W, H, t


def _inner_frame(big: pygame.Surface, colour: Colour, inset: float, width: float) -> None:
    W, H = big.get_size()
    r = pygame.Rect(0, 0, W, H).inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(big, colour, r, max(1, round(width)), border_radius=round(W * 0.045))


def _cog(cx: float, cy: float, R: float, n: int, depth: float = 0.16) -> list[Point]:
    pts = []
    for k in range(n):
        a = k * 2 * math.pi / n
        d = 2 * math.pi / n
        for f, r in ((-0.30, 1 - depth), (-0.17, 1), (0.17, 1), (0.30, 1 - depth)):
            pts.append((cx + R * r * math.cos(a + f * d), cy + R * r * math.sin(a + f * d)))
    return pts


# ---------------------------------------------------------------- doll faces

def doll_face(index: int, width: int) -> pygame.Surface:
    doll = card_set().dolls[index]
    w, h = card_size(width)

    def paint(big: pygame.Surface, ss: int) -> None:
        W, H, t = _card_base(big, CREAM)
        pen = Pen(big)
        R, Rr = GEAR_RADIUS * W, RIGHT_GEAR_RADIUS * W
        # portrait window with an arched top
        win = pygame.Rect(round(0.262 * W), round(0.04 * W), round(0.633 * W), round(0.862 * H - 0.04 * W))
        layer = pygame.Surface(win.size, pygame.SRCALPHA)
        draw_doll(layer, layer.get_rect(), index)
        mask = pygame.Surface(win.size, pygame.SRCALPHA)
        arch = round(win.width * 0.36)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_top_left_radius=arch,
                         border_top_right_radius=arch, border_bottom_left_radius=round(W * 0.02),
                         border_bottom_right_radius=round(W * 0.02))
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        big.blit(layer, win)
        for col, grow in ((INK, 2.2), (BRASS, 1.1)):
            g = round(grow * t)
            pygame.draw.rect(big, col, win.inflate(2 * g - 2, 2 * g - 2), max(1, round(t * (1.4 if col == INK else 0.9))),
                             border_top_left_radius=arch + g, border_top_right_radius=arch + g,
                             border_bottom_left_radius=round(W * 0.02) + g, border_bottom_right_radius=round(W * 0.02) + g)
        # the left gear rail
        cx = W * STRIP / 2
        ys = [H * (GEAR_TOP + r * GEAR_STEP) for r in range(5)]
        rail = pygame.Rect(0, 0, round(2 * R + 0.05 * W), round(ys[-1] - ys[0] + 2 * R + 0.05 * W))
        rail.center = (round(cx), round((ys[0] + ys[-1]) / 2))
        pygame.draw.rect(big, mix(PAPER, BRASS, 0.18), rail, border_radius=rail.width // 2)
        pygame.draw.rect(big, mix(BRASS_DARK, PAPER, 0.3), rail, max(1, round(t * 0.8)), border_radius=rail.width // 2)
        pen.line([(cx, ys[0]), (cx, ys[-1])], mix(BRASS_DARK, PAPER, 0.45), 0.022 * W)
        for r, y in enumerate(ys):
            if doll.left & (16 >> r):
                draw_gear_raw(big, r, (cx, y), R)
            else:
                draw_socket_raw(big, (cx, y), R)
        # right edge: half gears peeking out of the edge
        for r, y in enumerate(ys):
            x = W * (1 - 0.012)
            if doll.right & (16 >> r):
                draw_gear_raw(big, r, (x, y), Rr)
            else:
                draw_socket_raw(big, (x, y), Rr * 0.9)
        # redraw the border over the clipped right gears
        pygame.draw.rect(big, INK, big.get_rect(), max(1, round(t)), border_radius=round(W * 0.06))
        # name plaque
        plaque = _plaque_rect(W, H)
        pygame.draw.rect(big, INK, plaque.inflate(round(2 * t), round(2 * t)), border_radius=round(plaque.height * 0.35))
        pygame.draw.rect(big, (64, 44, 34), plaque, border_radius=round(plaque.height * 0.3))
        pygame.draw.rect(big, BRASS, plaque.inflate(-round(2.2 * t), -round(2.2 * t)), max(1, round(0.7 * t)),
                         border_radius=round(plaque.height * 0.25))

    surf = _body(("doll", index), w, paint)
    # index numeral, top-left: as big as the space above the first gear allows
    top_of_gear = h * GEAR_TOP - GEAR_RADIUS * w
    box_w, box_h = w * 0.205, top_of_gear - w * 0.035
    num = fit_ink(str(index), box_w, box_h, INK, bold=False, squeeze=0.8)
    surf.blit(num, num.get_rect(midtop=(round(w * STRIP / 2), round(w * 0.028))))
    # the name
    plaque = _plaque_rect(w, h)
    label = name_label(_(doll.name), plaque.width - 0.06 * w, plaque.height * (0.66 if w < 150 else 0.56), CREAM,
                       min_size=7)
    blit_center(surf, label, plaque.center)
    return surf


# ---------------------------------------------------------------- names

JA_FACES = {False: "NotoSansJP-Regular.otf", True: "NotoSansJP-Bold.otf"}
_JA_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}
JA_SQUEEZE = 0.8  # a Japanese name may be drawn this much narrower before it is drawn smaller
JA_SIZES = (48, 96)  # the font sizes Japanese names are drawn at before scaling down


def name_label(text: str, box_w: float, box_h: float, colour: Colour,
               min_size: int = 7) -> pygame.Surface:
    """A card's name for its plaque. Latin text (English) as it always was (fit_line, in the card
    face); Japanese in the bundled Japanese face, as tall as the box, squeezed a little, then
    scaled down whole if still too wide: never cut short with an ellipsis, whatever the card's
    size (on the smallest cards neither language is readable, but both stay whole)."""
    if text.isascii():
        return fit_line(text, box_w, box_h, colour, bold=False, min_size=min_size)
    # drawn large, then smoothscaled: clean small glyphs; two sizes only, since opening the face
    # at a new size costs 10-20 ms and Cementopia's zoom asks for many card widths. Bold, as heavy
    # as the English names' face: its strokes survive the scaling down.
    size = JA_SIZES[0] if box_h <= JA_SIZES[0] / 2 else JA_SIZES[1]
    surf = _ja_font(size, True).render(text, True, colour)
    ink = surf.get_bounding_rect()
    if ink.width and ink.height:
        surf = surf.subsurface(ink).copy()
    pw, ph = surf.get_size()
    # cropped to its ink: a little air at the ends, as a Latin face's bearings give
    w, h = squeezed(pw, ph, box_w - box_h * 0.4, box_h, JA_SQUEEZE)
    return pygame.transform.smoothscale(surf, (max(1, round(w)), max(1, round(h))))


def _ja_font(size: int, bold: bool) -> pygame.font.Font:
    key = (size, bold)
    f = _JA_FONTS.get(key)
    if f is None:
        try:
            f = pygame.font.Font(str(asset("fonts", JA_FACES[bold])), size)
        except (OSError, FileNotFoundError):  # the Japanese face went missing: tofu, not a crash
            f = font(size, bold)
        _JA_FONTS[key] = f
    return f


def _plaque_rect(W: float, H: float) -> pygame.Rect:
    x0, x1 = 0.255 * W, 0.915 * W
    y0, y1 = 0.872 * H, 0.962 * H
    return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


def plaque_rect(w: float, h: float) -> pygame.Rect:
    """Where a doll face's name plate sits in a card w x h (Cementopia draws it again over the
    top of a card placed just below)."""
    return _plaque_rect(w, h)


# ---------------------------------------------------------------- card back

def _back_pattern(big: pygame.Surface, base: Colour) -> None:
    W, H = big.get_size()
    pen = Pen(big)
    step = W * 0.2
    faint = shade(base, 0.07)
    for j in range(-1, int(H / step) + 2):
        for i in range(-1, 7):
            x = i * step + (step / 2 if j % 2 else 0)
            y = j * step
            pen.poly(_cog(x, y, step * 0.3, 8, 0.22), faint, None)
            pen.circle(x, y, step * 0.12, base, None)


def card_back(width: int) -> pygame.Surface:
    w, h = card_size(width)

    def paint(big: pygame.Surface, ss: int) -> None:
        W, H, t = _card_base(big, BACK_COLOUR)
        _back_pattern(big, BACK_COLOUR)
        _inner_frame(big, BRASS, W * 0.045, t * 1.6)
        _inner_frame(big, BRASS_DARK, W * 0.07, t * 0.8)
        pen = Pen(big)
        cx, cy = W / 2, H / 2
        for sx, sy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            x, y = cx + sx * (W / 2 - W * 0.14), cy + sy * (H / 2 - W * 0.14)
            pen.poly(_cog(x, y, W * 0.075, 10), BRASS, INK, t * 0.8)
            pen.circle(x, y, W * 0.045, BRASS_DARK, INK, t * 0.6)
            pen.circle(x, y, W * 0.018, shade(BACK_COLOUR, -0.3), None)
        pen.poly(_cog(cx, cy, W * 0.43, 20, 0.12), BRASS, INK, t)
        pen.circle(cx, cy, W * 0.375, BRASS_DARK, INK, t * 0.8)
        pen.circle(cx, cy, W * 0.355, CREAM, INK, t * 0.8)
        pen.circle(cx, cy, W * 0.33, None, mix(BRASS, CREAM, 0.4), t * 0.7)
        for r in range(5):  # the five gear types along the bottom of the medallion
            a = math.radians(90 + (r - 2) * 24)
            draw_gear_raw(big, r, (cx + W * 0.245 * math.cos(a), cy + W * 0.235 * math.sin(a)), W * 0.042)
        pen.line([(cx - W * 0.2, cy - W * 0.005), (cx + W * 0.2, cy - W * 0.005)], BRASS, 0.006 * W)
        pen.poly(_cog(cx, cy - W * 0.005, W * 0.022, 6, 0.25), BRASS, INK, t * 0.5)

    surf = _body(("back", 0), w, paint)
    for word, y, hh in (("Alice", -0.085, 0.1), ("Assemble", 0.075, 0.075)):
        txt = fit_ink(word, w * 0.5, w * hh, INK, bold=True)
        blit_center(surf, txt, (w / 2, h / 2 + w * y))
    return surf


# ---------------------------------------------------------------- counter cards

def _corner_boxes(W: float, H: float) -> dict[str, pygame.Rect]:
    p, m = round(W * 0.3), round(W * 0.05)
    return {"topleft": pygame.Rect(m, m, p, p), "topright": pygame.Rect(W - m - p, m, p, p),
            "bottomleft": pygame.Rect(m, H - m - p, p, p), "bottomright": pygame.Rect(W - m - p, H - m - p, p, p)}


PIPS: dict[int, list[tuple[float, float]]] = {1: [(0, 0)], 2: [(-0.55, -0.55), (0.55, 0.55)], 3: [(-0.6, -0.6), (0, 0), (0.6, 0.6)],
        4: [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)]}


def _icon_panels(big: pygame.Surface, panel: Colour, edge: Colour, icon: Colour, t: float) -> None:
    W, H = big.get_size()
    pen = Pen(big)
    for corner, box in _corner_boxes(W, H).items():
        n, rot = COUNTER_CORNERS[corner]
        pygame.draw.rect(big, edge, box.inflate(round(2 * t), round(2 * t)), border_radius=round(box.width * 0.22))
        pygame.draw.rect(big, panel, box, border_radius=round(box.width * 0.2))
        c, s = math.cos(math.radians(rot)), math.sin(math.radians(rot))
        for u, v in PIPS[n]:
            du, dv = u * box.width * 0.5, v * box.width * 0.5
            x, y = box.centerx + du * c - dv * s, box.centery + du * s + dv * c
            pen.poly(heart_pts(x, y, box.width * 0.29, rot), icon, INK, t * 0.7)
            hx, hy = x - box.width * 0.05, y - box.width * 0.06
            hx, hy = x + (hx - x) * c - (hy - y) * s, y + (hx - x) * s + (hy - y) * c
            pen.circle(hx, hy, box.width * 0.03, shade(icon, 0.45), None)


def counter_face(order: int, width: int) -> pygame.Surface:
    w, h = card_size(width)
    counter = card_set().counters[order - 1]

    def paint(big: pygame.Surface, ss: int) -> None:
        W, H, t = _card_base(big, CREAM)
        _inner_frame(big, BRASS, W * 0.028, t)
        pen = Pen(big)
        cx, cy = W / 2, H / 2
        pen.poly(_cog(cx, cy, W * 0.27, 14), BRASS, INK, t)
        pen.circle(cx, cy, W * 0.205, BRASS_DARK, INK, t * 0.8)
        pen.circle(cx, cy, W * 0.19, PAPER, None)
        _icon_panels(big, PAPER, BRASS_DARK, HEART, t)

    surf = _body(("counter", order), w, paint)
    num = fit_ink(str(order), w * 0.3, w * 0.22, INK, bold=True)
    blit_center(surf, num, (w / 2, h / 2))
    label = name_label(_(counter.name), w * 0.5, w * 0.055, INK, min_size=6)
    blit_center(surf, label, (w / 2, h / 2 + w * 0.345))
    return surf


def counter_back(width: int) -> pygame.Surface:
    w, h = card_size(width)

    def paint(big: pygame.Surface, ss: int) -> None:
        W, H, t = _card_base(big, BACK_COLOUR)
        _back_pattern(big, BACK_COLOUR)
        _inner_frame(big, BRASS, W * 0.028, t)
        pen = Pen(big)
        cx, cy = W / 2, H / 2
        pen.poly(_cog(cx, cy, W * 0.2, 12), BRASS_DARK, INK, t)
        pen.circle(cx, cy, W * 0.14, shade(BACK_COLOUR, -0.25), INK, t * 0.8)
        _icon_panels(big, shade(BACK_COLOUR, -0.3), BRASS_DARK, BRASS_LIGHT, t)

    surf = _body(("counter_back", 0), w, paint)
    plus = fit_ink("+4", w * 0.2, w * 0.1, mix(BRASS_LIGHT, BACK_COLOUR, 0.25), bold=True)
    blit_center(surf, plus, (w / 2, h / 2))
    return surf


# ---------------------------------------------------------------- table

def table_background(size: tuple[int, int]) -> pygame.Surface:
    """Warm walnut workbench planks with a soft vignette, drawn at quarter size and scaled up."""
    return _table_background(max(1, int(size[0])), max(1, int(size[1])))


@lru_cache(maxsize=2)  # the window's size and the one before: every new App or scene at once
def _table_background(W: int, H: int) -> pygame.Surface:
    k = 4
    w, h = max(8, W // k), max(8, H // k)
    low = pygame.Surface((w, h))
    rnd = random.Random(1865)
    base = (104, 66, 40)
    plank = max(6, h // 6)
    for i, y in enumerate(range(0, h, plank)):
        col = shade(base, rnd.uniform(-0.12, 0.06))
        low.fill(col, (0, y, w, plank))
        for _grain in range(plank * 2):
            gy = y + rnd.uniform(0, plank)
            amp, ph, fr = rnd.uniform(0.3, 1.6), rnd.uniform(0, 6.3), rnd.uniform(0.01, 0.04)
            pts = [(x, gy + amp * math.sin(ph + x * fr)) for x in range(0, w + 8, 8)]
            pygame.draw.aalines(low, shade(col, rnd.uniform(-0.18, 0.1)), False, pts)
        for _knot in range(rnd.randint(0, 2)):
            x, r = rnd.uniform(0, w), rnd.uniform(2, plank * 0.22)
            for f, d in ((1.0, -0.08), (0.7, -0.16), (0.4, -0.26)):
                pygame.draw.ellipse(low, shade(col, d), (x - r * 2.4 * f, y + plank / 2 - r * f, r * 4.8 * f, r * 2 * f))
        pygame.draw.line(low, shade(base, -0.5), (0, y), (w, y))
        off = rnd.uniform(0, w)
        pygame.draw.line(low, shade(base, -0.45), (off, y), (off, y + plank))
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    shadow.fill((16, 8, 4, 200))
    steps = 20
    for i in range(steps):
        f = (i + 1) / steps
        oval = pygame.Rect(0, 0, round(w * (1.55 - 0.95 * f)), round(h * (1.55 - 0.95 * f)))
        oval.center = (w // 2, h // 2)
        pygame.draw.ellipse(shadow, (16, 8, 4, round(200 * (1 - f) ** 1.3)), oval)
    shadow = pygame.transform.smoothscale(shadow, (w, h))
    low.blit(shadow, (0, 0))
    return pygame.transform.smoothscale(low, (W, H))


# ---------------------------------------------------------------- cache

WORDED = ("doll", "counter")  # the faces with a name on them: one rendering per language


class CardArt:
    """Rendered surfaces keyed by (kind, id, width), and by language for the faces that carry
    words (WORDED); calls with the same key return the same surface (do not draw on it).
    `limit` bounds the number of kept surfaces (oldest dropped); a new window size drops them all
    (`resized`): every width is worked out from the size, and 600 window-sized backgrounds kept
    from a dragged window edge took gigabytes."""

    def __init__(self, limit: int = 600) -> None:
        self.limit = limit
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self.size: tuple[int, int] | None = None  # the window's, when last told
        self.pending: list[ArtCall] = []  # (method name, *args) to render in idle time (warm_one)

    def plan(self, calls: list[ArtCall]) -> None:
        """Surfaces a scene will soon need: rendered one per idle frame, so that the scene's
        first frame does not draw every card for the first time (about 7 ms each)."""
        self.pending = list(reversed(calls))

    def warm_one(self) -> bool:
        """Render one planned surface if it is not cached yet; False when nothing is left."""
        while self.pending:
            name, *args = self.pending.pop()
            before = len(self._cache)
            getattr(self, name)(*args)
            if len(self._cache) != before:
                return True
        return False

    def key(self, name: str, *args: Any) -> tuple[Any, ...]:
        """The cache key of the surface `getattr(self, name)(*args)` returns: (kind, id, size),
        plus the language for the faces that carry words."""
        if name == "table":
            return ("table", 0, (int(args[0][0]), int(args[0][1])))
        ident, size = (args[0], args[1]) if name in ("doll", "counter", "gear") else (0, args[0])
        key = (name, ident, int(size))
        return key + (language(),) if name in WORDED else key

    def has(self, name: str, *args: Any) -> bool:
        """Whether `getattr(self, name)(*args)` is rendered already (would cost nothing now)."""
        return self.key(name, *args) in self._cache

    def _get(self, key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._cache.pop(key, None)
        if surf is None:
            surf = make()
            if len(self._cache) >= self.limit:  # the least recently used goes (it is first)
                self._cache.pop(next(iter(self._cache)))
        self._cache[key] = surf  # (re)inserted last: the most recently used
        return surf

    def doll(self, index: int, width: int) -> pygame.Surface:
        return self._get(self.key("doll", index, width), lambda: doll_face(index, int(width)))

    def back(self, width: int) -> pygame.Surface:
        return self._get(self.key("back", width), lambda: card_back(int(width)))

    def counter(self, order: int, width: int) -> pygame.Surface:
        return self._get(self.key("counter", order, width), lambda: counter_face(order, int(width)))

    def counter_back(self, width: int) -> pygame.Surface:
        return self._get(self.key("counter_back", width), lambda: counter_back(int(width)))

    def table(self, size: tuple[int, int]) -> pygame.Surface:
        return self._get(self.key("table", size), lambda: table_background(size))

    def gear(self, row: int, radius: int) -> pygame.Surface:
        """A lone gear icon of the given radius on a transparent square."""
        def make() -> pygame.Surface:
            d = 2 * int(radius) + 2
            s = pygame.Surface((d, d), pygame.SRCALPHA)
            draw_gear(s, row, (d / 2, d / 2), radius)
            return s
        return self._get(self.key("gear", row, radius), make)

    def clear(self) -> None:
        self._cache.clear()

    def resized(self, size: tuple[int, int]) -> bool:
        """The window has this size now: what was drawn for another size goes (True if it did)."""
        size = (int(size[0]), int(size[1]))
        if size == self.size:
            return False
        before, self.size = self.size, size
        if before is not None:
            self.clear()
        return before is not None
