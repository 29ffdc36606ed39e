"""The 32 mechanical dolls: a design table (one line per card) and the figure drawing.

The figure is drawn in doll units: the portrait window is 100 units wide and the figure stands
on a pedestal whose bottom is at y = 187 (the window bottom). Hair, hats and held props live in
art_props.py."""

from __future__ import annotations

import math

import pygame

from scenes.art.props import (
    draw_hair_back, draw_hair_front, draw_prop_back, draw_prop_front, heart_pts)
from scenes.art.shapes import (
    BRASS, BRASS_DARK, BRASS_LIGHT, CREAM, INK, PORCELAIN, WHITE, Colour, Pen, arc, bez,
    Point, gear_outline, mix, shade)

# head  top  eyes  mouth  collar  dress  chest  prop  key  dress-colour  accent  hair
DESIGNS = """
round  bald      shut    smile plain   column  open    none      loop    shell    cream  none
round  pigtails  dot     smile bowtie  aline   clock   none      trefoil red      cream  blonde
oval   bun       lash    rose  lace    bell    buttons spool     heart   teal     cream  auburn
square mobcap    glass   smile high    apron   coal    none      wing    ember    orange black
round  bonnet    glow    rose  ruff    aline   buttons lantern   loop    navy     gold   blonde
oval   tiara     lash    rose  pendant tutu    gear    none      trefoil rose     white  black
heart  ringlets  glass   rose  ruff    bell    gear    none      heart   gold     cream  ginger
round  goggles   dot     smile sailor  coat    gear    wrench    wing    olive    cream  brown
oval   long      lash    rose  pendant column  clock   fan       loop    plum     gold   blonde
round  bob       button  smile ruff    tiered  buttons strings   trefoil slate    white  black
square miner     glass   smile high    coat    coal    pick      loop    ochre    brown  brown
heart  feather   lash    rose  lace    pannier heart   flower    trefoil crimson  cream  auburn
round  bob       dot     smile sailor  aline   gear    none      wing    green    cream  chestnut
round  bonnet    shut    smile lace    tiered  buttons flower    heart   lilac    white  blonde
oval   halo      glass   rose  ruff    bell    buttons none      loop    sky      white  silver
square bun       monocle rose  high    column  heart   cane      loop    petrol   gold   silver
oval   crown     shut    rose  pendant pannier gear    sceptre   trefoil indigo   gold   black
round  bow       dot     smile bowtie  aline   buttons none      heart   pink     white  blonde
heart  bonnet    lash    smile lace    tiered  clock   flower    wing    orange   cream  ginger
round  pigtails  glass   smile sailor  apron   gear    spool     loop    mint     cream  brown
oval   tophat    dot     smile bowtie  coat    buttons cane      trefoil coral    cream  black
square long      button  rose  high    column  open    flower    heart   ivy      cream  chestnut
round  bob       shut    smile pendant bell    clock   pendulum  wing    stone    cream  ash
oval   feather   monocle rose  ruff    pannier gear    sceptre   loop    magenta  gold   black
round  bow       glass   smile lace    tutu    gear    parasol   trefoil peach    white  auburn
heart  ringlets  lash    rose  high    bell    clock   fan       heart   burgundy gold   blonde
square mobcap    dot     smile sailor  apron   gear    wrench    wing    lime     cream  ginger
oval   tophat    glass   rose  pendant coat    clock   astrolabe loop    midnight gold   silver
round  bun       button  rose  ruff    tutu    buttons drum      trefoil copper   cream  black
oval   long      glass   smile pendant column  gear    orrery    heart   violet   gold   auburn
heart  crown     monocle rose  ruff    bell    gear    sceptre   loop    royal    gold   ginger
round  band      glass   smile plain   apron   heart   watch     heart   alice    white  blonde
"""

