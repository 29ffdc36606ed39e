"""The advanced rules in play, as a small badge on a table; pointing at it says what they do.

A game whose declaration has optional rules (game.core.descriptor.RuleOption: its name, short name and
what it does) may draw it in its status line (Alice Assemble and Grayblock do), so that a rule
chosen at setup is never forgotten halfway through a game.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core import registry
from game.core.descriptor import RuleOption
from game.core.i18n import _, ngettext
from scenes.widgets import ui


def _option(name: str) -> RuleOption:
    return next(rule for game in registry.GAMES for rule in game.rules if rule.title == name)


def active_rules(rules: Any) -> list[str]:  # a game's Rules
    """The names (English keys, translated where drawn) of the optional rules a game's rules value
    switches on, in its declaration's order. The value writes them as a record keeps them
    (to_json: {key: True}); None, a game without options, has none. Option keys are the games'
    own: no two games declare the same one."""
    on = rules.to_json() if rules is not None else {}
    return [rule.title for game in registry.GAMES for rule in game.rules if on.get(rule.key) is True]


def draw_badge(surface: pygame.Surface, names: list[str], pos: tuple[float, float],
               anchor: str, px: int, s: float,
               room: float) -> pygame.Rect | None:
    """A brass-edged pill naming the rules, at `pos` (`anchor` as in ui.text), in the longest
    wording that fits `room` pixels: full names, short names, or a count. None if none fits."""
    if not names:
        return None
    wordings = [" \u00b7 ".join(_(n) for n in names), " \u00b7 ".join(_(_option(n).short) for n in names),
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


def draw_tooltip(surface: pygame.Surface, names: list[str], badge: pygame.Rect,
                 s: float) -> pygame.Rect:
    """What each rule does, in a panel below the badge (above it near the bottom), on screen."""
    px = max(10, int(14 * s))
    w, h = surface.get_size()
    width = min(w - 16 * s, 420 * s)
    lines: list[tuple[str, tuple, str]] = [(_("Advanced rules in play"), ui.BRASS, "bold")]
    for name in names:
        lines.append((_(name), ui.HILITE, "bold"))
        lines += [(part, ui.TEXT, "regular") for part in ui.wrap(_(_option(name).explain), px, width - 20 * s)]
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
