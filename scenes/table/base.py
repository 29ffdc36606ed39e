"""A game's table, composed of parts, each with one job (docs/architecture.md, "The parts of a
table"): the cards in flight (`motion`, motion.py), the log (`logbook`, scenes/table/log.py), hot seat (`seat`, hotseat.py), undo and redo
(`undoing`, undoing.py), bots and hints (`hints`, hints.py over bots.py), saving (`saves`,
keeping.py over saving.py), the shared keys and buttons (`controls`, controls.py), tooltips
(`tips`, tips.py), the replay viewer's view of it (`playback`, playback.py) and a lesson's coach
marks (`marks`, coaching.py; the coach itself is `coach`, scenes/tutorial/coach.py).

A game's table subclasses GameTable and keeps only what differs: how it draws, how a player
picks a move, and how it animates the events an action reports (`on_played`, `on_history`). Where
a part says something of its own game, the game extends that part and names its class here (`Log`,
`Seat`, `Undo`, `Hints`, `Tips`, `Playback`, `Marks`): what a game does not have is the shared
part, by declaration. The table changes the game only by submitting commands to the session's
queue (`submit`; `play` and the undo part submit and run it at once, for the outcome); the frame
loop (`update`) runs what is pending. Every outcome is heard by the table's stages in the order
game.core.commands.STAGES declares: state, animation and log (`hearing`, hearing.py), then save (the
saving part), docs/architecture.md, "The command path".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.core import i18n, records
from game.core.commands import FAIR, UNDO_MODES, Command, Outcome, Play
from game.core.contract import Refusal
from game.core.i18n import N_, _
from game.core.messages import Message

from scenes.config import GameConfig
from scenes.table.coaching import CoachMarks
from scenes.table.controls import Controls
from scenes.table.hearing import Hearing
from scenes.table.reading import SeatReading
from scenes.table.hints import Hints
from scenes.table.hotseat import HotSeat
from scenes.table.keeping import Saves
from scenes.table.kind import Table
from scenes.table.motion import Motion
from scenes.table.log import RESUMED, TableLog, again, joined, sentence
from scenes.table.playback import Playback
from scenes.table.tips import Tips
from scenes.table.undoing import Undoing
from scenes.widgets.tooltip import Tooltip

if TYPE_CHECKING:
    from game.core.commands import Session
    from scenes.app.window import App
    from scenes.tutorial.coach import Coach

# the log's words, where the screens have read them since before the log was a part
__all__ = ["GameTable", "MENU", "RESUMED", "again", "joined"]

# the tables' own button beside Undo, Redo and Hint: ui.Button(MENU, ...) is drawn translated
MENU = N_("Menu")


class GameTable(Table):
    game = ""  # the registry's name for the game (bots, records)
    menu_scene = "menu"
    undo_modes = True  # fair or free undo, as set up (Cementopia: its own rule instead)
    keys_before_drawn = False  # a key pressed before the table was seen plays no move
    # what conceding means where the game says it its own way (N_; None: the players' words)
    conceding: ClassVar[str | None] = None
    # the parts a game says its own in (each a subclass of the shared part)
    Log: ClassVar[type[TableLog]] = TableLog
    Seat: ClassVar[type[HotSeat]] = HotSeat
    Undo: ClassVar[type[Undoing]] = Undoing
    Hints: ClassVar[type[Hints]] = Hints
    Tips: ClassVar[type[Tips]] = Tips
    Playback: ClassVar[type[Playback]] = Playback
    Marks: ClassVar[type[CoachMarks]] = CoachMarks
    # what the pointer holds, if anything (a game's table sets them): no bot moves under a drag,
    # no tooltip over a drag or a pan
    drag: Any = None
    pan: Any = None

    def __init__(self, app: App, config: GameConfig, session: Session[Any]) -> None:
        super().__init__(app)
        self.config = config
        self.session = session
        if not session.history.actions and records.read_stamp(session.meta.get("started_at")) is None:
            session.meta["started_at"] = records.utc_stamp()  # a new game (its record's extras)
        self.saves = Saves(self)  # hears at the save stage: after the move is shown and told
        # a replay (config.replay) shows the record read-only: nobody plays at it, no bot thinks
        self.replay = bool(config.replay)
        self.seated = frozenset(i for i, seat in enumerate(config.seats) if not seat.is_bot)
        self.humans = frozenset() if self.replay else self.seated  # who plays at this screen
        # who is looking at the screen: the only human; in hot seat nobody until someone confirms
        # on the pass screen; with no human (the demo) the spectators see seat 0's side, and a
        # replay the side of its only human (else seat 0's)
        watched = self.seated if self.replay else self.humans
        self.viewer: int | None = min(watched) if len(watched) == 1 else (
            None if self.humans else 0)
        self.seen_by: dict[int, int] = {}  # hot seat: human -> the log's length when they last looked
        if self.undo_modes:  # a resumed game keeps the mode its record names
            mode = session.meta.get("undo")
            session.meta["undo"] = mode if mode in UNDO_MODES else (config.undo or FAIR)
        self.finished = False
        self.motion = Motion()
        self.log: list[str] = []
        self.tooltip = Tooltip()  # the table feeds it events and time; draws it last
        self.coach: Coach | None = None  # a lesson's coach (scenes/tutorial/coach.py), set by its opener
        self.logbook = self.Log(self)
        self.seat = self.Seat(self)
        self.undoing = self.Undo(self)
        self.hints = self.Hints(self)
        self.controls = Controls(self)
        self.tips = self.Tips(self)
        self.playback = self.Playback(self)
        self.marks = self.Marks(self)
        self.reading = SeatReading(self)  # how each other seat plays, as its moves tell
        self.hearing = Hearing(self)  # after the parts it tells; before saves hears (its stage)

    @property
    def state(self) -> Any:  # the game's own state
        return self.session.state

    def can_act(self) -> bool:
        raise NotImplementedError

    def player_word(self, player: int) -> str:
        """A player as the screen names them: the seat's name, else "Player 2" (1-based)."""
        players = self.session.meta.get("players") or []
        if isinstance(player, int) and 0 <= player < len(players) and isinstance(players[player], dict) \
                and players[player].get("name"):
            return str(players[player]["name"])
        if isinstance(player, int):
            return _("Player {number}").format(number=player + 1)
        return _("another player")

    # --- commands --------------------------------------------------------------------------

    def submit(self, command: Command[Any]) -> None:
        """Queue a command; the frame loop (update) runs it, after those submitted before it."""
        self.session.submit(command)

    def play(self, action: Any) -> Outcome | None:
        """Submit a move and run the queue now (the caller wants its outcome); the game's scene
        animates its events in on_played. The rules decide whether it is legal, once, as the
        session applies it; a refused move changes nothing and says why in the game's words."""
        self.logbook.keep_opening()
        if self.coach is not None and not self.coach.allows(action):
            return None  # not the lesson's move: the coach says why
        command: Play[Any] = Play(action)
        self.submit(command)
        outcome = next((o for o in self.session.process() if o.command is command), None)
        return outcome if outcome is not None and outcome.ok else None

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

    # --- what a game's table does with it ------------------------------------------------------

    def on_played(self, action: Any, outcome: Outcome) -> None:
        """React to an accepted move: the log, flights and sounds from outcome.events."""

    def on_history(self, outcome: Outcome) -> None:
        """The position jumped (undo/redo): drop half-made choices, re-lay the table."""

    def on_finished(self, record: dict) -> None:
        """The game's own end: a scoring scene, a result panel."""

    def show_position(self) -> None:
        """Lay the table out from the session's state as it stands, at once: everything the table
        draws (cards in their places, dials, the camera, a result over the table) follows from the
        state; nothing flies or glides any more, no choice is half made. Every table calls it as it
        is made (a new or resumed game: Continue); the replay viewer after each step. A game's
        table extends it for everything it keeps beside the state."""
        self.motion.stop()

    def picture(self) -> dict:
        """What the table would draw now, in plain values read from its own drawing model (where
        it lays each card, what its dials show, what faces up): tests hold it against the state."""
        raise NotImplementedError

    def toast_area(self) -> pygame.Rect | None:
        """Where toasts and the hint's progress go over this table (None: the window)."""
        return None

    # --- finishing and leaving -----------------------------------------------------------------

    def finish(self) -> None:
        """The game is over: tell external bots, and keep it among the finished games (it leaves
        the games in progress in the same commit)."""
        if self.finished:
            return
        self.finished = True
        record = self.saves.record()
        self.hints.turns.finish(record.get("result", {}))
        self.saves.service.finish(record)
        self.on_finished(record)

    def concede_words(self) -> str:
        if self.conceding is not None:
            return _(self.conceding)
        names = [self.config.seats[i].name for i in sorted(self.humans)]
        if len(names) == 1:
            return _("You give up: the game ends now and is kept in your records, unfinished.")
        return _("{names} give up: the game ends now and is kept in your records, "
                 "unfinished.").format(names=joined(names))

    def open_menu(self) -> None:
        self.app.stack.push(self.app.make(self.menu_scene, table=self))

    def update(self, dt: float) -> None:
        self.session.process()  # what was submitted since the last frame, in order
        self.tooltip.update(dt)
        if self.coach is not None:
            self.coach.update(dt)
        for message in self.saves.service.messages():
            self.app.toast(message)

    def leave(self) -> None:
        """Covered by a menu or left: no tooltip under the overlay, nor on the way back."""
        self.tooltip.hide()

    def close(self) -> None:
        self.hearing.close()
        self.hints.turns.close()
        self.saves.close()