COLOURS: dict[str, Colour] = {
    "shell": (206, 198, 186), "red": (178, 46, 50), "teal": (30, 122, 130), "ember": (70, 62, 66),
    "navy": (42, 60, 112), "rose": (222, 138, 160), "gold": (204, 158, 58), "olive": (112, 122, 56),
    "plum": (112, 48, 98), "slate": (94, 88, 142), "ochre": (172, 114, 50), "crimson": (152, 24, 54),
    "green": (46, 118, 70), "lilac": (162, 138, 202), "sky": (118, 170, 222), "petrol": (24, 86, 98),
    "indigo": (50, 46, 104), "pink": (236, 148, 182), "orange": (228, 128, 40), "mint": (92, 176, 150),
    "coral": (226, 106, 88), "ivy": (70, 112, 60), "stone": (118, 128, 140), "magenta": (172, 40, 112),
    "peach": (244, 174, 138), "burgundy": (112, 26, 42), "lime": (148, 170, 58),
    "midnight": (32, 38, 74), "copper": (186, 96, 56), "violet": (98, 58, 142), "royal": (162, 22, 42),
    "alice": (88, 150, 214), "cream": (246, 234, 204), "white": (252, 250, 244), "brown": (110, 72, 44),
    # hair
    "blonde": (238, 202, 118), "auburn": (158, 68, 40), "black": (46, 38, 44), "chestnut": (126, 60, 38),
    "silver": (204, 206, 214), "ginger": (214, 112, 48), "ash": (176, 156, 124), "none": PORCELAIN,
}
EYE_COLOURS: tuple[Colour, ...] = ((60, 110, 170), (70, 130, 90), (120, 80, 50), (110, 90, 150))


class Look:
    """One doll's design, parsed from its DESIGNS line."""

    def __init__(self, index: int) -> None:
        f = DESIGNS.split("\n")[1:-1][index].split()
        (self.head, self.top, self.eyes, self.mouth, self.collar, self.dress, self.chest,
         self.prop, self.key) = f[:9]
        self.D, self.A, self.hair = COLOURS[f[9]], COLOURS[f[10]], COLOURS[f[11]]
        self.index = index
        self.bg = mix(self.D, CREAM, 0.80)
        self.iris = EYE_COLOURS[index % len(EYE_COLOURS)]
        self.pattern = index % 3
        self.arms_out = self.dress == "tutu"


def design_count() -> int:
    return len(DESIGNS.split("\n")[1:-1])


class Head:
    def __init__(self, shape: str) -> None:
        self.shape, self.cx, self.cy = shape, 50.0, 50.0
        self.rx, self.ry = {"round": (21, 21), "oval": (18, 23), "heart": (21, 21),
                            "square": (20, 21)}[shape]
        self.top = self.cy - self.ry

    def points(self) -> list[tuple[float, float]]:
        cx, cy, rx, ry = self.cx, self.cy, self.rx, self.ry
        if self.shape == "heart":
            return (arc(cx, cy, rx, ry, 180, 360, 20)
                    + bez((cx + rx, cy), (cx + rx, cy + ry * 0.6), (cx + 6, cy + ry * 0.9), (cx, cy + ry + 2), 8)[1:]
                    + bez((cx, cy + ry + 2), (cx - 6, cy + ry * 0.9), (cx - rx, cy + ry * 0.6), (cx - rx, cy), 8)[1:-1])
        if self.shape == "square":
            r = 9
            pts = []
            for (x, y, a0) in ((cx + rx - r, cy - ry + r, 270), (cx + rx - r, cy + ry - r, 0),
                               (cx - rx + r, cy + ry - r, 90), (cx - rx + r, cy - ry + r, 180)):
                pts += arc(x, y, r, r, a0, a0 + 90, 6)
            return pts
        return arc(cx, cy, rx, ry, 0, 360, 40)[:-1]


def draw_doll(surf: pygame.Surface, rect: pygame.Rect, index: int) -> None:
    """Paint doll `index` (backdrop included) filling `rect` of `surf`."""
    look = Look(index)
    s = rect.width / 100
    H = rect.height / s
    pen = Pen(surf, rect.x, rect.bottom - 187 * s, s)
    _backdrop(pen, look, H)
    head = Head(look.head)
    hip_l, hip_r = (26, 120), (74, 120)
    if look.arms_out:
        hip_l, hip_r = (16, 70), (84, 70)
    _pedestal(pen, look)
    _key(pen, look)
    draw_prop_back(pen, look, hip_l)
    draw_hair_back(pen, look, head)
    _legs_and_skirt(pen, look)
    _bodice(pen, look)
    _chest(pen, look)
    _arms(pen, look, hip_l, hip_r)
    _neck(pen)
    _collar(pen, look)
    pen.poly(head.points(), PORCELAIN, INK, 1.2)
    _face(pen, look, head)
    draw_hair_front(pen, look, head, 187 - H)
    draw_prop_front(pen, look, hip_l, hip_r, 187 - H)


