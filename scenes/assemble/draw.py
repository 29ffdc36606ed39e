"""Drawing the Alice Assemble table: lanes, lines, benches, dials, field, HUD, preview and log.

Everything here reads the scene (layout, glides, flights) and the state; nothing changes the game.
"""

from __future__ import annotations

import unicodedata

import pygame

from game.assemble.scoring import LaneScore
from game.assemble.words import doll_letter, placement_words
from game.assemble.state import DRAFT
from game.core.i18n import _, ngettext
from game.core.text import LABEL, clean

from scenes.config import LEVEL_NAMES
from scenes.table import reading, rules_badge
from scenes.table.look import HINT, blit_card, frect, glow, hint_tag, log_style, seat_colour, turned
from scenes.widgets import ui
from scenes.art.metrics import GEAR_STEP, GEAR_TOP, STRIP

MODULE_SCORED = (255, 214, 102)
MODULE_UNSCORED = (150, 150, 160)
MODULE_UNSCORED_ON_CARD = (84, 84, 98)  # darker: the dashes must show on the cream card
MODULE_FLAW = (226, 84, 72)
def level_words(kind: str) -> str:
    """A bot seat's level as its label says it ("Easy", as setup does); a program by its kind
    (cut short: its tooltip says it whole), cleaned as any text a record brings."""
    return _(LEVEL_NAMES[kind]) if kind in LEVEL_NAMES else clean(kind, LABEL) or "?"


def hint_action(scene):
    hint = scene.hints.turns.hint
    return hint[0] if hint else None


def draw_lane_frame(scene, surface, lane_index: int) -> None:
    lay = scene.layout.lanes[lane_index]
    state = scene.state
    s = scene.layout.scale
    colour = seat_colour(scene, state.owners[lane_index])
    active = not state.is_over() and state.active == lane_index
    fill = tuple(int(c * 0.22) for c in colour) + (200,)
    ui.panel(surface, frect(lay.box), fill, colour if active else tuple(int(c * 0.6) for c in colour),
             radius=int(12 * s), width=max(2, int((4 if active else 2) * s)))
    draw_label(scene, surface, lane_index)


def draw_label(scene, surface, lane_index: int) -> None:
    lay = scene.layout.lanes[lane_index]
    state = scene.state
    s = scene.layout.scale
    owner = state.owners[lane_index]
    seat = scene.config.seats[owner]
    box = frect(lay.label)
    key = state.lane_key(lane_index)
    capacity = state.capacity[lane_index]
    # each line's words, longest first: shorter ones where a large text size or a small window
    # leaves no room for the long ones
    lines: list[tuple[tuple[str, ...], int, tuple, str]] = [
        ((seat.name,), 17, seat_colour(scene, owner), "bold")]
    program = seat.kind.startswith("cmd:")
    if seat.is_bot:
        level = level_words(seat.kind)
        lines.append(((_("Bot \u00b7 {level}").format(level=level),
                       _("{level} bot").format(level=level), level), 12, ui.MUTED, "regular"))
    read = scene.reading.seats().get(owner)
    reading_line = len(lines) if read is not None else None
    if read is not None:  # how the seat plays, as its moves so far tell
        lines.append((reading.label_words(*read), 12, ui.MUTED, "regular"))
    letter = doll_letter(state.owners, lane_index)
    if letter:  # 2 players: the weaker doll is the one that counts, so say which
        if state.counting_lane(owner) == lane_index:
            lines.append(((_("doll {letter} \u2022 counts").format(letter=letter),
                           _("{letter} counts").format(letter=letter)), 13, ui.GOOD, "bold"))
        else:
            lines.append(((_("doll {letter}").format(letter=letter),), 13, ui.MUTED, "regular"))
    lines.append(((ngettext("{points} pt", "{points} pts", abs(key[0])).format(points=key[0]),), 22, ui.TEXT, "bold"))
    lines.append(((_("capacity {capacity}").format(capacity=capacity),
                   _("cap. {capacity}").format(capacity=capacity)), 13, ui.MUTED, "regular"))
    if box.w > box.h:  # a wide label row (3 players): everything on one line
        x = box.x + 6 * s
        for k, (choices, px, colour, style) in enumerate(lines):
            room = box.right - 6 * s - x
            size = int(px * 0.85 * s)
            string = next((t for t in choices if ui.font(size, style).size(t)[0] <= room), choices[-1])
            r = ui.text(surface, string, size, (x, box.centery), colour, "midleft", style,
                        max_width=room)
            if k == len(lines) - 1:  # the capacity figure: its tooltip's spot
                scene.tip_spots.append((r, ("capacity", lane_index)))
            elif k == 1 and program:  # a program's command line, cut short: the tooltip's whole
                scene.tip_spots.append((r, ("program", owner)))
            elif k == reading_line:  # cut short where room is short: the tooltip's whole
                scene.tip_spots.append((r, ("reading", owner)))
            x = r.right + 14 * s
        return
    y = box.y + 6 * s
    gap = 3 * s
    # taller faces (Japanese) at a large text size in a small window: every line a little smaller
    # rather than the last one off the label
    heights = [ui.font(int(px * s), style).get_height() for _c, px, _col, style in lines]
    if reading_line is not None and sum(heights) + gap * (len(lines) - 1) > box.bottom - y:
        # no room for how the seat plays: the seat's own figures first
        del lines[reading_line], heights[reading_line]
        reading_line = None
    fit = shares(heights, box.bottom - y - gap * (len(lines) - 1))
    for k, ((choices, px, colour, style), height) in enumerate(zip(lines, fit)):
        room = box.w - 12 * s
        string = next((t for t in choices if ui.font(int(px * s), style).size(t)[0] <= room),
                      choices[-1])
        r = ui.text(surface, string, int(px * s), (box.x + 8 * s, y), colour, style=style,
                    max_width=room, max_height=height)
        if k == 1 and program:
            scene.tip_spots.append((r, ("program", owner)))
        elif k == reading_line:
            scene.tip_spots.append((r, ("reading", owner)))
        y = r.bottom + gap
    scene.tip_spots.append((r, ("capacity", lane_index)))  # the last line: capacity


