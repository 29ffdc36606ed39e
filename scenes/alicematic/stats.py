"""Alicematic's rows on the Statistics page (scenes.descriptor.SceneInfo.figure_rows): wins by the
colour each seat played, as set up (game/alicematic/stats.py)."""

from __future__ import annotations

from game.alicematic.stats import COLOUR_KEYS
from game.i18n import _

from scenes.menus.stats import tally
from scenes.widgets import ui


def figure_rows(page: dict) -> list[tuple[str, list[tuple[str, str]]]]:
    by_colour = page.get("by_colour") or {}
    if not by_colour:
        return []
    rows = [(_("By colour"), "")]
    rows += [(_(ui.COLOUR_NAMES[COLOUR_KEYS.index(key)]), tally(t))
             for key, t in by_colour.items() if key in COLOUR_KEYS]
    return [("opponents", rows)]
