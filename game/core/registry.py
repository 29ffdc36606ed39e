"""The games this app plays: one declaration each (game.core.descriptor.GameInfo, in the game's own
package), listed here explicitly by import path (no scanning). Everything shared
reads GAMES; a game's record and bot modules are imported on first use.

A game's record module (game.core.contract.GameModule) provides:
- `parse_rules(text) -> rules` from a command-line list like "flaw,identity" (ValueError if unknown);
- `new_session(seed, players, rules, *, snapshots=True) -> Session`, players as record `players`
  entries (snapshots=False: a session nobody undoes, for selfplay);
- `to_record(session) -> dict`, `replay(record, snapshots=True) -> Session` (RecordError naming
  the action; snapshots=False: nobody will undo, as for new_session), `compare_result(given,
  actual) -> str | None`.
Its states meet game.core.contract.GameState (`result()` gives winners and scores for every game).
Its bots module has `LEVELS = {"random": cls, "easy": cls, ...}`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, cast

from .contract import BotModule, GameModule
from .descriptor import GameInfo
from .errors import RecordError

if TYPE_CHECKING:  # mypy checks each game against the protocols; nothing is imported at run time
    from ..alicematic import bots as _alicematic_bots, record as _alicematic
    from ..alicematic.state import AlicematicState
    from ..assemble import bots as _assemble_bots, record as _assemble
    from ..assemble.state import AssembleState
    from ..cementopia import bots as _cementopia_bots, record as _cementopia
    from ..cementopia.state import CementopiaState
    from ..grayblock import bots as _grayblock_bots, record as _grayblock
    from ..grayblock.state import GrayblockState

    _ASSEMBLE: GameModule[AssembleState] = _assemble
    _CEMENTOPIA: GameModule[CementopiaState] = _cementopia
    _GRAYBLOCK: GameModule[GrayblockState] = _grayblock
    _ALICEMATIC: GameModule[AlicematicState] = _alicematic
    _BOT_MODULES: list[BotModule] = [_assemble_bots, _cementopia_bots, _grayblock_bots,
                                      _alicematic_bots]

# each game's declaration (its INFO), in the order the app offers them (the first is the default).
# Imported by name, as everything a declaration names is: the core floor imports no game
# (tests/test_floors.py); PyInstaller takes every module of game/ (alice.spec).
DECLARATIONS = ("game.assemble.descriptor", "game.cementopia.descriptor",
                "game.grayblock.descriptor", "game.alicematic.descriptor")
GAMES: tuple[GameInfo, ...] = tuple(cast(GameInfo, importlib.import_module(path).INFO)
                                    for path in DECLARATIONS)


def ids() -> list[str]:
    return [info.id for info in GAMES]


def info(name: str) -> GameInfo:
    """A game's declaration; RecordError naming the games for a name that is none of them."""
    for game in GAMES:
        if game.id == name:
            return game
    raise RecordError(f"unknown game {name!r}: expected one of {', '.join(sorted(ids()))}")


def find(name: object) -> GameInfo | None:
    """A game's declaration, or None for anything that names none (an odd record, settings)."""
    return next((game for game in GAMES if game.id == name), None)


def _load(path: str, name: str, what: str) -> Any:
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name and path.startswith(exc.name):
            raise RecordError(f"{what} for {name!r} are not available in this build") from None
        raise


def game_module(name: str) -> GameModule[Any]:
    return cast(GameModule[Any], _load(info(name).record, name, "rules"))


def bot_module(name: str) -> BotModule:
    return cast(BotModule, _load(info(name).bots, name, "bots"))


def rules_of(name: str, chosen: object) -> object:
    """The game's rules value with the options `chosen` holds on ({key: True}, as the remembered
    setup and a record's "rules" object keep them); anything else is off."""
    on = chosen if isinstance(chosen, dict) else {}
    return game_module(name).parse_rules(",".join(
        rule.word for rule in info(name).rules if on.get(rule.key) is True))


def rules_help() -> str:
    """The --rules words of every game, for the command line's help."""
    return "; ".join(f"{','.join(r.word for r in game.rules)} ({game.id})"
                     for game in GAMES if game.rules)


def workbench(name: str) -> Any:
    """The game's designers' tools (GameInfo.workbench); RecordError for a game without them."""
    game = info(name)
    if game.workbench is None:
        raise RecordError(f"{game.id} has no parameters files, content folders or readable log")
    return _load(game.workbench, name, "designer tools")


def tool(name: str, what: str, path: str | None) -> Any:
    """A game's tool module (a benchmark, the ladder's pieces); RecordError if it has none."""
    if path is None:
        raise RecordError(f"{info(name).id} has no {what}")
    return _load(path, name, what)


def line_scorer() -> Any:
    """The scoring of one line of cards (GameInfo.line_score) for the command line's score:
    the first game that declares one."""
    game = next((game for game in GAMES if game.line_score), None)
    if game is None or game.line_score is None:
        raise RecordError("no game here scores a line of cards")
    return _load(game.line_score, game.id, "line scoring")


def balance_games() -> list[str]:
    """The games that declare a balance report, in the app's order."""
    return [game.id for game in GAMES if game.balance is not None]


def balance(name: str) -> Any:
    """The game's balance report module (GameInfo.balance); RecordError for a game without one."""
    return tool(name, "balance report", info(name).balance)


def workbench_games() -> list[str]:
    """The games with designers' tools, in the app's order."""
    return [game.id for game in GAMES if game.workbench is not None]
