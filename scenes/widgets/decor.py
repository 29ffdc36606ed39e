"""Drawing helpers every screen shares: the backdrop, vignette, dimming, the brass ornament,
headings, card shadows and the primary button style."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Callable

import pygame

from game.core.i18n import _

from scenes.widgets import ui

if TYPE_CHECKING:
    from scenes.app.window import App

TITLE_GOLD = (240, 208, 128)


def backdrop(app: App, size: tuple[int, int]) -> pygame.Surface:
    """The table background at this size (cached by the card art)."""
    return app.art.table(size)


def vignette(size: tuple[int, int], strength: int = 150) -> pygame.Surface:
    """A soft darkening towards the edges (drawn small, scaled up; the caller must not draw on it)."""
    return _vignette((max(1, int(size[0])), max(1, int(size[1]))), strength)


@lru_cache(maxsize=2)  # (scaled up once per window size and strength: each menu made again reuses it)
def _vignette(size: tuple[int, int], strength: int) -> pygame.Surface:
    return pygame.transform.smoothscale(_small_vignette(strength), size)


@lru_cache(maxsize=4)
def _small_vignette(strength: int) -> pygame.Surface:
    """The vignette at 64x36, a pixel at a time (5 ms): once per strength, whatever the size."""
    w, h = 64, 36
    small = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        for x in range(w):
            d = math.hypot((x + 0.5 - w / 2) / (w / 2), (y + 0.5 - h / 2) / (h / 2))
            small.set_at((x, y), (12, 6, 4, int(strength * min(1.0, max(0.0, d - 0.35) / 0.9) ** 1.4)))
    return small


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    surface.blit(_dim_layer(surface.get_size(), alpha), (0, 0))


@lru_cache(maxsize=2)  # (a dialog over a dialog: two strengths; never many window-sized layers)
def _dim_layer(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A window-sized veil (made once per size: every frame of every dialog draws one)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((10, 6, 4, alpha))
    return layer


def ornament(surface: pygame.Surface, center: tuple[float, float], width: float, s: float,
             colour: ui.Colour = ui.BRASS) -> None:
    """A brass rule with a small diamond in the middle."""
    cx, cy = int(center[0]), int(center[1])
    half = int(width / 2)
    t = max(1, int(2 * s))
    d = max(3, int(7 * s))
    pygame.draw.line(surface, colour, (cx - half, cy), (cx - d * 2, cy), t)
    pygame.draw.line(surface, colour, (cx + d * 2, cy), (cx + half, cy), t)
    pygame.draw.polygon(surface, colour, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
    for x in (cx - half, cx + half):
        pygame.draw.circle(surface, colour, (x, cy), max(2, int(3 * s)))


def heading(surface: pygame.Surface, string: str, px: int, pos: tuple[float, float],
            anchor: str = "center",
            max_width: float | None = None, colour: ui.Colour = TITLE_GOLD) -> pygame.Rect:
    """Title-font text with a dark drop shadow."""
    off = max(1, px // 22)
    x, y = pos
    ui.text(surface, string, px, (x + off, y + off), (20, 10, 6), anchor, "title", max_width)
    return ui.text(surface, string, px, pos, colour, anchor, "title", max_width)


def shadowed(card: pygame.Surface, s: float, alpha: int = 110) -> pygame.Surface:
    """The card with a soft drop shadow below it (a new, slightly larger surface)."""
    off = max(2, int(8 * s))
    out = pygame.Surface((card.get_width() + off * 2, card.get_height() + off * 2), pygame.SRCALPHA)
    shade = card.copy()
    shade.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MULT)
    shade.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    small = pygame.transform.smoothscale(shade, (max(1, shade.get_width() // 4), max(1, shade.get_height() // 4)))
    out.blit(pygame.transform.smoothscale(small, shade.get_size()), (off + off // 2, off * 2 - off // 2))
    out.blit(card, (off // 2, off // 2))
    return out


class PrimaryButton(ui.Button):
    """A brass-filled button for the main action of a screen."""

    def draw(self, surface: pygame.Surface, s: float) -> None:
        if self.rect.w <= 0:
            return
        lit = (self.hover or self.focused) and self.enabled
        fill = (226, 184, 92) if lit else (196, 150, 64)
        if not self.enabled:
            fill = (90, 80, 70)
        edge = (255, 240, 190) if self.focused else (120, 84, 32)
        ui.panel(surface, self.rect, fill, edge, radius=int(8 * s) + 2, width=max(1, int(2 * s)))
        # looked up as drawn, as ui.Button does: a label marked N_("Next") follows the language
        ui.text(surface, _(self.label), int(self.rect.h * 0.42), self.rect.center, (40, 24, 12),
                "center", "bold", max_width=self.rect.w - 8 * s)


def focus_on_hover(ring: ui.FocusRing, event: pygame.event.Event) -> None:
    """Pointing at a widget moves the keyboard focus there too (one highlight, not two)."""
    if event.type != pygame.MOUSEMOTION:
        return
    for i, w in enumerate(ring.widgets):
        if w.enabled and w.rect.w > 0 and w.rect.collidepoint(event.pos):
            ring.index = i
            for j, other in enumerate(ring.widgets):
                other.focused = j == i
            return


def menu_event(ring: ui.FocusRing, event: pygame.event.Event, back: Callable[[], object]) -> None:
    """A menu's keys and pointer: Esc calls `back`, pointing moves the focus, the ring takes the rest."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
        back()
        return
    focus_on_hover(ring, event)
    ring.handle(event)
