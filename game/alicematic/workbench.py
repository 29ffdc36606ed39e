"""The designers' tools for Alicematic (game.core.descriptor.GameInfo.workbench), which the command line
and the app reach through the game's declaration: a parameters file (params.py), a content folder
outside the install, its check listing every problem, and the readable log.

A content folder holds `cards.json`, a `tiles` folder (tile-01.tmx .. tile-15.tmx and their
tileset), or both, as assets/alicematic does (copy it to start); what it lacks comes from the
install."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .content import (N_TILES, Content, ContentError, read_json, card_problems, deck_warnings,
                      load_cards, load_tiles, tile_name, tile_problems)
from .params import read_params

if TYPE_CHECKING:
    from ..core.records import StrPath
    from .content import Card, Tile

__all__ = ["read_params", "read_content", "check_content", "readable_log"]


def folder_problems(folder: StrPath) -> tuple[Content | None, list[str], list[str]]:
    """(the content, every problem, the warnings) of a content folder; ContentError when the
    folder itself cannot be used (not a folder, nothing in it)."""
    root = Path(folder)
    shown = str(folder)[-80:]
    if not root.is_dir():
        raise ContentError(f"{shown}: not a folder" if root.exists() else f"{shown}: no such folder")
    cards_file, tiles_folder = root / "cards.json", root / "tiles"
    if not cards_file.exists() and not tiles_folder.exists():
        raise ContentError(f"{shown}: holds neither cards.json nor a tiles folder (copy "
                           "assets/alicematic to start one)")
    problems: list[str] = []
    warnings: list[str] = []
    cards: tuple[Card, ...] = ()
    if cards_file.exists():
        try:
            cards, found = card_problems(read_json(cards_file), cards_file.name)
            problems += found
            warnings += deck_warnings(cards, cards_file.name) if not found else []
        except ContentError as exc:
            problems.append(str(exc))
    else:
        warnings.append("no cards.json: the installed cards are used")
        cards = load_cards()
    tiles: list[Tile] = []
    if tiles_folder.is_dir():
        for number in range(1, N_TILES + 1):
            tile, found = tile_problems(tiles_folder / tile_name(number), number)
            problems += [f"tiles/{line}" for line in found]
            if tile is not None:  # (None: its problems are listed, and no content comes back)
                tiles.append(tile)
    elif tiles_folder.exists():
        problems.append("tiles: not a folder")
    else:
        warnings.append("no tiles folder: the installed tiles are used")
        tiles = list(load_tiles())
    if problems:
        return None, problems, warnings
    return Content(tuple(cards), tuple(tiles)), [], warnings


def read_content(folder: StrPath) -> Content:
    """A content folder's cards and tiles: ContentError with its first problem (and how many more)."""
    content, problems, _warnings = folder_problems(folder)
    if content is None:
        more = f" (and {len(problems) - 1} more: check-content lists them)" if len(problems) > 1 else ""
        raise ContentError(f"{problems[0]}{more}")
    return content


def check_content(folder: StrPath) -> tuple[list[str], list[str], str]:
    """(every problem, the warnings, a line saying what the content is when it is good)."""
    content, problems, warnings = folder_problems(folder)
    if content is None:
        return problems, warnings, ""
    return [], warnings, (f"{len(content.cards)} cards, {len(content.tiles)} tiles: good "
                          f"(content {content.hash})")


def readable_log(record: dict[str, Any], lang: str | None = None) -> str:
    from .log import readable_log as log
    return log(record, lang)
