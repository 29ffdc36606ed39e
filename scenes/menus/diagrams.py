"""Diagrams for the rules pages, drawn from the real card art.

Each diagram is data: the cards (indexes) it shows, where they lie (in card widths / heights), what
it marks, and a caption (a whole sentence through _() with named fields, the numbers computed by the
game's own rules). The picture is drawn once per card width and language and cached; the small
numbers on it and the caption are drawn by the rules overlay with ui.text, like the rest of the page.
"""

from __future__ import annotations

import pygame

from game.assemble.scoring import LaneScore, explain_line
from game.cementopia.setup import LEFT, RIGHT, facing
from game.i18n import N_, _, language
from scenes.art.metrics import CARD_ASPECT, GEAR_STEP, GEAR_TOP, STRIP
from scenes.widgets import ui

MODULE_SCORED = (255, 214, 102)
MODULE_UNSCORED = (84, 84, 98)
MODULE_FLAW = (226, 84, 72)

# --- the data ---------------------------------------------------------------------------------

INSERT_LINE, INSERT_CARD = (6, 14, 12), 3
MODULE_LINE = (12, 7, 21)
CAPACITY_LINE, CAPACITY = (9, 13, 28, 3, 17), 2
FLAW_LINE, FLAW_CAPACITY = (9, 13, 28, 3, 17), 2
IDENTITY_LINE, IDENTITY_CARD = (6, 14), 12
TIE_LINES, TIE_CAPACITY = ((31, 16), (30, 0, 7)), 2
WEAK_LINES, WEAK_CAPACITY = ((12, 7, 21), (6, 14, 12, 3)), 2
GB_ROW, GB_LEFT, GB_RIGHT = (14, 12), 30, 4
GB_VEINS_END, GB_VEINS_OK, GB_VEINS_NO = 12, 14, 13
# Cementopia: (card, x, y) on the grid (x in columns, y in rows, y down); the last one is new,
# and it counts the card at COUNTED
CM_NETWORK = ((5, 0, 0), (10, 1, 1), (20, -1, 2))
CM_COUNTED = 0

CAPTIONS = {
    "insert": N_("A line of three cards. The bench card goes at the left end (1), between two cards "
                 "(2, 3) or at the right end (4); the cards to its right overlap it."),
    "module": N_("Gears touching across cards form a module. The outlined one reaches {size} rows: "
                 "size {size}, {points} points."),
    "capacity": N_("The counter turned to capacity 1, 2, 3 and 4. At capacity {capacity} this line "
                   "scores its {capacity} best modules (filled): {score} points. The dashed ones "
                   "score nothing."),
    "flaw": N_("The Flaw: the same line loses the points of its unscored modules (red): {score} "
               "points. The Identity: laying a card on top of the right end (red) costs 1 capacity."),
    "tiebreak": N_("Both lines score {points} at capacity {capacity}. The upper one wins the tie: its "
                   "best module has size {upper}, the lower one's only {lower}."),
    "weaker": N_("Two players: your doll A scores {a}, your doll B {b}. Only the weaker doll counts, "
                 "so your score is {b}."),
    "gb_neighbours": N_("Card {left} may join {first} at the left end: one gear added. Card {right} "
                        "may join {last} at the right end: one gear removed."),
    "gb_veins": N_("Water Veins: card {ok} may join {end}, its new gear touches a gear one row up. "
                   "Card {no} may not: its new gear has no gear beside it."),
    "cm_network": N_("The new card (lit) faces the card it counts on {pairs} cell pairs, gear to gear "
                     "and blank to blank, so it pays counter {pairs}."),
}

# each diagram's extent in card widths and card heights
EXTENT = {
    "insert": (3.0, 1.0), "module": (1 + 2 * STRIP, 1.0),
    "capacity": (4 * 0.95 + 0.3 + 1 + 4 * STRIP, 1.0), "flaw": (4.15, 1.08),
    "tiebreak": (2.6, 2.1), "weaker": (2.6, 2.1),
    "gb_neighbours": (4 * 1.12, 1.0), "gb_veins": (3 * 1.12, 1.0 + 0.3 * CARD_ASPECT),
    "cm_network": (4.05, 1.0 + 2 * GEAR_STEP + 0.02),
}


# the diagrams that mark numbers under their picture (the page leaves a line's room for them)
MARKS_BELOW = frozenset({"insert", "capacity", "cm_network"})