def shares(heights: list, room: float) -> list:
    """Each line's greatest height when they must share `room` (None each when they all fit)."""
    total = sum(heights)
    if total <= room:
        return [None] * len(heights)
    return [max(1.0, h * room / total) for h in heights]


def cell_rect(x: float, y: float, row: int, card_w: float, card_h: float) -> pygame.Rect:
    cy = y + (GEAR_TOP + row * GEAR_STEP) * card_h
    half = GEAR_STEP * card_h / 2
    return pygame.Rect(round(x + 1), round(cy - half), round(STRIP * card_w - 2), round(2 * half))


def draw_modules(surface, explained, xs: list[float], y: float, card_w: float, card_h: float,
                 s: float) -> None:
    """Outline every module's cells. Scored ones: bright, filled, a solid thick outline; the rest:
    hollow with a dashed grey outline (red with The Flaw), so they differ without colour too."""
    if not xs:
        return
    x0 = int(min(xs))
    layer = pygame.Surface((int(max(xs) - x0 + card_w) + 2, int(card_h) + 2), pygame.SRCALPHA)
    for module in explained.modules:
        for col, row in module.cells:
            rect = cell_rect(xs[col] - x0, 0, row, card_w, card_h)
            radius = int(6 * s)
            if module.scored:  # gold inside a dark ring: it stands out on the cream card in grey
                edge = max(1, round(2 * s))
                pygame.draw.rect(layer, MODULE_SCORED + (90,), rect, border_radius=radius)
                pygame.draw.rect(layer, ui.INK + (235,), rect, edge, border_radius=radius)
                pygame.draw.rect(layer, MODULE_SCORED + (250,), rect.inflate(-2 * edge, -2 * edge),
                                 max(2, round(2 * s)), border_radius=radius)
            else:
                colour = MODULE_FLAW if explained.flaw else MODULE_UNSCORED_ON_CARD
                ui.dashed_rect(layer, colour + (240,), rect, max(1, round(2 * s)),
                               max(2, round(5 * s)))
    surface.blit(layer, (x0, int(y)))


def modules_shown(scene, lane_index: int) -> tuple[LaneScore, list[float]] | None:
    """The module outlines over a lane's line: (the line explained, each card's x), or None.
    A card considered for a gap: the line as it would be with it; else the active lane's modules
    as they stand (M hides them)."""
    state = scene.state
    line, gap = state.lines[lane_index], scene.pending_position(lane_index)
    if gap is not None and state.bench[lane_index] is not None:
        if not scene.position_is_legal(lane_index, gap):
            return None
        x0, strip = scene.layout.lanes[lane_index].line.x, STRIP * scene.layout.card_width
        return (state.explain_placement(lane_index, gap), [x0 + i * strip for i in range(len(line) + 1)])
    if scene.show_modules and line and lane_index == state.active and not state.is_over():
        return state.explain(lane_index), scene.line_xs(lane_index, gap)
    return None


