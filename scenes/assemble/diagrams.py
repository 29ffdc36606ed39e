"""Alice Assemble's rules diagrams (scenes.menus.diagrams): a line and where a card goes in it,
a module, capacity, the tiebreak, two players' weaker doll, the Flaw and the Identity; the numbers
in their captions come from the game's scoring."""

from __future__ import annotations

import pygame

from game.assemble.scoring import LaneScore, explain_line
from game.core.i18n import N_
from scenes.art.metrics import CARD_ASPECT, STRIP
from scenes.menus.diagrams import Diagram, box, card_height, cell_rect
from scenes.widgets import ui

MODULE_SCORED = (255, 214, 102)
MODULE_UNSCORED = (84, 84, 98)
MODULE_FLAW = (226, 84, 72)

INSERT_LINE, INSERT_CARD = (6, 14, 12), 3
MODULE_LINE = (12, 7, 21)
CAPACITY_LINE, CAPACITY = (9, 13, 28, 3, 17), 2
FLAW_LINE, FLAW_CAPACITY = (9, 13, 28, 3, 17), 2
IDENTITY_LINE, IDENTITY_CARD = (6, 14), 12
TIE_LINES, TIE_CAPACITY = ((31, 16), (30, 0, 7)), 2
WEAK_LINES, WEAK_CAPACITY = ((12, 7, 21), (6, 14, 12, 3)), 2


def explained(name: str) -> list[LaneScore]:
    """The lines a diagram shows, explained by the game's scoring."""
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


def _module_fields() -> dict:
    best = explained("module")[0].modules[0]
    return {"size": best.size, "points": best.points}


def _capacity_fields() -> dict:
    lane = explained("capacity")[0]
    return {"capacity": lane.capacity, "score": lane.score}


def _tiebreak_fields() -> dict:
    upper, lower = explained("tiebreak")
    return {"points": upper.score, "capacity": TIE_CAPACITY, "upper": upper.key[1], "lower": lower.key[1]}


def _weaker_fields() -> dict:
    a, b = explained("weaker")
    return {"a": a.score, "b": b.score}


def _line(surf, art, line, x: float, y: float, cw: int) -> list[float]:
    xs = [x + i * STRIP * cw for i in range(len(line))]
    for c, cx in zip(line, xs):
        surf.blit(art.doll(c, cw), (round(cx), round(y)))
    return xs


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


def paint_insert(surf, art, cw, marks) -> None:
    ch, y = card_height(cw), 2
    xs = _line(surf, art, INSERT_LINE, 2, y, cw)
    bench_x = xs[-1] + cw * 1.4
    surf.blit(art.doll(INSERT_CARD, cw), (round(bench_x), y))
    box(surf, ui.HILITE, pygame.Rect(round(bench_x) - 2, y - 2, cw + 4, ch + 4), cw)
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
    ch = card_height(cw)
    small = round(cw * 0.62)
    for k in range(4):
        cx = 2 + (k + 0.5) * 0.95 * cw
        _counter(surf, art, k + 1, cx, ch * 0.45, small)
        marks.append((str(k + 1), (cx, ch * 0.45 + small / CARD_ASPECT / 2 + 2), ui.HILITE, "midtop"))
    x = 2 + 4 * 0.95 * cw + 0.3 * cw
    xs = _line(surf, art, CAPACITY_LINE, x, 2, cw)
    _modules(surf, explained("capacity")[0], xs, 2, cw)


def paint_flaw(surf, art, cw, marks) -> None:
    ch = card_height(cw)
    xs = _line(surf, art, FLAW_LINE, 2, 2, cw)
    _modules(surf, explained("flaw")[0], xs, 2, cw)
    x = xs[-1] + cw * 1.5
    ys = _line(surf, art, IDENTITY_LINE, x, 2, cw)
    over = ys[-1] + STRIP * cw  # the new card laid on top of the right end
    card = art.doll(IDENTITY_CARD, cw).copy()
    card.set_alpha(200)
    surf.blit(card, (round(over), 2 + round(ch * 0.06)))
    box(surf, ui.BAD, pygame.Rect(round(over) - 2, round(ch * 0.06), cw + 4, ch + 4), cw)
    marks.append(("\u22121", (over + cw / 2, 2 + ch * 0.06 + ch * 0.5), ui.BAD, "center"))


def paint_two(surf, art, cw, marks, name: str, lines) -> None:
    ch = card_height(cw)
    for i, (line, lane) in enumerate(zip(lines, explained(name))):
        y = 2 + i * ch * 1.1
        xs = _line(surf, art, line, 2, y, cw)
        _modules(surf, lane, xs, y, cw)
        marks.append((str(lane.score), (xs[-1] + cw + 0.2 * cw, y + ch / 2), ui.HILITE, "midleft"))


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
}

DIAGRAMS = {
    "insert": Diagram(CAPTIONS["insert"], (3.0, 1.0), paint_insert, marks_below=True),
    "module": Diagram(CAPTIONS["module"], (1 + 2 * STRIP, 1.0), paint_module, _module_fields),
    "capacity": Diagram(CAPTIONS["capacity"], (4 * 0.95 + 0.3 + 1 + 4 * STRIP, 1.0), paint_capacity,
                        _capacity_fields, marks_below=True),
    "flaw": Diagram(CAPTIONS["flaw"], (4.15, 1.08), paint_flaw,
                    lambda: {"score": explained("flaw")[0].score}),
    "tiebreak": Diagram(CAPTIONS["tiebreak"], (2.6, 2.1),
                        lambda surf, art, cw, marks: paint_two(surf, art, cw, marks, "tiebreak", TIE_LINES),
                        _tiebreak_fields),
    "weaker": Diagram(CAPTIONS["weaker"], (2.6, 2.1),
                      lambda surf, art, cw, marks: paint_two(surf, art, cw, marks, "weaker", WEAK_LINES),
                      _weaker_fields),
}