def explained(name: str) -> list[LaneScore]:
    """The Assemble lines a diagram shows, explained by the game's scoring."""
    if name == "module":
        return [explain_line(MODULE_LINE, 1)]
    if name == "capacity":
        return [explain_line(CAPACITY_LINE, CAPACITY)]
    if name == "flaw":
        return [explain_line(FLAW_LINE, FLAW_CAPACITY, True)]
    if name == "tiebreak":
        return [explain_line(line, TIE_CAPACITY) for line in TIE_LINES]
    if name == "weaker":
        return [explain_line(line, WEAK_CAPACITY) for line in WEAK_LINES]
    return []


def cm_pairs() -> int:
    """How many cell pairs the new Cementopia card faces the counted card on."""
    return 5 - abs(CM_NETWORK[-1][2] - CM_NETWORK[CM_COUNTED][2])


def caption(name: str) -> str:
    """The diagram's caption in the player's language, its numbers from the rules."""
    words = _(CAPTIONS[name])
    if name == "module":
        best = explained(name)[0].modules[0]
        return words.format(size=best.size, points=best.points)
    if name == "capacity":
        lane = explained(name)[0]
        return words.format(capacity=lane.capacity, score=lane.score)
    if name == "flaw":
        return words.format(score=explained(name)[0].score)
    if name == "tiebreak":
        upper, lower = explained(name)
        return words.format(points=upper.score, capacity=TIE_CAPACITY, upper=upper.key[1],
                            lower=lower.key[1])
    if name == "weaker":
        a, b = explained(name)
        return words.format(a=a.score, b=b.score)
    if name == "gb_neighbours":
        return words.format(left=GB_LEFT, first=GB_ROW[0], right=GB_RIGHT, last=GB_ROW[-1])
    if name == "gb_veins":
        return words.format(ok=GB_VEINS_OK, end=GB_VEINS_END, no=GB_VEINS_NO)
    if name == "cm_network":
        return words.format(pairs=cm_pairs())
    return words


# --- sizes ------------------------------------------------------------------------------------

def card_width(name: str, width: float, s: float) -> int:
    """The card width a diagram draws at: about 84 px at 1280x720 (no less than 52, so that a
    strip's gears stay readable in a small window), less where the page is narrow."""
    wu, _hu = EXTENT[name]
    return max(12, int(min(max(84 * s, 52), (width - 4) / wu)))


def picture_size(name: str, width: float, s: float) -> tuple[int, int]:
    cw = card_width(name, width, s)
    wu, hu = EXTENT[name]
    return int(wu * cw) + 4, int(hu * cw / CARD_ASPECT) + 4


# --- drawing ----------------------------------------------------------------------------------

_CACHE: dict[tuple, tuple[pygame.Surface, list]] = {}


def picture(name: str, width: float, s: float, art) -> tuple[pygame.Surface, list]:
    """The diagram's picture and its marks [(text, (x, y), colour)], cached per card width and
    language (the cards carry their names)."""
    cw = card_width(name, width, s)
    key = (name, cw, language())
    hit = _CACHE.get(key)
    if hit is None:
        surf = pygame.Surface(picture_size(name, width, s), pygame.SRCALPHA)
        marks: list = []
        PAINT[name](surf, art, cw, marks)
        if len(_CACHE) > 64:
            _CACHE.pop(next(iter(_CACHE)))
        hit = _CACHE[key] = (surf, marks)
    return hit


def _ch(cw: int) -> int:
    return round(cw / CARD_ASPECT)


def _line(surf, art, line, x: float, y: float, cw: int) -> list[float]:
    xs = [x + i * STRIP * cw for i in range(len(line))]
    for c, cx in zip(line, xs):
        surf.blit(art.doll(c, cw), (round(cx), round(y)))
    return xs


def cell_rect(x: float, y: float, row: int, cw: int) -> pygame.Rect:
    ch = _ch(cw)
    cy = y + (GEAR_TOP + row * GEAR_STEP) * ch
    half = GEAR_STEP * ch / 2
    return pygame.Rect(round(x + 1), round(cy - half), max(2, round(STRIP * cw - 2)), max(2, round(2 * half)))


def _modules(surf, lane: LaneScore, xs, y, cw, only_best: bool = False) -> None:
    edge = max(1, round(cw / 35))
    for i, module in enumerate(lane.modules):
        if only_best and i:
            break
        for col, row in module.cells:
            rect = cell_rect(xs[col], y, row, cw)
            if module.scored:
                layer = pygame.Surface(rect.size, pygame.SRCALPHA)
                layer.fill(MODULE_SCORED + (90,))
                surf.blit(layer, rect)
                pygame.draw.rect(surf, ui.INK, rect, edge, border_radius=edge * 3)
                pygame.draw.rect(surf, MODULE_SCORED, rect.inflate(-2 * edge, -2 * edge), max(2, edge),
                                 border_radius=edge * 3)
            else:
                ui.dashed_rect(surf, (MODULE_FLAW if lane.flaw else MODULE_UNSCORED), rect, max(2, edge),
                               max(2, edge * 3))