def draw_line(scene, surface, lane_index: int) -> None:
    lay = scene.layout.lanes[lane_index]
    state = scene.state
    cw, ch = scene.layout.card_size
    s = scene.layout.scale
    line = state.lines[lane_index]
    gap = scene.pending_position(lane_index)
    xs = scene.line_xs(lane_index, gap)
    hidden = scene.hidden_cards()
    if not line and gap is None:
        hint = frect(lay.line).inflate(-4 * s, -4 * s)
        hint.w = int(cw)
        pygame.draw.rect(surface, ui.BRASS_DARK, hint, max(1, int(2 * s)), border_radius=int(8 * s))
        centred_words(surface, _("assembly line"), int(12 * s), hint)
    card = state.bench[lane_index] if gap is not None else None
    # left to right, the considered card tucked in at the gap: later cards overlap it, as on the table
    for i, c in enumerate(line):
        if i == gap and card is not None:
            _draw_ghost(scene, surface, lane_index, gap, card)
        if ("line", lane_index, c) not in hidden:
            blit_card(surface, scene.app.art, c, (xs[i], lay.line.y, cw, ch))
    if card is not None and gap == len(line):
        _draw_ghost(scene, surface, lane_index, gap, card)
    if card is not None:
        legal = scene.position_is_legal(lane_index, gap)
        gx = lay.line.x + gap * STRIP * cw
        shown_w = cw if gap == len(line) else STRIP * cw
        box = pygame.Rect(round(gx), round(lay.line.y), round(shown_w), round(ch))
        pygame.draw.rect(surface, ui.GOOD if legal else ui.BAD, box.inflate(4 * s, 4 * s),
                         max(2, int(3 * s)), border_radius=int(8 * s))
        if not legal:
            ui.text(surface, _("not allowed"), int(14 * s), (box.centerx, box.bottom + 2 * s), ui.BAD,
                    "midtop", "bold")
            return
    modules = modules_shown(scene, lane_index)
    if modules is not None:
        draw_modules(surface, *modules, lay.line.y, cw, ch, s)
    hint = hint_action(scene)
    if hint is not None and hint.kind == "place" and hint.lane == lane_index and card is None:
        # where the hint would tuck the bench card: between the visible strips
        hx = lay.line.x + hint.value * STRIP * cw
        mark = pygame.Rect(round(hx - 3 * s), round(lay.line.y - 4 * s), round(6 * s), round(ch + 8 * s))
        pygame.draw.rect(surface, HINT, mark, border_radius=int(3 * s))
        hint_tag(surface, mark, s, at="bottom")


def centred_words(surface, words: str, px: int, box: pygame.Rect) -> None:
    """Muted words in the middle of an empty box, on two lines where one is too wide."""
    lines = ui.wrap(words, px, box.w - 6)
    step = ui.font(px).get_linesize()
    y = box.centery - step * (len(lines) - 1) / 2
    for line in lines:
        ui.text(surface, line, px, (box.centerx, y), ui.MUTED, "center", max_width=box.w - 4)
        y += step


def _draw_ghost(scene, surface, lane_index: int, gap: int, card: int) -> None:
    lay = scene.layout.lanes[lane_index]
    cw, ch = scene.layout.card_size
    gx = lay.line.x + gap * STRIP * cw
    alpha = 235 if scene.position_is_legal(lane_index, gap) else 120
    blit_card(surface, scene.app.art, card, (gx, lay.line.y, cw, ch), alpha=alpha)


def draw_bench(scene, surface, lane_index: int) -> None:
    lay = scene.layout.lanes[lane_index]
    state = scene.state
    s = scene.layout.scale
    box = frect(lay.bench)
    pygame.draw.rect(surface, (0, 0, 0, 60), box, max(1, int(2 * s)), border_radius=int(8 * s))
    card = state.bench[lane_index]
    if card is None or ("bench", lane_index, card) in scene.hidden_cards():
        centred_words(surface, _("bench"), int(12 * s), box)
        return
    if scene.drag is not None and scene.drag.source == ("bench", lane_index):
        blit_card(surface, scene.app.art, card, lay.bench.as_tuple(), alpha=70)
        return
    if state.upright[lane_index]:
        shown = blit_card(surface, scene.app.art, card, lay.bench.as_tuple())
    else:  # sideways: done this round; scaled so the turned card stays inside the bench box
        w = lay.bench.w * lay.bench.w / lay.bench.h
        rect = (lay.bench.x + (lay.bench.w - w) / 2, lay.bench.y + (lay.bench.h - w / 0.7) / 2,
                w, w / 0.7)
        shown = blit_card(surface, scene.app.art, card, rect, angle=-90)
        ui.text(surface, _("done"), int(12 * s), (box.centerx, box.bottom - 4 * s), ui.MUTED, "midbottom",
                max_width=box.w - 4 * s)
    if scene.is_target(("bench", lane_index)):
        glow(surface, shown, ui.HILITE, s)


def draw_indicator(scene, surface, lane_index: int) -> None:
    lay = scene.layout.lanes[lane_index]
    s = scene.layout.scale
    shown = scene.dials[lane_index].value
    counter = scene.state.counters[lane_index]
    cw, ch = scene.layout.card_size
    squash = 1.0
    if shown <= 4.5:
        back, angle = False, -90 * (shown - 1)
        if shown > 4:
            squash = (4.5 - shown) * 2
    else:
        back, angle = True, -90 * (min(shown, 8) - 5)
        if shown < 5:
            squash = (shown - 4.5) * 2
    art = scene.app.art
    face = art.counter_back(int(cw)) if back else art.counter(counter, int(cw))
    if squash < 1.0:
        face = pygame.transform.smoothscale(face, (max(1, int(face.get_width() * squash)),
                                                   face.get_height()))
    face = turned(face, round(angle, 1))
    surface.blit(face, face.get_rect(center=frect(lay.indicator).center))
    cap = scene.state.capacity[lane_index]
    if cap > 8:
        badge = pygame.Rect(0, 0, int(34 * s), int(34 * s))
        badge.bottomright = frect(lay.indicator).bottomright
        pygame.draw.ellipse(surface, ui.BRASS, badge)
        pygame.draw.ellipse(surface, ui.INK, badge, max(1, int(2 * s)))
        ui.text(surface, str(cap), int(18 * s), badge.center, ui.INK, "center", "bold")


