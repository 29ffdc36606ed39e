"""What every game's table does the same way: the session, saving, undo/redo and their keys,
hints, hot seat (scenes/table/hotseat.py), the pause menu, bot turns, finishing and archiving.

A game's table scene subclasses GameTable and keeps only what differs: how it draws, how a player
picks a move, and how it animates the events an action reports (`on_played`, `on_history`). It
changes the game only through `play`, `undo` and `redo`, which submit commands to the session.

Words are in the player's language (issue 13). When Settings switches it, the next `visible_log`
tells the log again (`relog`): the opening lines (`log_opening`, by default the lines before the
first move, looked up again), every move that stands through `log_lines`, and the hint on show.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game import i18n, records
from game.commands import (
    FAIR, MOVED, REDONE, UNDO_MODES, UNDONE, Outcome, Play, Redo, Undo, helps_of, mark_help, undo_plan)
from game.contract import Refusal
from game.i18n import N_, _, ngettext, pgettext
from game.messages import Message
from game.words import chained, whose

from scenes.app.stack import Scene
from scenes.table import look
from scenes.table.bots import BotTurns
from scenes.table.hotseat import PassScreen
from scenes.table.saving import SaveService
from scenes.widgets import ui
from scenes.widgets.tooltip import Tooltip

# Ctrl on Windows and Linux, Cmd on macOS: both, everywhere
SHORTCUT_MODS = pygame.KMOD_CTRL | pygame.KMOD_META
# the tables' own button beside Undo, Redo and Hint: ui.Button(MENU, ...) is drawn translated
MENU = N_("Menu")
RESUMED = N_("Game resumed.")


def sentence(message: str) -> str:
    """An engine message as a toast: capital first letter, a full stop."""
    message = message.strip()
    if not message:
        return message
    message = message[:1].upper() + message[1:]
    return message if message[-1] in ".!?\u3002\uff01\uff1f" else message + "."  # 。！？ too


def again(line: str) -> str:
    """A line said once in some language, in the language of the moment when it is one of the
    catalogue's messages (English msgid or its translation: "New game." <-> 「新しいゲーム。」);
    otherwise as it was."""
    if line in _catalogue_words():
        return _(_catalogue_words()[line])
    return _(line)


@lru_cache(maxsize=1)
def _catalogue_words() -> dict[str, str]:
    """{translation: English msgid} of every language's catalogue (singular messages), read once
    (it loads every catalogue, which does not change while the app runs)."""
    words: dict[str, str] = {}
    for lang in i18n.LANGUAGES:
        for msgid, text in i18n._catalogue(lang).items():  # the reader's own table, read-only
            if isinstance(msgid, str) and isinstance(text, str):
                words.setdefault(text, msgid)
    return words


def joined(names: list[str]) -> str:
    """"Ada", "Ada and Bo", "Ada and Bo and Cy": names in one phrase, in the player's language."""
    return chained(names, N_("{first} and {second}"))


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
        super().__init__(N_("Undo"), table.undo, "Ctrl+Z")
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
    keys_before_drawn = False  # a key pressed before the table was seen plays no move

    def __init__(self, app, config, session):
        super().__init__(app)
        self.config = config
        self.session = session
        if not session.history.actions and records.read_stamp(session.meta.get("started_at")) is None:
            session.meta["started_at"] = records.utc_stamp()  # a new game (its record's extras)
        self._unlisten = session.listen(self._after_command)
        # a replay (config.replay) shows the record read-only: nobody plays at it, no bot thinks
        self.replay = bool(getattr(config, "replay", False))
        self.seated = frozenset(i for i, seat in enumerate(config.seats) if not seat.is_bot)
        self.humans = frozenset() if self.replay else self.seated  # who plays at this screen
        # who is looking at the screen: the only human; in hot seat nobody until someone confirms
        # on the pass screen; with no human (the demo) the spectators see seat 0's side, and a
        # replay the side of its only human (else seat 0's)
        watched = self.seated if self.replay else self.humans
        self.viewer: int | None = min(watched) if len(watched) == 1 else (
            None if self.humans else 0)
        self.seen_by: dict[int, int] = {}  # hot seat: human -> the log's length when they last looked
        self.pass_screen = PassScreen(self)
        if self.undo_modes:  # a resumed game keeps the mode its record names
            mode = session.meta.get("undo")
            session.meta["undo"] = mode if mode in UNDO_MODES else getattr(config, "undo", FAIR)
        self.turns = BotTurns(self, game=self.game)
        self.saver = SaveService(app.store if self.keeps_saves() else None,
                                 getattr(config, "game_id", None))
        self.finished = False
        self.flights: list = []
        self.log: list[str] = []
        self.hint_logged = None
        self.hint_box: pygame.Rect | None = None  # the hint's progress panel, as last drawn
        self.log_language = i18n.language()  # the log's words are in it (relog on a switch)
        self.opening: list[str] | None = None  # the log's lines before the first move
        self.tooltip = Tooltip()  # the table feeds it events and time; draws it last
        self.coach = None  # a lesson's coach marks (scenes/tutorial/coach.py), set by its opener

    # --- reading ---------------------------------------------------------------------------

    @property
    def state(self):
        return self.session.state

    def keeps_saves(self) -> bool:
        """Only a real game is kept (never the demo, never a lesson, never a replay)."""
        return not self.app.demo and not getattr(self.config, "lesson", None) \
            and not getattr(self.config, "replay", False)

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
        if self.coach is not None:
            return self.coach.blocks_undo()
        plan = undo_plan(self.session.history, self.undo_scope())
        if plan is None:
            return ""
        if self.fair_undo:
            obstacle = plan.obstacle()
            if obstacle is not None and obstacle[0] == MOVED:
                return _("Fair undo: {name} has moved since.").format(name=self.player_word(obstacle[1]))
            if obstacle is not None:
                return _("Fair undo: new cards were dealt since.")
        return None

    def player_word(self, player) -> str:
        """A player as the screen names them: the seat's name, else "Player 2" (1-based)."""
        players = self.session.meta.get("players") or []
        if isinstance(player, int) and 0 <= player < len(players) and isinstance(players[player], dict) \
                and players[player].get("name"):
            return str(players[player]["name"])
        if isinstance(player, int):
            return _("Player {number}").format(number=player + 1)
        return _("another player")

    def can_redo(self) -> bool:
        return self.session.history.can_redo() and not self.finished and not self.app.demo \
            and self.coach is None

    def can_hint(self) -> bool:
        return self.can_act() and not self.turns.hint_pending and (
            self.coach is None or self.coach.can_hint())

    # --- commands --------------------------------------------------------------------------

    def play(self, action) -> Outcome | None:
        """Submit a move; the game's scene animates its events in on_played. The rules decide
        whether it is legal, once, as the session applies it; a refused move changes nothing and
        says why in the game's words."""
        if self.opening is None:
            self.opening = self.opening_now()
        if self.coach is not None and not self.coach.allows(action):
            return None  # not the lesson's move: the coach says why
        mover = self.state.current_player()
        outcome = self.session.run(Play(action))
        if not outcome.ok:
            self.tell(self.refused(outcome))
            return None
        self.turns.forget()
        self.on_played(action, outcome)
        if mover in self.humans:  # their own move is no news to them
            self.seen_by[mover] = len(self.log)
        if self.coach is not None:
            self.coach.played(self.session.history.before(), action, outcome.events, self.state)
        if self.state.is_over():
            self.finish()
        return outcome

    def tell(self, words: str, seconds: float = 4.0) -> None:
        """Why what the player tried does nothing: in the lesson's panel during a lesson, else
        a toast."""
        if self.coach is not None:
            self.coach.explain(words)
        else:
            self.app.toast(words, seconds)

    @staticmethod
    def refusal_words(refusal: Refusal) -> Message:
        """Why the rules refuse a move, in this game's words (each table names its game's
        words.refusal_words): a Message, said in the language of the moment."""
        raise NotImplementedError

    def refused(self, outcome: Outcome) -> str:
        """Why a command was refused: a move the rules refused, in the game's words; anything
        else (nothing to redo...) as the engine says it in English, or a plain "not allowed" in
        another language."""
        if outcome.refusal is not None:
            return self.refusal_words(outcome.refusal)
        if i18n.language() == "en":
            return sentence(outcome.message)
        return _("That move is not allowed.")

    def on_played(self, action, outcome: Outcome) -> None:
        """React to an accepted move: the log, flights and sounds from outcome.events."""

    def log_lines(self, before, action, events, after) -> list[str]:
        """What the log says about one move, from the states around it and its events. on_played
        and a resumed game's replay (replay_log) both use it, so the words are the same."""
        return []

    def replay_log(self, closing: str = RESUMED) -> None:
        """A resumed game's log: every move that stands, told again, then `closing` (an English
        message marked N_, said in the player's language)."""
        if self.opening is None:
            self.opening = self.opening_now()
        self.log.extend(self.replayed_lines())
        self.log.append(_(closing))

    def replayed_lines(self) -> list[str]:
        """Every move that stands, told as log_lines tells it; where a bot was replaced, the line
        that says so. None in the replay viewer: its own panel tells the moves, over this log (a
        record of thousands of hands is not told twice)."""
        if self.replay:
            return []
        lines: list[str] = []
        replaced = self.replaced_at()
        for n, (before, action, events, after) in enumerate(self.session.history.replay()):
            for player in replaced.get(n, []):
                lines.append(self.replaced_line(player))
            lines.extend(self.log_lines(before, action, events, after))
        count = len(self.session.history)
        for player in replaced.get(count, []):
            lines.append(self.replaced_line(player))
        return lines

    def replaced_at(self) -> dict[int, list[int]]:
        """{number of moves played when it happened: [players whose bot was replaced then]}."""
        out: dict[int, list[int]] = {}
        for i, player in enumerate(self.session.meta.get("players") or []):
            at = player.get("replaced_at") if isinstance(player, dict) else None
            if isinstance(at, int) and not isinstance(at, bool):
                out.setdefault(at, []).append(i)
        return out

    def replaced_line(self, player: int) -> str:
        return _("{name} is now played by the easy bot.").format(name=self.player_word(player))

    # --- the log in the player's language ------------------------------------------------------

    def log_opening(self) -> list[str]:
        """The log's first lines, before any move ("New game."), in the player's language, for
        the log told again after a language switch. By default the lines the log had before the
        first move, each looked up again (an English line marked N_ is translated); a table whose
        opening has fields (names) says its own."""
        opening = self.opening if self.opening is not None else self.opening_now()
        return [again(line) for line in opening]

    def opening_now(self) -> list[str]:
        """The log's lines so far, less hints (told again only while they stand)."""
        return [line for line in self.log if not isinstance(line, (look.HintLine, look.Detail))]

    def relog(self) -> None:
        """Tell the log again in the language of the moment (Settings switched it): the opening,
        every move that stands (undone ones are gone, as when a game is resumed), and the hint
        on show for this position, still private to its player on a shared screen. What is news
        to each player starts afresh (the marks index into the log)."""
        self.log_language = i18n.language()
        self.log = list(self.log_opening()) + self.replayed_lines()
        hint = self.turns.hint
        if hint is not None and self.hint_logged is hint and hint[0] is not None:
            self.log_hint(hint)
        self.seen_by = {p: len(self.log) for p in self.seen_by}

    def undo_scope(self):
        """Undo/redo go back to the last position a human decides in (bot moves are skipped)."""
        return self.humans or None

    def undo(self) -> None:
        """Undo, if it may: in hot seat, taking back another human's move asks first."""
        blocked = self.undo_blocked()
        plan = undo_plan(self.session.history, self.undo_scope())
        if blocked is not None or plan is None:  # (no plan: blocked says so)
            if blocked:
                self.app.toast(blocked)
            return
        current = self.state.current_player()
        # who asks: the human to move, else the one whose own decision comes back
        asker = current if current in self.humans else plan.steps[-1].actor
        others = plan.others(asker) if self.shared_screen() else []
        if not others:
            self.undo_now()
            return
        who = joined([self.player_word(p) for p in others])
        question = ngettext("Undo {whose} move?", "Undo {whose} moves?", len(others))
        # the answers of the one asked (Japanese: 認める／認めない, not the asker's 待った)
        yes, no = pgettext("answer an undo request", "Undo"), pgettext("answer an undo request", "Keep it")
        # who answers, and with what: the buttons' own words and their keys (scenes/menus/confirm.py)
        detail = ngettext("Only {names} may answer: {yes} (Y) takes the move back, {no} (N) keeps it.",
                          "Only {names} may answer: {yes} (Y) takes the moves back, {no} (N) keeps them.",
                          len(others))
        self.app.stack.push(self.app.make(
            "confirm", question=question.format(whose=whose(who)), yes=yes, no=no,
            on_yes=self.undo_now, detail=detail.format(names=who, yes=yes, no=no)))

    def undo_now(self) -> None:
        if not self.can_undo():
            return
        was_assisted = bool(self.session.meta.get("assisted"))
        self.before_undo()
        self._history_step(Undo(self.undo_scope(), fair=self.fair_undo))
        if self.undo_modes and self.session.meta.get("assisted") and not was_assisted:
            self.app.toast(_("Free undo: this game now counts as assisted."), 3.0)

    def redo(self) -> None:
        if self.can_redo():
            self._history_step(Redo(self.undo_scope()))

    def before_undo(self) -> None:
        """A game's rule about undoing (Cementopia: the attempt becomes assisted)."""

    def _history_step(self, command) -> None:
        outcome = self.session.run(command)
        if not outcome.ok:
            self.app.toast(self.refused(outcome))
            return
        self.flights.clear()
        self.app.sound.rewind()
        self.log.append(self.history_line(outcome))
        self.turns.forget()
        if self.hidden_on_pass() is not None:  # whoever pressed it, the one to move now confirms
            self.unseat()  # on the pass screen before any hand shows
        self.on_history(outcome)

    def history_line(self, outcome: Outcome) -> str:
        """The log's line for an undo or redo: "Undid 2 actions." """
        event = outcome.events[0] if outcome.events else None
        count = event.value if event is not None and isinstance(event.value, int) else 1
        if event is not None and event.kind == UNDONE:
            return ngettext("Undid {n} action.", "Undid {n} actions.", count).format(n=count)
        if event is not None and event.kind == REDONE:
            return ngettext("Redid {n} action.", "Redid {n} actions.", count).format(n=count)
        return sentence(outcome.message)

    def on_history(self, outcome: Outcome) -> None:
        """The position jumped (undo/redo): drop half-made choices, re-lay the table."""

    def ask_hint(self) -> None:
        if self.can_hint():
            self.before_hint()
            self.turns.ask_hint()

    def before_hint(self) -> None:
        """A hint is help: the game counts as assisted (Statistics counts it apart, its record
        says "hint"), kept at once so that a kill right after it does not lose that."""
        fresh = "hint" not in helps_of(self.session.meta)
        mark_help(self.session.meta, "hint")
        if fresh:
            self.autosave()

    def open_menu(self) -> None:
        self.app.stack.push(self.app.make(self.menu_scene, table=self))

    def shortcut(self, event) -> bool:
        """The keys every table shares; True when the event was one of them. Esc while a hint
        is being looked for stops looking (and only that: the menu waits for the next Esc)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.turns.cancel_hint():
            self.app.toast(_("Hint cancelled."), 2.0)
            return True
        step = history_key(event)
        if step is not None:
            (self.undo if step == "undo" else self.redo)()
            return True
        return False

    def base_buttons(self) -> list:
        return [UndoButton(self), ui.Button(N_("Redo"), self.redo, "Ctrl+Y"),
                ui.Button(N_("Hint"), self.ask_hint, "H")]

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
        """Keep the position (after every command, and when the game is left). A finished game
        whose end could not be kept is offered to the store again."""
        if not self.saver.enabled:
            return
        if not self.state.is_over():
            self.saver.save(self.record())
        elif self.finished and not self.saver.saved:
            self.saver.retry_finish()

    def finish(self) -> None:
        """The game is over: tell external bots, and keep it among the finished games (it leaves
        the games in progress in the same commit)."""
        if self.finished:
            return
        self.finished = True
        record = self.record()
        self.turns.finish(record.get("result", {}))
        self.saver.finish(record)
        self.on_finished(record)

    def on_finished(self, record: dict) -> None:
        """The game's own end: a scoring scene, a result panel."""

    def concede_words(self) -> str:
        """What conceding means here, said before the humans at this computer confirm it."""
        names = [self.config.seats[i].name for i in sorted(self.humans)]
        if len(names) == 1:
            return _("You give up: the game ends now and is kept in your records, unfinished.")
        return _("{names} give up: the game ends now and is kept in your records, "
                 "unfinished.").format(names=joined(names))

    # --- time and lifecycle ------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.tooltip.update(dt)
        if self.coach is not None:
            self.coach.update(dt)
        for message in self.saver.messages():
            self.app.toast(message)

    def bots_and_hints(self, dt: float) -> bool:
        """A bot seat's turn: its move once decided and shown long enough (never while a card
        flies or is dragged); a human's turn: the hint they asked for. True when no human at the
        screen is to move (a bot's turn, or a pass screen waiting for the next human)."""
        if self.pass_screen_for() is not None:
            return True
        if self.coach is not None and self.coach.holds_bots():
            return self.state.current_player() not in self.humans  # the lesson moves them
        if self.state.current_player() not in self.turns.seats:
            self.turns.hint_progress(dt)
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

    def hint_line(self, reason: str) -> str:
        """The hint's line: "Hint: take the 12", "Hint for Ada: ..." on a shared screen."""
        player = self.state.current_player()
        if not self.shared_screen() or player is None:
            return _("Hint: {reason}").format(reason=reason)
        return _("Hint for {name}: {reason}").format(name=self.config.seats[player].name,
                                                     reason=reason)

    def log_hint(self, hint) -> None:
        """The hint's line in player words; the search's figures under it, smaller."""
        line = look.HintLine(self.hint_line(hint.reason))
        if self.shared_screen():  # the next player must not read it
            player = self.state.current_player()
            self.log.append(look.PrivateHint.of(line, player))
            if hint.detail:
                self.log.append(look.PrivateDetail.of(hint.detail, player))
            return
        self.log.append(line)
        if hint.detail:
            self.log.append(look.Detail(hint.detail))

    def visible_log(self) -> list[str]:
        """The log as the screen shows it now: private lines only to the player they are for,
        while they are to move and at the screen (never behind a pass screen)."""
        if self.log_language != i18n.language():  # Settings switched language: the next frame's
            self.relog()  # log speaks it (tables draw the log through here)
        player = self.state.current_player()
        viewer = player if self.shown_to() == player else None
        return [e for e in self.log if not isinstance(e, look.Private) or e.player == viewer]

    # --- the position on show -----------------------------------------------------------------

    def show_position(self) -> None:
        """Lay the table out from the session's state as it stands, at once: everything the table
        draws (cards in their places, dials, the camera, a result over the table) follows from the
        state; nothing flies or glides any more, no choice is half made. Every table calls it as it
        is made (a new or resumed game: Continue); the replay viewer after each step. A game's
        table extends it for everything it keeps beside the state."""
        self.flights = []

    def picture(self) -> dict:
        """What the table would draw now, in plain values read from its own drawing model (where
        it lays each card, what its dials show, what faces up): tests hold it against the state."""
        raise NotImplementedError

    # --- in the replay viewer (config.replay: read-only, nobody plays) ---------------------------

    def segment(self, state) -> int | None:
        """Which part of the game a position is in (a round, a hand): the replay's jumps go from
        part to part. None: the game has no such parts (the replay's jumps go ten moves)."""
        return None

    def segment_words(self, state) -> str:
        """The part a position is in, as the replay's panel heads it ("Round 3"); "" for none."""
        return ""

    def replay_end(self) -> Scene | None:
        """The end screen the replay opens over itself after a finished game's last move
        (worded for a replay: back to it, or close it); None: the table shows the end itself."""
        return None

    def replay_panel(self) -> pygame.Rect:
        """Where the replay's panel (where it stands, the moves, its controls) lies over the
        table: over its log and buttons. By default the window's lower right."""
        w, h = self.app.stack.size
        return pygame.Rect(round(w * 0.68), round(h * 0.45), round(w * 0.31), round(h * 0.54))

    def replay_cover(self) -> pygame.Rect | None:
        """Where the replay's one button (Continue) goes while the table shows something over
        its whole picture that the panel must not hide (a hand's result), as last drawn; None:
        nothing covers the table, the panel lies over replay_panel()."""
        return None

    # --- hot seat: several humans at one screen (scenes/table/hotseat.py) ---------------------

    def shared_screen(self) -> bool:
        """Two or more humans take turns at this screen."""
        return len(self.humans) >= 2

    def pass_screen_for(self) -> int | None:
        """The human who must confirm on the pass screen before the table shows, or None (also
        at a table where nothing is secret: there the turn goes straight on)."""
        if not self.shared_screen() or self.state.is_over() or self.between_turns() \
                or self.hidden_on_pass() is None:
            return None
        player = self.state.current_player()
        return player if player in self.humans and player != self.viewer else None

    def shown_to(self) -> int | None:
        """Whose secrets (their hand, their hints) the screen may show now: the one seated at it,
        or at a table where nothing else is secret the human to move; None while a pass screen
        waits (nobody's show)."""
        if self.pass_screen_for() is not None:
            return None
        player = self.state.current_player()
        return player if self.hidden_on_pass() is None and player in self.humans else self.viewer

    def seated_turn(self) -> bool:
        """A human is to move and is the one at the screen (past their pass screen)."""
        return self.state.current_player() in self.humans and self.pass_screen_for() is None

    def confirm_viewer(self) -> None:
        """The pass screen's "I am NAME": NAME is at the screen now."""
        player = self.pass_screen_for()
        if player is None:
            return
        self.viewer = player
        self.seen_by[player] = len(self.log)
        self.on_seated(player)

    def unseat(self) -> None:
        """Nobody is known to be at the screen any more (after an undo, a new deal): in hot seat
        whoever is to move confirms on the pass screen first."""
        if self.shared_screen():
            self.viewer = None

    def pass_screen_event(self, event) -> bool:
        """The pass screen's share of an event: all of it while the screen is up (True)."""
        return self.pass_screen_for() is not None and self.pass_screen.handle(event)

    def draw_pass_screen(self, surface) -> bool:
        """The pass screen, if one is up (True: the table draws nothing else this frame)."""
        player = self.pass_screen_for()
        if player is None:
            self.pass_screen.hide()
            return False
        self.pass_screen.draw(surface, player)
        return True

    # the hooks a game's table overrides

    def between_turns(self) -> bool:
        """Something everyone may watch is on show between turns (Grayblock: a finished hand's
        result): no pass screen meanwhile."""
        return False

    def hidden_on_pass(self) -> str | None:
        """What the pass screen keeps from the others until the next player confirms, as its words
        ("{name}": that player, "{whose}": their, from game.words.whose). By default each player's
        hand. None when nothing at this table is secret (Alice Assemble): no pass screen then, and
        an undo hides nothing."""
        return _("Everyone else, please look away: {whose} hand shows once confirmed.")

    def draw_behind_pass(self, surface) -> None:
        """What shows behind the pass screen: by default the bare table, darkened (nothing of the
        game, so nothing secret)."""
        self.pass_screen.draw_bare_table(surface)

    def news_for(self, player: int) -> list[str]:
        """What happened since `player` last looked, for their pass screen: the log's last public
        lines (never a private one, not even their own hint: the screen shows to whoever is at
        the table before they say who they are)."""
        seen = self.seen_by.get(player)
        public = [e for e in self.log[seen or 0:] if not isinstance(e, look.Private)]
        return public[-4:] if seen is None else public[-6:]

    def on_seated(self, player: int) -> None:
        """`player` confirmed on the pass screen: the table turns to them (their side, their
        board)."""

    # --- a lesson's coach marks ------------------------------------------------------------

    def anchor(self, point: tuple) -> pygame.Rect | None:
        """Where the thing a lesson points at is drawn ("field", 31), ("bench", lane), ...; None
        when the table does not show it now."""
        return None

    def coach_first(self, event) -> bool:
        """A lesson's coach takes the event before the table (True: it was the coach's)."""
        return self.coach is not None and self.coach.handle(event)

    def place_coach(self, size) -> None:
        """A lesson's panel placed for this layout and this moment: at the table's resize and
        before it draws, so what makes room for the panel (the log, the scoreboard) knows where
        it is in the same frame, and a new window size is right at once."""
        if getattr(self, "coach", None) is not None:
            self.coach.place(size)

    def draw_coach(self, surface) -> None:
        if self.coach is not None:
            self.coach.draw(surface)

    # --- tooltips --------------------------------------------------------------------------

    def tooltip_at(self, pos) -> str | None:
        """What the thing under `pos` means, in player words (None: nothing to explain)."""
        return None

    def leave(self) -> None:
        """Covered by a menu or left: no tooltip under the overlay, nor on the way back."""
        self.tooltip.hide()

    def draw_hint_progress(self, surface) -> pygame.Rect | None:
        """While a hint is being looked for: a panel at the top of the toasts' area with what is
        going on, a bar filling towards the hint's time budget, a turning spinner and "Esc
        cancels". Its rect, or None."""
        progress = self.turns.hint_progress()
        if progress is None:
            return None
        area = getattr(self, "toast_area", lambda: None)() or surface.get_rect()
        s = max(0.5, ui.scale_for(surface.get_size()))
        pad = 10 * s
        px, small = max(10, int(16 * s)), max(9, int(13 * s))
        words, cancels = _("Looking for a hint\u2026"), _("Esc cancels")
        width = min(area.w - 8 * s, max(300 * s, ui.font(px, "bold").size(words)[0] + 60 * s,
                                        ui.font(small).size(cancels)[0] + 2 * pad))
        bar_h = max(4, round(7 * s))
        height = ui.font(px, "bold").get_height() + ui.font(small).get_height() + bar_h + 4 * pad / 1.5
        box = pygame.Rect(0, 0, round(width), round(height))
        box.midtop = (area.centerx, round(area.y + 8 * s))
        ui.panel(surface, box, (24, 20, 24, 235), look.HINT, radius=int(8 * s), width=max(1, round(2 * s)))
        # the spinner: a dot running round a ring, by the app's clock (it shows the app is alive)
        r = round(8 * s)
        hub = (round(box.x + pad + r), round(box.y + pad + ui.font(px, "bold").get_height() / 2))
        pygame.draw.circle(surface, ui.BRASS_DARK, hub, r, max(1, round(2 * s)))
        turn = self.app.clock_s * 5.0
        dot = (hub[0] + r * math.cos(turn), hub[1] + r * math.sin(turn))
        pygame.draw.circle(surface, look.HINT, dot, max(2, round(3 * s)))
        room = box.right - pad - (hub[0] + r + 8 * s)
        top = ui.text(surface, words, px, (hub[0] + r + 8 * s, box.y + pad), look.HINT_TEXT, style="bold",
                      max_width=room)
        bar = pygame.Rect(round(box.x + pad), round(top.bottom + pad / 1.5), round(box.w - 2 * pad), bar_h)
        pygame.draw.rect(surface, (60, 52, 56), bar, border_radius=bar_h // 2)
        filled = bar.copy()
        filled.w = max(bar_h, round(bar.w * progress))
        pygame.draw.rect(surface, look.HINT, filled, border_radius=bar_h // 2)
        ui.text(surface, cancels, small, (box.centerx, bar.bottom + pad / 1.5), ui.MUTED, "midtop",
                max_width=box.w - 2 * pad)
        return box

    def draw_tooltip(self, surface) -> None:
        """The tooltip over everything, once the mouse rests (never over a drag); under it, the
        hint's progress while one is looked for."""
        self.hint_box = self.draw_hint_progress(surface)
        drag = getattr(self, "drag", None)
        over_coach = self.coach is not None and self.tooltip.pos is not None \
            and self.coach.panel.collidepoint(self.tooltip.pos)  # the lesson's words are on top
        if drag is not None or getattr(self, "pan", None) is not None or not self.tooltip.ready \
                or self.tooltip.pos is None or over_coach:
            self.tooltip.rect = self.tooltip.words = None
            return
        s = max(0.5, ui.scale_for(surface.get_size()))
        self.tooltip.draw(surface, self.tooltip_at(self.tooltip.pos), s)

    def close(self) -> None:
        self._unlisten()
        self.turns.close()
        self.saver.close()  # what is handed over is kept before the scene goes; the game is let go
