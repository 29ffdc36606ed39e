"""Diagrams for the rules pages, drawn from the real card art.

Each diagram is data, declared by its game's scene folder (scenes/<game>/diagrams.py) on its rules
page (scenes.descriptor.RulesPage.diagrams): the cards (indexes) it shows, where they lie (in card
widths / heights), what it marks, and a caption (a whole sentence through _() with named fields,
the numbers computed by the game's own rules). The picture is drawn once per card width and
language and cached; the small numbers on it and the caption are drawn by the rules overlay with
ui.text, like the rest of the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from game.core.i18n import _, language
from scenes.art.metrics import CARD_ASPECT, GEAR_STEP, GEAR_TOP, STRIP

if TYPE_CHECKING:
    from scenes.art.cards import CardArt

# a number the page writes over a picture: (text, (x, y), colour, anchor), in the picture's pixels
Mark = tuple[str, tuple[float, float], tuple[int, ...], str]


@dataclass(frozen=True, slots=True)
class Diagram:
    caption: str  # N_: a whole sentence with named fields
    extent: tuple[float, float]  # in card widths and card heights
    # (surface, card art, card width, marks) -> None; marks: [(text, (x, y), colour, anchor)]
    paint: Callable[[pygame.Surface, CardArt, int, list[Mark]], None]
    fields: Callable[[], dict[str, object]] = dict  # the caption's numbers, from the game's rules
    marks_below: bool = False  # it marks numbers under its picture (the page leaves a line's room)


def diagram(name: str) -> Diagram:
    """The diagram of that name on a game's rules page."""
    from scenes import games  # the games' diagram modules import this one
    return next(info.rules.diagrams[name] for info in games.GAMES if name in info.rules.diagrams)


def caption(name: str) -> str:
    """The diagram's caption in the player's language, its numbers from the rules."""
    shown = diagram(name)
    return _(shown.caption).format(**shown.fields())


def marks_below(name: str) -> bool:
    return diagram(name).marks_below


# --- sizes ------------------------------------------------------------------------------------

def card_width(name: str, width: float, s: float) -> int:
    """The card width a diagram draws at: about 84 px at 1280x720 (no less than 52, so that a
    strip's gears stay readable in a small window), less where the page is narrow."""
    wu, _hu = diagram(name).extent
    return max(12, int(min(max(84 * s, 52), (width - 4) / wu)))


def picture_size(name: str, width: float, s: float) -> tuple[int, int]:
    cw = card_width(name, width, s)
    wu, hu = diagram(name).extent
    return int(wu * cw) + 4, int(hu * cw / CARD_ASPECT) + 4


# --- drawing ----------------------------------------------------------------------------------

_CACHE: dict[tuple[str, int, str], tuple[pygame.Surface, list[Mark]]] = {}


def picture(name: str, width: float, s: float, art: CardArt) -> tuple[pygame.Surface, list[Mark]]:
    """The diagram's picture and its marks [(text, (x, y), colour)], cached per card width and
    language (the cards carry their names)."""
    cw = card_width(name, width, s)
    key = (name, cw, language())
    hit = _CACHE.get(key)
    if hit is None:
        surf = pygame.Surface(picture_size(name, width, s), pygame.SRCALPHA)
        marks: list[Mark] = []
        diagram(name).paint(surf, art, cw, marks)
        if len(_CACHE) > 64:
            _CACHE.pop(next(iter(_CACHE)))
        hit = _CACHE[key] = (surf, marks)
    return hit


# --- what the games' painters share ---------------------------------------------------------------

def card_height(cw: int) -> int:
    return round(cw / CARD_ASPECT)


def cell_rect(x: float, y: float, row: int, cw: int) -> pygame.Rect:
    ch = card_height(cw)
    cy = y + (GEAR_TOP + row * GEAR_STEP) * ch
    half = GEAR_STEP * ch / 2
    return pygame.Rect(round(x + 1), round(cy - half), max(2, round(STRIP * cw - 2)), max(2, round(2 * half)))


def box(surf: pygame.Surface, colour: tuple[int, ...], rect: pygame.Rect, cw: int) -> None:
    pygame.draw.rect(surf, colour, rect, max(2, round(cw / 22)), border_radius=max(2, round(cw / 10)))
