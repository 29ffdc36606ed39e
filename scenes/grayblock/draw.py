"""Drawing the Grayblock table: the layout, the seats around the table, the row with its two
ends, the hand, the side column and the overlays (hand result, scoreboard; the pass screen is
every table's: scenes/table/hotseat.py).
Everything here reads the scene and the state; nothing changes the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pygame
from pygame.typing import Point, RectLike

from game.grayblock.setup import LEFT, RIGHT
from game.grayblock.state import BLOCK, OUT, HandResult, explain_hand
from game.core.commands import helps_words
from game.core.i18n import N_, _, ngettext
from game.core.words import said, whose

from scenes.widgets import ui
from scenes.art.metrics import CARD_ASPECT, STRIP
from scenes.art.shapes import Colour
from scenes.table import rules_badge
from scenes.table.look import HINT, draw_log, glow, hint_tag, seat_colour
from scenes.grayblock.geometry import end_zone
from scenes.widgets.decor import dim, heading, ornament
from scenes.menus.setup import LEVEL_NAMES, kind_label

if TYPE_CHECKING:
    from scenes.grayblock.geometry import Layout
    from scenes.grayblock.table import GrayblockScene

# a bot's tag while it thinks, one frame after another
THINKING = (N_("thinking."), N_("thinking.."), N_("thinking..."))
ROW_FELT = (18, 34, 36, 170)
DARK = (20, 16, 18, 235)


def name_text(surface: pygame.Surface, string: str, size: int, pos: Point, colour: ui.Colour,
              anchor: str = "topleft", style: str = "bold", width: float = 100.0,
              height: float | None = None) -> pygame.Rect:
    """Text cut short with an ellipsis (rather than shrunk) when it is wider than `width`."""
    while ui.font(size, style).size(string)[0] > width and len(string) > 1:
        string = string[:-2] + "\u2026"
    return ui.text(surface, string, size, pos, colour, anchor, style, max_width=width, max_height=height)


def fitting(labels: list[str], px: float, width: float, style: str = "regular") -> str:
    """The first of `labels` that ui.text draws whole within `width` (it shrinks text down to
    READABLE before it cuts), else the last."""
    size = min(ui.sized(px), ui.READABLE)
    for label in labels:
        if ui._font(size, style).size(label)[0] <= width:
            return label
    return labels[-1]


def pill(surface: pygame.Surface, message: str, size: int, s: float, fill: ui.Colour = DARK,
         edge: ui.Colour = ui.BRASS, ink: ui.Colour = ui.TEXT, bounds: pygame.Rect | None = None,
         pad: tuple[float, float] = (12, 4), **where: Any) -> pygame.Rect:
    """A label in a rounded box placed by one keyword (center=..., midtop=...), kept in bounds."""
    tag = ui.render(message, size, ink, "bold")
    box = tag.get_rect(**where).inflate(round(pad[0] * s), round(pad[1] * s))
    if bounds is not None:
        box.clamp_ip(bounds)
    ui.panel(surface, box, fill, edge, radius=min(box.h // 2, round(8 * s)), width=max(1, round(s)))
    surface.blit(tag, tag.get_rect(center=box.center))
    return box


def darker(colour: Sequence[int], f: float) -> tuple[int, ...]:
    return tuple(int(c * f) for c in colour[:3])


def outline(surface: pygame.Surface, rect: RectLike, colour: ui.Colour, s: float, width: float = 3) -> None:
    pygame.draw.rect(surface, colour, pygame.Rect(rect).inflate(round(6 * s), round(6 * s)),
                     max(1, round(width * s)), border_radius=round(8 * s))


def face(scene: GrayblockScene, card: int, w: float, back: bool = False) -> pygame.Surface:
    """A card `w` wide, scaled from one rendering per card at the layout's base width: the
    procedural art costs ~10 ms per card and width, too much for widths that change."""
    key = (-1 if back else card, max(4, round(w)))
    surf = scene.faces.get(key)
    if surf is None:
        base = scene.layout.base_w
        src = scene.app.art.back(base) if back else scene.app.art.doll(card, base)
        size = (key[1], round(key[1] / CARD_ASPECT))
        surf = src if key[1] == base else pygame.transform.smoothscale(src, size)
        if len(scene.faces) > 300:
            scene.faces.clear()
        scene.faces[key] = surf
    return surf


def blit_card(scene: GrayblockScene, surface: pygame.Surface, card: int, rect: pygame.Rect | Sequence[float],
              alpha: int = 255, back: bool = False) -> pygame.Rect:
    img = face(scene, card, rect[2], back)
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    return surface.blit(img, img.get_rect(center=(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)))


# --- the table --------------------------------------------------------------------------------

def draw_table(scene: GrayblockScene, surface: pygame.Surface) -> None:
    L = scene.layout
    surface.blit(scene.app.art.table(surface.get_size()), (0, 0))
    for p in L.seats:
        draw_seat(scene, surface, p)
    draw_row(scene, surface)
    draw_hand(scene, surface)
    draw_info(scene, surface)
    draw_log(scene, surface)
    for button in scene.buttons:
        button.draw(surface, L.s)
    if scene.pass_b.rect.w:
        scene.pass_b.draw(surface, L.s)
        hint = scene.hint_action()
        if hint is not None and hint.card is None:
            glow(surface, scene.pass_b.rect, HINT, L.s, width=4)
            hint_tag(surface, scene.pass_b.rect, L.s, at="above")  # (inside, it would hide "Pass")
    for flight in scene.motion.in_air():
        blit_card(scene, surface, flight.card, flight.rect())
    draw_drag(scene, surface)
    draw_drop_tag(scene, surface)
    for p, (message, until) in scene.bubbles.items():  # a pass, said over the player's cards
        if until > scene.app.clock_s:
            at = L.fans[p].center if p in L.seats else (L.hand_cards.centerx, L.hand_cards.y + L.k(30))
            pill(surface, _(message), L.px(22), L.s, ui.PAPER, ui.INK, ui.INK, surface.get_rect(), (34, 14),
                 center=at)
    if scene.flash is not None and scene.flash[1] > scene.app.clock_s:
        message, _until, colour = scene.flash
        size = L.px(17) if ui.font(L.px(17), "bold").size(message)[0] < L.row.w - L.k(40) else L.px(13)
        pill(surface, message, size, L.s, (24, 18, 20, 240), colour, pad=(26, 5),
             midbottom=(L.row.centerx, L.row.bottom - L.k(3)))
    if scene.rules_badge is not None and scene.rules_badge.collidepoint(scene.pointer):
        rules_badge.draw_tooltip(surface, rules_badge.active_rules(scene.state.rules), scene.rules_badge, L.s)


def draw_seat(scene: GrayblockScene, surface: pygame.Surface, p: int) -> None:
    L, s, k, px = scene.layout, scene.layout.s, scene.layout.k, scene.layout.px
    rect, seat, colour = L.seats[p], scene.config.seats[p], seat_colour(scene, p)
    active = scene.is_turn(p)
    ui.panel(surface, rect, darker(colour, 0.22) + (215,), colour if active else darker(colour, 0.55),
             radius=k(12), width=max(2, k(4 if active else 2)))
    if active:
        glow(surface, rect, colour, s, width=2)
    x, w = rect.x + k(12), round(rect.w * 0.46) - k(12)
    y: float = name_text(surface, seat.name, px(20), (x, rect.y + k(8)), colour, width=w).bottom
    # the seat's kind in the setup screen's words ("Bot · Easy"), or just the level where that is
    # too wide (a small window, Japanese)
    kind = "human" if not seat.is_bot else "external" if seat.kind.startswith("cmd:") else seat.kind
    words = [kind_label(kind)] + ([_(LEVEL_NAMES[kind])] if kind in LEVEL_NAMES else [])
    y = ui.text(surface, fitting(words, px(13), w), px(13), (x, y + k(1)), ui.MUTED, max_width=w).bottom
    r = ui.text(surface, str(scene.state.totals[p]), px(30), (x, y + k(2)), ui.TEXT, style="bold")
    ui.text(surface, ngettext("pt", "pts", scene.state.totals[p]), px(14), (r.right + k(4), r.bottom - k(6)), ui.MUTED,
            "bottomleft",
            max_width=max(20, rect.x + round(rect.w * 0.46) - r.right - k(8)))
    if active:
        tag = _(THINKING[int(scene.app.clock_s * 3) % 3]) if p in scene.hints.turns.seats \
            else _("\u25b6 to play")
        ui.text(surface, tag, px(14), (x, rect.bottom - k(8)), ui.HILITE, "bottomleft", "bold", max_width=w)
    box, count = L.fans[p], scene.shown_count(p)
    if count <= 0:
        ui.text(surface, _("no cards"), px(14), box.center, ui.MUTED, "center", max_width=box.w)
        return
    cw = min((box.h - k(4)) * CARD_ASPECT, box.w / (1 + 0.3 * (count - 1)))
    step = min(cw * 0.32, (box.w - cw) / max(1, count - 1))
    x0, y = box.centerx - (cw + step * (count - 1)) / 2, box.centery - cw / CARD_ASPECT / 2
    for i in range(count):
        blit_card(scene, surface, 0, (x0 + i * step, y, cw, cw / CARD_ASPECT), back=True)
    badge = pygame.Rect(0, 0, k(34), k(34))
    badge.center = (round(x0 + cw + step * (count - 1) - 4 * s), round(y + cw / CARD_ASPECT - 4 * s))
    pygame.draw.ellipse(surface, ui.BRASS, badge)
    pygame.draw.ellipse(surface, ui.INK, badge, max(1, k(2)))
    ui.text(surface, str(count), px(19), badge.center, ui.INK, "center", "bold")


def draw_row(scene: GrayblockScene, surface: pygame.Surface) -> None:
    L, s, k, px = scene.layout, scene.layout.s, scene.layout.k, scene.layout.px
    band = L.row
    ui.panel(surface, band, ROW_FELT, ui.BRASS_DARK, radius=k(12), width=max(1, k(2)))
    row = scene.shown_row()
    xs, y, cw, ch = scene.row_now()
    hidden = scene.motion.landing()
    card, hover = scene.considered()
    hint = scene.hint_action()
    ghost = 255 if scene.drag is not None else 170  # a dragged card sits in its place when it fits
    if not row:
        slot = end_zone(L, [], y, cw, ch, None)
        if card is not None and hover == "start" and scene.fits(card, "start"):
            blit_card(scene, surface, card, slot, alpha=ghost)
        colour = ui.BRASS_DARK if card is None else (ui.GOOD if scene.fits(card, "start") else ui.BAD)
        outline(surface, slot, colour, s, 4 if hover else 2)
        player = scene.state.current_player()
        if not any(key[0] == "row" for key in hidden) and player is not None:
            label = _("Drop a card here to start the row") if scene.can_act() else said(
                scene.name_of(player), _("{who} start the row"), _("{who} starts the row"))
            box = pygame.Rect(slot).inflate(-k(8), -k(8))
            words = pygame.Surface(box.size, pygame.SRCALPHA)  # wrapped to fit, then centred
            drawn = ui.paragraph(words, label, px(15), (0, 0, box.w, box.h), ui.MUTED, anchor="midtop")
            surface.blit(words, (box.x, box.centery - drawn.h // 2))
        if hint is not None and hint.card is not None:
            glow(surface, slot, HINT, s, width=4)
            hint_tag(surface, slot, s)
        elif scene.lesson_move() is not None and card is None:  # where a lesson's card goes
            glow(surface, slot, ui.HILITE, s, width=4)
        return
    if card is not None and hover == LEFT and scene.fits(card, LEFT):
        blit_card(scene, surface, card, (xs[0] - STRIP * cw, y, cw, ch), alpha=ghost)
    shadow = pygame.Rect(round(xs[0]), round(y), round(xs[-1] + cw - xs[0]), round(ch)).move(k(4), k(5))
    ui.panel(surface, shadow, (0, 0, 0, 80), None, radius=k(8))
    for c, x in zip(row, xs):
        if ("row", c) not in hidden:
            blit_card(scene, surface, c, (x, y, cw, ch))
    if card is not None and hover == RIGHT and scene.fits(card, RIGHT):
        blit_card(scene, surface, card, (xs[-1] + STRIP * cw, y, cw, ch), alpha=ghost)
    live = scene.can_act() and not scene.must_pass()
    boxes = []
    for end, value in ((LEFT, row[0]), (RIGHT, row[-1])):
        zone = end_zone(L, xs, y, cw, ch, end)
        if card is not None:
            outline(surface, zone, ui.GOOD if scene.fits(card, end) else ui.BAD, s, 5 if hover == end else 3)
        elif live:
            outline(surface, zone, ui.BRASS, s, 2)
        if hint is not None and hint.end == end and card is None:
            glow(surface, zone, HINT, s, width=4)
        wanted = scene.lesson_move()
        if wanted is not None and wanted.end == end and card is None:  # where a lesson's card goes
            glow(surface, zone, ui.HILITE, s, width=4)
        tag = ui.render(f"\u25c0 {value}" if end == LEFT else f"{value} \u25b6", px(16), ui.TEXT, "bold")
        box = tag.get_rect().inflate(k(12), k(4))
        box.midbottom = (zone.centerx, round(y - 4 * s))
        box.clamp_ip(band.inflate(-k(8), -k(4)))
        boxes.append((box, tag))
    (lbox, _tag), (rbox, _tag2) = boxes
    if rbox.left < lbox.right + k(4):  # a short row: push the two end plaques apart
        shift = (lbox.right + k(4) - rbox.left + 1) // 2
        lbox.x, rbox.x = lbox.x - shift, rbox.x + shift
    for box, tag in boxes:  # above each end, the number showing there, readable at any length
        ui.panel(surface, box, DARK, ui.BRASS, radius=k(6), width=1)
        surface.blit(tag, tag.get_rect(center=box.center))


def draw_hand(scene: GrayblockScene, surface: pygame.Surface) -> None:
    L, s, k, px = scene.layout, scene.layout.s, scene.layout.k, scene.layout.px
    bottom, head = scene.bottom, L.hand_head
    colour = seat_colour(scene, bottom)
    ui.panel(surface, L.hand, (24, 20, 24, 205), colour if scene.is_turn(bottom) else ui.BRASS_DARK,
             radius=k(12), width=max(2, k(4 if scene.is_turn(bottom) else 2)))
    r = ui.text(surface, "\u25cf", px(18), (head.x + k(12), head.centery), colour, "midleft")
    r = name_text(surface, scene.config.seats[bottom].name, px(19), (r.right + k(6), head.centery), ui.TEXT,
                  "midleft", width=head.w * 0.25)
    r = ui.text(surface, ngettext("{points} pt", "{points} pts", scene.state.totals[bottom]).format(
        points=scene.state.totals[bottom]), px(17),
                (r.right + k(10), head.centery), ui.HILITE, "midleft", "bold")
    right = scene.pass_b.rect.x - k(10) if scene.pass_b.rect.w else head.right - k(12)
    ui.text(surface, scene.prompt(), px(16), ((r.right + right) / 2, head.centery), ui.GOOD if scene.can_act()
            else ui.MUTED, "center", "bold", max_width=max(20, right - r.right - k(20)))
    cards, face_up, legal = scene.hand_cards()
    hint = scene.hint_action()
    for c, rect in zip(cards, L.hand_geometry(len(cards))):
        if not face_up:
            blit_card(scene, surface, 0, rect, back=True)
            continue
        if scene.drag is not None and scene.drag.card == c and scene.drag.moved:
            blit_card(scene, surface, c, rect, alpha=60)
            continue
        playable = legal is not None and c in legal
        lift = k(14 if scene.selected == c else 8) if playable else (k(6) if scene.selected == c else 0)
        shown = blit_card(scene, surface, c, (rect[0], rect[1] - lift, rect[2], rect[3]))
        if legal is not None and not playable:  # dimmed: it fits neither end
            shade = pygame.Surface(shown.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (8, 6, 10, 150), shade.get_rect(), border_radius=round(rect[2] * 0.06))
            surface.blit(shade, shown)
        if hint is not None and hint.card == c:
            glow(surface, shown, HINT, s, width=4)
            hint_tag(surface, shown, s)
        elif scene.selected == c or playable:
            glow(surface, shown, ui.HILITE if scene.selected == c else ui.GOOD, s,
                 width=4 if scene.selected == c else 2)
    if not face_up and cards and scene.seat.shared_screen() and not scene.state.is_over():
        pill(surface, _("Hand hidden"), px(16), s, pad=(20, 10), center=L.hand_cards.center)


def draw_drop_tag(scene: GrayblockScene, surface: pygame.Surface) -> None:
    """Under the end the considered card is over: whether it fits (drawn over everything)."""
    card, hover = scene.considered()
    row = scene.shown_row()
    if card is None or hover not in (LEFT, RIGHT) or not row:
        return
    L, s = scene.layout, scene.layout.s
    xs, y, cw, ch = scene.row_now()
    zone = end_zone(L, xs, y, cw, ch, hover)
    ok = scene.fits(card, hover)
    if not ok:  # the refused end stays outlined in red over the dragged card
        outline(surface, zone, ui.BAD, s, 4)
    words = (_("{card} fits {end}") if ok else _("{card} does not fit {end}")).format(
        card=card, end=row[0] if hover == LEFT else row[-1])
    pill(surface, words, L.px(15), s, ui.GOOD if ok else ui.BAD, ui.INK, ui.INK,
         L.row.inflate(L.k(8), L.k(8)), (14, 4), midtop=(zone.centerx, zone.bottom + L.k(7)))


def draw_drag(scene: GrayblockScene, surface: pygame.Surface) -> None:
    drag, s = scene.drag, scene.layout.s
    if drag is None or not drag.moved or (scene.hover_end and scene.fits(drag.card, scene.hover_end)):
        return  # (over an end it fits, the card shows in its place in the row)
    cw, ch = drag.size
    x, y = drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1]
    ui.panel(surface, pygame.Rect(round(x + 6 * s), round(y + 8 * s), round(cw), round(ch)), (0, 0, 0, 90),
             None, radius=round(8 * s))
    blit_card(scene, surface, drag.card, (x, y, cw, ch))


def draw_info(scene: GrayblockScene, surface: pygame.Surface) -> None:
    L, k, px = scene.layout, scene.layout.k, scene.layout.px
    box, state = L.info, scene.state
    ui.panel(surface, box, (30, 24, 28, 225), ui.BRASS_DARK, radius=k(8))
    x, w = box.x + k(10), box.w - k(20)
    hand = len(state.results) + (0 if state.is_over() else 1)
    head = ui.text(surface, _("GRAYBLOCK \u00b7 HAND {number}").format(number=hand), px(13),
                   (x, box.y + k(6)), ui.BRASS, style="bold", max_width=w)
    # Water Veins as a badge beside the target (in a narrow column the target says less); pointing
    # at it explains the rule (draw_table)
    rules = rules_badge.active_rules(state.rules)
    # the rows share what is left: a large text size in a small window drops the target line and
    # puts the badge beside the heading
    rows_room = box.bottom - k(4) - head.bottom - k(2) - ui.font(px(14)).get_height() - k(8)
    if rows_room / state.players >= ui._font(ui.READABLE, "regular").get_height():  # (12 px in DejaVu)
        target = _("Match to {points} points").format(points=state.target)
        if rules and ui.font(px(14)).size(target)[0] + k(90) > w:
            target = _("To {points} points").format(points=state.target)
        r = ui.text(surface, target, px(14), (x, head.bottom + k(2)), ui.MUTED, max_width=w)
    else:
        r = head
    scene.rules_badge = rules_badge.draw_badge(surface, rules, (box.right - k(6), r.centery), "midright",
                                               px(12), L.s, box.right - k(6) - r.right - k(6))
    step = min(k(27), (box.bottom - k(4) - r.bottom - k(8)) / state.players)
    lead = max(state.totals)
    for p in range(state.players):  # standings: name, total and the way to the target
        colour = seat_colour(scene, p)
        cell = pygame.Rect(x, round(r.bottom + k(8) + p * step), w, round(step - k(4)))
        if scene.is_turn(p):
            pygame.draw.rect(surface, darker(colour, 0.35), cell.inflate(k(6), k(2)), border_radius=k(5))
        pygame.draw.rect(surface, colour, (cell.x, cell.y + k(2), k(5), cell.h - k(4)))
        score = ui.text(surface, str(state.totals[p]), px(16), (cell.right, cell.centery - k(2)),
                        ui.HILITE if state.totals[p] == lead > 0 else ui.TEXT, "midright", "bold",
                        max_height=cell.h)
        name_text(surface, scene.config.seats[p].name, px(15), (cell.x + k(11), cell.centery - k(2)), ui.TEXT,
                  "midleft", "regular", cell.w - score.w - k(20), height=cell.h)
        bar = pygame.Rect(cell.x + k(11), cell.bottom - k(3), cell.w - k(11), max(2, k(3)))
        pygame.draw.rect(surface, (60, 52, 50), bar)
        bar.w = round(bar.w * min(1.0, state.totals[p] / state.target))
        pygame.draw.rect(surface, colour, bar)


def overlay_panel(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    ui.panel(surface, rect, (34, 26, 26, 248), ui.PANEL_EDGE, radius=round(16 * s) + 2, width=max(2, round(3 * s)))
    ui.panel(surface, rect.inflate(-round(14 * s), -round(14 * s)), (0, 0, 0, 0), (110, 84, 44),
             radius=round(12 * s) + 2, width=1)


# (player, cards left, note, key card, its colour, the note's parts)
ResultRow = tuple[int, tuple[int, ...], str, int | None, Colour | None, list[str]]


def result_lines(scene: GrayblockScene, result: HandResult) -> tuple[list[ResultRow], str, str]:
    """Per player (player, cards left, note, key card, its colour, the note's parts: a block
    winner's two facts, stacked when one line is too long); the formula; the total. The numbers
    are the engine's (explain_hand); this only words and colours them."""
    winner, name = result.winner, scene.name_of(result.winner)
    why = explain_hand(result)
    rows: list[ResultRow] = []
    for q, cards in enumerate(result.left):
        if q not in why.highs:
            rows.append((q, cards, _("went out"), None, None, [_("went out")]))
            continue
        decisive = q in why.decisive
        high = (_("highest {card} \u2190 lowest") if decisive else _("highest {card}")).format(
            card=why.highs[q])
        if q == winner and why.bonus is not None:  # a block winner adds their lowest card
            bonus = _("lowest {card}: block bonus").format(card=why.bonus)
            both = _("{first}; {second}").format(first=high, second=bonus)
            rows.append((q, cards, both, why.bonus, ui.GOOD, [high, bonus]))
        else:
            rows.append((q, cards, high, why.highs[q], ui.HILITE if decisive else ui.MUTED, [high]))
    listed = _(", ").join(str(why.highs[q]) for q in sorted(why.highs))
    if why.bonus is None:
        formula = _("Lowest of the highest cards held ({cards}): {lowest}").format(
            cards=listed, lowest=why.lowest_high)
    else:
        formula = _("Lowest of the highest cards held ({cards}): {lowest}  +  block bonus, {whose} "
                    "lowest card: {bonus}").format(cards=listed, lowest=why.lowest_high,
                                                   whose=whose(name), bonus=why.bonus)
    total = ngettext("{points} point to {name}", "{points} points to {name}", why.points).format(
        points=why.points, name=name)
    return rows, formula, total


def result_inner(L: Layout) -> pygame.Rect:
    """The result panel's inside at this layout's window size."""
    return pygame.Rect(0, 0, *L.size).inflate(-4 * L.m, -4 * L.m).inflate(-L.k(52), -L.k(52))


def result_columns(L: Layout, top: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The result panel's two columns below its heading (which ends at `top`): the cards left
    with the hand's points, and the scoreboard's (a lesson's panel shares that one)."""
    inner, k = result_inner(L), L.k
    body = pygame.Rect(inner.x, top, inner.w, inner.bottom - k(68) - top)
    split = round(body.w * 0.6)  # the scoreboard has room to spare; the cards left need it
    return (pygame.Rect(body.x, body.y, split - k(10), body.h),
            pygame.Rect(body.x + split + k(10), body.y, body.w - split - k(10), body.h))


def result_top(L: Layout) -> int:
    """Where the columns start under a heading drawn at full size (a long name may shrink it)."""
    k, px = L.k, L.px
    return (result_inner(L).y + ui.font(px(15), "bold").get_height() + k(4)
            + ui.font(px(36), "title").get_height() + k(24))


def draw_result(scene: GrayblockScene, surface: pygame.Surface) -> None:
    """Between hands: who won and how, the points with their breakdown, the match scoreboard;
    at the match end the champion and the final scoreboard."""
    L, s, k, px = scene.layout, scene.layout.s, scene.layout.k, scene.layout.px
    dim(surface, 170)
    index = scene.result_index
    assert index is not None  # (the panel shows a finished hand)
    state, result = scene.state, scene.state.results[index]
    over = scene.match_over_shown()
    P = surface.get_rect().inflate(-4 * L.m, -4 * L.m)
    overlay_panel(surface, P, s)
    inner = P.inflate(-k(52), -k(52))
    who, number, points = scene.name_of(result.winner), index + 1, result.points
    if over:
        # (the name as typed: capitals are the English heading's style, not the name's)
        top = (_("HAND {number}: {who} WENT OUT (+{points})") if result.kind == OUT else
               _("HAND {number}: {who} WON BY BLOCK (+{points})")).format(number=number, who=who, points=points)
    else:
        top = _("HAND {number} \u00b7 MATCH TO {points}").format(number=number, points=state.target)
    if scene.session.meta.get("assisted"):  # a free undo took back a bot's move or a deal
        top = _("{heading} \u00b7 ASSISTED: {helps}").format(heading=top,
                                                             helps=helps_words(scene.session.meta).upper())
    r = ui.text(surface, top, px(15), (inner.centerx, inner.y), ui.BRASS, "midtop", "bold", max_width=inner.w)
    if over and state.champion is not None:  # (over: the match has its champion)
        champion = scene.name_of(state.champion)
        r = heading(surface, said(champion, _("{who} win the match!"), _("{who} wins the match!")), px(40),
                    (inner.centerx,
                    r.bottom + k(4)), "midtop", inner.w - k(120), seat_colour(scene, state.champion))
        for x, anchor in ((r.left - k(14), "midright"), (r.right + k(14), "midleft")):
            ui.text(surface, "\u2605", px(36), (x, r.centery), ui.HILITE, anchor, "bold")
    else:
        won = _("{who} went out \u00b7 +{points}") if result.kind == OUT else \
            _("{who} won by block \u00b7 +{points}")
        r = heading(surface, won.format(who=who, points=points), px(36),
                    (inner.centerx, r.bottom + k(4)), "midtop", inner.w, seat_colour(scene, result.winner))
        scene.result_rects["heading"] = pygame.Rect(r)
    ornament(surface, (inner.centerx, r.bottom + k(10)), inner.w * 0.4, s)
    scene.result_rects["breakdown"], board = result_columns(L, r.bottom + k(24))
    draw_breakdown(scene, surface, result, scene.result_rects["breakdown"])
    coach = scene.coach.panel if scene.coach is not None else None
    if coach is not None and coach.colliderect(board):  # a lesson's panel below: the board above it
        board.h = max(min(board.h, k(150)), coach.top - k(8) - board.y)
    scene.result_rects["scoreboard"] = board
    draw_scoreboard(scene, surface, board)
    live = scene.ring.widgets
    count = max(1, len(live))  # (a replay puts its own one button there)
    bw = min(k(220), (inner.w - k(20)) // count)
    x = inner.centerx - (bw * count + k(20) * (count - 1)) // 2
    scene.result_rects["buttons"] = pygame.Rect(x, inner.bottom - k(54), bw * count + k(20) * (count - 1), k(54))
    for b in live:
        b.rect = pygame.Rect(x, inner.bottom - k(54), bw, k(54))
        x += bw + k(20)
        b.draw(surface, s)


def draw_breakdown(scene: GrayblockScene, surface: pygame.Surface, result: HandResult, box: pygame.Rect) -> None:
    k, px = scene.layout.k, scene.layout.px
    ui.panel(surface, box, (24, 20, 24, 200), ui.BRASS_DARK, radius=k(10))
    x, w = box.x + k(12), box.w - k(24)
    y = ui.text(surface, _("CARDS LEFT AND THE HAND'S POINTS"), px(14), (x, box.y + k(12)), ui.BRASS,
                style="bold", max_width=w).bottom
    rows, formula, total = result_lines(scene, result)
    lines = ui.wrap(formula, px(15), w)
    foot = len(lines) * ui.font(px(15)).get_linesize() + k(50)
    row_h = min(k(56), (box.bottom - k(12) - foot - y - k(6)) // len(rows))
    for i, (q, cards, note, key, key_colour, note_parts) in enumerate(rows):
        cell = pygame.Rect(x, y + k(6) + i * row_h, w, row_h - k(6))
        colour = seat_colour(scene, q)
        if q == result.winner:
            pygame.draw.rect(surface, darker(colour, 0.3), cell, border_radius=k(5))
        pygame.draw.rect(surface, colour, (cell.x, cell.y, k(5), cell.h))
        name_w = round(w * 0.25)
        name_text(surface, ("\u2605 " if q == result.winner else "") + scene.name_of(q), px(17),
                  (cell.x + k(12), cell.centery), colour, "midleft", width=name_w - k(16))
        chip_h = min(k(42), cell.h - k(6))
        chip_w = round(chip_h * 0.82)
        bold = ui.font(px(15), "bold")
        number_px = max(8, round(chip_h * 0.48))
        # the cards come first: every chip at least as wide as its number; the note takes what is
        # left (the block winner's two facts stacked when one line is too long), shrinking if it must
        least = ui.font(number_px, "bold").size("31")[0] + k(4)
        free = cell.w - name_w - k(12)
        cards_least = chip_w + (len(cards) - 1) * min(chip_w + k(5), least)
        parts = [note]
        if len(note_parts) > 1 and free - bold.size(note)[0] < len(cards) * (chip_w + k(5)):
            parts = note_parts
        note_w = min(max(bold.size(part)[0] for part in parts), max(20, free - cards_least))
        step = min(chip_w + k(5), max(least, (free - note_w - chip_w) // max(1, len(cards) - 1)))
        cx = cell.x + name_w
        for c in cards:  # the cards left, the one that counts lit
            chip = pygame.Rect(cx, cell.centery - chip_h // 2, chip_w, chip_h)
            lit = key_colour if c == key and key_colour in (ui.HILITE, ui.GOOD) else None
            pygame.draw.rect(surface, lit or ui.PAPER, chip, border_radius=k(5))
            pygame.draw.rect(surface, ui.INK, chip, max(1, k(2) if lit else 1), border_radius=k(5))
            ui.text(surface, str(c), number_px, chip.center, ui.INK, "center", "bold")
            cx += step
        line_h = min(bold.get_linesize(), cell.h / len(parts))
        for j, part in enumerate(parts):
            ui.text(surface, part, px(15), (cell.right - k(6), cell.centery + (j - (len(parts) - 1) / 2) * line_h),
                    key_colour or ui.MUTED, "midright", "bold",
                    max_width=max(20, cell.right - (cx - step + chip_w) - k(10)), max_height=line_h)
    top = y + k(12) + len(rows) * row_h
    room = box.bottom - k(12) - foot - top
    label_h = ui.font(px(13)).get_linesize()
    cw = min((min(room - label_h - k(8), k(120))) * CARD_ASPECT,
             w / (1 + STRIP * (len(result.row) - 1))) if result.row else 0
    if room > k(70) and cw >= 24:  # the final row, small, where there is room for cards to read
        n = len(result.row)
        r = ui.text(surface, ngettext("The final row ({n} card)", "The final row ({n} cards)", n).format(n=n),
                    px(13), (x, top), ui.MUTED, max_width=w)
        for i, c in enumerate(result.row):
            surface.blit(face(scene, c, cw), (round(x + i * STRIP * cw), r.bottom + k(4)))
    fy = box.bottom - k(12) - foot + k(6)
    pygame.draw.line(surface, ui.BRASS_DARK, (x, fy), (x + w, fy), max(1, k(2)))
    fy += k(6)
    for part in lines:
        fy = ui.text(surface, part, px(15), (x, fy), ui.TEXT, max_width=w).bottom
    ui.text(surface, f"= {total}", px(24), (x, fy + k(4)), ui.HILITE, style="bold", max_width=w)


def draw_scoreboard(scene: GrayblockScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    k, px = scene.layout.k, scene.layout.px
    state, n = scene.state, scene.state.players
    ui.panel(surface, box, (24, 20, 24, 200), ui.BRASS_DARK, radius=k(10))
    x, w = box.x + k(12), box.w - k(24)
    goal = ui.font(px(14), "bold").size(_("to {points}").format(points=state.target))[0]
    r = ui.text(surface, _("MATCH SCOREBOARD"), px(14), (x, box.y + k(12)), ui.BRASS, style="bold",
                max_width=max(20, w - goal - k(8)))
    ui.text(surface, _("to {points}").format(points=state.target), px(14), (x + w, box.y + k(12)), ui.MUTED,
            "topright", "bold")
    first_w = round(w * 0.2)
    col_w = (w - first_w) / n
    col = [x + first_w + (p + 0.5) * col_w for p in range(n)]  # column centres
    y = r.bottom + k(8)
    for p in range(n):
        name_text(surface, scene.name_of(p), px(15), (col[p], y + k(13)), seat_colour(scene, p), "center",
                  width=col_w - k(8))
    y += k(26)
    pygame.draw.line(surface, ui.BRASS_DARK, (x, y), (x + w, y), max(1, k(1)))
    ty = box.bottom - k(12) - k(40)
    index = scene.result_index
    assert index is not None  # (drawn on the result panel)
    results = state.results[:index + 1]
    legend = max(k(18), ui.font(px(12)).get_height() + k(3))  # room for "B = won by block"
    avail = ty - legend - y
    row_h = min(k(28), max(px(20), avail // len(results)))
    fits = max(1, avail // row_h)
    size = max(9, min(px(15), round(row_h * 0.62)))
    first = 0 if len(results) <= fits else len(results) - max(1, fits - 1)
    shown = list(enumerate(results[first:], start=first))
    if first:  # a long match: the latest hands, and a line for the rest
        ui.text(surface, _("\u2026 hands 1-{last}").format(last=shown[0][0]), size, (x, y + row_h // 2),
                ui.MUTED, "midleft", max_width=w)
        y += row_h
    for i, res in shown:
        latest = i == len(results) - 1
        if latest:
            pygame.draw.rect(surface, (70, 56, 40), (x - k(4), y, w + k(8), row_h), border_radius=k(4))
        ui.text(surface, _("Hand {number}").format(number=i + 1), size, (x, y + row_h // 2),
                ui.TEXT if latest else ui.MUTED, "midleft", max_width=first_w)
        for p in range(n):
            won = p == res.winner
            label = (f"+{res.points}" + (" B" if res.kind == BLOCK else "")) if won else "\u00b7"
            ui.text(surface, label, size, (col[p], y + row_h // 2), ui.TEXT if won else ui.MUTED, "center",
                    "bold" if won else "regular")
        y += row_h
    if any(res.kind == BLOCK for res in results):
        ui.text(surface, _("B = won by block"), px(12), (x + w, ty - k(3)), ui.MUTED, "bottomright")
    pygame.draw.line(surface, ui.BRASS, (x, ty), (x + w, ty), max(1, k(2)))
    ui.text(surface, _("Total"), px(16), (x, ty + k(20)), ui.TEXT, "midleft", "bold", max_width=first_w)
    if len(results) == len(state.results):  # the latest hand (a frame's cost stays the same
        totals = list(state.totals)           # however many hands the match has had)
    else:
        totals = [sum(res.points for res in results if res.winner == p) for p in range(n)]
    for p in range(n):
        champ = state.champion == p and scene.match_over_shown()
        colour = ui.HILITE if champ or totals[p] == max(totals) > 0 else ui.TEXT
        ui.text(surface, ("\u2605 " if champ else "") + str(totals[p]), px(22), (col[p], ty + k(20)), colour,
                "center", "bold", max_width=col_w - k(4))