def draw_field_and_deck(scene, surface) -> None:
    lay = scene.layout
    s = lay.scale
    state = scene.state
    ui.panel(surface, frect(lay.field), (20, 30, 40, 150), ui.BRASS_DARK, radius=int(12 * s))
    hidden = scene.hidden_cards()
    for card in state.field:
        if ("field", card) in hidden:
            continue
        rect = scene.field_rect(card)
        if scene.drag is not None and scene.drag.source == ("field", card):
            blit_card(surface, scene.app.art, card, rect, alpha=70)
            continue
        shown = blit_card(surface, scene.app.art, card, rect)
        hint = hint_action(scene)
        if hint is not None and hint.kind == "take" and hint.value == card:
            glow(surface, shown, HINT, s, width=4)
            hint_tag(surface, shown, s)
        elif scene.is_target(("field", card)):
            glow(surface, shown, ui.HILITE if scene.selected == ("field", card) else ui.GOOD, s,
                 width=4 if scene.selected == ("field", card) else 2)
            if scene.selected == ("field", card):  # chosen by keys: say what's next
                selected_tag(surface, shown, _("Enter: take"), s)
    deck = frect(lay.deck)
    cw, ch = lay.card_size
    if state.deck_count:
        for k in range(min(3, state.deck_count)):
            blit_card(surface, scene.app.art, 0, (deck.x - k * 2 * s, deck.y - k * 2 * s, cw, ch), back=True)
    else:
        pygame.draw.rect(surface, ui.BRASS_DARK, deck, max(1, int(2 * s)), border_radius=int(8 * s))
    badge = ui.render(_("{n} left").format(n=state.deck_count), int(14 * s), ui.TEXT, "bold")
    box = badge.get_rect(midbottom=(deck.centerx, deck.bottom - 6 * s)).inflate(12 * s, 4 * s)
    ui.panel(surface, box, (20, 16, 18, 230), ui.BRASS, radius=int(6 * s), width=1)
    surface.blit(badge, badge.get_rect(center=box.center))


def selected_tag(surface, rect, words: str, s: float) -> None:
    """A lit tag on the top edge of the card the keys chose."""
    px = max(9, int(13 * s))
    tag = ui.render(words, px, ui.INK, "bold")
    while tag.get_width() + 10 * s > rect.w and px > 7:  # no wider than the card
        px -= 1
        tag = ui.render(words, px, ui.INK, "bold")
    box = tag.get_rect(center=(rect.centerx, rect.top)).inflate(10 * s, 4 * s)
    pygame.draw.rect(surface, ui.HILITE, box, border_radius=int(5 * s))
    surface.blit(tag, tag.get_rect(center=box.center))


def draw_hud(scene, surface) -> None:
    lay = scene.layout
    s = lay.scale
    state = scene.state
    hud = frect(lay.hud)
    ui.panel(surface, hud, (30, 24, 28, 230), ui.BRASS_DARK, radius=int(8 * s))
    px = int(17 * s)
    x = hud.x + 12 * s
    scene.rules_badge = None
    if state.is_over():
        ui.text(surface, _("Game over: scoring\u2026"), px, (x, hud.centery), ui.HILITE, "midleft", "bold",
                max_width=hud.w - 24 * s)
        return
    player = state.current_player()
    seat = scene.config.seats[player]
    who = _("{name} (bot)").format(name=seat.name) if seat.is_bot else seat.name
    if scene.replay:  # one phrase, so Japanese reads 「Hard 1（CPU）の手番」 with no gap
        who = _("{name} to move").format(name=who)
    r = ui.text(surface, "\u25cf", px, (x, hud.centery), seat_colour(scene, player), "midleft")
    r = ui.text(surface, who, px, (r.right + 6 * s, hud.centery), ui.TEXT, "midleft", "bold")
    what = scene.prompt()
    if ui.fit(what, int(15 * s), hud.w * 0.5) != what:  # a small window: the short words
        what = scene.prompt(short=True)
    r = ui.text(surface, what, int(15 * s), (r.right + 14 * s, hud.centery), ui.MUTED, "midleft",
                max_width=hud.w * 0.5)
    right = hud.right - 12 * s
    info = (_("Initial draft  \u2022  deck {deck}") if state.round == 0
            else _("Round {round}  \u2022  deck {deck}")).format(round=state.round, deck=state.deck_count)
    r2 = ui.text(surface, info, px, (right, hud.centery), ui.TEXT, "midright", "bold")
    scene.tip_spots.append((r2, ("deck",)))  # the round and the deck: the deck's tooltip
    if state.last_round:
        banner = pygame.Rect(0, 0, int(150 * s), hud.h - int(8 * s))
        banner.midright = (r2.left - 12 * s, hud.centery)
        if banner.left > r.right + 8 * s:
            ui.panel(surface, banner, (140, 40, 36, 255), ui.HILITE, radius=int(6 * s))
            ui.text(surface, _("LAST ROUND"), int(14 * s), banner.center, ui.HILITE, "center", "bold",
                    max_width=banner.w - 8 * s)
            r2 = banner
            scene.tip_spots.append((banner, ("deck",)))
    # the advanced rules in play, left of the round (pointing at it explains them: table.draw)
    edge = r2.left - 12 * s
    scene.rules_badge = rules_badge.draw_badge(surface, rules_badge.active_rules(state.rules),
                                               (edge, hud.centery), "midright", max(8, int(13 * s)), s,
                                               edge - r.right - 12 * s)


