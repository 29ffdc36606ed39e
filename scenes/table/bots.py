"""Bot seats and hints for a table scene, decided off the frame loop.

Built-in bots think in a worker process and external programs in a thread (game.bots.worker);
the table polls every frame, so the window keeps drawing and answering while a bot thinks. A bot
that fails (an external program that answers nonsense, exits or times out; a crashed worker) is
replaced by the built-in easy bot for the rest of the game, and the record says so.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from game.bots import Bot, ExternalBot, level_watches, make_bot, moves_seen
from game.core.i18n import _, language
from game.core.text import LINE, clean
from game.core.words import whose
from game.bots.worker import BackgroundDecider

if TYPE_CHECKING:
    from scenes.table.base import GameTable

DEFAULT_THINK = 0.8  # seconds per decision: under the 1 s the app promises
DEMO_WORK = 2  # an unwatched demo's bots: the work of a decision (two iterations), not a time
# A hint searches at most this long by its own clock, whatever the bots' thinking time: with the
# worker's start, the helpers' answers and the words it is about 2 s at most (issue 41, item 12).
HINT_THINK = 1.5
HINT_LEVEL = "hard"  # the level a hint asks first (game.bots.worker.suggest_once)
HINT_BUDGET = 2.0  # what the progress bar counts down to (game clock)
VISIBLE_DELAY = 0.7  # a bot's move never lands faster than this, so people can follow it
DEMO_DELAY = 0.04


class Hint(NamedTuple):
    """A suggestion for the human to move now: the move, one line in a player's words (no
    names: the scene adds whose hint it is), and the search's figures for a smaller line."""
    action: Any
    reason: str
    detail: str = ""


