"""Alicematic's rows on the Statistics page (scenes.descriptor.SceneInfo.figure_rows): wins by the
colour each seat played, as set up (game/alicematic/stats.py); and its designer page
(SceneInfo.designer_page): the balance report (game/alicematic/report.py) of the player's games."""

from __future__ import annotations

from game.alicematic.stats import COLOUR_KEYS
from game.i18n import N_, _

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


# --- the designer page (SceneInfo.designer_page): game.alicematic.report's figures -------------

ENDING_WORDS = {"round_14": N_("Ended after the last round"),
                "every_city_held": N_("Ended with every city held")}
SIDE = 3  # cards and tiles: the ones winning most and least, this many each


def share(figure: dict) -> str:
    """A share with its 95% interval and n: "14% (12–17%), n=1000"."""
    return _("{value} ({low}\u2013{high}), n={n}").format(
        value=f"{round(100 * figure['value'])}%", low=round(100 * figure["low"]),
        high=f"{round(100 * figure['high'])}%", n=figure["n"])


def average(figure: dict) -> str:
    """A mean with its 95% interval and n: "22.1 (17.1–27.0), n=1000"."""
    return _("{value} ({low}\u2013{high}), n={n}").format(
        value=f"{figure['value']:.1f}", low=f"{figure['low']:.1f}", high=f"{figure['high']:.1f}",
        n=figure["n"])


def position_words(position: str) -> str:
    return _("Start player") if position == "1" else _("Turn position {n}").format(n=position)


def tile_words(key: str) -> str:
    return _("Tile {n}").format(n=key.rsplit(" ", 1)[-1])


def ends(figures: dict, words) -> list[tuple[str, str]]:
    """The SIDE winning most, then the SIDE winning least (all of them if they are few)."""
    keys = list(figures)
    chosen = keys if len(keys) <= 2 * SIDE else keys[:SIDE] + keys[-SIDE:]
    return [(words(key), share(figures[key])) for key in chosen]


def designer_page(report: dict) -> list[tuple[str, str]]:
    """The balance report of the player's finished games as Statistics' rows: who wins by turn
    order and colour, the game's length and margins, the cards and tiles that win most and least."""
    rows: list[tuple[str, str]] = []
    for players, group in (report.get("by_players") or {}).items():
        rows.append((_("{n} players: {games} games, fair share {fair}").format(
            n=players, games=group["games"], fair=f"{round(100 * group['fair_share'])}%"), ""))
        rows += [(position_words(position), share(figure))
                 for position, figure in group["win_share_by_turn_position"].items()]
        by_colour = group.get("win_share_by_colour") or {}
        rows += [(_(ui.COLOUR_NAMES[COLOUR_KEYS.index(key)]), share(figure))
                 for key, figure in by_colour.items() if key in COLOUR_KEYS]
    rows.append((_("Every game"), ""))
    rows += [(_("Score spread (top \u2212 bottom)"), average(report["score_spread"])),
             (_("Winner's margin"), average(report["winners_margin"])),
             (_("Rounds played"), average(report["rounds"]))]
    rows += [(_(ENDING_WORDS[key]), share(figure)) for key, figure in report["ended_by"].items()
             if key in ENDING_WORDS]
    if report.get("cards"):
        rows.append((_("Cards face up at the end: win share"), ""))
        rows += ends(report["cards"], str)
    if report.get("tiles"):
        rows.append((_("Tiles: the sole majority holder's win share"), ""))
        rows += ends(report["tiles"], tile_words)
    return rows