def draw_turn_order(scene, surface) -> None:
    lay = scene.layout
    s = lay.scale
    box = frect(lay.turn_order)
    ui.panel(surface, box, (30, 24, 28, 210), ui.BRASS_DARK, radius=int(8 * s))
    state = scene.state
    order = state.turn_order()
    title = ui.render(_("Draft order") if state.phase == DRAFT else _("Turn order"), int(12 * s), ui.MUTED)
    y = box.y + 4 * s + title.get_height() + 3 * s
    chips, fits, joined = turn_chips(scene, order, box.w - 12 * s, box.bottom - y - 4 * s, s)
    x = box.x + 8 * s
    if fits:
        surface.blit(title, (round(x), round(box.y + 4 * s)))
    else:  # a low panel: the heading goes beside the chips, or (too narrow) the chips alone
        beside = box.w - 12 * s - title.get_width() - 8 * s
        chips, fits, joined = turn_chips(scene, order, beside, box.h - 4 * s, s)
        if fits:
            surface.blit(title, title.get_rect(midleft=(round(x), box.centery)))
            x += title.get_width() + 4 * s
        else:
            chips, fits, joined = turn_chips(scene, order, box.w - 12 * s, box.h - 4 * s, s)
        y = box.centery - max((c.get_height() for c in chips), default=0) / 2 - 3 * s
    scene.turn_chip_rects = []
    for k, (lane, chip, join) in enumerate(zip(order, chips, joined)):
        if join:  # a player's next doll on a chip joined to the last: "Bramble A|B"
            x -= 4 * s
        rect = chip.get_rect(topleft=(x + 4 * s, y + 3 * s)).inflate(8 * s, 6 * s)
        colour = seat_colour(scene, state.owners[lane])
        follows = k + 1 < len(joined) and joined[k + 1]
        left, right = (0 if join else int(6 * s)), (0 if follows else int(6 * s))  # square where joined
        pygame.draw.rect(surface, colour if k == 0 else tuple(int(c * 0.45) for c in colour), rect,
                         border_top_left_radius=left, border_bottom_left_radius=left,
                         border_top_right_radius=right, border_bottom_right_radius=right)
        if join:
            pygame.draw.line(surface, ui.INK, (rect.x, rect.y + 3 * s), (rect.x, rect.bottom - 3 * s),
                             max(1, round(s)))
        surface.blit(chip, chip.get_rect(center=rect.center))
        scene.turn_chip_rects.append(rect)
        scene.tip_spots.append((rect, ("turn", lane, k)))
        x = rect.right + 4 * s


def initials(name: str, others: list[str]) -> str:
    """A player's name as short as it can be and still tell them from the others: the initials
    of a name of several words ("Wilhelmina Clockwork": "WC"), else its first letters ("Br"
    beside "Ada"; "Bra" beside "Bram"; a Japanese name from one character: 「あ」 beside 「ふいご丸」),
    never cut inside a letter pair that others share."""
    words = name.split()
    if len(words) > 1:
        short = "".join(w[0] for w in words)
        if all(short != initials(o, []) for o in others if o != name):
            return short
    wide = unicodedata.east_asian_width(name[:1]) in "WF"  # a kana or kanji: as wide as two letters
    for k in range(1 if wide else 2, len(name)):
        if all(not o.startswith(name[:k]) for o in others if o != name):
            return name[:k]
    return name


