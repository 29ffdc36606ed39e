"""Drawing the Alicematic table: the hex map with its chits and lit expeditions, the seated
player's board (areas, resources, hand), the players at the side, the log, the move menu and the
final scoring. Everything here reads the scene and the game's view; nothing changes the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Sequence

import pygame
from pygame.typing import Point

from game.alicematic import effects as fx
from game.alicematic import state as st
from game.alicematic.content import CITY, COLOURS, FOREST, GREEN, RED, RESOURCE_COLOURS, YELLOW
from game.alicematic.scoring import final_scores, tile_majority
from game.alicematic.setup import BASE, CONQUER, WAR
from game.core.i18n import _
from game.core.words import said, whose

from game.alicematic import tell as w
from scenes.alicematic.geometry import SMALL_CHIP, border_sides, corners
from scenes.grayblock.draw import name_text, pill
from scenes.table.base import joined
from scenes.table import look
from scenes.table.look import HINT, hint_tag, seat_colour
from scenes.widgets import ui

if TYPE_CHECKING:
    from game.alicematic.hexmap import Board, Hex
    from game.alicematic.view import AlicematicView
    from scenes.alicematic.geometry import Camera, Layout
    from scenes.alicematic.table import AlicematicScene

# a marker on the map (marker_spots): its hex, its player, its centre, its radius, at war
MarkerSpot = tuple["Hex", int, tuple[float, float], float, bool]
Segment = tuple[tuple[float, float], tuple[float, float]]  # a line on screen, end to end

AREA_COLOURS = {"red": (204, 72, 60), "blue": (72, 124, 214), "yellow": (226, 190, 64),
                "green": (84, 164, 92), "white": (226, 224, 214)}
KIND_FILL = {CITY: (132, 116, 150), FOREST: (38, 78, 46)}
DARK = (26, 22, 26, 230)
FOCUS = (255, 255, 255)  # the keyboard's focus (the hint is HINT, lit moves GOOD and HILITE)
SMALL_HEX = 14  # pixels, centre to corner: below it a hex shows its strength and little else
BORDER_BAND, BORDER_LINE = (16, 12, 14), (236, 214, 160)  # the tiles' outlines


def label(surface: pygame.Surface, options: str | Sequence[str], px: float, pos: Point,
          colour: ui.Colour, anchor: str = "topleft", style: str = "regular",
          width: float = 1e6) -> pygame.Rect | None:
    """The first of `options` (longest first) that ui.text draws whole within `width`; nothing
    when even the last would be cut (a small window drops the words, the numbers stay)."""
    if isinstance(options, str):
        options = [options]
    size = min(ui.sized(px), ui.READABLE)
    for words in options:
        face = "narrow" if style == "bold" else style
        if ui._font(size, face).size(words)[0] <= width:
            return ui.text(surface, words, px, pos, colour, anchor, style, max_width=width)
    return None


def darker(colour: Sequence[int], f: float) -> tuple[int, ...]:
    return tuple(int(c * f) for c in colour[:3])


def mix(a: Sequence[int], b: Sequence[int], f: float) -> tuple[int, ...]:
    return tuple(int(a[i] * (1 - f) + b[i] * f) for i in range(3))


def ink_on(colour: Sequence[int]) -> ui.Colour:
    """Dark text on a light fill, light on a dark one."""
    return ui.INK if sum(colour[:3]) > 420 else ui.TEXT


# --- the whole table ------------------------------------------------------------------------

def draw_table(scene: AlicematicScene, surface: pygame.Surface) -> None:
    L = scene.layout
    surface.blit(scene.app.art.table(surface.get_size()), (0, 0))
    view = scene.view()
    draw_map(scene, surface, view)
    draw_board(scene, surface, view)
    draw_players(scene, surface, view)
    draw_log(scene, surface)
    for button in scene.buttons:
        button.draw(surface, L.s)
    if scene.action_b.rect.w:
        scene.action_b.draw(surface, L.s)
    if scene.legend_b.rect.w:
        scene.legend_b.draw(surface, L.s)
    draw_hint(scene, surface)
    draw_focus(scene, surface)
    draw_popup(scene, surface)
    if scene.legend_open:
        from scenes.alicematic.legend import draw_legend
        draw_legend(scene, surface)


def chip(surface: pygame.Surface, colour: ui.Colour, value: object, centre: Point, size: int,
         s: float) -> pygame.Rect:
    """A resource-coloured square with a number on it (strength red, food green, DP yellow)."""
    box = pygame.Rect(0, 0, size, size)
    box.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surface, colour, box, border_radius=max(2, size // 5))
    pygame.draw.rect(surface, ui.INK, box, 1, border_radius=max(2, size // 5))
    number(surface, value, size * 0.72, size * 0.78, box.center, ink_on(colour))
    return box


def number(surface: pygame.Surface, value: object, px: float, room: float, centre: Point,
           ink: ui.Colour) -> pygame.Rect:
    """A number whose letters fit a `room`-pixel square (a hex, a chip): at the player's text
    size where they do, else as large as does (a larger text size must not push it over its
    neighbours). The rect of its letters."""
    words = str(value)
    size = ui.sized(px)
    key = (words, size, round(room), tuple(ink), ui.FONT_FILES["bold"])  # (the language's face)
    found = _NUMBERS.get(key)
    if found is None:  # (every hex has one, every frame: the shrinking is worked out once)
        surf = ui._render(words, size, ink, "bold")
        while size > 6 and max(surf.get_bounding_rect().size) > room:
            size -= 1
            surf = ui._render(words, size, ink, "bold")
        found = _NUMBERS[key] = (surf, surf.get_bounding_rect())
        if len(_NUMBERS) > 2000:
            _NUMBERS.clear()
    surf, letters = found
    rect = surf.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(surf, rect)
    return letters.move(rect.topleft)


_NUMBERS: dict[tuple[object, ...], tuple[pygame.Surface, pygame.Rect]] = {}  # (number, size, room, ink, face) -> (its surface, the rect of its letters)


# --- the map --------------------------------------------------------------------------------

def draw_map(scene: AlicematicScene, surface: pygame.Surface, view: AlicematicView) -> None:
    L, cam, s = scene.layout, scene.camera, scene.layout.s
    ui.panel(surface, L.map, (22, 30, 34, 200), ui.BRASS_DARK, radius=L.k(10))
    draw_alices(scene, surface, view)  # (beside the hexes; the hover card may lie over it)
    board = view.board
    holders, war = dict(view.holders), dict(view.war)
    size = cam.size
    lit = scene.plans()
    lit_hexes: dict[Hex, dict[str, st.Plan]] = {}
    for action, plan in lit.items():
        if action.hex is not None:  # (every expedition names its hex)
            lit_hexes.setdefault(action.hex, {})[action.kind] = plan
    bases = {a.hex for a in scene.legal() if a.kind == BASE and a.hex is not None}
    clip = surface.get_clip()
    surface.set_clip(L.field.inflate(-2, -2))
    # a small hex keeps its strength only; the city's size, the holders' dots and an expedition's
    # costs show for the hex under the pointer or the keyboard's focus (and in its words above)
    roomy = size >= SMALL_HEX
    near = {scene.hover, scene.focus_hex()}
    badges = badge_rects(scene)
    for h, info in board.hexes.items():
        cx, cy = cam.to_screen(h)
        pts = corners(cx, cy, size * 0.97)
        kind = info.kind
        # (a facility has its colour; a city or forest, none: content.hex_kind)
        fill = KIND_FILL[kind.kind] if kind.colour is None else mix(AREA_COLOURS[kind.colour], (60, 56, 52), 0.25)
        pygame.draw.polygon(surface, fill, pts)
        pygame.draw.polygon(surface, darker(fill, 0.55), pts, max(1, round(s)))
        if kind.kind == FOREST:
            for dx in (-0.32, 0.32):  # two little trees
                tx, ty = cx + dx * size, cy - 0.28 * size
                pygame.draw.polygon(surface, (22, 50, 28), [(tx, ty - 0.22 * size), (tx - 0.16 * size, ty + 0.1 * size),
                                                            (tx + 0.16 * size, ty + 0.1 * size)])
        if kind.kind == CITY:  # towers, and the city's size as dots under the number
            pygame.draw.polygon(surface, (236, 222, 190), corners(cx, cy, size * 0.97), max(2, round(2 * s)))
            low = -0.17 if holders.get(h) else 0.52  # (a held city: under its number, over its markers)
            for i in range(kind.city_size if roomy or h in near else 0):
                x = cx + (i - (kind.city_size - 1) / 2) * size * 0.22
                pygame.draw.circle(surface, (246, 236, 210), (x, cy + size * low), max(2, size * 0.07))
        ink = ink_on(fill)
        held = bool(holders.get(h)) or h in war
        if h in badges:  # a lit conquest: the number at the left, the food badge at the right
            number(surface, info.strength, size * 0.56, size * 0.5, (cx - 0.3 * size, cy - (0.1 * size if held else 0)),
                   ink)
        elif held and roomy:  # over the holders' markers (a city's: over its size dots too)
            number(surface, info.strength, size * 0.46, size * 0.38 if kind.kind == CITY else size * 0.44,
                   (cx, cy - (0.5 if kind.kind == CITY else 0.42) * size), ink)
        elif not held:
            number(surface, info.strength, size * 0.62, size * 0.95,
                   (cx, cy + (0.05 if kind.kind != CITY or not roomy else -0.05) * size), ink)
        if holders.get(h):  # held: a dark ring (the markers say whose: no facility's colour)
            pygame.draw.polygon(surface, MARKER_BODY, corners(cx, cy, size * 0.86), max(2, round(size * 0.1)))
        if h in war:  # at war: a dashed light ring (the marker: a face-down chit)
            ring = corners(cx, cy, size * 0.84)
            for i in range(6):  # each side's middle half: a dashed look, unlike a held hex's ring
                a, b = ring[i], ring[(i + 1) % 6]
                pygame.draw.line(surface, MARKER_EDGE, (a[0] * 0.75 + b[0] * 0.25, a[1] * 0.75 + b[1] * 0.25),
                                 (a[0] * 0.25 + b[0] * 0.75, a[1] * 0.25 + b[1] * 0.75), max(2, round(size * 0.1)))
    for _h, p, centre, radius, at_war in marker_spots(scene, badges):
        marker(surface, scene, p, centre, radius, at_war)
    draw_tile_borders(surface, board, cam)
    for h in bases:
        cx, cy = cam.to_screen(h)
        pygame.draw.polygon(surface, ui.HILITE, corners(cx, cy, size * 0.93), max(2, round(4 * s)))
    # wars first (a thin orange ring: the hex is within reach of a war), then the expeditions
    # that take a hex now: a green ring, and in it the food needed (badge_rects)
    for h, kinds in lit_hexes.items():
        if CONQUER not in kinds:
            cx, cy = cam.to_screen(h)
            pygame.draw.polygon(surface, (236, 140, 52), corners(cx, cy, size * 0.86), max(1, round(2 * s)))
    for h, kinds in lit_hexes.items():
        if CONQUER in kinds:
            cx, cy = cam.to_screen(h)
            pygame.draw.polygon(surface, ui.GOOD, corners(cx, cy, size * 0.9), max(2, round(4 * s)))
    for h, rect in badges.items():  # the food a conquest needs (the hex's number: its strength),
        plan = lit_hexes[h][CONQUER]  # on a dark back: it shows on a green hex too
        pygame.draw.rect(surface, (24, 20, 22), rect, border_radius=max(2, rect.w // 4))
        chip(surface, AREA_COLOURS[GREEN], plan.food, rect.center, rect.w - 2, s)
    if scene.hover is not None and scene.hover in board.hexes and scene.popup is None:
        cx, cy = cam.to_screen(scene.hover)
        pygame.draw.polygon(surface, ui.TEXT, corners(cx, cy, size * 0.97), 1)
    focus = scene.focus_hex()
    if focus is not None:  # the keyboard's hex: a thick white ring outside its own, dark-edged
        cx, cy = cam.to_screen(focus)
        width = max(3, round(size * 0.18))
        pygame.draw.polygon(surface, ui.INK, corners(cx, cy, size * 1.06), width + 2)
        pygame.draw.polygon(surface, FOCUS, corners(cx, cy, size * 1.06), width)
    for t, (words, rect) in tile_tags(scene).items():  # the tile's number, as the log names it
        pygame.draw.rect(surface, (24, 20, 22), rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, BORDER_LINE, rect, 1, border_radius=rect.h // 2)
        ui.text(surface, words, tag_px(cam.size), rect.center, BORDER_LINE, "center", "bold",
                max_width=rect.w - 2, max_height=rect.h)
    surface.set_clip(clip)
    draw_map_head(scene, surface, view)


TAG_HEX = 19  # pixels, centre to corner: from here every tile's city shows its tile's number


def tag_px(size: float) -> int:
    return max(9, round(size * 0.4))


def tile_tags(scene: AlicematicScene) -> dict[int, tuple[str, pygame.Rect]]:
    """{tile: (its number, its tag)}: a small dark tag on each tile's city ("tile 5" in the
    log and the hover card is the one tagged 5) where the hexes are large enough (a large window,
    or zoomed in); on a smaller map, the tag of the tile under the pointer or the keyboard's hex."""
    cam = scene.camera
    size = cam.size
    board = scene.state.board
    if size >= TAG_HEX:
        tiles = list(range(len(board.centres)))
    else:
        h = scene.focus_hex() or scene.hover
        tiles = [board.hexes[h].tile] if h is not None and h in board.hexes and scene.popup is None else []
    out = {}
    px = tag_px(size)
    for t in tiles:
        cx, cy = cam.to_screen(board.centres[t])
        words = str(t + 1)
        w, ht = ui.font(px, "bold").size(words)
        rect = pygame.Rect(0, 0, w + 4, min(ht, round(size * 0.52)) if size >= TAG_HEX else ht)
        # on the city's lowest corner: clear of its size dots, and of the holders' dots, numbers
        # and badges of the two hexes below it (the map is turned: that corner leans right)
        rect.center = tuple(round(v) for v in corners(cx, cy, size)[2])
        out[t] = (words, rect)
    return out


