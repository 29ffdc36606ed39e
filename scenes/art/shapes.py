"""Drawing primitives for the procedural card art: colours, an outlining pen, fonts and the
five gear types. Everything is drawn with plain pygame.draw calls on a supersampled surface and
smoothscaled down, which gives anti-aliased, crisp results at any size."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Sequence

import pygame

from game.core.paths import asset

Colour = tuple[int, int, int]
Point = tuple[float, float]

INK: Colour = (46, 32, 24)
CREAM: Colour = (247, 239, 218)
PAPER: Colour = (236, 222, 190)
BRASS: Colour = (196, 156, 72)
BRASS_DARK: Colour = (126, 92, 40)
BRASS_LIGHT: Colour = (238, 208, 128)
PORCELAIN: Colour = (252, 240, 228)
WHITE: Colour = (255, 252, 244)

# One colour per gear row, chosen from the Okabe-Ito colour-blind-safe set (also spread in
# lightness) - and every row has its own silhouette as well.
GEAR_COLOURS: tuple[Colour, ...] = (
    (222, 98, 36),    # row 0: vermilion round gear
    (92, 176, 230),   # row 1: sky-blue square gear
    (244, 204, 58),   # row 2: yellow three-lobed cam
    (22, 150, 112),   # row 3: bluish-green ratchet star
    (196, 112, 172),  # row 4: reddish-purple hex nut
)
GEAR_NAMES = ("round gear", "square gear", "three-lobed cam", "ratchet star", "hex nut")


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def shade(c: Colour, f: float) -> Colour:
    """f < 0 darkens towards black, f > 0 lightens towards white."""
    return mix(c, (0, 0, 0), -f) if f < 0 else mix(c, (255, 255, 255), f)


def bez(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 12) -> list[Point]:
    """Points of a cubic Bezier curve, both ends included."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float,
        n: int = 16) -> list[Point]:
    """Points on an elliptic arc, angles in degrees (0 = right, 90 = down)."""
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


class Pen:
    """Draws in local units: point (x, y) lands at (ox + x*s, oy + y*s) on the surface.
    Outlines (ink) are drawn outside the filled shape, with round joins."""

    def __init__(self, surf: pygame.Surface, ox: float = 0, oy: float = 0, s: float = 1.0) -> None:
        self.surf, self.ox, self.oy, self.s = surf, ox, oy, s

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (self.ox + x * self.s, self.oy + y * self.s)

    def _t(self, lw: float) -> float:
        return max(0.7, lw * self.s)

    def poly(self, pts: Sequence[Point], fill: Colour | None, ink: Colour | None = INK, lw: float = 1.0) -> None:
        P = [self.p(x, y) for x, y in pts]
        if len(P) < 3:
            return
        if ink is not None and lw > 0:
            t = self._t(lw)
            pygame.draw.lines(self.surf, ink, True, P, max(1, round(2 * t)))
            for q in P:
                pygame.draw.circle(self.surf, ink, q, t)
            if fill is None:
                return
        if fill is not None:
            pygame.draw.polygon(self.surf, fill, P)

    def line(self, pts: Sequence[Point], colour: Colour, lw: float = 1.0, closed: bool = False) -> None:
        P = [self.p(x, y) for x, y in pts]
        t = self._t(lw) / 2
        if len(P) >= 2:
            pygame.draw.lines(self.surf, colour, closed, P, max(1, round(2 * t)))
        for q in P:
            pygame.draw.circle(self.surf, colour, q, t)

    def circle(self, x: float, y: float, r: float, fill: Colour | None, ink: Colour | None = INK, lw: float = 1.0) -> None:
        c, R = self.p(x, y), r * self.s
        if ink is not None and lw > 0:
            t = self._t(lw)
            if fill is None:
                pygame.draw.circle(self.surf, ink, c, R + t / 2, max(1, round(t)))
                return
            pygame.draw.circle(self.surf, ink, c, R + t)
        if fill is not None:
            pygame.draw.circle(self.surf, fill, c, R)

    def ring(self, x: float, y: float, r: float, colour: Colour, lw: float) -> None:
        pygame.draw.circle(self.surf, colour, self.p(x, y), (r + lw / 2) * self.s,
                           max(1, round(lw * self.s)))

    def ellipse(self, x: float, y: float, rx: float, ry: float, fill: Colour | None,
                ink: Colour | None = INK, lw: float = 1.0) -> None:
        def rect(ax: float, ay: float) -> pygame.Rect:
            cx, cy = self.p(x, y)
            return pygame.Rect(round(cx - ax), round(cy - ay), max(1, round(2 * ax)), max(1, round(2 * ay)))
        ax, ay = rx * self.s, ry * self.s
        if ink is not None and lw > 0:
            t = self._t(lw)
            if fill is None:
                pygame.draw.ellipse(self.surf, ink, rect(ax + t / 2, ay + t / 2), max(1, round(t)))
                return
            pygame.draw.ellipse(self.surf, ink, rect(ax + t, ay + t))
        if fill is not None:
            pygame.draw.ellipse(self.surf, fill, rect(ax, ay))

    def rect(self, x: float, y: float, w: float, h: float, fill: Colour | None,
             ink: Colour | None = INK, lw: float = 1.0, radius: float = 0) -> None:
        X, Y = self.p(x, y)
        W, H, R = w * self.s, h * self.s, radius * self.s
        if ink is not None and lw > 0:
            t = self._t(lw)
            r = pygame.Rect(round(X - t), round(Y - t), round(W + 2 * t), round(H + 2 * t))
            if fill is None:
                pygame.draw.rect(self.surf, ink, r, max(1, round(t)), border_radius=round(R + t))
                return
            pygame.draw.rect(self.surf, ink, r, border_radius=round(R + t))
        if fill is not None:
            pygame.draw.rect(self.surf, fill, pygame.Rect(round(X), round(Y), round(W), round(H)),
                             border_radius=round(R))


