"""What a game's scene folder declares about its screens, once (scenes/<id>/descriptor.py): its
table, the setup screen's words for it, its rules page, its lesson's words and end screens.
scenes.games lists the declarations; the shared screens read them (and the game's own declaration,
game.core.descriptor, for its name, player counts and options) instead of naming a game.

The table class comes with everything a table does: GameTable's parts (saving, replay, hot seat,
the log, ...), each of which a game's table may name its own subclass of (docs/architecture.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:  # the tables import the shared screens, which read these declarations
    from scenes.app.stack import Scene
    from scenes.menus.diagrams import Diagram
    from scenes.table.base import GameTable


@dataclass(frozen=True, slots=True)
class Words:
    text: str  # N_
    shorter: str = ""  # N_: where a small window with large text leaves too little room


@dataclass(frozen=True, slots=True)
class SetupPage:
    """The setup screen's words for a game (its options are the game's declaration's)."""

    heading: str  # N_: over the right-hand column ("ADVANCED RULES")
    notes: tuple[tuple[int, str], ...]  # (players, N_: a line under the game's name)
    blurbs: tuple[tuple[str, Words], ...] = ()  # (an option's key, what it means, under it)
    about: Words | None = None  # the right-hand column's words where it has no options
    solo_text: str = ""  # N_: under a solo game's one seat: what the puzzle is

    def note(self, players: int) -> str:
        return dict(self.notes).get(players, "")

    def blurb(self, key: str) -> Words | None:
        return dict(self.blurbs).get(key)


@dataclass(frozen=True, slots=True)
class RulesPage:
    """A game's page of the How to play overlay (scenes.menus.rules), in its scene folder. Items:
    ("h", heading), ("p", paragraph), ("b", bullet; "1. " numbers it), ("k", keys, meaning),
    ("g", None) = the five gear types drawn in a row, ("t", [(label, value), ...]) = a small table:
    its entries keep their columns (two to a line when there is room, else one), ("d", name) = a
    diagram of `diagrams` drawn from the card art with its caption (scenes.menus.diagrams)."""

    tab: str  # N_: the game's tab on the rules reference
    items: tuple
    diagrams: Mapping[str, Diagram] = field(default_factory=dict)  # by the name its items give
    # the fields its paragraphs and bullets are formatted with once translated ({rounds}): the
    # numbers in force, given the app (Alicematic's parameters)
    numbers: Callable[[Any], dict] | None = None


@dataclass(frozen=True, slots=True)
class SceneInfo:
    table: type[GameTable]  # the table scene: its `name` in the scene registry
    setup: SetupPage
    rules: RulesPage
    scenes: tuple[type[Scene], ...] = ()  # its other scenes, by `name` (the end Play again leads to)
    lesson_blurb: str = ""  # N_: Learn to play's words for its lesson (game.core.descriptor: the script)
    # the card art its first frame draws, planned while it is set up: (players, window size) ->
    # CardArt calls (scenes.art.warmup)
    art: Callable[[int, tuple[int, int]], list] | None = None
    # the demo's bot levels, seat by seat in turn (a level the game lacks: its strongest)
    demo_bots: tuple[str, ...] = ("easy", "random")
    # the Statistics page's rows of the game's own figures (game.services.stats.Extra's), given a player's
    # figures: ((the part they follow: "scores", "players" or "opponents"), [(label, figure)])
    figure_rows: Callable[[dict], list[tuple[str, list[tuple[str, str]]]]] | None = None
    # Statistics' designer page, if the game declares a balance report (game.core.descriptor.GameInfo
    # .balance): its (label, figure) rows given the report of the player's finished games
    designer_page: Callable[[dict], list[tuple[str, str]]] | None = None
    perf: str | None = None  # its frame-time benchmark (`python -m scenes.perf --game ID`: main())

    @property
    def game(self) -> str:
        """The game's id (its engine declaration's, game.core.descriptor.GameInfo.id)."""
        return self.table.game
