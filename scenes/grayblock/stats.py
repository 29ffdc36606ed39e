"""Grayblock's rows on the Statistics page (scenes.descriptor.SceneInfo.figure_rows): its matches,
hands won by block and by going out, the average points of a hand won (game/grayblock/stats.py)."""

from __future__ import annotations

from game.core.i18n import _

from scenes.menus.stats import figure, joined


def figure_rows(page: dict) -> list[tuple[str, list[tuple[str, str]]]]:
    return [("scores", [
        (_("Matches"), figure(page.get("matches"))),
        (_("Hands won: block / out"),
         joined([figure(page.get("hands_won_by_block")), figure(page.get("hands_won_by_out"))])),
        (_("Average hand points"), figure(page.get("average_hand_points")))])]