def supersample(size: tuple[int, int], draw: Callable[[pygame.Surface, int], None],
                ss: int | None = None) -> pygame.Surface:
    """Call draw(big_surface, ss) on a surface ss times larger, return it smoothscaled to size."""
    w, h = max(1, size[0]), max(1, size[1])
    if ss is None:
        ss = max(2, min(4, math.ceil(400 / max(w, 1))))
    big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    big.fill((*INK, 0))  # transparent, but edges fade towards the outline colour, not black
    draw(big, ss)
    return pygame.transform.smoothscale(big, (w, h))


# ---------------------------------------------------------------- fonts and text

def _font_file(bold: bool) -> str | None:
    """A bundled font under assets/fonts/ if the project ships one, else pygame's default font."""
    for name in (("card-bold.ttf", "card.ttf") if bold else ("card.ttf",)):
        path = asset("fonts", name)
        if path.is_file():
            return str(path)
    return None


def font(size: int, bold: bool = False) -> pygame.font.Font:
    return _font(max(4, int(size)), bool(bold))


@lru_cache(maxsize=64)  # every card width asks for its own sizes: one kept per size grew per resize
def _font(size: int, bold: bool) -> pygame.font.Font:
    path = _font_file(bold)
    f = pygame.font.Font(path, size)
    if bold and (path is None or not path.endswith("card-bold.ttf")):
        f.bold = True  # synthetic emboldening of the default font
    return f