# ---------------------------------------------------------------- scenery

def _backdrop(pen: Pen, look: Look, H: float) -> None:
    top = 187 - H
    bg = look.bg
    pen.rect(-1, top - 1, 102, H + 2, bg, None)
    faint = shade(bg, -0.06)
    cx, cy = 50, 70
    if look.pattern == 0:  # sunburst
        n = 18
        for k in range(0, n, 2):
            a0, a1 = k * 2 * math.pi / n, (k + 1) * 2 * math.pi / n
            pen.poly([(cx, cy), (cx + 200 * math.cos(a0), cy + 200 * math.sin(a0)),
                      (cx + 200 * math.cos(a1), cy + 200 * math.sin(a1))], faint, None)
    elif look.pattern == 1:  # a great faint gear
        pen.poly(_big_gear(cx, cy, 47, 14), faint, None)
        pen.circle(cx, cy, 30, bg, None)
        pen.ring(cx, cy, 20, faint, 3)
    else:  # wallpaper of small diamonds
        for j in range(int(H / 14) + 2):
            for i in range(9):
                x, y = i * 14 + (7 if j % 2 else 0), top + j * 14
                pen.poly([(x, y - 3.2), (x + 3.2, y), (x, y + 3.2), (x - 3.2, y)], faint, None)
    pen.rect(-1, 168, 102, 30, shade(bg, -0.10), None)
    pen.line([(-1, 168), (101, 168)], shade(bg, -0.2), 0.8)
    pen.ellipse(50, 182, 36, 5, shade(bg, -0.22), None)


def _big_gear(cx: float, cy: float, R: float, n: int) -> list[Point]:
    pts = []
    for k in range(n):
        a = k * 2 * math.pi / n
        d = 2 * math.pi / n
        for f, r in ((-0.28, R * 0.86), (-0.16, R), (0.16, R), (0.28, R * 0.86)):
            pts.append((cx + r * math.cos(a + f * d), cy + r * math.sin(a + f * d)))
    return pts


def _pedestal(pen: Pen, look: Look) -> None:
    pen.rect(24, 176, 52, 7, BRASS_DARK, INK, 1.0, radius=2)
    pen.rect(27, 177.5, 46, 1.6, shade(BRASS_DARK, 0.25), None)
    pen.ellipse(50, 176, 27, 4.5, BRASS, INK, 1.0)
    pen.ellipse(47, 175.2, 17, 2.2, BRASS_LIGHT, None)


def _key(pen: Pen, look: Look) -> None:
    """The winding key, sticking out of the doll's back on the right."""
    y = 93 if look.arms_out else 104
    pen.rect(60, y - 2, 24, 4, BRASS, INK, 0.9)
    pen.rect(74, y - 3.5, 4, 7, BRASS_DARK, INK, 0.7)
    x = 89
    if look.key == "loop":
        pen.circle(x, y, 7, BRASS, INK, 1.0)
        pen.circle(x, y, 3.6, look.bg, INK, 0.8)
    elif look.key == "trefoil":
        for a in (-60, 0, 60):
            pen.circle(x - 2 + 6 * math.cos(math.radians(a)), y + 6 * math.sin(math.radians(a)), 4.2,
                       BRASS, INK, 0.9)
        pen.circle(x - 1, y, 3.8, BRASS, None)
        pen.circle(x + 1, y, 1.6, look.bg, INK, 0.6)
    elif look.key == "heart":
        pts = heart_pts(x, y - 1, 8.5, rot=90)
        pen.poly(pts, BRASS, INK, 1.0)
        pen.poly(heart_pts(x + 0.5, y - 0.7, 4.0, rot=90), look.bg, INK, 0.7)
    else:  # butterfly wings
        for sy in (-1, 1):
            pen.poly([(x - 5, y), *bez((x - 5, y), (x - 2, y + sy * 12), (x + 9, y + sy * 10), (x + 4, y), 8)],
                     BRASS, INK, 0.9)
        pen.circle(x - 4, y, 2.2, BRASS_DARK, INK, 0.6)


