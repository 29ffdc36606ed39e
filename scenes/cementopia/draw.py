"""Drawing Cementopia: the network, lit spots, hand, counters, HUD, the count-choice popup and the
end screen (where things are: geometry.py). Everything here reads; nothing changes the game.

Two cards in one column that touch (rows y..y+4, then y+5..) overlap by their margins: the lower
one is cut at its first row (its index then shows as a small tag), so no gear is ever covered.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Collection, Iterable, Sequence

import pygame
from pygame.typing import RectLike

from game.cementopia.setup import MAXIMUM, TARGETS, target_reached
from game.cementopia.state import COMPLETE
from game.core.i18n import N_, _, ngettext

from scenes.widgets import ui
from scenes.art.cards import plaque_rect
from scenes.art.metrics import CARD_ASPECT
from scenes.art.shapes import Colour
from scenes.table.look import hint_tag, turned
from scenes.cementopia.geometry import CELL, PITCH, Camera, R, px

if TYPE_CHECKING:
    from game.cementopia.setup import Action
    from scenes.art.cards import CardArt
    from scenes.cementopia.end import CementopiaEndScene
    from scenes.cementopia.table import CementopiaScene

# a count the popup offers: (the action that counts it, the count, the neighbours that have it)
Choice = tuple["Action", int, tuple[int, ...]]

SPOT, HINT = (110, 220, 140), (96, 206, 236)
COUNTER_COLOURS = {1: (232, 120, 96), 2: (96, 178, 236), 3: (140, 214, 110), 4: (236, 190, 80)}
SCORED, UNSCORED, ASSISTED = (255, 214, 102), (150, 146, 140), (226, 150, 72)
# the rulebook's targets (game.cementopia.setup) and the most a network can score, in words
TARGET_WORDS = dict(zip(TARGETS + (MAXIMUM,), (N_("a start"), N_("good"), N_("deserves praise"), N_("the maximum"))))


class Sprites:
    """Card faces at the board's zoom: a few new sizes are rendered per frame; meanwhile the
    nearest size already made is scaled, so zooming never stalls the frame loop."""
    lang = ""  # the language of the faces made (their names)

    def __init__(self, art: CardArt, per_frame: int = 4) -> None:
        self.art, self.per_frame, self.budget = art, per_frame, per_frame
        self._made: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()

    def frame(self, moving: bool = False) -> None:
        self.budget = 0 if moving else self.per_frame  # while the camera glides, scale instead
        from game.core.i18n import language
        if self.lang != language():  # the faces carry names: Settings switched the language
            self._made.clear()
            self.lang = language()

    def doll(self, card: int, w: int) -> pygame.Surface:
        surf = self._made.get((card, w))
        if surf is not None:
            self._made.move_to_end((card, w))
            return surf
        near = [k for k in self._made if k[0] == card]
        if near and self.budget <= 0:
            best = min(near, key=lambda k: abs(k[1] - w))
            return pygame.transform.smoothscale(self._made[best], (w, round(w / CARD_ASPECT)))
        self.budget -= 1
        surf = self._made[(card, w)] = self.art.doll(card, w)
        if len(self._made) > 160:
            self._made.popitem(last=False)
        return surf


# ---------------------------------------------------------------- the network

def draw_grid(surface: pygame.Surface, cam: Camera, board: pygame.Rect, s: float) -> None:
    """The board: alternate columns faintly lighter, a hairline at every cell row (opaque: cheap)."""
    key = (tuple(board), cam.cx, cam.cy, cam.w)
    grid = _GRID.get(key)
    if grid is None:  # (painted again only when the camera or the window moves)
        grid = pygame.Surface(board.size)
        _paint_grid(grid, cam, board)
        _GRID.clear()
        _GRID[key] = grid
    clip = surface.get_clip()
    surface.set_clip(board)
    surface.blit(grid, board.topleft)
    surface.set_clip(clip)
    pygame.draw.rect(surface, ui.BRASS_DARK, board, max(1, R(s, 2)), border_radius=R(s, 10))


_GRID: dict[tuple[Any, ...], pygame.Surface] = {}  # the last board painted: (board, camera) -> its picture


def _paint_grid(grid: pygame.Surface, cam: Camera, board: pygame.Rect) -> None:
    """The board's columns and hairlines on `grid`, whose top left is the board's."""
    dx, dy = board.x, board.y
    grid.fill((22, 28, 26))
    first = int(cam.to_world(board, board.left, 0)[0] // PITCH) - 1
    for x in range(first, int(cam.to_world(board, board.right, 0)[0] // PITCH) + 2):
        left = round(cam.to_screen(board, x * PITCH, 0)[0])
        grid.fill((27, 34, 32) if x % 2 else (25, 31, 29), (left - dx, 0, cam.w, board.h))
    if CELL * cam.w >= 10:
        first = int(cam.to_world(board, 0, board.top)[1] // CELL)
        for r in range(first, int(cam.to_world(board, 0, board.bottom)[1] // CELL) + 2):
            y = round(cam.to_screen(board, 0, r * CELL)[1])
            grid.fill((31, 39, 36), (0, y - dy, board.w, 1))


def index_tag(surface: pygame.Surface, card: int, rect: pygame.Rect, top: int) -> None:
    tag = ui.render(str(card), max(8, round(rect.w * 0.16)), ui.INK, "bold")
    box = tag.get_rect(midtop=(rect.x + round(rect.w * 0.58), top + 2)).inflate(round(rect.w * 0.1), 2)
    pygame.draw.rect(surface, ui.PAPER, box, border_radius=max(2, box.h // 3))
    pygame.draw.rect(surface, ui.BRASS_DARK, box, 1, border_radius=max(2, box.h // 3))
    surface.blit(tag, tag.get_rect(center=box.center))


def draw_network(surface: pygame.Surface, sprites: Sprites, cam: Camera, board: pygame.Rect,
                 placed: Iterable[tuple[int, int, int]], s: float, hidden: Collection[int] = (),
                 badges: dict[int, tuple[str, Colour]] | None = None, lit: dict[int, Colour] | None = None) -> None:
    """The placed cards, upper rows first (a lower card covers the margin above it); a card that
    touches the one above in its column is cut at its first row. Where a card's top covers the
    name plate of the one above (touching, or a row apart), that plate is drawn again over it
    (names stay readable; the plate misses the lower card's gears), a cut card's index under it. Then outlines and badges over every card. badges:
    card -> (text, colour); lit: card -> outline colour."""
    where = {(x, y): card for card, x, y in placed}
    shown = []  # (card, x, y, the part of it on screen)
    for card, x, y in sorted(placed, key=lambda p: (p[2], p[1])):
        rect = cam.card_rect(board, x, y)
        if card in hidden or not rect.colliderect(board):
            continue
        face = sprites.doll(card, cam.w)
        if (x, y - 5) in where:
            cut = cam.band_rect(board, x, y).top
            surface.blit(face, (rect.x, cut), pygame.Rect(0, cut - rect.y, rect.w, rect.bottom - cut))
            rect = pygame.Rect(rect.x, cut, rect.w, rect.bottom - cut)
        else:
            surface.blit(face, rect)
        shown.append((card, x, y, rect))
    for card, x, y, rect in shown:
        for gap in (5, 6):  # touching, or one row apart: this card's top covers that one's plate
            above = where.get((x, y - gap))
            if above is None:
                continue
            upper = cam.card_rect(board, x, y - gap)
            plate = above_plate(upper)
            if above not in hidden:
                surface.blit(sprites.doll(above, cam.w), plate, plate.move(-upper.x, -upper.y))
            if gap == 5:  # its own index was cut off with its top: a tag under the plate
                index_tag(surface, card, rect, max(rect.y, plate.bottom))
    for card, x, y, rect in shown:
        if lit and card in lit:
            pygame.draw.rect(surface, lit[card], rect.inflate(4, 4), max(2, R(s, 3)), border_radius=max(3, cam.w // 14))
        if badges and card in badges:
            band, (text, colour) = cam.band_rect(board, x, y), badges[card]
            r = max(7, round(cam.w * 0.15))
            centre = (band.x + round(cam.w * 0.6), band.centery)
            if colour == ui.BAD:  # over the limit: a square, not a disc, so it tells without colour
                square = pygame.Rect(0, 0, 2 * r, 2 * r)
                square.center = centre
                pygame.draw.rect(surface, ui.INK, square.inflate(2 * max(1, r // 6), 2 * max(1, r // 6)))
                pygame.draw.rect(surface, colour, square)
            else:
                pygame.draw.circle(surface, ui.INK, centre, r + max(1, r // 6))
                pygame.draw.circle(surface, colour, centre, r)
            ui.text(surface, text, round(r * 1.3), centre, ui.INK, "center", "bold")


def above_plate(rect: pygame.Rect) -> pygame.Rect:
    """The name plate of the card drawn at `rect`, with its ink rim."""
    plate = plaque_rect(rect.w, rect.h)
    rim = max(2, round(rect.w * 0.02))
    return plate.move(rect.topleft).inflate(2 * rim, 2 * rim).clip(rect)


def chip_row(surface: pygame.Surface, centre: tuple[int, int], counts: Sequence[int], size: int) -> None:
    """Connection counts as coloured discs (one per counter this spot can pay)."""
    r = size // 2 + 2
    x = centre[0] - (len(counts) * (2 * r + 3) - 3) // 2 + r
    for c in counts:
        pygame.draw.circle(surface, ui.INK, (x, centre[1]), r + 2)
        pygame.draw.circle(surface, COUNTER_COLOURS[c], (x, centre[1]), r)
        ui.text(surface, str(c), size, (x, centre[1]), ui.INK, "center", "bold")
        x += 2 * r + 3


def draw_spots(surface: pygame.Surface, scene: CementopiaScene, board: pygame.Rect, s: float) -> None:
    """Lit spots for the chosen card: each outlined with the connection counts it can pay; the
    spot under the cursor (or the keyboard's) shows the card itself."""
    card, cam, focus = scene.active_card(), scene.cam, scene.focus_spot()
    spots = scene.spots_for(card) if card is not None else {}
    for spot in spots:
        band = cam.band_rect(board, *spot)
        if spot != focus and band.colliderect(board):
            layer = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, SPOT + (34,), layer.get_rect(), border_radius=max(3, cam.w // 14))
            pygame.draw.rect(layer, SPOT + (150,), layer.get_rect(), max(1, R(s, 2)), border_radius=max(3, cam.w // 14))
            surface.blit(layer, band)
    for spot, options in spots.items():
        band = cam.band_rect(board, *spot)
        chip_row(surface, band.center, sorted({c for _, c in options}), max(10, min(px(16, s), band.h // 4)))
    if card is not None and focus in spots:  # (no card: no spots)
        rect = cam.card_rect(board, *focus)
        face = scene.sprites.doll(card, cam.w).copy()
        face.set_alpha(225)
        surface.blit(face, rect)
        pygame.draw.rect(surface, ui.HILITE, rect.inflate(6, 6), max(2, R(s, 3)), border_radius=rect.w // 12)
        chip_row(surface, cam.band_rect(board, *focus).center, sorted({c for _, c in spots[focus]}),
                 max(12, min(px(20, s), rect.h // 6)))


def draw_hint(surface: pygame.Surface, scene: CementopiaScene, board: pygame.Rect, s: float) -> None:
    hint, cam = scene.hint_action(), scene.cam
    if hint is None:
        return
    band = cam.band_rect(board, hint.x, hint.y)
    if scene.active_card() is None:  # the hinted card, faintly, where the hint would put it
        blit_centred(surface, scene.sprites.doll(hint.card, cam.w), cam.card_rect(board, hint.x, hint.y), 140)
    pygame.draw.rect(surface, HINT, band.inflate(8, 8), max(2, R(s, 4)), border_radius=band.w // 10)
    where = scene.state.position(hint.count_with)
    if where is not None:
        other = cam.band_rect(board, *where)
        pygame.draw.rect(surface, HINT, other.inflate(4, 4), max(1, R(s, 2)), border_radius=other.w // 12)
    hint_tag(surface, band, s, _("hint: {card} \u00b7 pays counter {counter}").format(
        card=hint.card, counter=scene.hint_counter()),
             board.inflate(-R(s, 8), -R(s, 8)), at="above")


# ---------------------------------------------------------------- hand, deck, counters, HUD

def blit_centred(surface: pygame.Surface, face: pygame.Surface, rect: RectLike, alpha: int = 255) -> None:
    if alpha < 255:
        face = face.copy()
        face.set_alpha(alpha)
    surface.blit(face, face.get_rect(center=pygame.Rect(rect).center))


def draw_hand(surface: pygame.Surface, scene: CementopiaScene) -> None:
    lay, s, art, state = scene.lay, scene.lay.s, scene.app.art, scene.state
    ui.panel(surface, lay.hand, (30, 24, 28), ui.BRASS_DARK, radius=R(s, 10))
    deck, step = lay.deck, max(1, R(s, 2))
    for k in range(min(3, state.deck_count)):
        surface.blit(art.back(deck.w), deck.move(-k * step, -k * step))
    ui.text(surface, _("deck {n}").format(n=state.deck_count), px(14, s), (deck.centerx, deck.bottom + R(s, 6)), ui.TEXT,
            "midtop", "bold", max_width=deck.w + 20 * s)
    hint, hidden = scene.hint_action(), scene.hidden()
    for card in state.hand:
        if ("hand", card) in hidden:
            continue
        rect, playable = scene.hand_rect(card), bool(scene.spots_for(card)) or state.is_over()
        if scene.drag is not None and scene.drag.card == card and scene.drag.moved:
            blit_centred(surface, art.doll(card, lay.hand_w), rect, 70)
            continue
        blit_centred(surface, art.doll(card, lay.hand_w), rect, 255 if playable else 130)
        ring = ui.HILITE if card == scene.selected else (HINT if hint is not None and hint.card == card else None)
        if ring:
            pygame.draw.rect(surface, ring, rect.inflate(8, 8), max(2, R(s, 4)), border_radius=R(s, 9))
        if not playable:  # across the faded figure, on a backing: the name plate stays readable
            text, size, room = _("fits nowhere"), ui.sized(px(12, s)), rect.w - R(s, 10)
            while " " not in text and size > ui.READABLE and ui._font(size, "bold").size(text)[0] > room:
                size -= 1  # words without spaces (Japanese): smaller rather than broken
            words = ui.wrap_sized(text, size, room, "bold")  # a narrow card: two lines
            lines = [ui._render(w, size, ui.BAD, "bold") for w in words]
            box = pygame.Rect(0, 0, max(t.get_width() for t in lines), sum(t.get_height() for t in lines))
            box = box.inflate(R(s, 8), R(s, 4))
            box.center = rect.center
            ui.panel(surface, box, (24, 19, 22, 235), ui.BAD, radius=R(s, 5), width=1)
            y = box.y + R(s, 2)
            for t in lines:
                surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
                y += t.get_height()


def counter_width(slot: pygame.Rect) -> int:
    """The counter card's width in its side-panel slot."""
    return round(slot.h * 0.9 * CARD_ASPECT)


def counter_face(art: CardArt, order: int, shown: float, w: int) -> pygame.Surface:
    """Counter `order` showing `shown` uses: that many icons at the lower right, a quarter turn
    counter-clockwise per use spent, flipping face down at 0 (squashed through the edge)."""
    if shown >= 1:
        return turned(art.counter(order, w), round(-90 * (shown - 1), 1))
    face, squash = (art.counter(order, w), (shown - 0.5) * 2) if shown >= 0.5 else (art.counter_back(w), (0.5 - shown) * 2)
    if squash < 1.0:
        face = pygame.transform.smoothscale(face, (max(1, round(face.get_width() * squash)), face.get_height()))
    return face


def draw_side(surface: pygame.Surface, scene: CementopiaScene) -> None:
    lay, s, state = scene.lay, scene.lay.s, scene.state
    ui.panel(surface, lay.side, (30, 24, 28), ui.BRASS_DARK, radius=R(s, 10))
    ui.text(surface, _("COUNTERS"), px(13, s), (lay.side.x + R(s, 12), lay.side.y + R(s, 8)), ui.MUTED, style="bold")
    paying = scene.preview()[0]
    hinted = scene.hint_counter() if scene.hint_action() is not None else None
    for i, slot in enumerate(lay.counters):
        order, uses = i + 1, state.counters[i]
        lit = paying == order
        edge = ui.HILITE if lit else (HINT if hinted == order else (70, 58, 48))
        ui.panel(surface, slot, (70, 58, 30, 220) if lit else (16, 14, 16, 150), edge,
                 radius=R(s, 8), width=max(1, R(s, 3 if lit or hinted == order else 1)))
        face = counter_face(scene.app.art, order, scene.dials[i].value, counter_width(slot))
        surface.blit(face, face.get_rect(center=slot.center))
        disc = pygame.Rect(slot.x + R(s, 3), slot.y + R(s, 3), R(s, 24), R(s, 24))
        pygame.draw.ellipse(surface, ui.INK, disc.inflate(2, 2))
        pygame.draw.ellipse(surface, COUNTER_COLOURS[order], disc)
        ui.text(surface, str(order), px(15, s), disc.center, ui.INK, "center", "bold")
        r = ui.text(surface, _("{n} left").format(n=uses) if uses else _("spent"), px(15, s), (slot.x + R(s, 4), slot.bottom + R(s, 2)),
                    ui.TEXT if uses else ui.MUTED, style="bold", max_width=slot.w * 0.55)
        # the pairs it pays for beside it, shrunk to the room left (a larger text size too); only
        # where not even the smallest readable size fits (the smallest window) the disc's number
        # says it alone
        pairs = ngettext("{n} pair", "{n} pairs", order).format(n=order)
        room = slot.right - R(s, 2) - r.right - R(s, 6)
        if ui.text_width(pairs, ui.READABLE) <= room:
            ui.text(surface, pairs, px(12, s), (slot.right - R(s, 2), r.centery), ui.MUTED, "midright",
                    max_width=room)
    scene.score_rows = draw_score_table(surface, state.breakdown(), state.score(), lay.table, s)


def draw_score_table(surface: pygame.Surface, rows: list[dict[str, Any]], score: int, box: pygame.Rect, s: float,
                     highlight: int | None = None, title: str = N_("SCORE NOW")) -> list[tuple[int, pygame.Rect]]:
    """Per adjacency value: cards / limit and the points, with the total. Returns the row rects."""
    if box.h < 40 * s:
        return []
    # rows as tall as their font; where the box is too short (640x360, large text) the rows
    # shrink, never under ui.READABLE, and then the headings give way before rows overlap; the
    # title last (Japanese faces are taller: the HUD shows the score too)
    least = ui._font(ui.READABLE, "bold").get_height()
    if box.h - ui.font(px(13, s), "bold").get_height() - R(s, 6) >= 4 * least:
        r = ui.text(surface, _(title), px(13, s), (box.x + 2, box.y), ui.MUTED, style="bold", max_width=box.w * 0.7)
        ui.text(surface, f"{score}", px(24, s), (box.right - 2, r.top - R(s, 4)), ui.HILITE, "topright", "title")
        y = r.bottom + R(s, 6)
    else:
        y = box.y
    head = max(R(s, 16), ui.font(px(11, s)).get_linesize())
    if box.bottom - y - head < 4 * least:
        head = least if box.bottom - y - least >= 4 * least else 0
    line = max(ui.font(px(15, s), "bold").get_height(), min(R(s, 26), max(R(s, 18), (box.bottom - y - head) // 4)))
    if y + head + 4 * line > box.bottom:  # a face's line holds room above and below its digits
        line = max(least * 9 // 10, min(least, (box.bottom - y - head) // 4))
    heads = ((_("neighbours"), _("cards / limit"), _("points")) if box.w > 180 * max(1, s)
             else (_("adj."), _("cards"), _("pts")))
    for text, fx, anchor in zip(heads if head else (), (0, 0.42, 1), ("topleft", "topleft", "topright")):
        ui.text(surface, text, px(11, s), (box.x + box.w * fx, y), ui.MUTED, anchor, max_width=box.w * 0.38,
                max_height=head)
    y += head
    rects = []
    for row in rows:
        over = row["cards"] > row["limit"]
        colour = ui.BAD if over else (ui.TEXT if row["cards"] else ui.MUTED)
        rects.append((row["adjacency"], pygame.Rect(box.x, y - 1, box.w, line)))
        if highlight == row["adjacency"]:
            pygame.draw.rect(surface, (80, 66, 40), rects[-1][1], border_radius=R(s, 4))
        pts = f"+{row['points']}" if row["points"] else (_("0: over") if over else "0")
        if over and ui.font(px(15, s), "bold").size(pts)[0] > box.w * 0.3:
            pts = _("over")  # a small window or large text
        for text, fx, col, anchor in ((str(row["adjacency"]), 0.06, colour, "topleft"),
                                      (f"{row['cards']} / {row['limit']}", 0.42, colour, "topleft"),
                                      (pts, 1, ui.GOOD if row["points"] else colour, "topright")):
            ui.text(surface, text, px(15, s), (box.x + box.w * fx, y), col, anchor, "bold", max_width=box.w * 0.3,
                    max_height=line)
        y += line
    return rects


def draw_hud(surface: pygame.Surface, scene: CementopiaScene) -> None:
    lay, s, state = scene.lay, scene.lay.s, scene.state
    hud = lay.hud
    ui.panel(surface, hud, (30, 24, 28), ui.BRASS_DARK, radius=R(s, 8))
    r = ui.text(surface, _("Cementopia"), px(22, s), (hud.x + R(s, 12), hud.centery), ui.HILITE, "midleft", "title")
    r = ui.text(surface, scene.deal_label(), px(15, s), (r.right + R(s, 14), hud.centery), ui.TEXT, "midleft", "bold",
                max_width=hud.w * 0.24)
    x = hud.right - R(s, 12)
    items: list[tuple[str, Colour | None]] = [(_("ASSISTED"), None)] if scene.assisted else []
    items += [(scene.best_text(), ui.MUTED), (_("Score {score}").format(score=state.score()), ui.HILITE),
              (_("Deck {n}").format(n=state.deck_count), ui.TEXT),
              (_("Placed {n}/16").format(n=len(state.placed)), ui.TEXT)]
    for text, colour in items:
        surf = ui.render(text, px(13 if colour is None else 16, s), colour or ui.INK, "bold")
        box = surf.get_rect(midright=(x, hud.centery)).inflate(R(s, 12), R(s, 6)) if colour is None else surf.get_rect(
            midright=(x, hud.centery))
        box.right = x
        if box.left < r.right + R(s, 16):
            break
        if colour is None:
            pygame.draw.rect(surface, ASSISTED, box, border_radius=R(s, 5))
        surface.blit(surf, surf.get_rect(center=box.center))
        x = box.left - R(s, 22)


def prompt_plan(scene: CementopiaScene, box: pygame.Rect, s: float) -> list[PromptLine]:
    """How the hand panel's instructions fit `box`: [(line, colour, font size, style, y), ...].
    Every sentence whole: at the player's text size, else smaller (never under ui.READABLE), else
    in fewer words; a sentence that still does not fit is left off whole, never cut."""
    plan: list[tuple[str, ui.Colour, int, str, int, int]] = []  # a prompt line and its sentence
    for short in (False, True):
        lines = scene.prompt_lines(short) if box.w > 40 * s else []
        for shrink in range(0, 8):
            plan, y = [], 0
            for i, (text, colour, size) in enumerate(lines):
                style = "bold" if i == 0 else "regular"
                real = max(ui.READABLE, ui.sized(px(size, s)) - shrink)
                f = ui._font(real, style)
                for part in ui.wrap_sized(text, real, box.w, style):
                    plan.append((part, colour, real, style, y, i))
                    y += f.get_linesize() + 1
                y += R(s, 5)
            if y - R(s, 5) - 1 <= box.h:
                return [p[:5] for p in plan]
            if all(p[2] <= ui.READABLE for p in plan):
                break
    cut = min([p[5] for p in plan if p[4] + ui._font(p[2], p[3]).get_linesize() > box.h], default=len(plan))
    return [p[:5] for p in plan if p[5] < max(1, cut)]


def draw_prompt(surface: pygame.Surface, scene: CementopiaScene) -> None:
    box, s = scene.lay.prompt, scene.lay.s
    if scene.coach is not None:
        return  # a lesson's coach panel sits here and says what to do
    for part, colour, size, style, y in prompt_plan(scene, box, s):
        surface.blit(ui._render(part, size, colour, style), (box.x, box.y + y))


# a line of the hand panel's instructions: (words, colour, font size, style, y)
PromptLine = tuple[str, ui.Colour, int, str, int]
POPUP_NOTE = N_("Each pays the counter with that many facing pairs.")


class Popup:
    """Which neighbour to count: one button per counter the spot can pay (keys 1-4), and Cancel."""

    def __init__(self, scene: CementopiaScene, card: int, x: int, y: int, choices: list[Choice]) -> None:
        self.card, self.x, self.y, self.choices = card, x, y, choices
        buttons = [ui.Button("", lambda a=action: scene.play(a)) for action, _count, _names in choices]
        self.ring = ui.FocusRing(buttons + [ui.Button("", lambda: setattr(scene, "popup", None))])
        self.ring.move(1)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.title, self.top = "", 0
        self.title_lines: list[str] = []
        self.note_lines: list[str] = []
        self.words()

    def layout(self, scene: CementopiaScene) -> None:
        """Beside the spot; as tall as its words (wrapped, at the player's text size) and buttons."""
        self.words()
        s, board = scene.lay.s, scene.lay.board
        w, gap, n = min(board.w - round(20 * s), round(400 * s)), round(8 * s), len(self.ring.widgets)
        title_f, note_f = ui.font(px(17, s), "bold"), ui.font(px(12, s))
        self.title_lines = ui.wrap_sized(self.title, ui.sized(px(17, s)), w - R(s, 20), "bold")
        self.note_lines = ui.wrap_sized(_(POPUP_NOTE), ui.sized(px(12, s)), w - R(s, 20))
        self.top = (R(s, 12) + len(self.title_lines) * title_f.get_linesize() + R(s, 4)
                    + len(self.note_lines) * note_f.get_linesize() + R(s, 10))
        bh = max(round(40 * s), ui.font(round(40 * s * 0.42), "bold").get_height() + R(s, 6))
        h = min(board.h - R(s, 10), self.top + n * (bh + gap) + R(s, 6))
        spot, g, inner = scene.cam.card_rect(board, self.x, self.y), R(s, 14), board.inflate(-R(s, 10), -R(s, 10))
        keep = [spot] + [scene.cam.card_rect(board, *where) for _action, _count, names in self.choices
                         for n in names if (where := scene.state.position(n)) is not None]
        around = [(spot.right + g, spot.centery - h // 2), (spot.left - g - w, spot.centery - h // 2),
                  (spot.centerx - w // 2, spot.bottom + g), (spot.centerx - w // 2, spot.top - g - h)]
        # beside the spot, covering as little as possible of it and of the neighbours on offer
        self.rect = min((pygame.Rect(p, (w, h)).clamp(inner) for p in around),
                        key=lambda r: sum(r.clip(k).w * r.clip(k).h for k in keep))
        for i, b in enumerate(self.ring.widgets):
            b.rect = pygame.Rect(self.rect.x + round(14 * s), self.rect.y + self.top + i * (bh + gap),
                                 self.rect.w - round(28 * s), bh)

    def words(self) -> None:
        """The title and the buttons' words in the language now (Settings may switch it)."""
        self.title = _("Card {card}: which neighbour do you count?").format(card=self.card)
        for i, (button, (_action, count, names)) in enumerate(zip(self.ring.widgets, self.choices)):
            cards = str(names[-1])
            for other in reversed(names[:-1]):
                cards = _("{card} or {more}").format(card=other, more=cards)
            button.label = ngettext("{key}   Count with {cards} ({count} pair)", "{key}   Count with {cards} ({count} pairs)",
                                    count).format(key=i + 1, cards=cards, count=count)
        self.ring.widgets[-1].label = _("Cancel (Esc)")

    def choice(self) -> Choice | None:
        """The choice under the keyboard focus or the mouse (its neighbours are lit)."""
        i = self.ring.index
        return self.choices[i] if 0 <= i < len(self.choices) else None


def draw_popup(surface: pygame.Surface, pop: Popup, s: float) -> None:
    ui.panel(surface, pop.rect, (34, 26, 26, 245), ui.HILITE, radius=R(s, 12), width=max(2, R(s, 3)))
    y = pop.rect.y + R(s, 12)
    for lines, size, colour, style in ((pop.title_lines, px(17, s), ui.HILITE, "bold"),
                                       (pop.note_lines, px(12, s), ui.MUTED, "regular")):
        for line in lines:
            y = ui.text(surface, line, size, (pop.rect.centerx, y), colour, "midtop", style,
                        max_width=pop.rect.w - 20 * s).y + ui.font(size, style).get_linesize()
        y += R(s, 4)
    for button in pop.ring.widgets:
        button.draw(surface, s)


def draw_table(scene: CementopiaScene, surface: pygame.Surface) -> None:
    scene.sprites.frame(scene.cam.goal is not None)
    lay, s, board, art = scene.lay, scene.lay.s, scene.lay.board, scene.app.art
    surface.blit(art.table(surface.get_size()), (0, 0))
    draw_grid(surface, scene.cam, board, s)
    clip = surface.get_clip()
    surface.set_clip(board.inflate(-2, -2))
    choice = scene.popup.choice() if scene.popup is not None else None
    lit = {n: ui.HILITE for n in choice[2]} if choice else {}
    hidden = {k[1] for k in scene.hidden() if k[0] == "board"}
    draw_network(surface, scene.sprites, scene.cam, board, scene.state.placed, s, hidden, lit=lit)
    draw_hint(surface, scene, board, s)
    draw_spots(surface, scene, board, s)
    surface.set_clip(clip)
    draw_hud(surface, scene)
    draw_side(surface, scene)
    for button in scene.buttons:
        button.draw(surface, s)
    draw_hand(surface, scene)
    draw_prompt(surface, scene)
    for f in scene.motion.in_air():
        r = f.rect()
        blit_centred(surface, scene.sprites.doll(f.card, max(8, round(r[2]))), r)
    drag = scene.drag
    if drag is not None and drag.moved and scene.hover is None:  # over a spot it shows there instead
        x, y, cw = drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1], lay.hand_w
        shadow = pygame.Surface((cw, round(cw / CARD_ASPECT)), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=R(s, 8))
        surface.blit(shadow, (round(x + 6 * s), round(y + 8 * s)))
        surface.blit(art.doll(drag.card, cw), (round(x), round(y)))
    if scene.popup is not None:
        scene.popup.layout(scene)
        draw_popup(surface, scene.popup, s)


# ---------------------------------------------------------------- the end screen

KEY = N_("Badge: the card's side-by-side neighbours. Gold disc: scored; red square: over the limit.")


def draw_key(surface: pygame.Surface, board: pygame.Rect, s: float) -> None:
    """The badges' key along the board's foot, wrapped onto more lines rather than cut."""
    w = board.w - R(s, 20)
    lines = ui.wrap(_(KEY), px(13, s), w)
    y = board.bottom - R(s, 8) - len(lines) * ui.font(px(13, s)).get_linesize()
    for line in lines:
        y = ui.text(surface, line, px(13, s), (board.x + R(s, 10), y), ui.MUTED, max_width=w).bottom


def draw_end(scene: CementopiaEndScene, surface: pygame.Surface) -> None:
    s, st, P, b = scene.s, scene.state, scene.panel, scene.banner
    surface.blit(scene.app.art.table(surface.get_size()), (0, 0))
    ui.panel(surface, b, (30, 24, 28), ui.BRASS, radius=R(s, 10))
    done = st.outcome == COMPLETE
    reached = target_reached(st.score(), done)
    r = ui.text(surface, scene.headline(), px(32, s), (b.x + R(s, 16), b.centery),
                ui.HILITE if reached else (ui.TEXT if done else ui.BAD), "midleft", "title", max_width=b.w * 0.6)
    deal = scene.deal_label
    if scene.assisted:
        deal = _("{deal}  \u2022  assisted ({help})").format(deal=deal, help=scene.help_used.lower())
    ui.text(surface, deal, px(16, s),
            (b.right - R(s, 16), b.centery), ui.TEXT, "midright", "bold", max_width=b.right - r.right - 40 * s)
    draw_grid(surface, scene.cam, scene.board, s)
    adj, rows = st.adjacency(), st.breakdown()
    badges = {}
    for card, v in adj.items():
        row = rows[v - 1] if v else {"points": 0, "cards": 0, "limit": 0}
        badges[card] = (str(v), SCORED if row["points"] else (ui.BAD if row["cards"] > row["limit"] else UNSCORED))
    clip = surface.get_clip()
    surface.set_clip(scene.board.inflate(-2, -2))
    draw_network(surface, scene.sprites, scene.cam, scene.board, st.placed, s, badges=badges,
                 lit={c: ui.HILITE for c, v in adj.items() if v == scene.hover_row})
    surface.set_clip(clip)
    draw_key(surface, scene.board, s)
    ui.panel(surface, P, (30, 24, 28), ui.BRASS_DARK, radius=R(s, 10))
    x, w, score = P.x + R(s, 16), P.w - R(s, 32), st.score()
    r = ui.text(surface, str(score), px(64, s), (x, P.y + R(s, 6)), ui.HILITE, style="title")
    ui.text(surface, ngettext("point", "points", score) if done else
            ngettext("point (for information)", "points (for information)", score), px(18, s), (r.right + R(s, 12),
            r.bottom - R(s, 14)), ui.TEXT, "bottomleft", "bold", max_width=P.right - r.right - 30 * s)
    y = r.bottom + R(s, 6)
    heading = ui.text(surface, _("The rulebook's targets"), px(13, s), (x, y), ui.MUTED, style="bold", max_width=w)
    y = max(y + R(s, 20), heading.bottom + R(s, 2))
    cw = (w - 3 * R(s, 6)) // 4
    # tall enough for the number over its word at the player's text size
    bh = max(R(s, 48), ui.font(px(20, s), "bold").get_height() + ui.font(px(10, s)).get_height() + R(s, 6))
    for i, t in enumerate(TARGET_WORDS):
        box, hit = pygame.Rect(x + i * (cw + R(s, 6)), y, cw, bh), done and score >= t
        ui.panel(surface, box, (226, 184, 92) if t == reached else ((96, 80, 50) if hit else (44, 38, 40)),
                 ui.HILITE if t == reached else ui.BRASS_DARK, radius=R(s, 6), width=max(1, R(s, 3 if t == reached else 1)))
        ink = ui.INK if t == reached else (ui.TEXT if hit else ui.MUTED)
        ui.text(surface, str(t), px(20, s), (box.centerx, box.y + R(s, 3)), ink, "midtop", "bold")
        word = _(TARGET_WORDS[t])
        if ui.font(8).size(word)[0] <= box.w - 4:  # ui.text shrinks it down to 8 px
            ui.text(surface, word, px(10, s), (box.centerx, box.bottom - R(s, 3)), ink, "midbottom",
                    max_width=box.w - 4)
    rows_h = ui.font(px(13, s), "bold").get_height() + R(s, 6) + max(R(s, 16), ui.font(px(11, s)).get_linesize()) \
        + 4 * max(R(s, 18), ui.font(px(15, s), "bold").get_height())
    table = pygame.Rect(x, y + bh + R(s, 10), w, max(R(s, 150), rows_h + R(s, 4)))
    scene.row_rects = draw_score_table(surface, rows, score, table, s, scene.hover_row, N_("SCORING"))
    y = table.bottom + R(s, 8)
    step = ui.font(px(15, s), "bold").get_linesize() + R(s, 2)
    for text, colour in scene.best_lines():  # whole sentences, above the buttons; one too long waits
        parts = ui.wrap(text, px(15, s), w, "bold")
        if y + len(parts) * step > scene.again_b.rect.y - R(s, 6):
            break
        for part in parts:
            ui.text(surface, part, px(15, s), (x, y), colour, style="bold", max_width=w)
            y += step
    scene.ring.draw(surface, s)