def badge_rects(scene: AlicematicScene) -> dict[Hex, pygame.Rect]:
    """{hex: its cost badge} for the lit conquests: the food needed, as a green chip beside the
    hex's number (its strength), inside the hex itself so that it never covers another hex, a
    badge or a base; where the hexes are too small for one, none (the hover card says it)."""
    cam = scene.camera
    size = cam.size
    side = max(SMALL_CHIP, round(size * 0.5)) + 2  # (a chip on a dark back)
    out = {}
    for action, plan in scene.plans().items():
        if action.kind != CONQUER or not (plan.strength or plan.food) or plan.food is None \
                or action.hex is None:
            continue
        cx, cy = cam.to_screen(action.hex)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(cx + size * 0.36), round(cy))
        inner = size * 0.86  # the hex's inscribed circle, about
        if all((x - cx) ** 2 + (y - cy) ** 2 <= inner ** 2
               for x, y in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright)):
            out[action.hex] = rect
    return out


# a player's marker on the map: a near-black disc with a light edge (no facility, city or forest
# is either) and, in it, the player's symbol in their colour: their pattern, told apart by shape
MARKER_BODY, MARKER_EDGE = (14, 12, 14), (250, 248, 240)
SYMBOLS = ("circle", "square", "triangle", "diamond", "cross")