def turn_texts(scene, order, form: str, numbers: bool) -> tuple[list[str], list[bool]]:
    """The words of each lane's chip, and whether each chip joins the one before it. `form`:
    "name" (the whole name, as in the game of one doll each), "run" (a player's neighbouring dolls
    on joined chips, the whole name once: "Bramble A|B"), "initials" (the same, the name as its
    initials: "Br A|B"), or a number: the name cut to that many letters, "Bram…"."""
    state = scene.state
    seats = scene.config.seats
    names = [seats[state.owners[lane]].name for lane in order]
    texts, joined = [], []
    for k, lane in enumerate(order):
        name = names[k]
        letter = doll_letter(state.owners, lane)
        if form in ("run", "initials") and letter:
            join = k > 0 and state.owners[order[k - 1]] == state.owners[lane]
            short = name if form == "run" else initials(name, names)
            text = letter if join else _("{name} {letter}").format(name=short, letter=letter)
        elif form == "initials":  # one doll each: 「あ」 and 「ふ」 tell them apart, 「あ…」 did not
            join, text = False, initials(name, names)
        else:
            join = False
            length = int(form) if form.isdigit() else 99
            text = name if len(name) <= length else name[:length - 1] + "\u2026"
        bench = state.bench[lane]
        texts.append(text + (f" {bench}" if bench is not None and numbers else ""))
        joined.append(join)
    return texts, joined


def turn_chips(scene, order, room: float, height: float, s: float) -> tuple[list, bool, list[bool]]:
    """Every lane's chip, in the largest text that lets all of them fit in `room` wide and `height`
    high: nobody drops out of the turn order. The names are the point: where they do not fit with
    their bench cards, the chips drop the numbers (the bench cards show them, the chip's tooltip
    says them) before the text gets smaller still. In a two-player game (two dolls each) the chips
    then say which doll, a player's neighbouring dolls sharing the name on joined chips ("Bramble
    A|B"), before the names alone ("Ada Ada") and then initials with the letters ("Br A|B"; the
    tooltips say the names whole); names are cut only last.
    Also returns, for each chip, whether it joins the one before it."""
    two = any(doll_letter(scene.state.owners, lane) for lane in order)
    # whole names with their numbers, then (two dolls each) with the doll letters, then whole names
    # alone, then initials and letters, each in the condensed face before a smaller size; then
    # shorter names
    forms = ["name", "run", "name", "initials"] if two else ["name", "name", "initials"]
    tries = [(form, k == 0, style) for k, form in enumerate(forms) for style in ("bold", "narrow")]
    tries += [(str(length), False, "narrow") for length in (9, 6, 3, 2)]  # (then: no room at all)
    words: dict[tuple[str, bool], tuple[tuple[str, ...], tuple[bool, ...]]] = {}
    for form, numbers, _style in tries:
        if (form, numbers) not in words:
            said, joins = turn_texts(scene, order, form, numbers)
            words[form, numbers] = (tuple(said), tuple(joins))

    def search() -> tuple[tuple[str, bool], int, str, bool]:
        """(which words, at what size, in which face, whether they fit the height given)."""
        found = ((tries[0][0], tries[0][1]), 7, tries[0][2], False)
        # (a panel too low for the player's text size even at the smallest: the widths alone
        # decide, the chips a little taller than the panel rather than the names cut)
        for tall in (height, float("inf")):
            for form, numbers, style in tries:
                texts, joined = words[form, numbers]
                for size in (14, 13, 12, 11, 10, 9):
                    px = max(7, int(size * s))
                    chips = [ui.render(text, px, ui.INK if k == 0 else ui.TEXT, style)
                             for k, text in enumerate(texts)]
                    wide = sum(c.get_width() + (8 if j else 12) * s for c, j in zip(chips, joined))
                    found = ((form, numbers), px, style, False)
                    if wide <= room and max((c.get_height() for c in chips), default=0) + 6 * s <= tall:
                        return (form, numbers), px, style, tall == height
        return found

    # (the search renders up to 96 texts: it is done once for the same words and room)
    chosen, px, style, fits = ui.remembered(("turn chips", tuple(words.items()), room, height, s), search)
    texts, joined = words[chosen]
    chips = [ui.render(text, px, ui.INK if k == 0 else ui.TEXT, style) for k, text in enumerate(texts)]
    return chips, fits, list(joined)


def change_words(delta: int) -> str:
    """A score change as the preview and the gaps' chips say it: +3, \u22122, +0."""
    return f"+{delta}" if delta >= 0 else f"\u2212{-delta}"


def change_colour(delta: int) -> tuple:
    """Gain green, loss red, no change neutral (not a gain)."""
    return ui.GOOD if delta > 0 else ui.BAD if delta < 0 else ui.MUTED


CHIP_FILL = {1: ui.GOOD, -1: ui.BAD, 0: (70, 62, 66)}
CHIP_WORDS = {1: ui.INK, -1: (255, 255, 255), 0: ui.TEXT}