class BotTurns:
    def __init__(self, table: GameTable, game: str) -> None:
        self.table = table
        self.game = game
        # an unwatched demo's bots decide at once, with a fixed amount of work: its frames then
        # need not keep time (App.run), and it plays the same on any machine
        self.decider = BackgroundDecider(at_once=DEMO_WORK if table.app.unwatched else None)
        settings = table.app.settings
        think = settings.get("think", DEFAULT_THINK)
        self.think = think if isinstance(think, (int, float)) and 0 < think <= 10 else DEFAULT_THINK
        self.seats = {} if table.replay else {  # a replay asks no bot
            i: seat for i, seat in enumerate(table.config.seats) if seat.is_bot}
        self.kinds = [seat.kind for seat in table.config.seats]  # who plays where, for the bots
        self.external: dict[int, ExternalBot] = {}
        self.replaced: dict[int, Bot] = {}
        self.ticket: int | None = None
        self.waited = 0.0
        self.hint_ticket: int | None = None
        self.hint: Hint | None = None  # for the human to move now
        self.hint_waited = 0.0  # game seconds since the hint was asked (its progress bar)
        if self.seats:
            self.decider.warm_up()

    @property
    def thinking(self) -> bool:
        return self.decider.busy(self.ticket)

    def _seed(self, player: int) -> int:
        base = self.table.session.meta.get("seed") or 0
        count = len(self.table.session.history.actions)
        return random.Random(f"{base}:{player}:{count}").getrandbits(32)

    def _external(self, player: int) -> ExternalBot:  # a "cmd:" seat's program
        bot = self.external.get(player)
        if bot is None:
            bot = self.external[player] = make_bot(self.seats[player].kind, self.game, 0, self.think,
                                                   player=player)
        return bot

    def update(self, dt: float, ready: bool = True) -> Any:
        """The bot's action once it is decided and shown long enough, else None. While the table
        is not `ready` for a move (the last move's cards still fly) the bot already thinks, and
        that time counts towards its delay: a decision then costs the longer of the two, not
        both (issue 57, item 5)."""
        state = self.table.state
        player = state.current_player()
        if player not in self.seats:
            return None
        self.waited += dt
        legal = state.legal_actions()
        if player in self.replaced:
            if not ready or self.waited < self._delay():
                return None
            return self.replaced[player].decide(state.view(player), legal)
        if self.ticket is None:
            self.waited = 0.0
            view = state.view(player)
            kind = self.seats[player].kind
            try:
                if kind.startswith("cmd:"):
                    self.ticket = self.decider.call(self._external(player).decide, view, legal)
                else:
                    self.ticket = self.decider.decide(self.game, kind, self._seed(player),
                                                      self.think, view, legal, self.kinds,
                                                      self._moves(kind, player))
            except Exception as exc:  # the program would not even start
                self._replace(player, exc)
            return None
        if not ready or self.waited < self._delay():
            return None
        result = self.decider.poll(self.ticket)
        if result is None:
            return None
        self.ticket = None
        status, value = result
        if status == "ok" and value in legal:
            return value
        self._replace(player, value if status == "error" else ValueError(f"illegal answer {value!r}"))
        return None

    def _moves(self, level: str, player: int) -> list[tuple[int, Any, Any]] | None:
        """The others' moves so far, for a level that reads how each seat plays from them
        (Alice Assemble's hard): its worker makes a new bot for every decision."""
        if not level_watches(self.game, level):
            return None
        return moves_seen(self.table.session.history, player)

    def _delay(self) -> float:
        return DEMO_DELAY if self.table.app.demo else VISIBLE_DELAY

    def _replace(self, player: int, problem: object) -> None:
        seat = self.seats[player]
        self.replaced[player] = make_bot("easy", self.game, self._seed(player))
        self.kinds[player] = "easy"
        meta_player = self.table.session.meta["players"][player]
        meta_player["replaced_at"] = len(self.table.session.history.actions)
        meta_player["replaced_reason"] = str(problem)[:200]
        bot = self.external.pop(player, None)
        if bot is not None:
            bot.close()
        self.table.app.toast(_("{whose} bot failed ({problem}); the easy bot plays on.").format(
            whose=whose(seat.name, start=True), problem=clean(str(problem), LINE)))  # the program's words: cleaned
        self.table.log.append(_("{name} is now played by the easy bot.").format(name=seat.name))

    # --- hints -------------------------------------------------------------------------------

    def ask_hint(self) -> None:
        state = self.table.state
        player = state.current_player()
        if state.is_over() or player in self.seats or self.decider.busy(self.hint_ticket):
            return
        self.hint = None
        self.hint_waited = 0.0
        self.hint_ticket = self.decider.suggest(self.game, self._seed(player), self.hint_think,
                                                state.view(player), state.legal_actions(),
                                                lang=language(),  # its words in the player's
                                                seats=self.kinds,
                                                moves=self._moves(HINT_LEVEL, player))

    @property
    def hint_think(self) -> float:
        """The hint's time budget on the search's own clock: the bots' thinking time, at most
        HINT_THINK."""
        return min(self.think, HINT_THINK)

    def hint_progress(self, dt: float = 0.0) -> float | None:
        """How far the pending hint is, 0..1 of HINT_BUDGET by the game clock (advanced by `dt`);
        None when no hint is being looked for."""
        if not self.hint_pending:
            return None
        self.hint_waited += dt
        return min(1.0, self.hint_waited / HINT_BUDGET)

    def cancel_hint(self) -> bool:
        """Stop looking for the hint (Esc): the search in the worker stops, nothing else
        changes. True when there was one to stop."""
        if not self.hint_pending:
            return False
        self.decider.cancel(self.hint_ticket)
        self.hint_ticket = None
        return True

    def poll_hint(self) -> None:
        if self.hint_ticket is None:
            return
        result = self.decider.poll(self.hint_ticket)
        if result is None:
            return
        self.hint_ticket = None
        status, value = result
        if status == "ok" and value[0] in self.table.state.legal_actions():
            self.hint = Hint(*value[:3])  # a bot without figures answers (action, reason)
        else:
            self.table.app.toast(_("No hint this time."))

    @property
    def hint_pending(self) -> bool:
        return self.decider.busy(self.hint_ticket)

    # --- lifecycle ---------------------------------------------------------------------------

    def forget(self) -> None:
        """The position changed under us (undo, redo, a move): drop questions and answers."""
        self.decider.cancel(self.ticket)
        self.decider.cancel(self.hint_ticket)
        self.ticket = self.hint_ticket = None
        self.hint = None
        self.waited = 0.0

    def finish(self, result: dict) -> None:
        for bot in self.external.values():
            try:
                bot.end(result)
            except Exception:  # the game is over and recorded: a dead pipe changes nothing
                pass

    def close(self) -> None:
        self.forget()
        for bot in self.external.values():
            bot.close()
        self.external.clear()
        self.decider.close()