def marker_spots(scene: AlicematicScene, badges: dict[Hex, pygame.Rect] | None = None
                 ) -> list[MarkerSpot]:
    """(hex, player, centre, radius, at war) for every marker on the map: each holder's (a city's
    side by side) and each war's face-down chit, in the hex's lower half, under its number and
    clear of a cost badge and of the tile tags on the cities' lowest corners; on small hexes,
    over the middle (the number then shows on hover)."""
    cam = scene.camera
    size = cam.size
    view = scene.view()
    badges = badge_rects(scene) if badges is None else badges
    out = []
    roomy = size >= SMALL_HEX
    spots = [(h, owners, False) for h, owners in view.holders if owners]
    spots += [(h, (p,), True) for h, p in view.war]
    board = view.board
    for h, owners, at_war in spots:
        cx, cy = cam.to_screen(h)
        n = len(owners)
        if not roomy:
            radius, y = size * min(0.5, 0.8 / n), cy
        elif h in badges:
            radius, y = size * min(0.18, 0.45 / n), cy + size * 0.65
        elif board.hexes[h].kind.kind == CITY:
            radius, y = size * min(0.28, 0.72 / n), cy + size * 0.26
        else:
            radius, y = size * min(0.36, 0.75 / n), cy + size * 0.3
        radius = max(3.0, radius)
        for i, p in enumerate(owners):
            out.append((h, p, (cx + (i - (n - 1) / 2) * radius * 2.1, y), radius, at_war))
    return out


def marker_rect(centre: Point, radius: float) -> pygame.Rect:
    r = pygame.Rect(0, 0, round(2 * radius) + 2, round(2 * radius) + 2)
    r.center = (round(centre[0]), round(centre[1]))
    return r