def gap_chip(words: str, sign: int, px: int, s: float, snapped: bool) -> pygame.Surface:
    """One gap's chip: its score change on the colour of gain, loss or none, a dark rim so it
    stands out on the cream cards; the snapped gap's larger, in a gold ring."""
    text = ui.render(words, px, CHIP_WORDS[sign], "bold")
    pad_x, pad_y = max(2, round(4 * s)), max(1, round(1 * s))
    rim = max(2, round(3 * s)) if snapped else 1
    w, h = text.get_width() + 2 * (pad_x + rim), text.get_height() + 2 * (pad_y + rim)
    chip = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, h // 3)
    pygame.draw.rect(chip, ui.HILITE if snapped else ui.INK, chip.get_rect(), border_radius=radius)
    pygame.draw.rect(chip, CHIP_FILL[sign], chip.get_rect().inflate(-2 * rim, -2 * rim),
                     border_radius=max(2, radius - rim))
    chip.blit(text, text.get_rect(center=(w / 2, h / 2)))
    return chip


def draw_gap_chips(scene, surface, lane_index: int) -> None:
    """While the human chooses where the bench card goes (a drag from its first moment, a
    selected bench card, the keys' cursor): every legal gap's score change on a small chip at
    the foot of the line, the one the card is snapped to larger and ringed. Chips that would
    touch their neighbour go one row up."""
    changes = scene.gap_changes(lane_index)
    scene.gap_chip_rects = {}
    if not changes:
        return
    lay = scene.layout.lanes[lane_index]
    cw, _ch = scene.layout.card_size
    s = scene.layout.scale
    strip = STRIP * cw
    n = len(scene.state.lines[lane_index])
    gap = scene.pending_position(lane_index)
    xs = scene.line_xs(lane_index, gap)
    px = max(9, round(12 * s))
    bottom = lay.line.y + lay.line.h + 2 * s

    def centre(p: int) -> float:
        if p == gap:  # the ghost's shown strip (the whole card at the right end)
            return lay.line.x + p * strip + (cw if p == n else strip) / 2
        return xs[p] if p < n else (xs[-1] + strip if xs else lay.line.x)

    placed: list[tuple[pygame.Surface, pygame.Rect]] = []
    taken: list[pygame.Rect] = []
    snapped = None
    if gap in changes:
        chip = gap_chip(change_words(changes[gap]), (changes[gap] > 0) - (changes[gap] < 0),
                        round(px * 1.3), s, True)
        snapped = (chip, chip.get_rect(midbottom=(round(centre(gap)), round(bottom))))
        taken.append(snapped[1])
    for p in sorted(changes):
        if p == gap:
            continue
        delta = changes[p]
        chip = gap_chip(change_words(delta), (delta > 0) - (delta < 0), px, s, False)
        foot = chip.get_rect(midbottom=(round(centre(p)), round(bottom)))
        # the foot row, else one row up, else two (where the cards still glide apart)
        rows = [foot.move(0, -k * (foot.h + 1)) for k in range(3)]
        rect = next((r for r in rows if r.collidelist([t.inflate(2, 0) for t in taken]) < 0), rows[0])
        taken.append(rect)
        placed.append((chip, rect))
        scene.gap_chip_rects[p] = rect
    if snapped is not None:
        placed.append(snapped)  # drawn last: on top
        scene.gap_chip_rects[gap] = snapped[1]
    for chip, rect in placed:
        surface.blit(chip, rect)


