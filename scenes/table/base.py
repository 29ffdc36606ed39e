"""What every game's table does the same way: the session, saving, undo/redo and their keys,
hints, the pause menu, bot turns, finishing and archiving.

A game's table scene subclasses GameTable and keeps only what differs: how it draws, how a player
picks a move, and how it animates the events an action reports (`on_played`, `on_history`). It
changes the game only through `play`, `undo` and `redo`, which submit commands to the session.
"""

from __future__ import annotations

import pygame

from game import records
from game.commands import FAIR, UNDO_MODES, Outcome, Play, Redo, Undo, player_name, undo_plan

from scenes.app.stack import Scene
from scenes.table import look
from scenes.table.bots import BotTurns
from scenes.table.saving import SaveService
from scenes.widgets import ui

# Ctrl on Windows and Linux, Cmd on macOS: both, everywhere
SHORTCUT_MODS = pygame.KMOD_CTRL | pygame.KMOD_META


def sentence(message: str) -> str:
    """An engine message as a toast: capital first letter, a full stop."""
    message = message.strip()
    if not message:
        return message
    message = message[:1].upper() + message[1:]
    return message if message[-1] in ".!?" else message + "."


def history_key(event) -> str | None:
    """"undo", "redo" or None for a key press (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl/Cmd+Y)."""
    if event.type != pygame.KEYDOWN or not event.mod & SHORTCUT_MODS:
        return None
    if event.key == pygame.K_z:
        return "redo" if event.mod & pygame.KMOD_SHIFT else "undo"
    if event.key == pygame.K_y:
        return "redo"
    return None


class UndoButton(ui.Button):
    """Undo; greyed out when fair undo has nothing to take back, and a click then says why."""

    def __init__(self, table: "GameTable"):
        super().__init__("Undo", table.undo, "Ctrl+Z")
        self.table = table

    def handle(self, event) -> bool:
        if (not self.enabled and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.rect.collidepoint(event.pos)):
            why = self.table.undo_blocked()
            if why:
                self.table.app.toast(why)
            return True
        return super().handle(event)