def _box(surf, colour, rect, cw) -> None:
    pygame.draw.rect(surf, colour, rect, max(2, round(cw / 22)), border_radius=max(2, round(cw / 10)))


def paint_insert(surf, art, cw, marks) -> None:
    ch, y = _ch(cw), 2
    xs = _line(surf, art, INSERT_LINE, 2, y, cw)
    bench_x = xs[-1] + cw * 1.4
    surf.blit(art.doll(INSERT_CARD, cw), (round(bench_x), y))
    _box(surf, ui.HILITE, pygame.Rect(round(bench_x) - 2, y - 2, cw + 4, ch + 4), cw)
    gaps = [xs[0]] + [xs[i] for i in range(1, len(xs))] + [xs[-1] + cw]
    for n, gx in enumerate(gaps):
        bar = pygame.Rect(round(gx - max(2, cw / 24)), y - 2, max(3, round(cw / 12)), ch + 4)
        pygame.draw.rect(surf, ui.GOOD, bar, border_radius=2)
        marks.append((str(n + 1), (gx, y + ch + 2), ui.GOOD, "midtop"))


def paint_module(surf, art, cw, marks) -> None:
    xs = _line(surf, art, MODULE_LINE, 2, 2, cw)
    _modules(surf, explained("module")[0], xs, 2, cw, only_best=True)


def _counter(surf, art, capacity: int, cx: float, cy: float, cw: int) -> None:
    face = pygame.transform.rotate(art.counter(1, cw), -90 * (capacity - 1))
    surf.blit(face, face.get_rect(center=(round(cx), round(cy))))


def paint_capacity(surf, art, cw, marks) -> None:
    ch = _ch(cw)
    small = round(cw * 0.62)
    for k in range(4):
        cx = 2 + (k + 0.5) * 0.95 * cw
        _counter(surf, art, k + 1, cx, ch * 0.45, small)
        marks.append((str(k + 1), (cx, ch * 0.45 + small / CARD_ASPECT / 2 + 2), ui.HILITE, "midtop"))
    x = 2 + 4 * 0.95 * cw + 0.3 * cw
    xs = _line(surf, art, CAPACITY_LINE, x, 2, cw)
    _modules(surf, explained("capacity")[0], xs, 2, cw)


def paint_flaw(surf, art, cw, marks) -> None:
    ch = _ch(cw)
    xs = _line(surf, art, FLAW_LINE, 2, 2, cw)
    _modules(surf, explained("flaw")[0], xs, 2, cw)
    x = xs[-1] + cw * 1.5
    ys = _line(surf, art, IDENTITY_LINE, x, 2, cw)
    over = ys[-1] + STRIP * cw  # the new card laid on top of the right end
    card = art.doll(IDENTITY_CARD, cw).copy()
    card.set_alpha(200)
    surf.blit(card, (round(over), 2 + round(ch * 0.06)))
    _box(surf, ui.BAD, pygame.Rect(round(over) - 2, round(ch * 0.06), cw + 4, ch + 4), cw)
    marks.append(("\u22121", (over + cw / 2, 2 + ch * 0.06 + ch * 0.5), ui.BAD, "center"))


def paint_two(surf, art, cw, marks, name: str, lines) -> None:
    ch = _ch(cw)
    for i, (line, lane) in enumerate(zip(lines, explained(name))):
        y = 2 + i * ch * 1.1
        xs = _line(surf, art, line, 2, y, cw)
        _modules(surf, lane, xs, y, cw)
        marks.append((str(lane.score), (xs[-1] + cw + 0.2 * cw, y + ch / 2), ui.HILITE, "midleft"))


def paint_gb_row(surf, art, cw, row, at: dict) -> list[float]:
    """Cards side by side with a small gap; `at` = {position: (card, colour)} lit at those places."""
    ch = _ch(cw)
    xs = []
    for i in range(len(row)):
        x = 2 + i * 1.12 * cw
        xs.append(x)
        surf.blit(art.doll(row[i], cw), (round(x), 2))
        if i in at:
            _box(surf, at[i], pygame.Rect(round(x) - 1, 1, cw + 2, ch + 2), cw)
    return xs


def _ring_cell(surf, x, row, cw, colour) -> None:
    rect = cell_rect(x, 2, row, cw)
    pygame.draw.ellipse(surf, colour, rect.inflate(rect.w * 0.3, rect.h * 0.2), max(2, round(cw / 22)))


