"""Grayblock's rules diagrams (scenes.menus.diagrams): the neighbours that may join a row's ends,
and what Water Veins allows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from game.core.i18n import N_
from scenes.art.metrics import CARD_ASPECT
from scenes.menus.diagrams import Diagram, Mark, box, card_height, cell_rect
from scenes.widgets import ui

if TYPE_CHECKING:
    from scenes.art.cards import CardArt

GB_ROW, GB_LEFT, GB_RIGHT = (14, 12), 30, 4
GB_VEINS_END, GB_VEINS_OK, GB_VEINS_NO = 12, 14, 13


def paint_gb_row(surf: pygame.Surface, art: CardArt, cw: int, row: Sequence[int],
                 at: dict[int, ui.Colour]) -> list[float]:
    """Cards side by side with a small gap; `at` = {position: (card, colour)} lit at those places."""
    ch = card_height(cw)
    xs = []
    for i in range(len(row)):
        x = 2 + i * 1.12 * cw
        xs.append(x)
        surf.blit(art.doll(row[i], cw), (round(x), 2))
        if i in at:
            box(surf, at[i], pygame.Rect(round(x) - 1, 1, cw + 2, ch + 2), cw)
    return xs


def _ring_cell(surf: pygame.Surface, x: float, row: int, cw: int, colour: ui.Colour) -> None:
    rect = cell_rect(x, 2, row, cw)
    pygame.draw.ellipse(surf, colour, rect.inflate(rect.w * 0.3, rect.h * 0.2), max(2, round(cw / 22)))


def _diff_row(a: int, b: int) -> int:
    return [r for r in range(5) if (a ^ b) & (16 >> r)][0]


def paint_gb_neighbours(surf: pygame.Surface, art: CardArt, cw: int, marks: list[Mark]) -> None:
    row = (GB_LEFT,) + GB_ROW + (GB_RIGHT,)
    xs = paint_gb_row(surf, art, cw, row, {0: ui.GOOD, len(row) - 1: ui.GOOD})
    _ring_cell(surf, xs[0], _diff_row(GB_LEFT, GB_ROW[0]), cw, ui.GOOD)
    _ring_cell(surf, xs[-1], _diff_row(GB_RIGHT, GB_ROW[-1]), cw, ui.GOOD)


def paint_gb_veins(surf: pygame.Surface, art: CardArt, cw: int, marks: list[Mark]) -> None:
    ch = card_height(cw)
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


CAPTIONS = {
    "gb_neighbours": N_("Card {left} may join {first} at the left end: one gear added. Card {right} "
                        "may join {last} at the right end: one gear removed."),
    "gb_veins": N_("Water Veins: card {ok} may join {end}, its new gear touches a gear one row up. "
                   "Card {no} may not: its new gear has no gear beside it."),
}

DIAGRAMS = {
    "gb_neighbours": Diagram(CAPTIONS["gb_neighbours"], (4 * 1.12, 1.0), paint_gb_neighbours,
                             lambda: {"left": GB_LEFT, "first": GB_ROW[0], "right": GB_RIGHT,
                                      "last": GB_ROW[-1]}),
    "gb_veins": Diagram(CAPTIONS["gb_veins"], (3 * 1.12, 1.0 + 0.3 * CARD_ASPECT), paint_gb_veins,
                        lambda: {"ok": GB_VEINS_OK, "end": GB_VEINS_END, "no": GB_VEINS_NO}),
}