def draw_preview(scene, surface) -> None:
    lay = scene.layout
    s = lay.scale
    box = frect(lay.preview)
    ui.panel(surface, box, (30, 24, 28, 210), ui.BRASS_DARK, radius=int(8 * s))
    state = scene.state
    if state.is_over():
        return
    lane = state.active
    gap = scene.pending_position(lane)
    x, y = box.x + 10 * s, box.y + 6 * s
    now = state.explain(lane)
    chip_h = max(int(22 * s), ui.font(int(14 * s), "bold").get_height())
    # the title, the score and the chips share the panel's height (smaller where they would not fit)
    title_h, score_h, chip_fit = shares([ui.font(int(14 * s)).get_height(),
                                         ui.font(int(24 * s), "bold").get_height(), chip_h],
                                        box.bottom - 2 * s - y - 8 * s)
    if chip_fit is not None:
        chip_h = int(chip_fit)
    if gap is not None and state.bench[lane] is not None and scene.position_is_legal(lane, gap):
        after = state.explain_placement(lane, gap)
        title = _("Place {card} {where}").format(card=state.bench[lane],
                                                   where=placement_words(state.lines[lane], gap))
        delta = after.score - now.score
        r = ui.text(surface, title, int(14 * s), (x, y), ui.MUTED, max_width=box.w - 20 * s,
                    max_height=title_h)
        r = ui.text(surface, f"{now.score} \u2192 {after.score}  ({change_words(delta)})", int(24 * s),
                    (x, r.bottom + 2 * s), change_colour(delta), style="bold", max_height=score_h)
        shown = after
    else:
        r = ui.text(surface, _("This doll now"), int(14 * s), (x, y), ui.MUTED, max_width=box.w - 20 * s,
                    max_height=title_h)
        r = ui.text(surface, ngettext("{points} pt", "{points} pts", abs(now.score)).format(points=now.score), int(24 * s), (x, r.bottom + 2 * s),
                    ui.TEXT, style="bold", max_height=score_h)
        shown = now
    cap = ui.text(surface, _("capacity {capacity}").format(capacity=shown.capacity), int(13 * s),
                  (r.right + 12 * s, r.centery), ui.MUTED, "midleft",
                  max_width=box.right - 6 * s - r.right - 12 * s, max_height=r.h)
    scene.tip_spots.append((cap, ("capacity", lane, shown.capacity)))
    y = min(r.bottom + 6 * s, box.bottom - 2 * s - chip_h)
    cx = x
    for module in shown.modules[:12]:
        colour = ui.INK if module.scored else MODULE_UNSCORED
        chip_w = ui.font(int(14 * s), "bold").size(f"{module.size}")[0]
        rect = pygame.Rect(cx, y, max(int(26 * s), chip_w + int(8 * s)), chip_h)
        if rect.right > box.right - 6 * s:
            break
        if module.scored:  # filled; unscored ones hollow and dashed: not by colour alone
            pygame.draw.rect(surface, MODULE_SCORED, rect, border_radius=int(5 * s))
        else:
            ui.dashed_rect(surface, MODULE_UNSCORED, rect, max(1, round(2 * s)), max(2, round(4 * s)))
        ui.text(surface, f"{module.size}", int(14 * s), rect.center, colour, "center", "bold",
                max_height=rect.h)
        scene.tip_spots.append((rect, ("module", module.size, module.scored, shown.capacity)))
        cx = rect.right + max(3, 4 * s)
    if shown.modules:  # under the chips; beside them (shorter) where the panel is low
        caption = ui.render(_("module sizes (filled = scored)"), int(11 * s), ui.MUTED)
        if y + chip_h + 3 * s + caption.get_height() <= box.bottom - 2 * s:
            ui.text(surface, _("module sizes (filled = scored)"), int(11 * s), (x, y + chip_h + 3 * s),
                    ui.MUTED, max_width=box.right - 6 * s - x)
        else:
            ui.text(surface, _("filled = scored"), int(11 * s), (cx + 4 * s, y + chip_h / 2), ui.MUTED,
                    "midleft", max_width=box.right - 6 * s - cx - 4 * s, max_height=chip_h)


def log_box(scene) -> pygame.Rect:
    """The log's panel: its region of the layout, above a lesson's panel when that sits there
    (the table's marks.home()), so the latest lines, a hint's reason among them, stay in sight."""
    lay = scene.layout
    box = frect(lay.log)
    coach = scene.coach.panel if scene.coach is not None else None
    if coach is not None and coach.colliderect(box):
        box.h = max(0, coach.top - int(6 * lay.scale) - box.y)
    return box


def draw_log(scene, surface) -> None:
    lay = scene.layout
    s = lay.scale
    box = log_box(scene)
    scene.log_rows = []  # (line, rect) as drawn, newest first
    if box.h < 20 * s:
        return
    ui.panel(surface, box, (24, 20, 24, 200), ui.BRASS_DARK, radius=int(8 * s))
    px = int(13 * s)
    head = ui.text(surface, _("Log"), int(12 * s), (box.x + 8 * s, box.y + 4 * s), ui.MUTED, style="bold")
    y = box.bottom - 6 * s
    for n, entry in enumerate(reversed(scene.logbook.visible())):
        size, colour = log_style(entry, px)
        parts = ui.wrap(entry, size, box.w - 18 * s)
        if n and y - len(parts) * ui.font(size).get_linesize() < max(box.y + 20 * s, head.bottom):
            return  # whole entries only: no sentence's tail at the top (but the newest's)
        for part in reversed(parts):
            y -= ui.font(size).get_linesize()
            if y < max(box.y + 20 * s, head.bottom):
                return
            scene.log_rows.append((part, ui.text(surface, part, size, (box.x + 9 * s, y), colour)))


def draw_magnified(scene, surface) -> None:
    """The card under the cursor (right-click or a long hover), big, docked over the log
    (geometry.magnifier), its name and flavour beside it on the same backing."""
    from game.core.cards import card_set
    from game.core.i18n import _  # the card's own words: assets/cards.json's English, or the catalogue's
    dock = scene.geo.magnifier()
    if dock is None:
        return
    card, words = dock
    s = scene.layout.scale
    ui.panel(surface, card.union(words).inflate(16 * s, 16 * s), (24, 19, 22, 255), ui.BRASS,
             radius=int(10 * s))
    blit_card(surface, scene.app.art, scene.magnified, card)
    doll = card_set().dolls[scene.magnified]
    px = max(10, int(16 * s))
    y = ui.text(surface, _(doll.name), int(px * 1.15), (words.x, words.y + 4 * s), ui.HILITE, style="bold",
                max_width=words.w).bottom + 6 * s
    line_h = ui.font(px).get_linesize()
    for part in ui.wrap(_(doll.flavour), px, words.w):
        if y + line_h > words.bottom:
            break
        ui.text(surface, part, px, (words.x, y), ui.TEXT)
        y += line_h