# ---------------------------------------------------------------- body

HEM = {"bell": 158, "aline": 154, "column": 168, "tiered": 160, "pannier": 158, "apron": 154,
       "tutu": 118, "coat": 162}


def _legs_and_skirt(pen: Pen, look: Look) -> float:
    D, A = look.D, look.A
    hem = HEM[look.dress]
    stock = WHITE if look.A != WHITE else mix(D, WHITE, 0.6)
    boot = mix(INK, D, 0.35)
    for sx in (-1, 1):
        x = 50 + sx * 6.5
        pen.line([(x, min(hem, 150)), (x, 172)], INK, 6.6)
        pen.line([(x, min(hem, 150)), (x, 172)], stock, 4.6)
        if look.dress == "tutu":
            pen.circle(x, 146, 2.3, BRASS, INK, 0.6)
        pen.ellipse(x + sx * 1.5, 172.5, 5, 3.2, boot, INK, 0.9)
    dark, light = shade(D, -0.22), shade(D, 0.18)
    d = look.dress
    if d == "tutu":
        for ry, col, rx in ((12, shade(A, -0.08), 42), (8, A, 36)):
            pts = []
            for i in range(36):
                a = i * 2 * math.pi / 36
                r = 1.0 if i % 2 == 0 else 0.82
                pts.append((50 + rx * r * math.cos(a), 108 + ry * r * math.sin(a)))
            pen.poly(pts, col, INK, 0.9)
        pen.rect(36, 98, 28, 10, D, INK, 1.0, radius=3)
        return hem
    outlines: dict[str, list[tuple[float, float]]] = {
        "bell": bez((37, 99), (30, 112), (12, 132), (10, hem), 10),
        "aline": [(37, 99), (18, hem)],
        "apron": [(37, 99), (18, hem)],
        "column": [(37, 99), (33, 150), (25, hem)],
        "tiered": [(37, 99), (15, hem)],
        "pannier": bez((37, 99), (8, 104), (4, 122), (20, hem), 10),
        "coat": [(36, 96), (27, hem)],
    }
    left = outlines[d]
    right = [(100 - x, y) for x, y in reversed(left)]
    bottom = arc(50, hem - 3, 50 - left[-1][0], 5, 0, 180, 14)
    pen.poly(left + bottom[::-1][1:-1] + right, D, INK, 1.2)
    # folds and a highlight for volume
    lx = left[-1][0]
    for k in range(1, 4):
        x = lx + (100 - 2 * lx) * k / 4
        pen.line(bez((50 + (x - 50) * 0.25, 104), (50 + (x - 50) * 0.5, 120), (x, hem - 20), (x, hem), 6),
                 dark, 0.8)
    pen.line(bez((40, 104), (33, 118), (lx + 7, hem - 24), (lx + 6, hem - 4), 6), light, 1.4)
    trim = arc(50, hem - 6, 50 - lx - 1.5, 4.5, 8, 172, 16)
    if d == "tiered":
        pts = arc(50, 130, 33, 5, 0, 180, 16)
        flounce = [(36, 99), (64, 99), (83, 126)] + [(x, y + (2.5 if i % 2 else 0)) for i, (x, y) in enumerate(pts)] + [(17, 126)]
        pen.poly(flounce, light, INK, 1.0)
        pen.line([(x, y - 3) for x, y in pts[2:-2]], A, 1.0)
    if d == "apron":
        pen.poly([(41, 101), (59, 101), (66, 146), *arc(50, 146, 16, 4, 0, 180, 8)[1:-1], (34, 146)],
                 WHITE, INK, 0.9)
        pen.line(arc(50, 146, 14, 3, 10, 170, 8), shade(WHITE, -0.12), 0.7)
        pen.rect(45, 118, 10, 8, shade(WHITE, -0.05), INK, 0.6, radius=1)
    if d == "coat":
        pen.poly([(50, 112), (58, hem - 1), (42, hem - 1)], A, INK, 0.9)
        for row in (112, 124, 136):
            for sx in (-1, 1):
                pen.circle(50 + sx * 5, row, 1.3, BRASS, INK, 0.5)
    if d in ("bell", "pannier", "aline", "column"):
        pen.line(trim, A, 1.6)
        for i, (x, y) in enumerate(trim[1:-1:2]):
            pen.circle(x, y + 2.2, 1.0, A, None)
    return hem


