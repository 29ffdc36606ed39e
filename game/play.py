"""Playing a whole game with bots in every seat (selfplay, benchmarks, tests).

An external bot that fails (BotFailure) is replaced by the built-in `easy` bot for the rest of
the game; the players entry in the session's meta records where (`replaced_at`, the number of
actions played so far) and why, so that records show it.
"""

from __future__ import annotations

import random
from typing import Callable

from .bots import BotFailure, make_bot
from .commands import Play, Session


def play_out(session: Session, bots: dict,
             on_message: Callable[[str], None] | None = None) -> None:
    """Let bots[player] choose every decision until the game is over. Bots see views only."""
    bots = dict(bots)
    started = list(bots.values())

    def replace(player: int, failure: BotFailure) -> None:
        at = len(session.history.actions)
        old = bots[player]
        if hasattr(old, "close"):
            old.close()
        game = session.meta.get("game", session.state.game)
        seed = random.Random(f"replace:{session.meta.get('seed')}:{player}").getrandbits(32)
        bots[player] = make_bot("easy", game, seed)
        players = session.meta.get("players")
        name = f"player {player + 1}"
        if isinstance(players, list) and player < len(players):
            players[player]["replaced_at"] = at
            players[player]["replaced_reason"] = failure.reason
            name = players[player].get("name", name)
        if on_message is not None:
            on_message(f"{name}'s bot failed ({failure.reason}); the easy bot plays for them "
                       f"from action {at + 1}")

    try:
        for player, bot in list(bots.items()):
            if hasattr(bot, "start"):
                try:
                    bot.start()
                except BotFailure as exc:
                    replace(player, exc)
        while not session.state.is_over():
            state = session.state
            player = state.current_player()
            view, legal = state.view(player), state.legal_actions()
            try:
                action = bots[player].decide(view, legal)
            except BotFailure as exc:
                replace(player, exc)
                action = bots[player].decide(view, legal)
            session.do(Play(action))
        result = _result(session)
        for bot in bots.values():
            if hasattr(bot, "end"):
                bot.end(result)
    finally:
        for bot in started:
            if hasattr(bot, "close"):
                bot.close()


def _result(session: Session):
    return session.state.result().record
