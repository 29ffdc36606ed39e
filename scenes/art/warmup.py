"""The card art a game's first frame will draw, planned ahead (CardArt.plan) so that idle frames
on the setup screen render it: each card costs about 7 ms the first time at a given width, and a
table shows dozens at once. Each game's declaration (scenes.descriptor.SceneInfo.art) lists its
cards at the widths its own layout code gives them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scenes.art.cards import ArtCall


def planned_art(game: str, players: int, size: tuple[int, int]) -> list[ArtCall]:
    """(CardArt method, *args) calls: the table background first, then the game's cards."""
    from scenes import games
    info = games.find(game)
    return [("table", tuple(size))] + (info.art(players, size) if info and info.art else [])