def _bodice(pen: Pen, look: Look) -> None:
    D = look.D
    body = bez((34, 80), (36, 88), (38, 94), (38, 101), 6) + bez((62, 101), (62, 94), (64, 88), (66, 80), 6)
    pen.poly(body + [(58, 77), (42, 77)], shade(D, -0.08), INK, 1.2)
    if look.dress != "apron":
        pen.rect(37, 97, 26, 5, look.A if look.dress != "coat" else BRASS, INK, 0.8, radius=1.5)
    else:
        for sx in (-1, 1):
            pen.line([(50 + sx * 9, 80), (50 + sx * 8, 101)], WHITE, 2.4)


def _chest(pen: Pen, look: Look) -> None:
    c, x, y = look.chest, 50, 89
    if c == "gear":
        pen.poly(gear_outline(0, x, y, 6.5), BRASS, INK, 0.8)
        pen.circle(x, y, 2, BRASS_DARK, INK, 0.5)
    elif c == "clock":
        pen.circle(x, y, 6, CREAM, BRASS_DARK, 1.2)
        for k in range(12):
            a = k * math.pi / 6
            pen.circle(x + 4.6 * math.cos(a), y + 4.6 * math.sin(a), 0.45, INK, None)
        pen.line([(x, y), (x, y - 4)], INK, 0.8)
        pen.line([(x, y), (x + 2.8, y + 1)], INK, 0.8)
    elif c == "heart":
        pen.poly(heart_pts(x, y - 0.5, 7.5), (200, 40, 60), INK, 0.9)
        pen.circle(x - 2, y - 2.5, 1.2, (240, 130, 140), None)
        pen.circle(x, y, 1.2, BRASS_DARK, None)
        pen.poly([(x - 0.7, y), (x + 0.7, y), (x + 1, y + 3), (x - 1, y + 3)], BRASS_DARK, None)
    elif c == "buttons":
        for yy in (83, 89, 95):
            pen.circle(x, yy, 1.7, BRASS, INK, 0.6)
    elif c == "coal":
        pen.circle(x, y, 6, (60, 40, 34), INK, 0.9)
        pen.circle(x, y + 1, 4.5, (240, 120, 40), None)
        pen.circle(x, y + 1.5, 2.6, (255, 210, 90), None)
        for dx in (-2.5, 0, 2.5):
            pen.line([(x + dx, y - 4.5), (x + dx, y + 4.5)], (60, 40, 34), 0.8)
    elif c == "open":
        pen.ellipse(x, y, 7, 8, (58, 44, 40), INK, 0.9)
        pen.line([(x + (2.5 if i % 2 else -2.5), y + 5 - i * 2.2) for i in range(6)], BRASS_LIGHT, 0.7)
        pen.poly([(x + 7, y - 8), (x + 13, y - 5), (x + 13, y + 6), (x + 7, y + 8)], mix(look.D, WHITE, 0.3), INK, 0.8)
        pen.circle(x + 7, y, 1, BRASS, INK, 0.4)


