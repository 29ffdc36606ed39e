"""The card art a game's first frame will draw, planned ahead (CardArt.plan) so that idle frames
on the setup screen render it: each card costs about 7 ms the first time at a given width, and a
table shows dozens at once. The widths come from each scene's own layout code."""

from __future__ import annotations

DOLLS = range(32)


def _assemble(players: int, size) -> list:
    from scenes.layouts.tmx import load_layout
    cw = load_layout(players).fit(*size).card_width
    calls = [("back", round(cw)), ("counter_back", int(cw))]
    calls += [("counter", order, int(cw)) for order in range(1, 5)]
    return calls + [("doll", card, round(cw)) for card in DOLLS]


def _grayblock(players: int, size) -> list:
    from scenes.grayblock.geometry import Layout
    base = Layout(size, players, 0).base_w
    return [("back", base)] + [("doll", card, base) for card in DOLLS]


def _cementopia(players: int, size) -> list:
    from scenes.cementopia.draw import counter_width
    from scenes.cementopia.geometry import layout
    lay = layout(size)
    w = counter_width(lay.counters[0])
    calls = [("back", lay.deck.w), ("counter_back", w)] + [("counter", order, w) for order in range(1, 5)]
    return calls + [("doll", card, lay.hand_w) for card in DOLLS]


PLANS = {"assemble": _assemble, "grayblock": _grayblock, "cementopia": _cementopia}


def planned_art(game: str, players: int, size) -> list:
    """(CardArt method, *args) calls: the table background first, then the game's cards."""
    plan = PLANS.get(game)
    return [("table", tuple(size))] + (plan(players, size) if plan else [])