def text_ink(text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Rendered text cropped to its inked pixels."""
    surf = font(size, bold).render(text, True, colour)
    return surf.subsurface(surf.get_bounding_rect()).copy()


def squeezed(pw: float, ph: float, box_w: float, box_h: float, squeeze: float) -> tuple[float, float]:
    """The size to draw ink of pw x ph at in a box: as tall as box_h, squeezed horizontally by at
    most `squeeze` to fit box_w, then shrunk whole."""
    h = box_h
    w = pw * h / ph
    if w > box_w:
        w = max(box_w, w * squeeze)
        if w > box_w:
            h *= box_w / w
            w = box_w
    return w, h


def fit_ink(text: str, box_w: float, box_h: float, colour: Colour, bold: bool = True,
            squeeze: float = 0.78) -> pygame.Surface:
    """Text whose inked pixels fill box_h (or less), squeezed horizontally by at most `squeeze`
    (then shrunk) so it fits box_w. Rendered twice as large and smoothscaled for clean edges."""
    probe = text_ink(text, 200, colour, bold)
    pw, ph = probe.get_size()
    w, h = squeezed(pw, ph, box_w, box_h, squeeze)
    size = max(6, round(200 * h / ph * 2))
    big = text_ink(text, size, colour, bold)
    return pygame.transform.smoothscale(big, (max(1, round(w)), max(1, round(h))))


def _render2x(text: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
    """Text rendered at twice the size and smoothscaled down: truer letter spacing than hinted
    small sizes of the default font."""
    k = max(2, math.ceil(48 / max(1, size)))
    surf = font(size * k, bold).render(text, True, colour)
    rect = surf.get_bounding_rect()
    surf = surf.subsurface(rect).copy() if rect.width else surf
    w, h = surf.get_size()
    return pygame.transform.smoothscale(surf, (max(1, round(w / k)), max(1, round(h / k))))


def fit_line(text: str, box_w: float, box_h: float, colour: Colour, bold: bool = True,
             min_size: int = 7) -> pygame.Surface:
    """One line of text for a label: font size from box_h, shrunk (down to min_size or 60% of
    the box), then squeezed a little, then truncated with an ellipsis - never clipped."""
    size = max(min_size, int(box_h * 1.45))
    min_size = max(min_size, int(size * 0.6))  # below 60% of the box height, truncate instead
    while True:
        surf = _render2x(text, size, colour, bold)
        w, h = surf.get_size()
        if w <= box_w and h <= box_h:
            return surf
        if h <= box_h and w * 0.85 <= box_w:
            return pygame.transform.smoothscale(surf, (max(1, int(box_w)), h))
        if size > min_size:
            size -= 1
            continue
        base = text[:-1] if text.endswith("…") else text
        if len(base) > 1:
            text = base[:-1].rstrip(" ,-") + "…"
            continue
        return pygame.transform.smoothscale(surf, (max(1, min(w, int(box_w))), max(1, min(h, int(box_h)))))


def blit_center(dst: pygame.Surface, src: pygame.Surface, center: Point) -> None:
    r = src.get_rect(center=(round(center[0]), round(center[1])))
    dst.blit(src, r)


# ---------------------------------------------------------------- gears

def _polar(cx: float, cy: float, r: float, a: float) -> Point:
    return (cx + r * math.cos(a), cy + r * math.sin(a))


def gear_outline(row: int, cx: float, cy: float, R: float) -> list[tuple[float, float]]:
    """The silhouette of the gear of row `row` (0..4) with outer radius R."""
    pts: list[tuple[float, float]] = []
    up = -math.pi / 2
    if row == 0:  # round gear, 8 trapezoid teeth
        n, r0 = 8, R * 0.76
        for k in range(n):
            a = up + k * 2 * math.pi / n
            d = 2 * math.pi / n
            for frac, rad in ((-0.30, r0), (-0.17, R), (0.17, R), (0.30, r0)):
                pts.append(_polar(cx, cy, rad, a + frac * d))
            pts += [_polar(cx, cy, r0, a + f * d) for f in (0.40, 0.5, 0.60)]
    elif row == 1:  # square gear: a square plate with a tooth gap in the middle of every side
        a_, n_ = R * 0.72, R * 0.18
        for side in range(4):
            rot = side * math.pi / 2
            c, s = math.cos(rot), math.sin(rot)
            local = [(-a_ * 0.93, -a_), (-a_ * 0.26, -a_), (-a_ * 0.17, -a_ + n_), (a_ * 0.17, -a_ + n_),
                     (a_ * 0.26, -a_), (a_ * 0.93, -a_), (a_, -a_ * 0.93)]
            pts += [(cx + x * c - y * s, cy + x * s + y * c) for x, y in local]
    elif row == 2:  # three-lobed cam (a rounded triangle, point up)
        for i in range(72):
            a = up + i * 2 * math.pi / 72
            pts.append(_polar(cx, cy, R * (0.66 + 0.34 * math.cos(3 * (a - up))) ** 0.8, a))
    elif row == 3:  # ratchet star: 5 sawtooth teeth
        n = 5
        for k in range(n):
            a = up + k * 2 * math.pi / n
            d = 2 * math.pi / n
            pts += [_polar(cx, cy, R * 0.50, a - 0.42 * d), _polar(cx, cy, R * 0.56, a - 0.2 * d),
                    _polar(cx, cy, R, a), _polar(cx, cy, R * 0.86, a + 0.08 * d)]
    else:  # hex nut, point up, corners slightly chamfered
        for k in range(6):
            a = up + k * math.pi / 3
            pts += [_polar(cx, cy, R * 0.97, a - 0.07), _polar(cx, cy, R * 0.97, a + 0.07)]
    return pts


def _scaled(pts: Sequence[Point], cx: float, cy: float, f: float) -> list[Point]:
    return [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in pts]


def draw_gear_raw(surf: pygame.Surface, row: int, center: Point, radius: float,
                  outline: float | None = None) -> None:
    """Draw gear `row` directly (aliased; callers supersample)."""
    cx, cy = center
    R = radius
    pen = Pen(surf)
    t = outline if outline is not None else max(1.0, R * 0.11)
    col = GEAR_COLOURS[row]
    outer = gear_outline(row, cx, cy, R - t)
    pen.poly(outer, col, INK, t)
    inner = _scaled(outer, cx, cy, 0.70) if row in (1, 2, 4) else None
    if row == 0:
        pen.circle(cx, cy, R * 0.54, shade(col, 0.18), shade(col, -0.35), t * 0.5)
    elif row == 3:
        pen.circle(cx, cy, R * 0.40, shade(col, 0.18), shade(col, -0.35), t * 0.5)
    elif inner:
        pen.poly(inner, shade(col, 0.2), shade(col, -0.35), t * 0.5)
    # highlight: a small light arc top-left
    hole = R * (0.30 if row != 4 else 0.34)
    if row == 1:
        pen.rect(cx - hole, cy - hole, 2 * hole, 2 * hole, (40, 28, 22), INK, t * 0.5, radius=hole * 0.25)
    else:
        pen.circle(cx, cy, hole, (40, 28, 22), INK, t * 0.5)
    pen.circle(cx - hole * 0.35, cy - hole * 0.35, hole * 0.28, shade(col, -0.2), None)


def draw_gear(surface: pygame.Surface, row: int, center: Point, radius: float) -> None:
    """Draw the gear of row `row` (0..4), anti-aliased, centred at `center` with outer radius."""
    if radius <= 0:
        return
    size = math.ceil(radius * 2) + 4
    cx, cy = center
    ox, oy = math.floor(cx - size / 2), math.floor(cy - size / 2)

    def paint(big: pygame.Surface, ss: int) -> None:
        draw_gear_raw(big, row, ((cx - ox) * ss, (cy - oy) * ss), radius * ss)

    surface.blit(supersample((size, size), paint, max(2, min(6, math.ceil(60 / size)))), (ox, oy))


def draw_socket_raw(surf: pygame.Surface, center: Point, radius: float) -> None:
    """An empty gear socket: a recessed brass-rimmed peg hole, so the five-row grid reads."""
    cx, cy = center
    pen = Pen(surf)
    t = max(1.0, radius * 0.08)
    pen.circle(cx, cy, radius * 0.42, mix(PAPER, BRASS, 0.35), mix(INK, PAPER, 0.35), t)
    pen.circle(cx, cy, radius * 0.22, mix(INK, PAPER, 0.2), None)
