"""Alicematic's rows on the Statistics page (scenes.descriptor.SceneInfo.figure_rows): wins by the
colour each seat played, as set up (game/alicematic/stats.py); and its designer page
(SceneInfo.designer_page): the balance report (game/alicematic/report.py) of the player's games."""

from __future__ import annotations

from typing import Any, Callable

from game.alicematic.stats import COLOUR_KEYS
from game.core.i18n import N_, _

from scenes.menus.stats import tally
from scenes.widgets import ui

Figure = dict[str, float]  # an interval's JSON (game.core.intervals.Interval.json): value, low, high, n


def figure_rows(page: dict[str, Any]) -> list[tuple[str, list[tuple[str, str]]]]:
    by_colour = page.get("by_colour") or {}
    if not by_colour:
        return []
    rows = [(_("By colour"), "")]
    rows += [(_(ui.COLOUR_NAMES[COLOUR_KEYS.index(key)]), tally(t))
             for key, t in by_colour.items() if key in COLOUR_KEYS]
    return [("opponents", rows)]


# --- the designer page (SceneInfo.designer_page): game.alicematic.report's figures -------------

ENDING_WORDS = {"round_14": N_("Ended after the last round"),
                "every_city_held": N_("Ended: every city held")}
SIDE = 2  # cards and tiles: the ones winning most and least, this many each (the page's room)


def percent(value: float) -> str:
    return f"{round(100 * value)}%"


def share(figure: Figure) -> str:
    """A share with its 95% interval and n: "14% (12–17%), n=1000"."""
    return _("{value} ({low}\u2013{high}), n={n}").format(
        value=percent(figure["value"]), low=round(100 * figure["low"]), high=percent(figure["high"]),
        n=figure["n"])


def average(figure: Figure) -> str:
    """A mean with its 95% interval and n: "22.1 (17.1–27.0), n=1000"."""
    return _("{value} ({low}\u2013{high}), n={n}").format(
        value=f"{figure['value']:.1f}", low=f"{figure['low']:.1f}", high=f"{figure['high']:.1f}",
        n=figure["n"])


def tile_words(key: str) -> str:
    return _("Tile {n}").format(n=key.rsplit(" ", 1)[-1])


def ends(figures: dict[str, Figure], words: Callable[[str], str]) -> list[tuple[str, str]]:
    """The SIDE winning most, then the SIDE winning least (all of them if they are few)."""
    keys = list(figures)
    chosen = keys if len(keys) <= 2 * SIDE else keys[:SIDE] + keys[-SIDE:]
    return [(words(key), share(figures[key])) for key in chosen]


def designer_page(report: dict[str, Any]) -> list[tuple[str, str]]:
    """The balance report of the player's finished games as Statistics' rows: the start player's
    win share against fair per player count (every turn position's share after it, from the
    start player on), by colour, the game's length and margins, the cards and tiles that win most
    and least. `alice-assemble balance` gives every figure with its interval."""
    by_players = report.get("by_players") or {}
    rows: list[tuple[str, str]] = [(_("Start player's win share"), "")]
    rows += [(_("{n} players (fair {fair})").format(n=n, fair=percent(group["fair_share"])),
              share(group["win_share_by_turn_position"]["1"])) for n, group in by_players.items()]
    rows.append((_("Win share by turn, from the start player"), ""))
    rows += [(_("{n} players").format(n=n), " \u00b7 ".join(  # 15 · 19 · 19 · 23 · 24%
        str(round(100 * f["value"])) for f in group["win_share_by_turn_position"].values()) + "%")
        for n, group in by_players.items()]
    by_colour = report.get("win_share_by_colour") or {}
    if by_colour:
        rows.append((_("Win share by colour"), ""))
        rows += [(_(ui.COLOUR_NAMES[COLOUR_KEYS.index(key)]), share(figure))
                 for key, figure in by_colour.items() if key in COLOUR_KEYS]
    rows.append((_("Every game (fair share {fair})").format(fair=percent(report["fair_share"])), ""))
    rows += [(_("Score spread"), average(report["score_spread"])),
             (_("Winner's margin"), average(report["winners_margin"])),
             (_("Rounds played"), average(report["rounds"]))]
    rows += [(_(ENDING_WORDS[key]), share(figure)) for key, figure in report["ended_by"].items()
             if key in ENDING_WORDS]
    if report.get("cards"):
        rows.append((_("Win share by card (face up at the end)"), ""))
        rows += ends(report["cards"], str)
    if report.get("tiles"):
        rows.append((_("Win share of each tile's sole majority holder"), ""))
        rows += ends(report["tiles"], tile_words)
    return rows
