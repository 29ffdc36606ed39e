"""How every game's table draws cards and marks: the hint colour and tag, glows, turned cards,
seat colours. Shared so that a hint or a lit card looks the same in all three games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame.typing import RectLike

from game.core.i18n import N_, _

from scenes.widgets import ui

if TYPE_CHECKING:
    from scenes.art.cards import CardArt
    from scenes.table.base import GameTable

HINT = (96, 206, 236)
HINT_TEXT = (150, 206, 236)  # a hint's line in the log: light on the dark panel


class Detail(str):
    """A log entry that is a detail of the one before (a hint's search figures): drawn smaller
    and muted, under the line it belongs to."""


class Private(str):
    """A log entry for one player's eyes (a hint about their own hand when several people share
    the screen): shown only while that player is the one to move."""

    player: int | None = None

    @classmethod
    def of(cls, text: str, player: int | None) -> "Private":
        entry = cls(text)
        entry.player = player
        return entry


class PrivateDetail(Private, Detail):
    pass


class HintLine(str):
    """A hint's line in the log (drawn in the hint colour, whatever its language's words)."""


class PrivateHint(Private, HintLine):
    pass


HINT_TAG = N_("hint")


def log_style(entry: str, px: int) -> tuple[int, tuple]:
    """(font size, colour) for a log entry: hints in the hint colour, details small and muted."""
    if isinstance(entry, Detail):
        return min(px, max(8, round(px * 0.82))), ui.MUTED
    hint = isinstance(entry, HintLine) or entry.startswith(("Hint", _("Hint")))
    return px, (HINT_TEXT if hint else ui.TEXT)



def draw_log(scene: Any, surface: pygame.Surface) -> None:  # a table with a `log` box
    """The log panel of a table whose layout has a `log` box: newest entries at the bottom,
    wrapped, as many as fit."""
    L, k = scene.layout, scene.layout.k
    box, size = L.log, L.px(13)
    ui.panel(surface, box, (24, 20, 24, 200), ui.BRASS_DARK, radius=k(8))
    top = ui.text(surface, _("Log"), L.px(12), (box.x + k(8), box.y + k(4)), ui.MUTED, style="bold").bottom
    y = box.bottom - k(6)
    for n, entry in enumerate(reversed(scene.logbook.visible())):
        px, colour = log_style(entry, size)
        parts = ui.wrap(entry, px, box.w - k(18))
        if n and y - len(parts) * ui.font(px).get_linesize() < top + k(2):
            return  # whole entries only: no sentence's tail at the top (but the newest's)
        for part in reversed(parts):
            y -= ui.font(px).get_linesize()
            if y < top + k(2):
                return
            ui.text(surface, part, px, (box.x + k(9), y), colour)


# --- overlays ---------------------------------------------------------------------------------

def hint_tag(surface: pygame.Surface, rect: RectLike, s: float, text: str = HINT_TAG,
             bounds: RectLike | None = None, at: str = "top") -> pygame.Rect:
    """The hint's label: inside the top of the hinted card (above it, the next panel drawn may
    cover it), "above" it, or inside its "bottom" (a mark between a line's cards: the top holds
    the card numbers); kept inside `bounds` (the window by default), dark on the hint colour and
    never smaller than 10 px."""
    tag = ui.render(_(text), max(10, int(13 * s)), ui.INK, "bold")  # looked up as drawn
    box = tag.get_rect().inflate(max(6, int(10 * s)), max(2, int(4 * s)))
    rect, gap = pygame.Rect(rect), max(2, int(4 * s))
    if at == "above":
        box.midbottom = (rect.centerx, rect.top - gap)
    elif at == "bottom":
        box.midbottom = (rect.centerx, rect.bottom - gap)
    else:
        box.midtop = (rect.centerx, rect.top + gap)
    box = box.clamp(pygame.Rect(bounds) if bounds is not None else surface.get_rect())
    pygame.draw.rect(surface, HINT, box, border_radius=max(3, int(5 * s)))
    pygame.draw.rect(surface, ui.INK, box, 1, border_radius=max(3, int(5 * s)))
    surface.blit(tag, tag.get_rect(center=box.center))
    return box


def frect(r: Any) -> pygame.Rect:  # a layout's Rect (x, y, w, h) or a 4-tuple
    """A float rect (a layout's Rect, or an (x, y, w, h) tuple) as whole pixels."""
    x, y, w, h = (r.x, r.y, r.w, r.h) if hasattr(r, "x") else r
    return pygame.Rect(round(x), round(y), round(w), round(h))


def seat_colour(scene: GameTable, player: int) -> ui.Colour:
    seats = scene.config.seats
    return ui.PLAYER_COLOURS[seats[player].colour % len(ui.PLAYER_COLOURS)]


def turned(face: pygame.Surface, angle: float) -> pygame.Surface:
    """Rotate exactly at quarter turns; smoothly (and a little slower) in between."""
    if angle % 90 == 0:
        return pygame.transform.rotate(face, angle) if angle % 360 else face
    return pygame.transform.rotozoom(face, angle, 1.0)


def blit_card(surface: pygame.Surface, art: CardArt, card: int,
              rect: tuple[float, float, float, float],
              alpha: int = 255, angle: float = 0.0, back: bool = False) -> pygame.Rect:
    w = max(4, int(round(rect[2])))
    face = art.back(w) if back else art.doll(card, w)
    if angle:
        face = turned(face, angle)
    if alpha < 255:
        face = face.copy()
        face.set_alpha(alpha)
    box = face.get_rect(center=(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2))
    surface.blit(face, box)
    return box


def glow(surface: pygame.Surface, rect: RectLike, colour: ui.Colour, s: float,
         width: int = 3) -> None:
    r = pygame.Rect(rect).inflate(int(8 * s), int(8 * s))
    pygame.draw.rect(surface, colour, r, max(2, int(width * s)), border_radius=int(10 * s))