def symbol_points(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of a symbol of radius `r` (a circle: none, drawn as a circle)."""
    if kind == "square":
        a = r * 0.8
        return [(cx - a, cy - a), (cx + a, cy - a), (cx + a, cy + a), (cx - a, cy + a)]
    if kind == "triangle":
        return [(cx, cy - r), (cx + r * 0.92, cy + r * 0.72), (cx - r * 0.92, cy + r * 0.72)]
    if kind == "diamond":
        return [(cx, cy - r * 1.05), (cx + r * 0.8, cy), (cx, cy + r * 1.05), (cx - r * 0.8, cy)]
    if kind == "cross":
        a, b = r, r * 0.36
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
                (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
                (cx - a, cy - b), (cx - b, cy - b)]
    return []


def marker(surface: pygame.Surface, scene: AlicematicScene, p: int, centre: Point, radius: float,
           at_war: bool = False) -> pygame.Rect:
    """Player `p`'s marker (at war: their face-down chit: the symbol hollow, struck through)."""
    cx, cy = round(centre[0]), round(centre[1])  # (whole pixels: the disc and symbol share a middle)
    edge = max(1, round(radius / 5))
    pygame.draw.circle(surface, MARKER_EDGE, (cx, cy), radius + edge)
    pygame.draw.circle(surface, MARKER_BODY, (cx, cy), radius)
    colour = seat_colour(scene, p)
    r = radius * 0.66
    kind = SYMBOLS[p % len(SYMBOLS)]
    width = 0 if not at_war else max(1, round(radius / 4))
    pts = symbol_points(kind, cx, cy, r)
    if pts:
        pygame.draw.polygon(surface, colour, pts, width)
    else:
        pygame.draw.circle(surface, colour, (cx, cy), r, width)
    if at_war:
        d = radius * 0.7
        pygame.draw.line(surface, ui.BAD, (cx - d, cy + d), (cx + d, cy - d), max(2, round(radius / 3.5)))
    return marker_rect(centre, radius + edge)


def tile_edges(board: Board, cam: Camera, t: int | None = None) -> Iterator[Segment]:
    """The outline of tile `t` (None: of every tile) on screen, as line segments: the sides of
    its hexes that face another tile or none."""
    size = cam.size
    tile_of = {h: info.tile for h, info in board.hexes.items()}
    for h, i in border_sides(tile_of, t):
        cx, cy = cam.to_screen(h)
        pts = corners(cx, cy, size)
        yield pts[i], pts[(i + 1) % 6]


_EDGES: dict = {}  # the last map's tile outlines on screen, for the camera they were worked out at


def draw_tile_borders(surface: pygame.Surface, board: Board, cam: Camera) -> None:
    """Every tile's outline (majorities score per tile): a dark band with a light line in it,
    thick enough to tell from the hexes' own thin edges at every zoom."""
    width = max(3, round(cam.size * 0.2))
    core = max(1, round(width * 0.4))
    key = (cam.size, tuple(cam.pan), tuple(cam.rect), cam.centre)
    if _EDGES.get("board") is not board or _EDGES.get("key") != key:  # (the same every frame)
        _EDGES.update(board=board, key=key, edges=list(tile_edges(board, cam)))
    edges = _EDGES["edges"]
    for colour, wd in ((BORDER_BAND, width), (BORDER_LINE, core)):
        for a, b in edges:
            pygame.draw.line(surface, colour, a, b, wd)
            if wd > 2:  # round joints: no notches where two thick sides meet
                pygame.draw.circle(surface, colour, a, wd / 2)
                pygame.draw.circle(surface, colour, b, wd / 2)


def prompt_rect(scene: AlicematicScene) -> pygame.Rect:
    """Where the phase's prompt goes: at the foot of the overview beside the hexes, over the
    Legend and corner buttons, never over the map."""
    L = scene.layout
    return pygame.Rect(L.prompt)


def draw_prompt(scene: AlicematicScene, surface: pygame.Surface) -> pygame.Rect:
    """The phase's prompt in a dark pill, shrunk (then cut short) to its room; its rect."""
    L, k, px = scene.layout, scene.layout.k, scene.layout.px
    room = prompt_rect(scene)
    words = scene.prompt()
    wide = ui.render(words, px(15), ui.TEXT, "bold").get_width()
    one = ui._font(min(ui.sized(px(15)), ui.READABLE), "narrow").size(words)[0] <= room.w - k(16)
    line = ui.font(px(15), "bold").get_linesize()
    box = pygame.Rect(room.x, room.y, min(room.w, wide + k(16)), room.h if not one else line + k(8))
    box.bottom = room.bottom  # (over the buttons, on one line where it fits, else on two)
    ui.panel(surface, box, DARK, ui.BRASS, radius=min(box.h // 2, k(8)), width=max(1, round(L.s)))
    if one:
        ui.text(surface, words, px(15), (box.x + k(8), box.centery), ui.TEXT, "midleft", "bold",
                max_width=box.w - k(16))
    else:
        ui.paragraph(surface, words, px(15), box.inflate(-k(16), -k(6)), ui.TEXT, "bold")
    scene.prompt_box = box
    return box


def draw_map_head(scene: AlicematicScene, surface: pygame.Surface, view: AlicematicView) -> None:
    """Round, deck and what to do, in the overview beside the hexes; the hovered hex's card over
    the overview's foot."""
    L, k, px = scene.layout, scene.layout.k, scene.layout.px
    state = scene.state
    if state.is_over() and state.round < state.params.rounds:  # every city held: it ended early
        head = _("Every city held: over after round {number}").format(number=state.round)
    elif state.round:
        head = _("Round {number} of {rounds}").format(number=state.round, rounds=state.params.rounds)
    else:
        head = _("Choosing bases")
    short = f"{state.round}/{state.params.rounds}" if state.round else ""
    H = L.map_head
    box = label(surface, [head, short], px(14), H.topleft, ui.BRASS, style="bold",
                width=H.w) or pygame.Rect(H.x, H.y, 0, 0)
    label(surface, [_("Deck {deck} \u00b7 discard pile {discard}").format(deck=view.deck_size,
                                                                          discard=len(view.discard)),
                    f"{view.deck_size} \u00b7 {len(view.discard)}"],
          px(12), (H.x, box.bottom + k(2)), ui.MUTED, width=H.w)
    draw_prompt(scene, surface)
    h = None if scene.popup is not None else (scene.focus_hex() if scene.keyboard else None) or scene.hover
    if h is None or h not in view.board.hexes:
        return
    lines = [w.hex_words(view.board, h)]
    info = view.board.hexes[h]
    lines.append(_("Strength needed: {n}").format(n=info.strength))
    if info.kind.kind == CITY:
        lines.append(_("City size: {n}").format(n=info.kind.city_size))
    owners = dict(view.holders).get(h, ())
    if owners:
        lines.append(_("Held by {names}").format(names=_(", ").join(scene.name_of(p) for p in owners)))
    at_war = dict(view.war).get(h)
    if at_war is not None:
        lines.append(_("At war: {name}").format(name=scene.name_of(at_war)))
    offered = set()
    for action, plan in scene.plans().items():
        if action.hex == h and action.kind == CONQUER:
            lines.append(scene.conquer_words(plan))
            lines.append(scene.bonus_words(h))
        elif action.hex == h and action.kind == WAR:
            lines.append(_("A war is possible here"))
        if action.hex == h:
            offered.add(action.kind)
    if state.phase == st.EXPEDITION and CONQUER not in offered:  # why it cannot be taken now
        why = scene.why_not(CONQUER, h)
        if why is not None:
            lines.append(why)
    # on a dark card at the overview's foot, over the last players' Alices, never over a hex;
    # a long line (a reason) wraps
    room = L.overview.w - k(12)
    lines = [part for line in lines for part in (ui.wrap(line, px(13), room) or [line])]
    width = min(room, max(ui.font(px(13)).size(line)[0] for line in lines) + k(2))
    step = ui.font(px(13)).get_linesize()
    back = pygame.Rect(L.overview.x, 0, width + k(12), step * len(lines) + k(6))
    back.bottom = L.alices.bottom
    back.top = max(back.top, L.overview.top)
    ui.panel(surface, back, DARK, ui.BRASS_DARK, radius=k(6), width=1)
    y = back.y + k(3)
    for line in lines:
        if y + step > back.bottom + 1:
            break
        r = label(surface, line, px(13), (back.x + k(6), y), ui.TEXT, width=width)
        y = r.bottom if r is not None else y


# --- everyone's face-up Alices --------------------------------------------------------------

def alice_rects(scene: AlicematicScene, view: AlicematicView | None = None
                ) -> dict[tuple[int, int], pygame.Rect]:
    """{(player, card): its strip} for every face-up Alice on the table, all players at once
    (public, as on a real table): a row per player (their name on its first line), a column per
    colour as the areas are, each column's Alices stacked (thinner when many; the tooltip names
    each)."""
    L, k = scene.layout, scene.layout.k
    view = scene.view() if view is None else view
    A = L.alices
    head, name_h = alices_head(L), alices_name_h(L)
    col_w = A.w / len(COLOURS)
    row_h = (A.h - head) / view.players
    out = {}
    for p in range(view.players):
        top = A.y + head + p * row_h + name_h
        room = row_h - name_h - 2
        for i, area in enumerate(view.areas[p]):
            up = [card for card, face_up in area if face_up and card is not None]
            if not up:
                continue
            x = A.x + i * col_w
            # stacked; side by side in twos where a stack of them would be too thin to see
            across = 1 if room / len(up) >= max(6, k(12)) else 2
            down = -(-len(up) // across)
            step, wide = min(k(18) + 2, room / down), col_w / across
            for j, card in enumerate(up):
                out[(p, card)] = pygame.Rect(round(x + 1 + (j % across) * wide), round(top + (j // across) * step),
                                             max(2, round(wide - 2)), max(2, round(step - 1)))
    return out


def alices_head(L: Layout) -> int:
    return max(L.k(18), ui.font(L.px(11), "bold").get_linesize() + 2)


def alices_name_h(L: Layout) -> int:
    return ui.font(L.px(12), "bold").get_linesize() + 1


def draw_alices(scene: AlicematicScene, surface: pygame.Surface, view: AlicematicView) -> None:
    """Every player's face-up Alices beside the map, by colour (the colour majorities and the
    tiles' ties turn on them); the areas' face-down cards are counted at the side."""
    L, k, px = scene.layout, scene.layout.k, scene.layout.px
    A = L.alices
    if A.h <= 0 or A.w <= 0:
        return
    head, name_h = alices_head(L), alices_name_h(L)
    col_w = A.w / len(COLOURS)
    for i, colour in enumerate(COLOURS):
        band = pygame.Rect(round(A.x + i * col_w + 1), A.y, round(col_w - 2), head - 2)
        pygame.draw.rect(surface, AREA_COLOURS[colour], band, border_radius=max(2, k(3)))
        label(surface, w.area(colour), px(11), band.center, ink_on(AREA_COLOURS[colour]), "center", "bold",
              width=band.w - k(4))
    H = L.map_head
    label(surface, [_("Everyone's face-up Alices"), _("Face-up Alices")], px(12), (H.right, H.bottom),
          ui.MUTED, "bottomright", "bold", width=H.w * 0.45)
    row_h = (A.h - head) / view.players
    for p in range(view.players):
        row = pygame.Rect(A.x, round(A.y + head + p * row_h), A.w, round(row_h))
        if p % 2 == 0:
            pygame.draw.rect(surface, (40, 34, 38), row, border_radius=max(2, k(4)))
        radius = max(4, name_h * 0.36)
        marker(surface, scene, p, (row.x + k(4) + radius, row.y + name_h / 2), radius)
        nx = row.x + k(4) + 2 * radius + k(5)
        up = sum(1 for area in view.areas[p] for _card, face_up in area if face_up)
        down = sum(len(area) for area in view.areas[p]) - up
        r = name_text(surface, scene.name_of(p), px(12), (nx, row.y + name_h / 2), seat_colour(scene, p),
                      "midleft", "bold", row.w * 0.5)
        label(surface, [_("face up {up} \u00b7 face down {down}").format(up=up, down=down), f"{up} \u00b7 {down}"],
              px(11), (row.right - k(4), row.y + name_h / 2), ui.MUTED, "midright", width=row.right - r.right - k(12))
    for (p, card), rect in alice_rects(scene, view).items():
        c = scene.state.cards[card]
        fill = AREA_COLOURS[c.colour]
        pygame.draw.rect(surface, (62, 54, 56), rect, border_radius=max(1, k(3)))
        pygame.draw.rect(surface, fill, (rect.x, rect.y, max(2, k(4)), rect.h))
        if rect.h >= ui.READABLE:  # (thinner: the strip alone, the tooltip names it)
            name, x = w.card_name(c), rect.x + max(3, k(7))
            size = min(px(11), rect.h)
            face = ui._font(min(ui.sized(size), ui.READABLE), "regular")
            if face.size(name)[0] > rect.right - x - 1:
                name = short_name(name)
            if face.size(name[:2] + "\u2026")[0] <= rect.right - x - 1:  # (else too narrow for a word)
                shrunk_name(surface, name, size, (x, rect.centery), ui.TEXT, "midleft", "regular", rect.right - x - 1)


# --- the seated player's board --------------------------------------------------------------

def board_player(scene: AlicematicScene) -> int:
    """Whose areas the board shows: a player clicked at the side, else the one seated."""
    if scene.looking is not None:
        return scene.looking
    return scene.viewer if scene.viewer is not None else 0


def area_slots(scene: AlicematicScene) -> list[tuple[int, int | None, bool, pygame.Rect]]:
    """(area, card or None when hidden, face up, its strip) for each card on the board."""
    L, k = scene.layout, scene.layout.k
    view = scene.view()
    out = []
    p = board_player(scene)
    for i, area in enumerate(view.areas[p]):
        r = L.areas[i]
        top = r.y + area_band(L) + k(4)
        step = min(k(36), (r.bottom - top) / max(view.params.area_max, len(area)))
        for j, (card, up) in enumerate(area):
            if not up and p != scene.viewer:  # nobody seated (hot seat between players): a back
                card = None
            out.append((i, card, up, pygame.Rect(r.x, round(top + j * step), r.w, round(step - k(2)))))
    return out


def area_band(L: Layout) -> int:
    """The height of an area's coloured head (its name and count), tall enough for its words."""
    return max(L.k(20), ui.font(L.px(12), "bold").get_linesize())


def area_rects(scene: AlicematicScene) -> dict[int, pygame.Rect]:
    """{card: its strip} for the cards the board shows by name."""
    return {card: rect for _i, card, _up, rect in area_slots(scene) if card is not None}


def player_row(scene: AlicematicScene, p: int) -> pygame.Rect:
    L = scene.layout
    return pygame.Rect(L.info.x + L.k(6), L.info.y + L.info_head + p * L.row_h - L.k(2), L.info.w - L.k(12),
                       L.row_h)


def player_row_at(scene: AlicematicScene, pos: Point) -> int | None:
    return next((p for p in range(scene.state.n) if player_row(scene, p).collidepoint(pos)), None)


def hand_rects(scene: AlicematicScene) -> dict[int, pygame.Rect]:
    L, k = scene.layout, scene.layout.k
    if scene.seat.shown_to() is None or scene.looking is not None:
        return {}  # (the pass screen covers the table; another's board: no hand shows)
    hand = scene.view().hand
    box = L.hand
    top = box.y + max(k(22), ui.font(L.px(13), "bold").get_linesize())  # under the "Hand (n)" line
    cols = 2 if len(hand) <= 10 else 3
    rows = max(3, -(-len(hand) // cols))
    cw, step = (box.w - (cols - 1) * k(6)) / cols, (box.bottom - top) / rows
    return {card: pygame.Rect(round(box.x + (i // rows) * (cw + k(6))), round(top + (i % rows) * step),
                              round(cw), round(step - k(3))) for i, card in enumerate(hand)}


def hand_card_at(scene: AlicematicScene, pos: Point) -> int | None:
    return next((c for c, r in hand_rects(scene).items() if r.collidepoint(pos)), None)


def area_card_at(scene: AlicematicScene, pos: Point) -> int | None:
    return next((c for c, r in area_rects(scene).items() if r.collidepoint(pos)), None)


def areas_title(scene: AlicematicScene, player: int) -> str:
    """The board's heading: "Your areas", "Ann's areas"."""
    return _("{whose} areas").format(whose=whose(scene.name_of(player), start=True))


def draw_board(scene: AlicematicScene, surface: pygame.Surface, view: AlicematicView) -> None:
    L, k, px, s = scene.layout, scene.layout.k, scene.layout.px, scene.layout.s
    p = board_player(scene)
    colour = seat_colour(scene, p)
    ui.panel(surface, L.board, (30, 24, 28, 225), colour, radius=k(10), width=max(1, k(2)))
    state = scene.state
    # the heading: whose board, VP, chits, resources, strength, food and DP
    head = L.board_head
    title = areas_title(scene, p)
    r = name_text(surface, title, px(15), (head.x, head.centery), colour, "midleft", "bold", head.w * 0.3)
    x = r.right + k(14)
    stats = ((AREA_COLOURS[RED], state.count(p, RED) + state.bonus(p, fx.STRENGTH), _("strength")),
             (AREA_COLOURS[GREEN], state.count(p, GREEN) + state.bonus(p, fx.FOOD), _("food")),
             (AREA_COLOURS[YELLOW], state.count(p, YELLOW) + state.bonus(p, fx.DP), _("DP")))
    ch = max(k(20), SMALL_CHIP)  # (a number must stay readable in a small window)
    for fill, value, word in stats:
        box = chip(surface, fill, value, (x + ch / 2, head.centery), ch, s)
        said_ = label(surface, word, px(13), (box.right + k(4), head.centery), ui.TEXT, "midleft", width=k(70))
        x = (said_.right if said_ is not None else box.right) + k(12)
    res = label(surface, _("Resources"), px(13), (x + k(4), head.centery), ui.MUTED, "midleft", width=k(90))
    x = (res.right if res is not None else x) + k(8)
    for i, c in enumerate(RESOURCE_COLOURS):
        pygame.draw.circle(surface, AREA_COLOURS[c], (x + ch / 2, head.centery), ch / 2 + 1)
        pygame.draw.circle(surface, ui.INK, (x + ch / 2, head.centery), ch / 2 + 1, 1)
        number(surface, view.resources[p][i], px(12), ch * 0.7, (x + ch / 2, head.centery), ui.INK)
        x += ch + k(5)
    final = projected_scores(scene)[p]
    label(surface, [_("VP {vp} (projected {final}) \u00b7 chits {chits}").format(vp=view.vp[p], final=final,
                                                                               chits=view.supply[p]),
                    _("VP {vp} \u00b7 chits {chits}").format(vp=view.vp[p], chits=view.supply[p]),
                    _("{vp} VP").format(vp=view.vp[p])], px(13),
          (head.right, head.centery), ui.TEXT, "midright", "bold", width=head.right - x - k(8))
    # the five colour areas
    trim = scene.can_act() and state.phase == st.TRIM
    rects = area_slots(scene)
    for i, colour_name in enumerate(COLOURS):
        r = L.areas[i]
        fill = AREA_COLOURS[colour_name]
        area = view.areas[p][i]
        band = pygame.Rect(r.x, r.y, r.w, area_band(L))
        pygame.draw.rect(surface, fill, band, border_radius=k(4))
        most = view.params.area_max
        label(surface, [f"{w.area(colour_name)} {len(area)}/{most}", f"{len(area)}/{most}"],
              px(12), band.center, ink_on(fill), "center", "bold", width=r.w - k(4))
        pygame.draw.rect(surface, darker(fill, 0.5), pygame.Rect(r.x, band.bottom, r.w, r.bottom - band.bottom),
                         1, border_radius=k(4))
        for j, card, up, rect in rects:
            if j != i:
                continue
            if card is None:  # someone else's card face down: only its back
                pygame.draw.rect(surface, (40, 36, 40), rect, border_radius=k(3))
                pygame.draw.rect(surface, darker(fill, 0.7), rect, 1, border_radius=k(3))
                label(surface, _("face down"), px(11), (rect.x + k(9), rect.centery), ui.MUTED, "midleft",
                      width=rect.w - k(12))
                continue
            strip(scene, surface, card, rect, up, lit=trim and len(area) > view.params.area_max)
    # the hand
    box = L.hand
    if p != scene.viewer and scene.viewer is not None:  # another player's board: the hand stays hidden
        label(surface, [_("Hand: {n} cards, hidden").format(n=view.hand_sizes[p]), str(view.hand_sizes[p])],
              px(13), (box.x, box.y), ui.MUTED, style="bold", width=box.w)
        label(surface, _("Click your own row at the side to see your areas again."), px(12),
              (box.x, box.y + k(26)), ui.TEXT, width=box.w)
        return
    hand_title = _("Hand ({n})").format(n=len(view.hand)) if scene.seat.shown_to() is not None else \
        _("Hands are hidden")
    label(surface, hand_title, px(13), (box.x, box.y), ui.MUTED, style="bold", width=box.w)
    lit = {a.card for a in scene.legal() if a.card is not None} if state.phase == st.DOMESTIC else set()
    for card, rect in hand_rects(scene).items():
        strip(scene, surface, card, rect, True, lit=card in lit, power=True)


def card_label(surface: pygame.Surface, name: str, px: float, box: pygame.Rect, ink: ui.Colour,
               style: str) -> None:
    """A card's name in `box` (middle left): one line if it fits at the player's size, else two
    lines at the largest size that takes it whole, else one line without its closing "Alice", shrunk
    down to READABLE and, last, cut short (the tooltip says it all)."""
    narrow = "narrow" if style == "bold" else style
    if box.w <= 0 or ui.font(px, style).size(name)[0] <= box.w:
        ui.text(surface, name, px, (box.x, box.centery), ink, "midleft", style, max_width=max(1, box.w))
        return
    for size in range(min(ui.sized(px), box.h // 2), ui.READABLE - 1, -1):
        for face in (style, narrow):
            f = ui._font(size, face)
            lines = two_lines(name, f, box.w)
            if lines and 2 * f.get_linesize() <= box.h + 2:
                y = box.centery - len(lines) * f.get_linesize() / 2
                for line in lines:
                    surface.blit(ui._render(line, size, ink, face), (box.x, round(y)))
                    ui._note(surface, line, line, pygame.Rect(box.x, round(y), *f.size(line)), box.inflate(2, 2))
                    y += f.get_linesize()
                return
    shrunk_name(surface, short_name(name), px, (box.x, box.centery), ink, "midleft", style, box.w)


def short_name(name: str) -> str:
    """A card's name without its closing "Alice" (every card is one, and its area's colour
    shows which), for a box too small for the whole name: "Lancer" for "Lancer Alice"."""
    for tail in (" Alice", "\u30a2\u30ea\u30b9"):
        if name.endswith(tail) and len(name) > len(tail):
            return name[:-len(tail)].rstrip()
    return name


def shrunk_name(surface: pygame.Surface, name: str, px: float, pos: Point, ink: ui.Colour, anchor: str,
                style: str, width: float) -> pygame.Rect:
    """A name shrunk to fit `width` (down to READABLE, condensed), and only then cut short with
    an ellipsis (the tooltip says it whole)."""
    narrow = "narrow" if style == "bold" else style
    if ui._font(ui.READABLE, narrow).size(name)[0] > width:
        name = ui._fit(name, ui.READABLE, width, narrow)
    return ui.text(surface, name, px, pos, ink, anchor, style, max_width=max(1, width))


def two_lines(name: str, f: pygame.font.Font, width: float) -> list[str] | None:
    """`name` on two lines no wider than `width`: split at a space, or (Japanese) where kana
    meets kanji ("公爵夫人" / "アリス"), the split with the narrower longer line; None if none fits."""
    cuts = [i for i in range(1, len(name)) if name[i - 1] == " "]
    if not cuts and not name.isascii():
        alice = len(name) - len("\u30a2\u30ea\u30b9")  # every card is an アリス: the line ends there first
        if name.endswith("\u30a2\u30ea\u30b9") and max(f.size(name[:alice])[0], f.size(name[alice:])[0]) <= width:
            return [name[:alice], name[alice:]]
        cuts = [i for i in range(1, len(name)) if script(name[i - 1]) != script(name[i])]
    best = None
    for i in cuts:
        lines = [name[:i].rstrip(), name[i:].lstrip()]
        wide = max(f.size(line)[0] for line in lines)
        if wide <= width and (best is None or wide < best[0]):
            best = (wide, lines)
    return best[1] if best else None


def script(c: str) -> str:
    return "katakana" if "\u30a0" <= c <= "\u30ff" else "other"


def strip(scene: AlicematicScene, surface: pygame.Surface, card: int, rect: pygame.Rect, up: bool,
          lit: bool = False, power: bool = False) -> None:
    """A card as a strip: its colour, name and DP (and its power, when there is room)."""
    k, px = scene.layout.k, scene.layout.px
    c = scene.state.cards[card]
    fill = AREA_COLOURS[c.colour]
    body = (62, 54, 56) if up else (40, 36, 40)
    pygame.draw.rect(surface, body, rect, border_radius=k(3))
    pygame.draw.rect(surface, fill, (rect.x, rect.y, max(3, k(6)), rect.h), border_radius=k(2))
    ink = ui.TEXT if up else ui.MUTED
    x = rect.x + max(4, k(9))
    if not up:  # face down: a dark strip with a turned-card mark, the name after it
        x0, y0, a = rect.x + max(4, k(8)), rect.centery, max(3, k(3))
        pygame.draw.polygon(surface, ui.MUTED, [(x0, y0 - a), (x0 + 2 * a, y0 - a), (x0 + a, y0 + a)])
        x = x0 + 2 * a + max(1, k(2))
    dp = chip(surface, AREA_COLOURS[YELLOW], c.dp, (rect.right - k(10), rect.y + min(rect.h, k(22)) / 2),
              max(min(SMALL_CHIP, rect.h), min(k(16), rect.h - 2)), scene.layout.s)
    two = power and rect.h >= ui.font(px(12), "bold").get_linesize() + ui.font(px(10)).get_linesize()
    style = "bold" if up else "regular"
    if two:  # the name on its line (shrunk to fit), the power under it
        shrunk_name(surface, w.card_name(c), px(12), (x, rect.y + k(2)), ink, "topleft", style, dp.x - x - k(3))
    else:  # the name alone: on two lines when one is too narrow for it
        card_label(surface, w.card_name(c), px(12), pygame.Rect(x, rect.y, dp.x - x - k(3), rect.h), ink, style)
    if two:  # (cut short with an ellipsis in a narrow strip: the tooltip says it whole)
        name_text(surface, w.power(c.power), px(10), (rect.x + k(9), rect.bottom - k(1)), ui.MUTED, "bottomleft",
                  "regular", rect.w - k(12))
    if lit:
        pygame.draw.rect(surface, ui.GOOD, rect.inflate(k(2), k(2)), max(1, k(2)), border_radius=k(4))


# --- the side: players and the log ----------------------------------------------------------

def projected_scores(scene: AlicematicScene) -> list[int]:
    """Each player's final score if the game ended now (the engine's final scoring: public
    facts only: face-down cards count for nothing)."""
    return scene.memo("scores", scene.state.scores)


def draw_players(scene: AlicematicScene, surface: pygame.Surface, view: AlicematicView) -> None:
    L, k, px = scene.layout, scene.layout.k, scene.layout.px
    box = L.info
    ui.panel(surface, box, (30, 24, 28, 225), ui.BRASS_DARK, radius=k(8))
    x, wd = box.x + k(10), box.w - k(20)
    label(surface, [_("ALICEMATIC EIKETSUDEN"), _("ALICEMATIC")], px(12), (x, box.y + k(6)), ui.BRASS,
          style="bold", width=wd)
    turn = view.turn
    projected = projected_scores(scene)
    for p in range(view.players):
        cell = pygame.Rect(x, box.y + L.info_head + p * L.row_h, wd, L.row_h - k(4))
        colour = seat_colour(scene, p)
        if p == turn:
            pygame.draw.rect(surface, darker(colour, 0.35), cell.inflate(k(6), k(2)), border_radius=k(5))
        if p == board_player(scene) and scene.looking is not None:  # the board shows this player
            pygame.draw.rect(surface, ui.HILITE, cell.inflate(k(6), k(2)), max(1, k(2)), border_radius=k(5))
        pygame.draw.rect(surface, colour, (cell.x, cell.y + k(2), k(5), cell.h - k(4)))
        vp = label(surface, [_("{vp} VP \u00b7 projected {final}").format(vp=view.vp[p], final=projected[p]),
                             _("{vp} VP ({final})").format(vp=view.vp[p], final=projected[p])],
                   px(14), (cell.right, cell.y + k(2)), ui.TEXT, "topright", "bold", width=cell.w * 0.6) or \
            ui.text(surface, _("{vp} VP").format(vp=view.vp[p]), px(14), (cell.right, cell.y + k(2)), ui.TEXT,
                    "topright", "bold")
        mark = " \u2605" if p == view.parent else ""  # the start player
        line = ui.font(px(14), "bold").get_linesize()
        radius = max(5, line * 0.36)  # their marker, as on the map
        marker(surface, scene, p, (cell.x + k(11) + radius, cell.y + k(2) + line / 2), radius)
        nx = cell.x + k(11) + 2 * radius + k(6)
        name_text(surface, scene.name_of(p) + mark, px(14), (nx, cell.y + k(2)), ui.TEXT,
                  "topleft", "bold", vp.x - nx - k(7))
        y = (vp.bottom + cell.bottom) // 2
        ch = max(k(16), SMALL_CHIP)
        step = ch + max(1, k(3))
        cx = cell.x + k(11) + ch / 2
        badges = []
        for i, c in enumerate(COLOURS):  # cards in each area: face up, and a badge for face down
            rect = pygame.Rect(0, 0, ch, ch)
            rect.center = (round(cx), y)
            pygame.draw.rect(surface, AREA_COLOURS[c], rect, border_radius=max(2, k(3)))
            area = view.areas[p][i]
            up = sum(1 for _card, face_up in area if face_up)
            number(surface, up, px(11), ch * 0.72, rect.center, ink_on(AREA_COLOURS[c]))
            if len(area) > up:  # face-down cards count for the tiles' ties, not for the colour
                badges.append((rect, len(area) - up))
            cx += step
        for rect, down in badges:  # over the chips, so that the next one does not hide them
            badge = pygame.Rect(0, 0, max(8, round(ch * 0.6)), max(8, round(ch * 0.6)))
            badge.center = (rect.right - badge.w // 4, rect.bottom - badge.h // 4)
            pygame.draw.ellipse(surface, (30, 26, 30), badge)
            pygame.draw.ellipse(surface, ui.MUTED, badge, 1)
            number(surface, down, px(9), badge.w * 0.8, badge.center, ui.TEXT)
        cx += k(6)
        for i, c in enumerate(RESOURCE_COLOURS):  # resources
            pygame.draw.circle(surface, AREA_COLOURS[c], (cx, y), ch / 2 + 1)
            number(surface, view.resources[p][i], px(11), ch * 0.7, (cx, y), ui.INK)
            cx += step
        cx -= ch / 2
        label(surface, [_("hand {n} \u00b7 chits {c}").format(n=view.hand_sizes[p], c=view.supply[p]),
                        f"{view.hand_sizes[p]} \u00b7 {view.supply[p]}"], px(11),
              (cell.right, y), ui.MUTED, "midright", width=cell.right - cx)


def draw_log(scene: AlicematicScene, surface: pygame.Surface) -> None:
    L = scene.layout
    if L.log.h >= L.k(30):  # a short window leaves no room for the log
        look.draw_log(scene, surface)

def draw_focus(scene: AlicematicScene, surface: pygame.Surface) -> None:
    """The keyboard's card or button: a thick white frame (its hex is ringed on the map)."""
    focus = scene.focus
    if focus is None or focus[0] == "hex":
        return
    k = scene.layout.k
    rect: pygame.Rect | None
    if focus[0] == "main":
        rect = scene.action_b.rect
    else:
        rect = (hand_rects(scene) if focus[0] == "card" else area_rects(scene)).get(focus[1])
    if rect is None or not rect.w:
        return
    frame = rect.inflate(k(8), k(8))
    pygame.draw.rect(surface, ui.INK, frame.inflate(2, 2), max(3, k(4)) + 2, border_radius=k(6))
    pygame.draw.rect(surface, FOCUS, frame, max(3, k(4)), border_radius=k(6))


def draw_hint(scene: AlicematicScene, surface: pygame.Surface) -> None:
    hint = scene.hints.turns.hint
    if not hint or hint[0] is None or not scene.can_act():
        return
    action, s = hint[0], scene.layout.s
    if action.hex is not None:
        cx, cy = scene.camera.to_screen(action.hex)
        size = scene.camera.size
        pygame.draw.polygon(surface, HINT, corners(cx, cy, size * 0.8), max(2, round(3 * s)))
        hint_tag(surface, pygame.Rect(cx - size, cy - size * 1.6, 2 * size, size), s, at="bottom")
    elif action.card is not None:
        rect = hand_rects(scene).get(action.card) or area_rects(scene).get(action.card)
        if rect is not None:
            pygame.draw.rect(surface, HINT, rect.inflate(4, 4), max(2, round(3 * s)), border_radius=4)
            if action.kind == "hire":
                tag = _("hint: hire into {colour}").format(colour=w.area(action.colour))
            elif action.kind == "summon":
                tag = _("hint: summon")
            else:
                tag = _("hint: discard")
            hint_tag(surface, rect, s, at="above", text=tag)
    elif scene.action_b.rect.w:
        hint_tag(surface, scene.action_b.rect, s, at="above")


def draw_popup(scene: AlicematicScene, surface: pygame.Surface) -> None:
    popup = scene.popup
    if popup is None:
        return
    L, k, px = scene.layout, scene.layout.k, scene.layout.px
    f = ui.font(px(14), "bold")
    width = min(L.beside.w,  # (right of the hexes: a menu never covers the map)
                max([f.size(label)[0] for label, _a in popup.options] + [f.size(popup.title)[0]]) + k(40))
    bh = max(k(34), 22)  # (its words are 0.42 of its height: readable in a small window too)
    title_h = max(k(34), ui.font(px(14), "bold").get_linesize() + k(8))
    # a label too long for the menu's width (right of the hexes) takes two lines
    fs = int(bh * 0.42)
    room = width - k(20) - 8 * L.s
    tall = [ui._font(min(ui.sized(fs), ui.READABLE), "narrow").size(label)[0] > room
            for label, _a in popup.options]
    extra = ui.font(fs, "bold").get_linesize()
    height = title_h + sum(bh + k(6) + extra * t for t in tall) + k(6)
    rect = pygame.Rect(0, 0, width, height)
    rect.midbottom = (popup.at[0], popup.at[1] - k(10))
    if rect.y < L.m:
        rect.midtop = (popup.at[0], popup.at[1] + k(10))
    rect.clamp_ip(L.beside)
    popup.rect = rect
    ui.panel(surface, rect, (34, 26, 26, 248), ui.BRASS, radius=k(10), width=max(1, k(2)))
    ui.text(surface, popup.title, px(14), (rect.centerx, rect.y + k(8)), ui.BRASS, "midtop", "bold",
            max_width=rect.w - k(16))
    y = rect.y + title_h
    for button, two in zip(popup.buttons, tall):
        button.rect = pygame.Rect(rect.x + k(10), y, rect.w - k(20), bh + extra * two)
        if two:  # the button without its words, then its words wrapped over it
            words, button.label = button.label, ""
            button.draw(surface, L.s)
            button.label = words
            lines = ui.paragraph_height(words, fs, room, "bold")
            ui.paragraph(surface, words, fs, pygame.Rect(button.rect.x + 4 * L.s, button.rect.centery - lines // 2 - 1,
                                                         room, lines + 4),
                         ui.TEXT if button.enabled else (120, 112, 104), "bold", anchor="midtop")
        else:
            button.draw(surface, L.s)
        y += button.rect.h + k(6)


# --- the final scoring ----------------------------------------------------------------------

def draw_scoring(scene: AlicematicScene, surface: pygame.Surface) -> None:
    """The final scoring, walked through: one row at a time, then the totals and the winner."""
    L, k, px, s = scene.layout, scene.layout.k, scene.layout.px, scene.layout.s
    W, H = surface.get_size()
    state = scene.state
    scores = final_scores(state)
    n = state.n
    shade = pygame.Surface(L.board.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, L.board.topleft)
    P = scoring_panel(L)  # at the right: the map stays in sight, marked for the row on show
    shown_now = scene.rows_shown()
    if 0 < shown_now <= len(w.SCORE_ROWS):
        mark_row(scene, surface, w.SCORE_ROWS[shown_now - 1][0])
    ui.panel(surface, P, (34, 26, 26, 255), ui.PANEL_EDGE, radius=k(16), width=max(2, k(3)))
    ui.text(surface, _("Final scoring"), px(30), (P.centerx, P.y + k(14)), ui.BRASS, "midtop", "bold",
            max_width=P.w - k(40))
    shown = scene.rows_shown()
    # the row titles as wide as the widest needs (at most a third): the rest for the players
    titles = [_(title) for _field, title, _why in w.SCORE_ROWS] + [_("Total")]
    label_w = min(round(P.w * 0.34), max(ui.font(px(15)).size(t)[0] for t in titles) + k(12))
    col_w = (P.w - label_w - k(50)) / n
    top: float = P.y + k(58)
    rows = len(w.SCORE_ROWS) + 2
    head_h = max(k(40), 2 * ui.font(px(13), "bold").get_linesize())  # a name may take two lines
    row_h = min(k(40), (P.bottom - k(150) - top - head_h) / (rows - 1))
    x0 = P.x + k(24) + label_w
    for p in range(n):
        cx = x0 + (p + 0.5) * col_w
        head_name(surface, scene.name_of(p), px(15), (cx, top), seat_colour(scene, p), col_w - k(4), head_h)
    top += head_h - row_h
    for i, (field, title, _why) in enumerate(w.SCORE_ROWS):
        y = top + (i + 1) * row_h
        if i >= shown:
            break
        current = i == shown - 1 and shown <= len(w.SCORE_ROWS)
        if current:
            pygame.draw.rect(surface, (70, 56, 40), (P.x + k(16), y - k(2), P.w - k(32), row_h - k(2)),
                             border_radius=k(5))
        ui.text(surface, _(title), px(15), (P.x + k(24), y + row_h / 2 - k(2)), ui.TEXT, "midleft",
                max_width=label_w - k(8))
        for p in range(n):
            value = getattr(scores[p], field)
            ui.text(surface, str(value), px(16), (x0 + (p + 0.5) * col_w, y + row_h / 2 - k(2)),
                    ui.TEXT if value else ui.MUTED, "center", "bold")
    y = top + (len(w.SCORE_ROWS) + 1) * row_h
    if shown > len(w.SCORE_ROWS):
        pygame.draw.line(surface, ui.BRASS, (P.x + k(20), y - k(2)), (P.right - k(20), y - k(2)), max(1, k(2)))
        ui.text(surface, _("Total"), px(17), (P.x + k(24), y + row_h / 2), ui.BRASS, "midleft", "bold",
                max_width=label_w - k(8))
        result = state.result()
        for p in range(n):
            ui.text(surface, str(scores[p].total), px(19), (x0 + (p + 0.5) * col_w, y + row_h / 2),
                    ui.HILITE if p in result.winners else ui.TEXT, "center", "bold")
        names = joined([scene.name_of(p) for p in result.winners])
        words = _("{names} win!").format(names=names) if len(result.winners) > 1 else \
            said(names, _("{who} win!"), _("{who} wins!"))
        r = ui.text(surface, words, px(22), (P.centerx, y + row_h + k(10)), ui.HILITE, "midtop", "bold",
                    max_width=P.w - k(40))
        bw, bh = min(k(220), (P.w - k(60)) // 2), k(50)
        draw_standings(scene, surface, pygame.Rect(P.x + k(20), r.bottom + k(8), P.w - k(40),
                                                   P.bottom - bh - k(28) - r.bottom - k(8)))
        if scene.replay:  # the replay's own button goes there (playback.cover)
            scene.scoring_button = pygame.Rect(P.centerx - bw // 2, P.bottom - bh - k(20), bw, bh)
            return
        scene.again_b.rect = pygame.Rect(P.centerx + k(10), P.bottom - bh - k(20), bw, bh)
        scene.title_b.rect = pygame.Rect(P.centerx - k(10) - bw, P.bottom - bh - k(20), bw, bh)
        scene.again_b.draw(surface, s)
        scene.title_b.draw(surface, s)
    else:
        why = w.SCORE_ROWS[max(0, shown - 1)][2]
        ui.paragraph(surface, _(why).format(**scene.state.params.to_json()), px(15), (P.x + k(30), P.bottom - k(110), P.w - k(60), k(60)), ui.MUTED)
        ui.text(surface, _("click or press Enter to see every row"), px(13), (P.centerx, P.bottom - k(30)),
                ui.MUTED, "midtop", max_width=P.w - k(40))


def draw_standings(scene: AlicematicScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    """Under the winner, as the other games' results give them: the places, how a tie was
    settled, and whether help was used (the record counts the game as assisted)."""
    from game.core.commands import helps_words
    L, px = scene.layout, scene.layout.px
    state = scene.state
    lines = [(_(" \u00b7 ").join(w.standings(state, scene.name_of)), ui.TEXT)]
    why = w.tiebreak(state)
    if why:
        lines.append((why, ui.MUTED))
    if scene.session.meta.get("assisted"):
        lines.append((_("ASSISTED: {helps}").format(helps=helps_words(scene.session.meta).upper()), ui.BRASS))
    y = box.y
    for words, colour in lines:
        for line in ui.wrap(words, px(14), box.w) or [words]:
            if y + ui.font(px(14)).get_linesize() > box.bottom:
                return
            y = ui.text(surface, line, px(14), (box.centerx, y), colour, "midtop", max_width=box.w).bottom + L.k(2)


def head_name(surface: pygame.Surface, name: str, px: float, midtop: Point, colour: ui.Colour,
              width: float, height: float) -> None:
    """A player's name over their column: whole on one line if it fits (shrunk down to
    READABLE, condensed), else on two (at a space, or a long word split with a hyphen), and cut
    short only when even that is too wide."""
    if ui._font(ui.READABLE, "narrow").size(name)[0] <= width:  # (ui.text shrinks it that far)
        ui.text(surface, name, px, midtop, colour, "midtop", "bold", max_width=width)
        return
    words = name.split(" ")
    if len(words) > 1:  # at the space nearest the middle
        cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(name) / 2))
        lines = [" ".join(words[:cut]), " ".join(words[cut:])]
    else:
        half = (len(name) + 1) // 2
        hyphen = "-" if name.isascii() else ""
        lines = [name[:half] + hyphen, name[half:]]
    step = height / 2
    for i, line in enumerate(lines):
        shrunk_name(surface, line, px, (midtop[0], midtop[1] + i * step), colour, "midtop", "bold", width)


def scoring_panel(L: Layout) -> pygame.Rect:
    """Right of the hexes: the final board and its breakdown in sight together."""
    return pygame.Rect(L.beside)


def mark_row(scene: AlicematicScene, surface: pygame.Surface, field: str) -> None:
    """The map's part in one row of the final scoring: each tile ringed in its majority's
    colour, the cities and forests held ringed in their holders' colours."""
    state, cam, s = scene.state, scene.camera, scene.layout.s
    board, width = state.board, max(3, round(5 * s))
    clip = surface.get_clip()
    surface.set_clip(scene.layout.field)
    if field == "tiles":
        alices = [state.alices(p) for p in range(state.n)]
        for t in range(len(board.positions)):
            held = [0] * state.n
            for h in board.tile_hexes(t):
                for p in state.holders.get(h, ()):
                    held[p] += 1
            vp = tile_majority(held, alices)
            if max(vp) > 0:
                colour = seat_colour(scene, vp.index(max(vp)))
                for a, b in tile_edges(board, cam, t):
                    pygame.draw.line(surface, colour, a, b, width)
    elif field in ("cities", "forests"):
        kind = CITY if field == "cities" else FOREST
        for h, owners in state.holders.items():
            if board.hexes[h].kind.kind == kind:
                cx, cy = cam.to_screen(h)
                for i, p in enumerate(owners):
                    pygame.draw.polygon(surface, seat_colour(scene, p), corners(cx, cy, cam.size * (1 - 0.16 * i)),
                                        width)
    surface.set_clip(clip)


# --- tooltips -------------------------------------------------------------------------------

def tooltip_at(scene: AlicematicScene, pos: Point) -> str | None:
    card = hand_card_at(scene, pos)
    if card is None:
        card = area_card_at(scene, pos)
    if card is None:
        card = next((c for (_p, c), r in alice_rects(scene).items() if r.collidepoint(pos)), None)
    if card is not None:
        c = scene.state.cards[card]
        text = f"{w.card_name(c)} \u00b7 {w.area(c.colour)} \u00b7 DP {c.dp} \u00b7 {w.power(c.power)}"
        why = scene.summon_why_not(card) if card in scene.view().hand else None
        return text if why is None else _("{card}: {why}").format(card=text, why=why)
    return None
