"""The games this app plays, by the name records and the CLI use. Listed explicitly (no scanning);
each module is imported on first use.

A game module (game.contract.GameModule) provides:
- `GAME` (its name), `PLAYER_COUNTS` (allowed numbers of players), `DEFAULT_PLAYERS`;
- `parse_rules(text) -> rules` from a command-line list like "flaw,identity" (ValueError if unknown);
- `new_session(seed, players, rules, *, snapshots=True) -> Session`, players as record `players`
  entries (snapshots=False: a session nobody undoes, for selfplay);
- `to_record(session) -> dict`, `replay(record) -> Session` (RecordError naming the action),
  `compare_result(given, actual) -> str | None`.
Its states meet game.contract.GameState (`result()` gives winners and scores for every game).
Its bots live in `BOTS[game]`: a module with `LEVELS = {"random": cls, "easy": cls, ...}`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, cast

from .contract import BotModule, GameModule
from .errors import RecordError

if TYPE_CHECKING:  # mypy checks each game against the protocols; nothing is imported at run time
    from .alicematic import bots as _alicematic_bots, record as _alicematic
    from .alicematic.state import AlicematicState
    from .assemble import bots as _assemble_bots, record as _assemble
    from .assemble.state import AssembleState
    from .cementopia import bots as _cementopia_bots, record as _cementopia
    from .cementopia.state import CementopiaState
    from .contract import GameState
    from .grayblock import bots as _grayblock_bots, record as _grayblock
    from .grayblock.state import GrayblockState

    _GAME_MODULES: list[GameModule] = [_assemble, _cementopia, _grayblock, _alicematic]
    _BOT_MODULES: list[BotModule] = [_assemble_bots, _cementopia_bots, _grayblock_bots,
                                      _alicematic_bots]

    def _states(a: AssembleState, c: CementopiaState, g: GrayblockState,
                m: AlicematicState) -> list[GameState]:
        return [a, c, g, m]

# each game's name as the terminal shows it (the app's own, translated: scenes.config.GAME_TITLES)
TITLES = {"assemble": "Alice Assemble", "cementopia": "Cementopia", "grayblock": "Grayblock",
          "alicematic": "Alicematic Eiketsuden"}

GAMES = {
    "assemble": "game.assemble.record",
    "cementopia": "game.cementopia.record",
    "grayblock": "game.grayblock.record",
    "alicematic": "game.alicematic.record",
}

BOTS = {
    "assemble": "game.assemble.bots",
    "cementopia": "game.cementopia.bots",
    "grayblock": "game.grayblock.bots",
    "alicematic": "game.alicematic.bots",
}


def _load(table: dict, name: str, what: str):
    if name not in table:
        raise RecordError(f"unknown game {name!r}: expected one of {', '.join(sorted(table))}")
    try:
        return importlib.import_module(table[name])
    except ModuleNotFoundError as exc:
        if exc.name and table[name].startswith(exc.name):
            raise RecordError(f"{what} for {name!r} are not available in this build") from None
        raise


def game_module(name: str) -> GameModule:
    return cast(GameModule, _load(GAMES, name, "rules"))


def bot_module(name: str) -> BotModule:
    return cast(BotModule, _load(BOTS, name, "bots"))
