"""Hair, hats and held props of the doll figures (doll units, see art_doll.py)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from scenes.art.shapes import (
    BRASS, BRASS_DARK, BRASS_LIGHT, CREAM, INK, PORCELAIN, WHITE, Colour, Pen, Point, arc, bez,
    gear_outline, mix, shade)

if TYPE_CHECKING:
    from scenes.art.doll import Head, Look

BACK = {"bob": "bob", "ringlets": "ringlets", "bun": "bun", "tiara": "bun", "pigtails": "pigtails",
        "long": "long", "mobcap": "bob", "bonnet": "bonnet", "tophat": "bob", "goggles": "bob",
        "miner": "bob", "feather": "long", "bow": "bob", "band": "long", "halo": "ringlets",
        "crown": "long", "bald": "none"}
FRINGE = {"bob", "bow", "goggles", "tophat", "miner", "mobcap"}


def heart_pts(cx: float, cy: float, size: float, rot: float = 0, n: int = 28) -> list[Point]:
    """A heart of height about `size`, centred on (cx, cy), point down (rot in degrees, clockwise)."""
    k = size / 30.0
    c, s = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    pts = []
    for i in range(n):
        t = i * 2 * math.pi / n
        x = 16 * math.sin(t) ** 3 * k
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)) * k - 1.5 * k
        pts.append((cx + x * c - y * s, cy + x * s + y * c))
    return pts


def _ribbon(look: Look) -> Colour:
    return look.A if look.A not in (WHITE, CREAM) else (206, 56, 70)


def _bow(pen: Pen, x: float, y: float, size: float, col: Colour) -> None:
    pen.poly([(x, y), (x - size, y - size * 0.6), (x - size * 0.9, y + size * 0.6)], col, INK, 0.7)
    pen.poly([(x, y), (x + size, y - size * 0.6), (x + size * 0.9, y + size * 0.6)], col, INK, 0.7)
    pen.circle(x, y, size * 0.3, shade(col, -0.15), INK, 0.6)


# ---------------------------------------------------------------- hair

def draw_hair_back(pen: Pen, look: Look, head: Head) -> None:
    kind = BACK[look.top]
    hc = look.hair
    cx, cy, rx, ry, top = head.cx, head.cy, head.rx, head.ry, head.top
    dark = shade(hc, -0.25)
    if kind == "bob":
        pts = arc(cx, cy, rx + 5, ry + 4, 180, 360, 20) + [(cx + rx + 5, cy + ry * 0.6), (cx - rx - 5, cy + ry * 0.6)]
        pen.poly(pts, hc, INK, 1.1)
        pen.line([(cx + rx + 1, cy), (cx + rx + 2, cy + ry * 0.55)], dark, 0.7)
        pen.line([(cx - rx - 1, cy), (cx - rx - 2, cy + ry * 0.55)], dark, 0.7)
    elif kind == "long":
        pts = (arc(cx, cy, rx + 5, ry + 4, 180, 360, 20)
               + bez((cx + rx + 5, cy), (cx + rx + 9, cy + 20), (cx + rx + 4, cy + 40), (cx + rx + 10, 108), 8)[1:]
               + arc(cx, 106, rx + 10, 4, 0, 180, 10)[1:-1]
               + bez((cx - rx - 10, 108), (cx - rx - 4, cy + 40), (cx - rx - 9, cy + 20), (cx - rx - 5, cy), 8))
        pen.poly(pts, hc, INK, 1.1)
        for sx in (-1, 1):
            pen.line(bez((cx + sx * (rx + 2), cy + 4), (cx + sx * (rx + 5), cy + 24), (cx + sx * (rx + 2), cy + 40),
                         (cx + sx * (rx + 6), 104), 8), dark, 0.7)
    elif kind == "ringlets":
        pen.ellipse(cx, cy - 1, rx + 4, ry + 4, hc, INK, 1.1)
        for sx in (-1, 1):
            for k in range(4):
                x = cx + sx * (rx + 2 + (k % 2) * 1.6)
                pen.circle(x, cy + 2 + k * 7.5, 4.6, hc, INK, 0.9)
                pen.line(arc(x, cy + 2 + k * 7.5, 2.6, 2.6, 200, 340, 6), dark, 0.6)
    elif kind == "bun":
        pen.circle(cx, top - 4, 9, hc, INK, 1.1)
        pen.line(arc(cx, top - 4, 5.5, 5.5, 200, 330, 8), dark, 0.7)
        pen.ellipse(cx, cy - 1, rx + 2.5, ry + 2.5, hc, INK, 1.1)
    elif kind == "pigtails":
        pen.ellipse(cx, cy - 1, rx + 3, ry + 3, hc, INK, 1.1)
        for sx in (-1, 1):
            rx0, ry0 = cx + sx * (rx - 1), cy - ry * 0.55
            tip = (cx + sx * (rx + 15), cy + 24)
            pts = bez((rx0, ry0 - 4), (rx0 + sx * 14, ry0 - 2), (tip[0] + sx * 2, tip[1] - 12), tip, 8) + \
                bez(tip, (tip[0] - sx * 8, tip[1] - 8), (rx0 + sx * 2, ry0 + 8), (rx0, ry0 + 4), 8)[1:]
            pen.poly(pts, hc, INK, 1.0)
            pen.line(bez((rx0 + sx * 3, ry0), (rx0 + sx * 10, ry0 + 2), (tip[0] - sx * 1, tip[1] - 10),
                         (tip[0] - sx * 1, tip[1] - 3), 6), dark, 0.6)
    elif kind == "bonnet":
        col = mix(look.D, WHITE, 0.35)
        pen.ellipse(cx, cy - 4, rx + 10, ry + 10, col, INK, 1.2)
        pen.ellipse(cx, cy - 2, rx + 6, ry + 6, shade(col, -0.15), None)
        pen.ellipse(cx, cy - 1, rx + 3, ry + 2, hc, INK, 0.9)


def _fringe_cap(head: Head, pad: float = 2.6) -> list[Point]:
    cx, cy, rx, ry = head.cx, head.cy, head.rx, head.ry
    outer = arc(cx, cy, rx + pad, ry + pad, 168, 372, 24)
    y = cy - ry * 0.28
    inner = [(cx + rx + 0.5, cy - ry * 0.05)]
    n = 7
    for i in range(n + 1):
        x = cx + rx - 1 - (2 * rx - 2) * i / n
        inner.append((x, y + (2.2 if i % 2 == 0 else -0.8)))
    inner.append((cx - rx - 0.5, cy - ry * 0.05))
    return outer + inner


def _parted_cap(head: Head, pad: float = 2.6) -> list[Point]:
    cx, cy, rx, ry = head.cx, head.cy, head.rx, head.ry
    outer = arc(cx, cy, rx + pad, ry + pad, 165, 375, 24)
    part = (cx + 3, cy - ry * 0.78)
    inner = bez((cx + rx + 1, cy + ry * 0.1), (cx + rx - 2, cy - ry * 0.5), (cx + 10, cy - ry * 0.55), part, 8) + \
        bez(part, (cx - 6, cy - ry * 0.6), (cx - rx + 1, cy - ry * 0.45), (cx - rx - 1, cy + ry * 0.1), 8)[1:]
    return outer + inner


def draw_hair_front(pen: Pen, look: Look, head: Head, top_y: float) -> None:
    top_kind = look.top
    hc, A, D = look.hair, look.A, look.D
    cx, cy, rx, ry, top = head.cx, head.cy, head.rx, head.ry, head.top
    if top_kind == "bald":
        pen.line(arc(cx, cy + 2, rx * 0.96, ry * 0.95, 205, 335, 12), shade(PORCELAIN, -0.28), 0.7)
        for sx in (-1, 1):
            pen.circle(cx + sx * (rx - 3.5), cy - 6, 1.6, BRASS, INK, 0.5)
            pen.line([(cx + sx * (rx - 3.5) - 1, cy - 7), (cx + sx * (rx - 3.5) + 1, cy - 5)], INK, 0.4)
        pen.rect(cx - 3, top - 5, 6, 5.5, BRASS, INK, 0.8, radius=1)
        pen.rect(cx - 6, top - 8, 12, 3, BRASS_DARK, INK, 0.8, radius=1.5)
        return
    if top_kind == "miner":  # lamp glow behind the helmet
        for r, t in ((16, 0.25), (11, 0.5)):
            pen.circle(cx, top - 6, r, mix(look.bg, (255, 236, 150), t), None)
    cap = _fringe_cap(head) if top_kind in FRINGE else _parted_cap(head)
    pen.poly(cap, hc, INK, 1.1)
    pen.line(arc(cx - 2, cy - 1, rx * 0.72, ry * 0.78, 215, 255, 8), shade(hc, 0.35), 1.3)
    if top_kind == "tophat":
        hat = shade(D, -0.45)
        pen.ellipse(cx, top + 5, 25, 4.6, hat, INK, 1.1)
        pen.poly([(cx - 14, top + 5), (cx - 15.5, top - 20), (cx + 15.5, top - 20), (cx + 14, top + 5)], hat, INK, 1.1)
        pen.ellipse(cx, top - 20, 15.5, 3.2, shade(hat, 0.15), INK, 1.0)
        pen.poly([(cx - 14.3, top - 4), (cx + 14.3, top - 4), (cx + 14.1, top + 1), (cx - 14.1, top + 1)], A, INK, 0.7)
        pen.poly(gear_outline(0, cx + 8, top - 1.5, 4.5), BRASS, INK, 0.6)
        pen.line([(cx - 10, top - 17), (cx - 10.5, top - 7)], shade(hat, 0.25), 1.2)
    elif top_kind == "mobcap":
        pen.ellipse(cx, top + 1, rx + 5, 12, WHITE, INK, 1.0)
        for a in range(160, 390, 14):
            x = cx + (rx + 5) * math.cos(math.radians(a))
            y = top + 3 + 9 * math.sin(math.radians(a))
            if y > top + 1:
                pen.circle(x, y, 2.4, WHITE, INK, 0.5)
        pen.line(arc(cx, top + 4, rx + 2, 6, 190, 350, 12), _ribbon(look), 2.0)
        pen.line(arc(cx - 2, top - 2, 8, 5, 200, 280, 6), shade(WHITE, -0.12), 0.8)
    elif top_kind == "bonnet":
        for a in range(176, 366, 12):
            pen.circle(cx + (rx + 10) * math.cos(math.radians(a)), cy - 4 + (ry + 10) * math.sin(math.radians(a)),
                       2.6, WHITE, INK, 0.5)
        rib = _ribbon(look)
        for sx in (-1, 1):
            pen.line([(cx + sx * (rx + 6), cy + 4), (cx + sx * 5, cy + ry + 3)], rib, 1.6)
        _bow(pen, cx, cy + ry + 4, 5, rib)
    elif top_kind == "bow":
        _bow(pen, cx + 8, top - 1, 9, shade(D, 0.1))
    elif top_kind == "band":
        pen.line(arc(cx, cy, rx + 1.6, ry + 1.6, 196, 344, 16), (36, 36, 44), 3.0)
        _bow(pen, cx + rx * 0.72, top + 3, 5.5, (36, 36, 44))
    elif top_kind == "goggles":
        y = cy - ry * 0.52
        pen.line(arc(cx, cy + 6, rx + 2, ry * 0.9, 190, 350, 12), (90, 60, 40), 2.8)
        for sx in (-1, 1):
            pen.circle(cx + sx * 7.5, y, 5.4, BRASS, INK, 0.9)
            pen.circle(cx + sx * 7.5, y, 3.6, (150, 206, 214), INK, 0.6)
            pen.circle(cx + sx * 7.5 - 1.2, y - 1.2, 1.0, WHITE, None)
    elif top_kind == "miner":
        helm = (150, 104, 46)
        pen.poly(arc(cx, cy - ry * 0.25, rx + 4, ry * 0.85 + 2, 180, 360, 20), helm, INK, 1.1)
        pen.rect(cx - rx - 6, cy - ry * 0.28, 2 * rx + 12, 3.6, shade(helm, -0.2), INK, 0.9, radius=1.5)
        for a in (-55, -90, -125):
            pen.line([(cx + 7 * math.cos(math.radians(a)), top - 6 + 7 * math.sin(math.radians(a))),
                      (cx + 12 * math.cos(math.radians(a)), top - 6 + 12 * math.sin(math.radians(a)))], (255, 236, 150), 1.0)
        pen.circle(cx, top - 2, 5.2, BRASS, INK, 0.9)
        pen.circle(cx, top - 2, 3.4, (255, 232, 130), None)
        pen.circle(cx - 1, top - 3, 1.2, WHITE, None)
    elif top_kind == "feather":
        hat = shade(D, -0.3)
        pen.poly(bez((cx - 2, top - 2), (cx + 4, top - 18), (cx + 16, top - 26), (cx + 27, top - 26), 8) +
                 bez((cx + 27, top - 26), (cx + 16, top - 18), (cx + 8, top - 8), (cx + 4, top + 1), 8)[1:],
                 _ribbon(look) if look.A == CREAM else A, INK, 0.8)
        pen.line(bez((cx + 1, top - 1), (cx + 8, top - 14), (cx + 16, top - 22), (cx + 26, top - 25.5), 8),
                 shade(A, -0.3), 0.5)
        pen.ellipse(cx - 5, top - 3, 9.5, 5.5, hat, INK, 1.0)
        pen.ellipse(cx - 5, top + 1, 16, 3.6, hat, INK, 1.0)
    elif top_kind == "halo":
        pen.ellipse(cx, top - 7, 14, 3.6, None, (240, 200, 70), 2.2)
    elif top_kind in ("crown", "tiara"):
        big = top_kind == "crown"
        w, h = (13, 13) if big else (9, 7)
        y0 = top + (4 if big else 5)
        pts = [(cx - w, y0)]
        for i in range(5 if big else 3):
            n = 4 if big else 2
            x = cx - w + 2 * w * i / n
            pts += [(x, y0 - h)] + ([(x + w / n, y0 - h * 0.45)] if i < n else [])
        pts.append((cx + w, y0))
        pen.poly(pts, BRASS_LIGHT, INK, 0.9)
        for i in range(5 if big else 3):
            pen.circle(cx - w + 2 * w * i / (4 if big else 2), y0 - h - 1, 1.4, BRASS_LIGHT, INK, 0.5)
        pen.circle(cx, y0 - 3, 1.8 if big else 1.4, (200, 40, 60) if big else (90, 170, 220), INK, 0.5)
    if look.top == "bun":
        pen.line([(cx - 9, top - 10), (cx + 7, top)], BRASS_DARK, 1.0)
        pen.circle(cx - 9, top - 10, 1.4, _ribbon(look), INK, 0.5)
    if look.top == "pigtails":
        for sx in (-1, 1):
            _bow(pen, cx + sx * (rx + 1), cy - ry * 0.55, 4.2, _ribbon(look))


# ---------------------------------------------------------------- props

def draw_prop_back(pen: Pen, look: Look, hand: Point) -> None:
    hx, hy = hand
    if look.prop == "parasol":
        tip = (hx + 4, hy - 40)
        can = [(tip[0] - 22 + 44 * i / 12, tip[1] + 12 + (3 if i % 2 else 0)) for i in range(13)]
        pen.poly(bez((tip[0] - 22, tip[1] + 12), (tip[0] - 20, tip[1] - 4), (tip[0] + 20, tip[1] - 4),
                     (tip[0] + 22, tip[1] + 12), 12) + can[::-1], mix(look.D, WHITE, 0.15), INK, 1.0)
        for k in (-11, 0, 11):
            pen.line([(tip[0], tip[1] - 1), (tip[0] + k, tip[1] + 13)], shade(mix(look.D, WHITE, 0.15), -0.2), 0.6)
        pen.line([(tip[0], tip[1] - 5), (hx, hy + 6)], BRASS_DARK, 1.3)


def draw_prop_front(pen: Pen, look: Look, hl: Point, hr: Point, top_y: float) -> None:
    p = look.prop
    hx, hy = hl
    A = look.A
    acc = A if A not in (WHITE, CREAM) else (206, 56, 70)
    if p == "lantern":
        pen.line(arc(hx, hy + 5, 4, 5, 180, 360, 6), INK, 0.7)
        for r, t in ((12, 0.25), (9, 0.45)):
            pen.circle(hx, hy + 16, r, mix(look.bg, (255, 230, 140), t), None)
        pen.rect(hx - 5, hy + 9, 10, 13, (255, 222, 110), INK, 0.9, radius=1)
        pen.circle(hx, hy + 15.5, 2.2, WHITE, None)
        pen.poly([(hx - 6.5, hy + 9.5), (hx, hy + 4.5), (hx + 6.5, hy + 9.5)], BRASS, INK, 0.8)
        pen.rect(hx - 6.5, hy + 21, 13, 3, BRASS, INK, 0.8, radius=1)
        for x in (hx - 2, hx + 2):
            pen.line([(x, hy + 10), (x, hy + 21)], BRASS_DARK, 0.5)
    elif p == "spool":
        pen.rect(hx - 5, hy - 6, 10, 12, acc, INK, 0.8)
        for y in range(-4, 6, 2):
            pen.line([(hx - 4.5, hy + y), (hx + 4.5, hy + y)], shade(acc, -0.2), 0.3)
        pen.rect(hx - 7, hy - 8.5, 14, 3, BRASS_DARK, INK, 0.7, radius=1)
        pen.rect(hx - 7, hy + 5.5, 14, 3, BRASS_DARK, INK, 0.7, radius=1)
        pen.line(bez((hx + 5, hy + 2), (hx + 8, hy + 18), (hx - 2, hy + 26), (hx + 6, hy + 36), 10), acc, 0.6)
    elif p == "fan":
        col = mix(acc, WHITE, 0.25)
        pts = [(hx, hy)] + [(hx + 17 * math.cos(math.radians(a)), hy + 17 * math.sin(math.radians(a)) +
                             (1.2 if k % 2 else 0)) for k, a in enumerate(range(205, 336, 10))]
        pen.poly(pts, col, INK, 0.8)
        for a in range(205, 336, 20):
            pen.line([(hx, hy), (hx + 16 * math.cos(math.radians(a)), hy + 16 * math.sin(math.radians(a)))],
                     shade(col, -0.25), 0.5)
    elif p == "flower":
        pen.line(bez((hx, hy + 2), (hx - 2, hy - 8), (hx + 2, hy - 16), (hx - 2, hy - 24), 8), (70, 120, 60), 1.2)
        pen.poly(bez((hx - 1, hy - 10), (hx - 8, hy - 14), (hx - 10, hy - 8), (hx - 1, hy - 10), 6), (90, 150, 70), INK, 0.5)
        petal = acc if look.index % 2 else (240, 190, 60)
        for k in range(5):
            rad = math.radians(k * 72 - 90)
            pen.circle(hx - 2 + 4 * math.cos(rad), hy - 26 + 4 * math.sin(rad), 3.4, petal, INK, 0.6)
        pen.circle(hx - 2, hy - 26, 2.4, (250, 220, 110) if petal != (240, 190, 60) else (180, 90, 40), INK, 0.5)
    elif p == "sceptre":
        pen.line([(hx, hy + 14), (hx, hy - 28)], BRASS_DARK, 2.6)
        pen.line([(hx, hy + 14), (hx, hy - 28)], BRASS, 1.4)
        pen.poly(gear_outline(0, hx, hy - 32, 6.5), BRASS_LIGHT, INK, 0.8)
        pen.circle(hx, hy - 32, 2.6, acc, INK, 0.6)
    elif p == "cane":
        pen.line([(hx, hy), (hx - 2, 174)], INK, 2.6)
        pen.line([(hx, hy), (hx - 2, 174)], (110, 70, 40), 1.4)
        pen.line(arc(hx + 4, hy - 1, 4, 4, 180, 360, 8), (110, 70, 40), 2.0)
        pen.rect(hx - 1.8, hy + 4, 3.6, 2.6, BRASS, INK, 0.5)
    elif p == "pendulum":
        pen.line([(hx, hy), (hx + 3, hy + 34)], BRASS_DARK, 1.0)
        pen.circle(hx + 3, hy + 38, 6, BRASS, INK, 1.0)
        pen.circle(hx + 1.5, hy + 36.5, 2.2, BRASS_LIGHT, None)
    elif p == "wrench":
        pen.line([(hx + 2, hy + 6), (hx - 4, hy - 22)], INK, 4.0)
        pen.line([(hx + 2, hy + 6), (hx - 4, hy - 22)], (170, 176, 184), 2.4)
        pen.circle(hx - 4.6, hy - 25, 5.2, (170, 176, 184), INK, 0.9)
        pen.rect(hx - 6.6, hy - 33, 4, 8, look.bg, None)
    elif p == "pick":
        pen.line([(hx + 3, hy + 12), (hx - 3, hy - 22)], INK, 3.0)
        pen.line([(hx + 3, hy + 12), (hx - 3, hy - 22)], (140, 96, 54), 1.8)
        pen.poly(bez((hx - 15, hy - 16), (hx - 8, hy - 26), (hx + 4, hy - 26), (hx + 10, hy - 18), 8) +
                 bez((hx + 10, hy - 18), (hx + 3, hy - 22), (hx - 8, hy - 22), (hx - 15, hy - 16), 8)[1:],
                 (150, 156, 166), INK, 0.9)
    elif p == "astrolabe":
        pen.circle(hx, hy - 4, 10, BRASS, INK, 1.0)
        pen.circle(hx, hy - 4, 7.4, (40, 50, 90), BRASS_DARK, 0.6)
        pen.ellipse(hx, hy - 4, 7, 3, None, BRASS_LIGHT, 0.6)
        pts = [(hx + (5 if k % 2 == 0 else 2) * math.cos(k * math.pi / 4 - math.pi / 2),
                hy - 4 + (5 if k % 2 == 0 else 2) * math.sin(k * math.pi / 4 - math.pi / 2)) for k in range(8)]
        pen.poly(pts, BRASS_LIGHT, None)
        pen.circle(hx, hy - 4, 1.0, acc, None)
    elif p == "orrery":
        pen.line([(hx, hy), (hx, hy - 14)], BRASS_DARK, 1.2)
        pen.ellipse(hx, hy - 18, 15, 5, None, BRASS_DARK, 0.8)
        pen.circle(hx, hy - 18, 4.6, (250, 200, 80), INK, 0.8)
        for (a, col, radius) in ((200, (90, 150, 220), 2.2), (320, (220, 110, 70), 1.8), (90, (120, 190, 120), 2.0)):
            pen.circle(hx + 15 * math.cos(math.radians(a)), hy - 18 + 5 * math.sin(math.radians(a)), radius, col, INK, 0.5)
    elif p == "drum":
        x, y = 27, 118
        pen.line([(x + 4, y), (64, 80)], shade(acc, -0.3), 1.4)
        pen.rect(x - 9, y, 18, 11, acc, INK, 0.9)
        pen.line([(x - 9 + 18 * i / 6, y + (10 if i % 2 else 1)) for i in range(7)], BRASS_LIGHT, 0.6)
        pen.ellipse(x, y + 11, 9, 2.5, shade(acc, -0.2), INK, 0.8)
        pen.ellipse(x, y, 9, 2.6, CREAM, INK, 0.9)
        for dx in (-8, 8):
            pen.line([(hx, hy), (hx + dx, hy - 12)], (120, 80, 46), 1.1)
            pen.circle(hx + dx, hy - 12, 1.4, CREAM, INK, 0.4)
    elif p == "watch":
        pen.line(bez((hx, hy), (hx + 2, hy + 6), (hx - 2, hy + 8), (hx, hy + 12), 6), BRASS_LIGHT, 0.7)
        pen.circle(hx, hy + 18, 6.2, BRASS_LIGHT, INK, 0.9)
        pen.circle(hx, hy + 18, 4.6, WHITE, BRASS_DARK, 0.5)
        pen.line([(hx, hy + 18), (hx, hy + 15)], INK, 0.6)
        pen.line([(hx, hy + 18), (hx + 2.4, hy + 18.5)], INK, 0.6)
        pen.rect(hx - 1.2, hy + 10.5, 2.4, 2, BRASS, INK, 0.4)
    elif p == "strings":  # marionette control bar
        y0 = top_y + 6
        pen.rect(30, y0 - 1.6, 40, 3.2, (130, 86, 50), INK, 0.8, radius=1.5)
        pen.rect(48.4, y0 - 5, 3.2, 10, (130, 86, 50), INK, 0.8, radius=1.5)
        string = mix(INK, look.bg, 0.35)
        for p0, p1 in (((31, y0), hl), ((69, y0), hr), ((44, y0), (38, 40)), ((56, y0), (62, 40))):
            pen.line([p0, p1], string, 0.35)
    for hand in ((hl, hr) if p != "none" else ()):
        pen.circle(hand[0], hand[1], 3.6, PORCELAIN, INK, 0.9)
