"""Playing a whole game with bots in every seat (selfplay, benchmarks, tests).

An external bot that fails (BotFailure) is replaced by the built-in `easy` bot for the rest of
the game; the players entry in the session's meta records where (`replaced_at`, the number of
actions played so far) and why, so that records show it.

This is selfplay's hot loop, so it does only what someone reads: a bot that says
`needs_view = False` gets None instead of a view; an action the bot returned from `legal` is
applied without a second check and without events; a session nobody listens to gets no
commands and no log messages.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from ..bots import Bot, BotFailure, make_bot, needs_view, watches
from ..core.commands import Play, Session
from ..core.words import whose


def play_out(session: Session[Any], bots: Mapping[int, Bot],
             on_message: Callable[[str], None] | None = None) -> None:
    """Let bots[player] choose every decision until the game is over. Bots see views only."""
    bots = dict(bots)
    started = list(bots.values())
    views = {player: needs_view(bot) for player, bot in bots.items()}
    decide = {player: bot.decide for player, bot in bots.items()}
    replaced: dict[int, Any] = {}

    def replace(player: int, failure: BotFailure) -> None:
        at = len(session.history)
        old = bots[player]
        if hasattr(old, "close"):
            old.close()
        game = session.meta.get("game", session.state.game)
        seed = random.Random(f"replace:{session.meta.get('seed')}:{player}").getrandbits(32)
        replaced[player] = old  # a failed watcher hears no more
        bots[player] = make_bot("easy", game, seed)
        views[player] = needs_view(bots[player])
        decide[player] = bots[player].decide
        players = session.meta.get("players")
        name = f"player {player + 1}"
        if isinstance(players, list) and player < len(players):
            players[player]["replaced_at"] = at
            players[player]["replaced_reason"] = failure.reason
            name = players[player].get("name", name)
        if on_message is not None:
            on_message(f"{whose(name, start=True)} bot failed ({failure.reason}); the easy bot "
                       f"plays on from action {at + 1}")

    history = session.history
    # bots that learn from the others' moves, told each with their own view just before it
    watchers: list[tuple[int, Any]] = [(player, bot) for player, bot in bots.items()
                                       if watches(bot)]
    watched = bool(session.listeners)  # someone watches: through the queue, as the app plays
    try:
        for player, bot in list(bots.items()):
            if hasattr(bot, "start"):
                try:
                    bot.start()
                except BotFailure as exc:
                    replace(player, exc)
        while not history.state.is_over():
            state = history.state
            player = state.current_player()
            assert player is not None  # someone is to move while the game is not over
            legal = state.legal_actions()
            view = state.view(player) if views[player] else None
            try:
                action = decide[player](view, legal)
            except BotFailure as exc:
                replace(player, exc)
                if view is None and views[player]:
                    view = state.view(player)
                action = decide[player](view, legal)
            for other, watcher in watchers:
                if other != player and watcher is not replaced.get(other):
                    watcher.watch(player, state.view(other), action)
            if watched:
                session.do(Play(action))
            else:
                try:  # one of `legal` itself (not merely equal to one) needs no second check
                    checked = legal[legal.index(action)] is not action
                except ValueError:
                    checked = True
                if checked:
                    history.apply(action)  # raises IllegalAction, or applies it
                else:
                    history.apply_unchecked(action)
        ends = [bot for bot in bots.values() if hasattr(bot, "end")]
        if ends:
            record = history.state.result().record
            for bot in ends:
                bot.end(record)
    finally:
        for bot in started:
            if hasattr(bot, "close"):
                bot.close()

