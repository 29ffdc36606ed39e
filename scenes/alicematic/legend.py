"""The map's legend: what each ring, dot, badge, tag and colour on the Alicematic map means, each
beside a small drawing of it, and the players' colours. Opened by the Legend button under the
map (or L); a click or Esc closes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.alicematic.content import GREEN
from game.core.i18n import N_, _

from scenes.alicematic import draw
from scenes.alicematic.geometry import corners
from scenes.widgets import ui

if TYPE_CHECKING:
    from scenes.alicematic.table import AlicematicScene

# (what the drawing shows, its words)
ROWS = (
    ("can_take", N_("Green ring: you can take this hex now (click it for its menu)")),
    ("war", N_("Orange ring: you can start a war there")),
    ("strength", N_("Number on a hex: the strength needed to take it")),
    ("food", N_("Green badge: the food needed from your nearest base")),
    ("held", N_("A player's symbol on a dark disc: they hold the hex")),
    ("at_war", N_("Hollow symbol struck through: that player's war there")),
    ("city", N_("Purple hex: a fantasy city; its white dots: how many players may hold it")),
    ("forest", N_("Dark green hex with trees: a monster forest")),
    ("facilities", N_("Red, blue, yellow, green, white hexes: facilities, whose bonus is that colour")),
    ("tile", N_("Light outline: a tile; the tag on its city: the tile's number")),
    ("base", N_("Yellow ring: a city you may choose as a base")),
    ("projected", N_("\u201cprojected\u201d beside the VP: the final score if the game ended now")),
)


def rows() -> list[tuple[str, str]]:
    return [(kind, _(words)) for kind, words in ROWS]


def panel_rect(scene: AlicematicScene) -> pygame.Rect:
    """Right of the hexes (the map stays in sight beside what its marks mean)."""
    L = scene.layout
    return pygame.Rect(L.beside)


def draw_legend(scene: AlicematicScene, surface: pygame.Surface) -> pygame.Rect:
    L, k, px = scene.layout, scene.layout.k, scene.layout.px
    box = panel_rect(scene)
    ui.panel(surface, box, (28, 22, 26, 255), ui.BRASS, radius=k(10), width=max(1, k(2)))
    head = ui.text(surface, _("Legend"), px(15), (box.x + k(12), box.y + k(6)), ui.BRASS, "topleft", "bold",
                   max_width=box.w - k(24))
    hint = _("click or press L to close")
    ui.text(surface, hint, px(11), (box.right - k(12), head.centery), ui.MUTED, "midright",
            max_width=max(1, box.right - head.right - k(24)))
    players = scene.state.n
    entries = rows()
    step = (box.bottom - head.bottom - k(10)) / (len(entries) + 1)
    size = max(5.0, min(step * 0.46, k(14)))
    text_px = min(px(13), max(9, round(step * 0.62)))
    x0 = box.x + k(12) + size * 5.4
    y: float = head.bottom + k(4)
    for kind, words in entries:
        cy = y + step / 2
        sample(scene, surface, kind, box.x + k(12) + size * 1.1, cy, size)
        room = box.right - x0 - k(10)
        if ui._font(min(ui.sized(text_px), ui.READABLE), "regular").size(words)[0] <= room:
            ui.text(surface, words, text_px, (x0, cy), ui.TEXT, "midleft", max_width=room, max_height=step)
        else:  # a narrow window: on two lines
            tall = min(step, ui.paragraph_height(words, text_px, room))
            ui.paragraph(surface, words, text_px, pygame.Rect(x0, round(cy - tall / 2), room, round(step)))
        y += step
    cy = y + step / 2  # the players' colours, by name
    x: float = box.x + k(12)
    for p in range(players):  # (each one's marker, as on the map)
        draw.marker(surface, scene, p, (x + size * 0.5, cy), size * 0.55)
        room = (box.right - k(10) - box.x - k(12)) / players - size * 1.4
        r = ui.text(surface, scene.name_of(p), text_px, (x + size * 1.3, cy), ui.TEXT, "midleft", "bold",
                    max_width=max(1, room), max_height=step)
        x = max(r.right, x + size * 1.3) + k(16)
    return box


def hexagon(surface: pygame.Surface, cx: float, cy: float, size: float, fill: ui.Colour) -> None:
    pts = corners(cx, cy, size)
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, draw.darker(fill, 0.55), pts, 1)


def sample(scene: AlicematicScene, surface: pygame.Surface, kind: str, cx: float, cy: float, size: float) -> None:
    """A small drawing of what a legend row names, centred at (cx, cy)."""
    grey = draw.mix(draw.AREA_COLOURS["white"], (60, 56, 52), 0.25)
    me_seat = scene.viewer if scene.viewer is not None else 0
    if kind == "facilities":
        for i, colour in enumerate(draw.AREA_COLOURS.values()):
            hexagon(surface, cx + (i - 0.4) * size * 0.9, cy, size * 0.5,
                    draw.mix(colour, (60, 56, 52), 0.25))
        return
    fill = {"city": draw.KIND_FILL["city"], "base": draw.KIND_FILL["city"],
            "forest": draw.KIND_FILL["forest"]}.get(kind, grey)
    hexagon(surface, cx, cy, size, fill)
    width = max(2, round(size * 0.14))
    if kind == "can_take":
        pygame.draw.polygon(surface, ui.GOOD, corners(cx, cy, size * 0.9), width)
    elif kind == "war":
        pygame.draw.polygon(surface, (236, 140, 52), corners(cx, cy, size * 0.86), max(1, width // 2))
    elif kind == "base":
        pygame.draw.polygon(surface, ui.HILITE, corners(cx, cy, size * 0.93), width)
    elif kind == "strength":
        draw.number(surface, 3, size * 0.62, size * 0.95, (cx, cy), ui.INK)
    elif kind == "food":
        rect = pygame.Rect(0, 0, max(draw.SMALL_CHIP, round(size)), max(draw.SMALL_CHIP, round(size)))
        rect.center = (round(cx), round(cy))
        pygame.draw.rect(surface, (24, 20, 22), rect.inflate(2, 2), border_radius=max(2, rect.w // 4))
        draw.chip(surface, draw.AREA_COLOURS[GREEN], 2, rect.center, rect.w, scene.layout.s)
    elif kind == "held":
        pygame.draw.polygon(surface, draw.MARKER_BODY, corners(cx, cy, size * 0.86), width)
        draw.marker(surface, scene, me_seat, (cx, cy - size * 0.1), size * 0.5)
    elif kind == "at_war":
        ring = corners(cx, cy, size * 0.84)
        for i in range(6):
            a, b = ring[i], ring[(i + 1) % 6]
            pygame.draw.line(surface, draw.MARKER_EDGE, (a[0] * 0.75 + b[0] * 0.25, a[1] * 0.75 + b[1] * 0.25),
                             (a[0] * 0.25 + b[0] * 0.75, a[1] * 0.25 + b[1] * 0.75), width)
        draw.marker(surface, scene, me_seat, (cx, cy - size * 0.1), size * 0.5, at_war=True)
    elif kind == "city":
        for i in range(2):
            pygame.draw.circle(surface, (246, 236, 210), (cx + (i - 0.5) * size * 0.3, cy + size * 0.45),
                               max(1.5, size * 0.1))
    elif kind == "forest":
        for dx in (-0.3, 0.3):
            tx, ty = cx + dx * size, cy
            pygame.draw.polygon(surface, (22, 50, 28), [(tx, ty - 0.3 * size), (tx - 0.2 * size, ty + 0.15 * size),
                                                        (tx + 0.2 * size, ty + 0.15 * size)])
    elif kind == "tile":
        pts = corners(cx, cy, size)
        pygame.draw.lines(surface, draw.BORDER_LINE, True, pts, max(1, width // 2))
        rect = pygame.Rect(0, 0, size * 0.8, size * 0.6)
        rect.center = tuple(round(v) for v in pts[2])
        pygame.draw.rect(surface, (24, 20, 22), rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, draw.BORDER_LINE, rect, 1, border_radius=rect.h // 2)
    elif kind == "projected":
        ui.text(surface, "\u2192", max(9, round(size)), (cx, cy), ui.TEXT, "center", "bold")
