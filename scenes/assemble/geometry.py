"""Where things are on the Alice Assemble table: the layout (from its .tmx) fitted to the window,
the field's card slots, the lines' gliding card positions, and what is under the cursor."""

from __future__ import annotations

import math

import pygame

from scenes.art.metrics import CARD_ASPECT, STRIP
from scenes.layouts.tmx import load_layout
from scenes.widgets.anim import Glide


MAGNIFY_GOAL = 1.6  # the magnified card at least this much taller than the table's when there is room
MAGNIFY_MIN = 1.15  # and never shown hardly bigger than the card itself


class Geometry:
    def __init__(self, players: int):
        self.base = load_layout(players)
        self.layout = self.base
        self.slots: dict[int, int] = {}  # field card -> its slot (cards keep their place as others go)
        self.glides: dict[tuple[int, int], Glide] = {}  # (lane, card) -> its x in the line

    def fit(self, size) -> None:
        self.layout = self.base.fit(*size)

    def assign_slots(self, state) -> None:
        """A field card's slot is its place in the deal that brought it (every deal is one card
        per lane, off the deck): from the state alone, so cards keep their slots as others are
        taken, and after undo, redo or Continue."""
        deal = state.setup.deck[max(0, state.deck_pos - state.n_lanes):state.deck_pos]
        self.slots = {c: deal.index(c) if c in deal else i for i, c in enumerate(state.field)}

    def field_rect(self, state, card: int) -> tuple:
        field = self.layout.field
        cw, ch = self.layout.card_size
        slots = state.n_lanes
        gap = (field.w - slots * cw) / (slots + 1)
        i = self.slots.get(card, 0)
        return (field.x + gap + i * (cw + gap), field.y + (field.h - ch) / 2, cw, ch)

    def line_targets(self, state, lane: int, gap_at: int | None) -> list[float]:
        """Where a line's cards rest, opening a gap at `gap_at` for the card being placed."""
        line = self.layout.lanes[lane].line
        strip = STRIP * self.layout.card_width
        return [line.x + (i + (1 if gap_at is not None and i >= gap_at else 0)) * strip
                for i in range(len(state.lines[lane]))]

    def slot_x(self, lane: int, position: int) -> float:
        return self.layout.lanes[lane].line.x + position * STRIP * self.layout.card_width

    def line_xs(self, state, lane: int, gap: int | None) -> list[float]:
        xs = []
        for card, target in zip(state.lines[lane], self.line_targets(state, lane, gap)):
            glide = self.glides.get((lane, card))
            if glide is None:
                glide = self.glides[(lane, card)] = Glide(target)
            xs.append(glide.value)
        return xs

    def glide(self, state, lane: int, gap: int | None, dt: float) -> None:
        for card, target in zip(state.lines[lane], self.line_targets(state, lane, gap)):
            self.glides.setdefault((lane, card), Glide(target)).update(target, dt)

    def insertion_at(self, state, lane: int, x: float) -> int:
        """The gap a card dropped at `x` goes into. The ends are generous: the left quarter of the
        first card (or anything left of it) is the left end, all but the left quarter of the last
        card (or anything right of it) the right end; in between, one strip's width per gap."""
        line = self.layout.lanes[lane].line
        strip = STRIP * self.layout.card_width
        quarter = self.layout.card_width / 4
        n = len(state.lines[lane])
        return max(0, min(n, math.floor((x - line.x - quarter) / strip) + 1))

    def over_lane(self, pos, lane: int) -> bool:
        return self.layout.lanes[lane].box.contains(pos)

    def card_at(self, state, pos) -> tuple | None:
        """What card is under the cursor: ("field", card), ("bench", lane) or ("line", lane, i)."""
        for card in state.field:
            if pygame.Rect(self.field_rect(state, card)).collidepoint(pos):
                return ("field", card)
        cw, ch = self.layout.card_size
        for lane, lay in enumerate(self.layout.lanes):
            if state.bench[lane] is not None and lay.bench.contains(pos):
                return ("bench", lane)
            xs = self.line_xs(state, lane, None)
            for i in range(len(state.lines[lane]) - 1, -1, -1):  # topmost (rightmost) first
                if pygame.Rect(xs[i], lay.line.y, cw, ch).collidepoint(pos):
                    return ("line", lane, i)
        return None

    def magnifier(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """Where a magnified card goes (its rect, and the box for its name and words beside it).

        It docks over the log: nobody reads the log while resting the cursor on a card, and the
        magnifier goes the moment the cursor leaves the card. The card is as tall as the log;
        where that is short of MAGNIFY_GOAL (3 players: their cards are the biggest) it also
        covers the buttons below. Never over a lane, the field or the deck. None when even that
        would be hardly bigger than the card on the table."""
        lay = self.layout
        s = lay.scale
        pad = 8 * s
        log = pygame.Rect(*lay.log.to_int())
        docks = [log]
        buttons = pygame.Rect(*lay.buttons.to_int())
        if buttons.x == log.x and buttons.w == log.w:
            docks.append(log.union(buttons))

        def card_h(box):
            return min(box.h - 2 * pad, (box.w / 2 - 2 * pad) / CARD_ASPECT)

        dock = docks[0] if card_h(docks[0]) >= MAGNIFY_GOAL * lay.card_height else max(docks, key=card_h)
        ch = card_h(dock)
        if ch < MAGNIFY_MIN * lay.card_height:
            return None
        card = pygame.Rect(round(dock.x + pad), round(dock.y + pad), round(ch * CARD_ASPECT), round(ch))
        words = pygame.Rect(round(card.right + pad), card.y, round(dock.right - card.right - 2 * pad), card.h)
        return card, words