def _arms(pen: Pen, look: Look, hl: Point, hr: Point) -> None:
    D = look.D
    for sx, hand in ((-1, hl), (1, hr)):
        sh = (50 + sx * 17, 82)
        if look.arms_out:
            el = (50 + sx * 27, 86)
        else:
            el = (50 + sx * 22, 102)
        pen.line([sh, el], INK, 8.4)
        pen.line([el, hand], INK, 6.4)
        pen.line([el, hand], PORCELAIN, 4.4)
        pen.line([sh, el], D, 6.4)
        pen.line([(sh[0] + sx * 0.8, sh[1] + 1.5), (el[0] - sx * 0.2, el[1] - 2)], shade(D, 0.2), 1.2)
        pen.circle(el[0], el[1], 2.4, BRASS, INK, 0.7)
        pen.circle(sh[0], sh[1], 6, D, INK, 1.0)
        pen.circle(sh[0] - 1.5, sh[1] - 1.5, 2.2, shade(D, 0.2), None)
        pen.circle(hand[0], hand[1], 3.6, PORCELAIN, INK, 0.9)


def _neck(pen: Pen) -> None:
    pen.rect(45.5, 66, 9, 13, PORCELAIN, INK, 1.0)
    pen.rect(44.5, 73, 11, 3, BRASS, INK, 0.7)


def _collar(pen: Pen, look: Look) -> None:
    c, A = look.collar, look.A
    lace = WHITE if A != WHITE else CREAM
    if c == "ruff":
        pts = [(50 + 16 * math.cos(a * math.pi / 8), 79 + 4.5 * math.sin(a * math.pi / 8)) for a in range(16)]
        pen.ellipse(50, 79, 17, 5.5, lace, INK, 0.8)
        for x, y in sorted(pts, key=lambda p: p[1]):
            pen.circle(x, y, 4.2, lace, INK, 0.6)
        pen.ellipse(50, 78.5, 12, 3, shade(lace, -0.08), None)
    elif c == "lace":
        bib = [(38, 78), (62, 78), (58, 84), (56, 88), (53, 92), (50, 95), (47, 92), (44, 88), (42, 84)]
        pen.poly(bib, lace, INK, 0.8)
        for x, y in bib[2:]:
            pen.circle(x, y, 1.8, lace, INK, 0.5)
        pen.poly(bib, lace, None)
        pen.circle(50, 82, 1.7, A if A not in (WHITE, CREAM) else (200, 60, 80), INK, 0.5)
    elif c == "bowtie":
        col = A if A not in (WHITE, CREAM) else shade(look.D, -0.3)
        col = (200, 50, 60) if A in (WHITE, CREAM) else col
        pen.poly([(50, 80), (41, 75.5), (41, 84.5)], col, INK, 0.8)
        pen.poly([(50, 80), (59, 75.5), (59, 84.5)], col, INK, 0.8)
        pen.circle(50, 80, 2.4, shade(col, -0.15), INK, 0.7)
    elif c == "high":
        col = A if A not in (WHITE, CREAM) else lace
        pen.rect(42.5, 69, 15, 10, col, INK, 0.9, radius=2)
        for x in range(44, 58, 3):
            pen.circle(x, 69, 1.5, lace, INK, 0.4)
        pen.ellipse(50, 84, 3.2, 4, (70, 110, 140), BRASS, 1.0)
    elif c == "sailor":
        pen.poly([(34, 79), (66, 79), (61, 85), (50, 96), (39, 85)], WHITE, INK, 0.8)
        pen.line([(37, 81), (50, 93.5), (63, 81)], (42, 60, 112), 1.2)
        pen.poly([(50, 94), (46, 101), (50, 99), (54, 101)], (200, 50, 60), INK, 0.6)
    elif c == "pendant":
        pen.line(arc(50, 76, 8.5, 12, 20, 160, 12), BRASS_LIGHT, 0.8)
        pen.poly([(50, 85), (53, 89.5), (50, 95), (47, 89.5)], A if A not in (WHITE, CREAM) else (90, 160, 200),
                 BRASS_DARK, 1.0)
        pen.circle(49, 88.5, 0.9, WHITE, None)
    else:  # plain round "Peter Pan" collar
        for sx in (-1, 1):
            pen.poly(arc(50 + sx * 5.5, 79, 6.5, 4.5, -10, 190, 10), WHITE, INK, 0.8)


# ---------------------------------------------------------------- face