class GameTable(Scene):
    game = ""  # the registry's name for the game (bots, records)
    menu_scene = "menu"
    undo_modes = True  # fair or free undo, as set up (Cementopia: its own rule instead)

    def __init__(self, app, config, session):
        super().__init__(app)
        self.config = config
        self.session = session
        self._unlisten = session.listen(self._after_command)
        self.humans = frozenset(i for i, seat in enumerate(config.seats) if not seat.is_bot)
        if self.undo_modes:  # a resumed game keeps the mode its record names
            mode = session.meta.get("undo")
            session.meta["undo"] = mode if mode in UNDO_MODES else getattr(config, "undo", FAIR)
        self.turns = BotTurns(self, game=self.game)
        self.saver = SaveService(enabled=self.keeps_saves())
        self.finished = False
        self.flights: list = []
        self.log: list[str] = []
        self.hint_logged = None

    # --- reading ---------------------------------------------------------------------------

    @property
    def state(self):
        return self.session.state

    def keeps_saves(self) -> bool:
        """Only a real game writes the autosave and the records folder (never the demo)."""
        return not self.app.demo

    def can_act(self) -> bool:
        raise NotImplementedError

    @property
    def fair_undo(self) -> bool:
        return self.undo_modes and self.session.meta.get("undo") == FAIR

    def can_undo(self) -> bool:
        return self.undo_blocked() is None

    def undo_blocked(self) -> str | None:
        """None when Undo would work now, else why not: a line for the Ctrl+Z toast ("" when
        there is nothing to say: nothing done yet, the game over, the demo)."""
        if self.finished or self.app.demo:
            return ""
        plan = undo_plan(self.session.history, self.undo_scope())
        if plan is None:
            return ""
        if self.fair_undo:
            reason = plan.refusal(lambda p: player_name(self.session, p))
            if reason:
                return sentence(reason)
        return None

    def can_redo(self) -> bool:
        return self.session.history.can_redo() and not self.finished and not self.app.demo

    def can_hint(self) -> bool:
        return self.can_act() and not self.turns.hint_pending

    # --- commands --------------------------------------------------------------------------

    def play(self, action) -> Outcome | None:
        """Submit a move; the game's scene animates its events in on_played. A refused move
        changes nothing and says why."""
        outcome = self.session.run(Play(action))
        if not outcome.ok:
            self.app.toast(sentence(outcome.message))
            return None
        self.turns.forget()
        self.on_played(action, outcome)
        if self.state.is_over():
            self.finish()
        return outcome

    def on_played(self, action, outcome: Outcome) -> None:
        """React to an accepted move: the log, flights and sounds from outcome.events."""

    def log_lines(self, before, action, events, after) -> list[str]:
        """What the log says about one move, from the states around it and its events. on_played
        and a resumed game's replay (replay_log) both use it, so the words are the same."""
        return []

    def replay_log(self, closing: str = "Game resumed.") -> None:
        """A resumed game's log: every move that stands, told again, then `closing`."""
        for before, action, events, after in self.session.history.replay():
            self.log.extend(self.log_lines(before, action, events, after))
        self.log.append(closing)

    def undo_scope(self):
        """Undo/redo go back to the last position a human decides in (bot moves are skipped)."""
        return self.humans or None

    def undo(self) -> None:
        """Undo, if it may: in hot seat, taking back another human's move asks first."""
        blocked = self.undo_blocked()
        if blocked is not None:
            if blocked:
                self.app.toast(blocked)
            return
        plan = undo_plan(self.session.history, self.undo_scope())
        current = self.state.current_player()
        # who asks: the human to move, else the one whose own decision comes back
        asker = current if current in self.humans else plan.steps[-1].actor
        others = plan.others(asker) if len(self.humans) > 1 else []
        if not others:
            self.undo_now()
            return
        who = " and ".join(player_name(self.session, p) for p in others)
        moves = "moves" if len(others) > 1 else "move"
        self.app.stack.push(self.app.make(
            "confirm", question=f"Undo {who}'s {moves}?", yes="Undo", no="Keep it",
            on_yes=self.undo_now, detail=f"{who} should agree."))

    def undo_now(self) -> None:
        if not self.can_undo():
            return
        was_assisted = bool(self.session.meta.get("assisted"))
        self.before_undo()
        self._history_step(Undo(self.undo_scope(), fair=self.fair_undo))
        if self.undo_modes and self.session.meta.get("assisted") and not was_assisted:
            self.app.toast("Free undo: this game now counts as assisted.", 3.0)

    def redo(self) -> None:
        if self.can_redo():
            self._history_step(Redo(self.undo_scope()))

    def before_undo(self) -> None:
        """A game's rule about undoing (Cementopia: the attempt becomes assisted)."""

    def _history_step(self, command) -> None:
        outcome = self.session.run(command)
        if not outcome.ok:
            self.app.toast(sentence(outcome.message))
            return
        self.flights.clear()
        self.app.sound.rewind()
        self.log.append(sentence(outcome.message))
        self.turns.forget()
        self.on_history(outcome)

    def on_history(self, outcome: Outcome) -> None:
        """The position jumped (undo/redo): drop half-made choices, re-lay the table."""

    def ask_hint(self) -> None:
        if self.can_hint():
            self.before_hint()
            self.turns.ask_hint()

    def before_hint(self) -> None:
        """A game's rule about hints (Cementopia: the attempt becomes assisted)."""

    def open_menu(self) -> None:
        self.app.stack.push(self.app.make(self.menu_scene, table=self))

    def shortcut(self, event) -> bool:
        """The keys every table shares; True when the event was one of them."""
        step = history_key(event)
        if step is not None:
            (self.undo if step == "undo" else self.redo)()
            return True
        return False

    def base_buttons(self) -> list:
        return [UndoButton(self), ui.Button("Redo", self.redo, "Ctrl+Y"),
                ui.Button("Hint", self.ask_hint, "H")]

    def refresh_buttons(self, buttons) -> None:
        """Undo, Redo and Hint (the first three of `buttons`) lit only when they would work."""
        buttons[0].enabled = self.can_undo()
        buttons[1].enabled = self.can_redo()
        buttons[2].enabled = self.can_hint()

    # --- saving and finishing ----------------------------------------------------------------

    def record(self) -> dict:
        """The game as a record; the session's meta carries colours, assisted and daily."""
        return records.record_of(self.session)

    def _after_command(self, session, outcome) -> None:
        if outcome.ok and not self.finished:
            self.autosave()

    def autosave(self) -> None:
        if self.saver.enabled and not self.state.is_over():
            self.saver.save(self.record())

    def finish(self) -> None:
        """The game is over: tell external bots, archive the record, then drop the autosave."""
        if self.finished:
            return
        self.finished = True
        record = self.record()
        self.turns.finish(record.get("result", {}))
        self.saver.finish(record)
        self.on_finished(record)

    def on_finished(self, record: dict) -> None:
        """The game's own end: a scoring scene, a result panel."""

    # --- time and lifecycle ------------------------------------------------------------------

    def update(self, dt: float) -> None:
        for message in self.saver.messages():
            self.app.toast(message)

    def bots_and_hints(self, dt: float) -> bool:
        """A bot seat's turn: its move once decided and shown long enough (never while a card
        flies or is dragged); a human's turn: the hint they asked for. True on a bot's turn."""
        if self.state.current_player() not in self.turns.seats:
            self.poll_hint()
            return False
        if not self.flights and getattr(self, "drag", None) is None:
            action = self.turns.update(dt)
            if action is not None:
                self.play(action)
        return True

    def poll_hint(self) -> None:
        self.turns.poll_hint()
        hint = self.turns.hint
        if hint and hint[0] is not None and self.hint_logged is not hint:
            self.hint_logged = hint
            self.log_hint(hint)

    def hint_heading(self) -> str:
        """"Hint", or "Hint for Ada" when several people share the screen (hot seat)."""
        player = self.state.current_player()
        if len(self.humans) < 2 or player is None:
            return "Hint"
        return f"Hint for {self.config.seats[player].name}"

    def log_hint(self, hint) -> None:
        """The hint's line in player words; the search's figures under it, smaller."""
        line = f"{self.hint_heading()}: {hint.reason}"
        if len(self.humans) > 1:  # a shared screen: the next player must not read it
            player = self.state.current_player()
            self.log.append(look.Private.of(line, player))
            if hint.detail:
                self.log.append(look.PrivateDetail.of(hint.detail, player))
            return
        self.log.append(line)
        if hint.detail:
            self.log.append(look.Detail(hint.detail))

    def visible_log(self) -> list[str]:
        """The log as the screen shows it now: private lines only to the player they are for."""
        viewer = self.state.current_player()
        return [e for e in self.log if not isinstance(e, look.Private) or e.player == viewer]

    def close(self) -> None:
        self._unlisten()
        self.turns.close()
        self.saver.close()  # what is handed over reaches the disk before the scene goes