def _diff_row(a: int, b: int) -> int:
    return [r for r in range(5) if (a ^ b) & (16 >> r)][0]


def paint_gb_neighbours(surf, art, cw, marks) -> None:
    row = (GB_LEFT,) + GB_ROW + (GB_RIGHT,)
    xs = paint_gb_row(surf, art, cw, row, {0: ui.GOOD, len(row) - 1: ui.GOOD})
    _ring_cell(surf, xs[0], _diff_row(GB_LEFT, GB_ROW[0]), cw, ui.GOOD)
    _ring_cell(surf, xs[-1], _diff_row(GB_RIGHT, GB_ROW[-1]), cw, ui.GOOD)


def paint_gb_veins(surf, art, cw, marks) -> None:
    ch = _ch(cw)
    row = (GB_VEINS_OK, GB_VEINS_END, GB_VEINS_NO)
    xs = paint_gb_row(surf, art, cw, row, {0: ui.GOOD, 2: ui.BAD})
    _ring_cell(surf, xs[0], _diff_row(GB_VEINS_OK, GB_VEINS_END), cw, ui.GOOD)
    _ring_cell(surf, xs[2], _diff_row(GB_VEINS_NO, GB_VEINS_END), cw, ui.BAD)
    # a tick under the card that may join, a cross under the one that may not (drawn, not glyphs)
    r, lw = cw * 0.13, max(2, round(cw / 16))
    cx, cy = xs[0] + cw / 2, ch + 4 + r
    pygame.draw.lines(surf, ui.GOOD, False, [(cx - r, cy), (cx - r * 0.3, cy + r * 0.7), (cx + r, cy - r * 0.8)], lw)
    cx = xs[2] + cw / 2
    pygame.draw.line(surf, ui.BAD, (cx - r, cy - r), (cx + r, cy + r), lw)
    pygame.draw.line(surf, ui.BAD, (cx - r, cy + r), (cx + r, cy - r), lw)


def cm_step(cw: int) -> float:
    """One row of the Cementopia grid in pixels: a gear step of the card."""
    return GEAR_STEP * _ch(cw)


def paint_cm_network(surf, art, cw, marks) -> None:
    ch, step = _ch(cw), cm_step(cw)
    x0 = 2 - min(x for _c, x, _y in CM_NETWORK) * cw
    y0 = 2 - min(y for _c, _x, y in CM_NETWORK) * step
    for i, (card, x, y) in enumerate(CM_NETWORK):
        px, py = x0 + x * cw, y0 + y * step
        surf.blit(art.doll(card, cw), (round(px), round(py)))
        if i == len(CM_NETWORK) - 1:
            _box(surf, ui.HILITE, pygame.Rect(round(px) - 1, round(py) - 1, cw + 2, ch + 2), cw)
    new, counted = CM_NETWORK[-1], CM_NETWORK[CM_COUNTED]
    dy = new[2] - counted[2]
    rows, _gears = facing(LEFT[counted[0]] if new[1] < counted[1] else RIGHT[counted[0]], dy)
    left_new = new[1] < counted[1]
    seam = x0 + max(new[1], counted[1]) * cw
    for r in range(5):
        if rows & (16 >> r):
            cy = y0 + (new[2] + GEAR_TOP / GEAR_STEP + r) * step
            rect = pygame.Rect(round(seam - 0.16 * cw), round(cy - step * 0.45), round(0.32 * cw),
                               round(step * 0.9))
            pygame.draw.rect(surf, ui.HILITE, rect, max(2, round(cw / 22)), border_radius=max(2, round(cw / 12)))
    assert left_new  # the data puts the new card left of the counted one
    # the counter it pays, beside the network
    cx = x0 + (max(x for _c, x, _y in CM_NETWORK) + 1.45) * cw
    face = pygame.transform.rotate(art.counter(1, round(cw * 0.7)), -90 * (cm_pairs() - 1))
    surf.blit(face, face.get_rect(center=(round(cx), round(y0 + ch / 2))))
    marks.append((str(cm_pairs()), (cx, y0 + ch / 2 + face.get_height() / 2 + 2), ui.HILITE, "midtop"))


PAINT = {
    "insert": paint_insert, "module": paint_module, "capacity": paint_capacity, "flaw": paint_flaw,
    "tiebreak": lambda surf, art, cw, marks: paint_two(surf, art, cw, marks, "tiebreak", TIE_LINES),
    "weaker": lambda surf, art, cw, marks: paint_two(surf, art, cw, marks, "weaker", WEAK_LINES),
    "gb_neighbours": paint_gb_neighbours, "gb_veins": paint_gb_veins, "cm_network": paint_cm_network,
}