def _face(pen: Pen, look: Look, head: Head) -> None:
    cx, cy, rx, ry = head.cx, head.cy, head.rx, head.ry
    ey = cy + 2
    dx = rx * 0.40
    blush = mix(PORCELAIN, (238, 130, 140), 0.45)
    for sx in (-1, 1):
        pen.circle(cx + sx * rx * 0.58, cy + ry * 0.36, 3.4, blush, None)
    for i, sx in enumerate((-1, 1)):
        x = cx + sx * dx
        kind = look.eyes
        if kind == "monocle":
            kind = "glass"
        if kind == "dot":
            pen.ellipse(x, ey, 2.2, 3.0, INK, None)
            pen.circle(x - 0.7, ey - 1.1, 0.8, WHITE, None)
        elif kind == "glass":
            pen.ellipse(x, ey, 4.2, 4.5, WHITE, INK, 0.7)
            pen.circle(x, ey + 0.4, 3.0, look.iris, None)
            pen.circle(x, ey + 0.4, 1.4, INK, None)
            pen.circle(x - 1.2, ey - 1.0, 0.9, WHITE, None)
            pen.line(arc(x, ey, 4.6, 4.8, 200, 340, 8), INK, 1.1)
        elif kind == "shut":
            pen.line(arc(x, ey - 1, 3.6, 2.6, 15, 165, 8), INK, 1.0)
            for a in (40, 90, 140):
                px, py = x + 3.6 * math.cos(math.radians(a)), ey - 1 + 2.6 * math.sin(math.radians(a))
                pen.line([(px, py), (px + 0.9 * math.cos(math.radians(a)), py + 1.6)], INK, 0.6)
        elif kind == "button":
            pen.circle(x, ey, 3.6, look.A if look.A not in (WHITE, CREAM) else (60, 60, 80), INK, 0.8)
            for hx, hy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
                pen.circle(x + hx * 1.2, ey + hy * 1.2, 0.55, INK, None)
            pen.line([(x - 1.2, ey - 1.2), (x + 1.2, ey + 1.2)], INK, 0.4)
        elif kind == "lash":
            pen.ellipse(x, ey, 2.6, 3.4, INK, None)
            pen.circle(x - 0.8, ey - 1.2, 0.9, WHITE, None)
            for k in range(3):
                rad = math.radians(200 + k * 25) if sx < 0 else math.radians(340 - k * 25)
                pen.line([(x + 2.8 * math.cos(rad), ey + 3.4 * math.sin(rad)),
                          (x + 4.6 * math.cos(rad), ey + 4.8 * math.sin(rad))], INK, 0.6)
        elif kind == "glow":
            pen.circle(x, ey, 5.0, mix(PORCELAIN, (255, 220, 110), 0.5), None)
            pen.circle(x, ey, 3.6, (255, 214, 90), INK, 0.6)
            pen.circle(x, ey, 1.6, WHITE, None)
        if look.eyes == "monocle" and sx > 0:
            pen.circle(x, ey, 5.8, None, BRASS, 1.2)
            pen.line(bez((x + 5.5, ey + 2), (x + 9, ey + 12), (x + 4, ey + 20), (x - 2, ey + 26), 8), BRASS_LIGHT, 0.6)
        if look.top != "bald" and kind != "glow":
            hc = look.hair if look.hair != PORCELAIN else INK
            pen.line(arc(x, ey - 4.5, 3.5, 1.5, 200, 340, 6), shade(hc, -0.3), 0.9)
    my = cy + ry * 0.55
    if look.mouth == "rose":
        pen.ellipse(cx, my, 2.2, 1.4, (204, 70, 92), INK, 0.5)
        pen.line([(cx - 1.8, my), (cx + 1.8, my)], shade((204, 70, 92), -0.35), 0.4)
    else:
        pen.line(arc(cx, my - 2, 3.2, 2.4, 30, 150, 8), INK, 0.9)
    if look.eyes == "button":  # marionette jaw
        for sx in (-1, 1):
            pen.line([(cx + sx * 3.6, my), (cx + sx * 3.6, cy + ry * 0.9)], shade(PORCELAIN, -0.3), 0.6)
