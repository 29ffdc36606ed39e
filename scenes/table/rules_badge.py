"""The advanced rules in play, as a small badge on a table; pointing at it says what they do.

Alice Assemble (The Flaw, The Identity) and Grayblock (Water Veins) draw it in their status line,
so that a rule chosen at setup is never forgotten halfway through a game.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from scenes.widgets import ui

# The rules' names are English keys (active_rules), translated where drawn.
RULE_NAMES = (N_("The Flaw"), N_("The Identity"), N_("Water Veins"))
# the words of the rules pages (scenes/<game>/rules_text.py), shortened
EXPLAIN = {
    "The Flaw": N_("The points of unscored modules are subtracted from the score."),
    "The Identity": N_("Placing on top of the rightmost card costs the lane 1 capacity, and is not "
                       "allowed at capacity 1 (the first card of a line is free)."),
    "Water Veins": N_("Every gear of the new card must touch a gear on the end card it joins (same "
                      "row, or one above or below); card 0 may not start the row."),
}
SHORT = {"The Flaw": N_("Flaw"), "The Identity": N_("Identity"), "Water Veins": N_("Veins")}


def active_rules(rules) -> list[str]:
    """The names of the advanced rules switched on, in the rules page's order."""
    names = []
    if getattr(rules, "flaw", False):
        names.append("The Flaw")
    if getattr(rules, "identity", False):
        names.append("The Identity")
    if getattr(rules, "water_veins", False):
        names.append("Water Veins")
    return names


def draw_badge(surface, names: list[str], pos, anchor: str, px: int, s: float,
               room: float) -> pygame.Rect | None:
    """A brass-edged pill naming the rules, at `pos` (`anchor` as in ui.text), in the longest
    wording that fits `room` pixels: full names, short names, or a count. None if none fits."""
    if not names:
        return None
    wordings = [" \u00b7 ".join(_(n) for n in names), " \u00b7 ".join(_(SHORT[n]) for n in names),
                ngettext("{n} rule", "{n} rules", len(names)).format(n=len(names))]
    pad = 8 * s
    for words in wordings:
        label = ui.render(words, px, ui.HILITE, "bold")
        if label.get_width() + 2 * pad <= room:
            break
    else:
        return None
    box = label.get_rect().inflate(2 * pad, 4 * s)
    setattr(box, anchor, (round(pos[0]), round(pos[1])))
    ui.panel(surface, box, (70, 46, 30, 255), ui.BRASS, radius=int(6 * s), width=1)
    surface.blit(label, label.get_rect(center=box.center))
    return box


def draw_tooltip(surface, names: list[str], badge: pygame.Rect, s: float) -> pygame.Rect:
    """What each rule does, in a panel below the badge (above it near the bottom), on screen."""
    px = max(10, int(14 * s))
    w, h = surface.get_size()
    width = min(w - 16 * s, 420 * s)
    lines: list[tuple[str, tuple, str]] = [(_("Advanced rules in play"), ui.BRASS, "bold")]
    for name in names:
        lines.append((_(name), ui.HILITE, "bold"))
        lines += [(part, ui.TEXT, "regular") for part in ui.wrap(_(EXPLAIN[name]), px, width - 20 * s)]
    line_h = ui.font(px).get_linesize()
    box = pygame.Rect(0, 0, round(width), round(len(lines) * line_h + 14 * s))
    box.midtop = (badge.centerx, badge.bottom + round(6 * s))
    if box.bottom > h:
        box.midbottom = (badge.centerx, badge.top - round(6 * s))
    box.clamp_ip(surface.get_rect())
    ui.panel(surface, box, (24, 19, 22, 255), ui.BRASS, radius=int(8 * s))
    y = box.y + 7 * s
    for part, colour, style in lines:
        ui.text(surface, part, px, (box.x + 10 * s, y), colour, style=style, max_width=box.w - 20 * s)
        y += line_h
    return box
