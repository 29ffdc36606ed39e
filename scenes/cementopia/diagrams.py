"""Cementopia's rules diagram (scenes.menus.diagrams): a new card in a network and the counter
it pays."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cementopia.setup import LEFT, RIGHT, facing
from game.core.i18n import N_
from scenes.art.metrics import GEAR_STEP, GEAR_TOP
from scenes.menus.diagrams import Diagram, Mark, box, card_height
from scenes.widgets import ui

if TYPE_CHECKING:
    from scenes.art.cards import CardArt

# (card, x, y) on the grid (x in columns, y in rows, y down); the last one is new, and it counts
# the card at COUNTED
CM_NETWORK = ((5, 0, 0), (10, 1, 1), (20, -1, 2))
CM_COUNTED = 0


def cm_pairs() -> int:
    """How many cell pairs the new Cementopia card faces the counted card on."""
    return 5 - abs(CM_NETWORK[-1][2] - CM_NETWORK[CM_COUNTED][2])


def cm_step(cw: int) -> float:
    """One row of the Cementopia grid in pixels: a gear step of the card."""
    return GEAR_STEP * card_height(cw)


def paint_cm_network(surf: pygame.Surface, art: CardArt, cw: int, marks: list[Mark]) -> None:
    ch, step = card_height(cw), cm_step(cw)
    x0 = 2 - min(x for _c, x, _y in CM_NETWORK) * cw
    y0 = 2 - min(y for _c, _x, y in CM_NETWORK) * step
    for i, (card, x, y) in enumerate(CM_NETWORK):
        px, py = x0 + x * cw, y0 + y * step
        surf.blit(art.doll(card, cw), (round(px), round(py)))
        if i == len(CM_NETWORK) - 1:
            box(surf, ui.HILITE, pygame.Rect(round(px) - 1, round(py) - 1, cw + 2, ch + 2), cw)
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


CAPTIONS = {
    "cm_network": N_("The new card (lit) faces the card it counts on {pairs} cell pairs, gear to gear "
                     "and blank to blank, so it pays counter {pairs}."),
}

DIAGRAMS = {
    "cm_network": Diagram(CAPTIONS["cm_network"], (4.05, 1.0 + 2 * GEAR_STEP + 0.02), paint_cm_network,
                          lambda: {"pairs": cm_pairs()}, marks_below=True),
}
