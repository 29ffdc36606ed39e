"""The Cementopia table: drag (or click, or key) hand cards onto lit spots beside the network.

What every table shares (commands, saving, undo/redo, hints, finishing) is GameTable's. Undo and
hints are allowed but mark the attempt as assisted (session.meta["assisted"], which the autosave
and the finished record carry; the personal bests keep them apart). A hint (the hard solver's
suggestion) is shown, never played. Ends on CementopiaEndScene (end.py).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from game.cementopia import words
from game.cementopia.best import after, best_words, load_best
from game.cementopia.record import new_session
from game.cementopia.setup import Action, daily_seed
from game.cementopia.state import (
    COMPLETE, COUNTER_FLIPPED, COUNTER_TURNED, DRAWN, FINISHED, PLACED, CementopiaState)
from game.core.commands import Outcome, Session
from game.core.contract import Event
from game.core.messages import shown, split_sentences
from game.core.commands import mark_help
from game.core.i18n import N_, _, ngettext

from scenes.cementopia import draw, geometry
from scenes.cementopia.geometry import Spot
from scenes.config import GameConfig
from scenes.table.base import GameTable
from scenes.table.bots import Hint
from scenes.table.coaching import CoachMarks
from scenes.table.hints import Hints
from scenes.table.log import TableLog
from scenes.table.playback import Playback
from scenes.table.tips import Tips
from scenes.table.undoing import Undoing
from scenes.widgets import ui
from scenes.widgets.anim import Flight, Glide, Stepper
from scenes.widgets.decor import focus_on_hover

if TYPE_CHECKING:
    from scenes.app.window import App
    from scenes.cementopia.replay_end import ReplayCementopiaEnd

FLIGHT = 0.28
DEMO_THINK_S = 0.1
ZOOM_KEYS = {pygame.K_PLUS: 1.15, pygame.K_EQUALS: 1.15, pygame.K_KP_PLUS: 1.15, pygame.K_MINUS: 1 / 1.15,
             pygame.K_KP_MINUS: 1 / 1.15}
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


def deal_label(meta: dict[str, Any]) -> str:
    """The deal in the HUD and on the end screen, in the player's language."""
    daily = meta.get("daily")
    if daily:
        today = daily == datetime.date.today().isoformat()
        return (_("Today's deal {date}") if today else _("Daily deal {date}")).format(date=daily)
    return _("Seed {seed}").format(seed=meta.get("seed"))


@dataclass
class Drag:
    """A hand card held by the mouse."""

    card: int
    grab: tuple[int, int]  # where the card was taken, from its top left
    pos: tuple[int, int]  # the pointer now
    start: tuple[int, int]  # where the press was
    moved: bool = False  # it went far enough to be a drag, not a click


# ---------------------------------------------------------------- the table

class CementopiaLog(TableLog):
    def lines(self, before: CementopiaState, action: Action, events: list[Event],
              after: CementopiaState) -> list[str]:
        """A move in words (for the replay's panel: this table shows no log): the card, the
        neighbour it is counted with, a counter spent, the end."""
        lines = [_("Card {card} goes beside card {other}.").format(card=action.card, other=action.count_with)]
        for event in events:
            if event.kind == COUNTER_FLIPPED:
                lines.append(_("Counter {n} is spent.").format(n=event.where))
            elif event.kind == FINISHED:
                lines.append(_("Complete!") if event.where == COMPLETE else _("No hand card fits: stuck."))
        return lines


class CementopiaUndo(Undoing):
    """Solo: any undo is allowed, one placement back, and makes the attempt assisted."""

    table: CementopiaScene

    def scope(self) -> None:
        return None  # one player: undo goes back one placement

    def before_undo(self) -> None:
        t = self.table
        was = t.assisted
        mark_help(t.session.meta, "undo")  # before the command: its autosave carries it
        if not was:
            t.app.toast(_("Undo used: this attempt now counts as assisted."), 3.0)


class CementopiaHints(Hints):
    """A hint is the solver's move: the first of an attempt asks, as it marks the attempt assisted."""

    table: CementopiaScene

    def ask(self) -> None:
        """The first hint of an attempt asks first: it marks the attempt assisted (a lesson, the
        demo and an attempt already assisted just show it)."""
        t = self.table
        if not self.can_hint():
            return
        if t.assisted or t.lesson or t.app.demo:
            super().ask()
            return
        t.app.stack.push(t.app.make(
            "confirm", question=_("Show a hint?"),
            detail=_("A hint marks this attempt as assisted: it counts for your best with help, "
                     "not for your best without help."),
            yes=_("Show a hint"), no=_("Cancel"), on_yes=super().ask))

    def before_hint(self) -> None:
        t = self.table
        if not t.assisted:  # the solver's move is help, as much as an undo is
            t.app.toast(_("Hint used: this attempt now counts as assisted."), 3.0)
        super().before_hint()


class CementopiaPlayback(Playback):
    """Cementopia in the replay viewer: its end screen at the end."""

    table: CementopiaScene

    def end(self) -> ReplayCementopiaEnd:
        t = self.table
        from scenes.cementopia.replay_end import ReplayCementopiaEnd
        return ReplayCementopiaEnd(t.app, session=t.session, config=t.config)

    def panel(self) -> pygame.Rect:
        t = self.table
        return t.lay.table.unionall(t.lay.buttons)


class CementopiaMarks(CoachMarks):
    """Where the lesson's marks point at Cementopia's board."""

    table: CementopiaScene

    def anchor(self, point: tuple) -> pygame.Rect | None:
        """Where a lesson's point is: ("card", c) a placed card, ("network",), ("counters",),
        ("counter", n) (1-based), ("hand",), ("score",), ("deck",), and ("move", card, x, y[,
        counted]): the hand card until it is picked up, then the spot it should go to, then (the
        count-choice popup open) the button that counts `counted`."""
        t = self.table
        st, lay, board = t.state, t.lay, t.lay.board
        kind = point[0]
        if kind == "card":
            where = st.position(point[1])
            return self._on_board(t.cam.card_rect(board, *where)) if where else None
        if kind == "network":
            rects = [t.cam.card_rect(board, x, y) for _c, x, y in st.placed]
            return self._on_board(rects[0].unionall(rects[1:])) if rects else None
        if kind == "counters":
            return lay.counters[0].unionall(lay.counters[1:])
        if kind == "counter":
            return lay.counters[point[1] - 1].copy()
        if kind == "hand":
            return lay.slots[0].unionall(lay.slots[1:max(1, len(st.hand))])
        if kind == "score":  # the table as drawn: its heading down to its last row
            rows = t.score_rows
            bottom = min(lay.table.bottom, rows[-1][1].bottom + round(4 * lay.s)) if rows else lay.table.bottom
            return pygame.Rect(lay.table.x, lay.table.y, lay.table.w, bottom - lay.table.y)
        if kind == "deck":
            return lay.deck.copy()
        if kind == "move":
            card, x, y = point[1:4]
            counted = point[4] if len(point) > 4 else None
            pop = t.popup
            if pop is not None and pop.card == card and (pop.x, pop.y) == (x, y) and counted is not None:
                for button, (_action, _count, names) in zip(pop.ring.widgets, pop.choices):
                    if counted in names:
                        return button.rect.copy()
            if t.active_card() == card or pop is not None:
                return self._on_board(t.cam.card_rect(board, x, y))
            return t.hand_rect(card) if card in st.hand else None
        return None

    def _on_board(self, rect: pygame.Rect) -> pygame.Rect | None:
        """A rect on the board as far as it shows (None: out of sight)."""
        t = self.table
        shown = rect.clip(t.lay.board)
        return shown if shown.w and shown.h else None

    def home(self) -> pygame.Rect:
        """The lesson's panel sits at the hand panel's right, over its instructions (the coach's
        words replace them while a lesson goes on), clear of the hand cards and the side panel."""
        t = self.table
        return t.lay.hand.copy()


class CementopiaTips(Tips):
    """What the things on Cementopia's table mean."""

    table: CementopiaScene

    def at(self, pos: tuple[int, int]) -> str | None:
        """A counter card (what its number pays for, uses left) or the deck."""
        t = self.table
        if t.popup is not None or t.state.is_over():
            return None
        for i, slot in enumerate(t.lay.counters):
            if slot.collidepoint(pos):
                return self.counter_tip(i)
        if t.lay.deck.collidepoint(pos):
            n = t.state.deck_count
            return ngettext("Deck: {n} card left. After each placement you draw one to refill "
                            "your hand.", "Deck: {n} cards left. After each placement you draw one "
                            "to refill your hand.", n).format(n=n)
        return None

    def counter_tip(self, i: int) -> str:
        t = self.table
        order, uses = i + 1, t.state.counters[i]
        pays = ngettext("Counter {number}: it pays for a card that meets a neighbour with "
                        "{number} facing pair.", "Counter {number}: it pays for a card that meets a "
                        "neighbour with {number} facing pairs.", order).format(number=order)
        if not uses:
            left = _("It is spent (face down): no more such connections.")
        else:
            left = ngettext("{n} use left; each use turns it a quarter, and face down it is spent.",
                            "{n} uses left; each use turns it a quarter, and face down it is spent.",
                            uses).format(n=uses)
        return _("{first} {second}").format(first=pays, second=left)


class CementopiaScene(GameTable):
    name = "cementopia"
    game = "cementopia"
    refusal_words = staticmethod(words.refusal_words)
    undo_modes = False  # solo: any undo is allowed and makes the attempt assisted
    conceding = N_("The attempt ends here as given up: its record is kept, with no best score.")
    Log = CementopiaLog
    Undo = CementopiaUndo
    Hints = CementopiaHints
    Playback = CementopiaPlayback
    Marks = CementopiaMarks
    Tips = CementopiaTips
    start_rect: pygame.Rect | None = None  # where the placed card flies from (play sets it; a move submitted otherwise lands)

    def __init__(self, app: App, config: GameConfig, session: Session[CementopiaState] | None = None) -> None:
        if session is None:
            seat = config.seats[0].to_json() if config.seats else {"name": "You", "seat": "human"}
            session = new_session(config.resolved_seed(), [seat], None)
        meta = session.meta  # a resumed game's record brought its own assisted and daily
        meta["assisted"] = bool(meta.get("assisted"))
        if not isinstance(meta.get("daily"), str):
            meta["daily"] = datetime.date.today().isoformat() if meta.get("seed") == daily_seed() else None
        super().__init__(app, config, session)
        self.best, problem = load_best(app.store)
        if problem:
            app.toast(problem)
        self.lay, self.cam, self.sprites = geometry.layout((1280, 720)), geometry.Camera(), draw.Sprites(app.art)
        self.hand_x: dict[int, Glide] = {}  # card -> Glide of its x in the hand
        # kb_stage: "hand" or "board" while the keyboard drives; cursor: its spot; hover: the mouse's
        self.selected: int | None = None
        self.cursor: Spot | None = None
        self.hover: Spot | None = None
        self.drag: Drag | None = None
        self.pan: tuple[int, tuple[int, int], bool] | None = None  # (button, last position, moved)
        self.popup: draw.Popup | None = None
        self.kb_stage: str | None = None
        self.auto_fit, self.mouse, self.pan_start = True, (0, 0), (0, 0)
        self.end_wait = self.demo_wait = 0.0
        self.demo_ticket: int | None = None
        self.demo_move: Action | None = None
        self._legal_key: tuple[Any, ...] | None = None  # the position _groups is of
        self._preview: tuple[tuple[tuple[Any, ...] | None, Action], int] | None = None  # (key, score)
        self._shown_hint: Hint | None = None
        # card -> {(x, y): [(action, connection count), ...]} for the position _legal_key
        self._groups: dict[int, dict[Spot, list[tuple[Action, int]]]] = {}
        self.snapped = False
        self.ending: tuple[dict[str, Any] | None, bool] = (None, False)  # (best entry, improved)
        self.score_rows: list[tuple[int, pygame.Rect]] = []  # the score table's rows as last drawn: (adjacency, rect)
        self.buttons = self.controls.buttons() + [ui.Button(N_("Fit"), self.fit), ui.Button(N_("Menu"), self.open_menu)]
        self.words = {b: b.label for b in self.buttons}  # English; drawn in the player's language
        self.show_position()
        self.saves.autosave()

    # --- reading -----------------------------------------------------------------------------

    session: Session[CementopiaState]

    @property
    def state(self) -> CementopiaState:
        return self.session.state

    @property
    def lesson(self) -> bool:
        """A Learn to play lesson (its coach plays the demo; it keeps no saves nor best)."""
        return bool(self.config.lesson)

    @property
    def assisted(self) -> bool:
        return bool(self.session.meta.get("assisted"))

    def can_act(self) -> bool:
        return not self.state.is_over() and not self.app.demo and self.popup is None

    def spots_for(self, card: int) -> dict[Spot, list[tuple[Action, int]]]:
        """{(x, y): [(action, connection count), ...]} where `card` may go now (cached)."""
        st = self.state
        key = (id(st), tuple(st.placed), tuple(st.hand), tuple(st.counters))
        if key != self._legal_key:
            self._legal_key, self._groups = key, {}
            for a in st.legal_actions():
                self._groups.setdefault(a.card, {}).setdefault((a.x, a.y), []).append((a, st.connection_count(a)))
        return self._groups.get(card, {})

    def active_card(self) -> int | None:
        if self.drag is not None and self.drag.moved:
            return self.drag.card
        return self.popup.card if self.popup is not None else self.selected

    def focus_spot(self) -> Spot | None:
        if self.popup is not None:
            return (self.popup.x, self.popup.y)
        return self.cursor if self.kb_stage == "board" else self.hover

    def hint_action(self) -> Action | None:
        hint = self.hints.turns.hint
        return hint[0] if hint and hint[0] in self.state.legal_actions() else None

    def hint_counter(self) -> int | None:
        """The counter the hinted placement pays (its connection count)."""
        hint = self.hint_action()
        return self.state.connection_count(hint) if hint is not None else None

    def preview(self) -> tuple[int | None, int | None]:
        """(the counter paid, the score after) for the placement being considered, else Nones."""
        if self.popup is not None:
            choice = self.popup.choice()
            return (choice[1] if choice else None), None
        card, spot = self.active_card(), self.focus_spot()
        options = self.spots_for(card).get(spot) if card is not None and spot is not None else None
        if not options:
            return None, None
        action, count = options[0]
        if self._preview is None or self._preview[0] != (self._legal_key, action):
            child = self.state.clone()
            child.place(action.card, action.x, action.y, count)
            self._preview = ((self._legal_key, action), child.score())
        return (count if len({c for _, c in options}) == 1 else None), self._preview[1]

    def deal_label(self) -> str:
        return deal_label(self.session.meta)

    def best_text(self) -> str:
        return _("Best: {best}").format(best=best_words(self.best.get(str(self.session.meta.get("seed")))))

    def prompt_lines(self, short: bool = False) -> Sequence[tuple[str, ui.Colour, int]]:
        """The hand panel's instructions; `short`: fewer words, for a small window or large text."""
        st, card = self.state, self.active_card()
        if st.is_over():
            return [(_("Complete!") if st.outcome == COMPLETE else _("No hand card fits: stuck."), ui.HILITE, 17)]
        if self.replay:
            return [(_("A replay: the moves as they were played."), ui.TEXT, 16)]
        if (self.app.demo and not self.lesson) or self.hints.turns.hint_pending:
            return [(_("The hard bot is playing.") if self.app.demo else _("Looking for a hint\u2026"), ui.TEXT, 16)]
        if (hinted := self.hint_action()) is not None and card in (None, hinted.card):
            # the hint's words were worked out in English: said now (game.core.messages); a
            # sentence a line, so that where room runs out the placement itself stays
            hint = self.hints.turns.hint
            assert hint is not None  # (hint_action is its move)
            heading = _("Hint:") if short else _("Hint (shown, never played for you):")
            return [(heading, draw.HINT, 16)] + [(shown(part), ui.TEXT, 13) for part in split_sentences(hint.reason)] + (
                [(shown(hint.detail), ui.MUTED, 11)] if hint.detail else [])
        if card is None and short:
            return [(_("Drag a card next to the network."), ui.TEXT, 16),
                    (_("Or click it, then a lit spot. Keys: \u2190\u2192, Enter, arrows, Enter."), ui.MUTED, 13),
                    (_("Zoom: wheel, +/\u2212. Pan: drag, Shift+arrows."), ui.MUTED, 13)]
        if card is None:
            return [(_("Drag a hand card next to the network."), ui.TEXT, 16),
                    (_("Or click a card, then a lit spot. Keys: \u2190 \u2192 a card, Enter, arrows, Enter."), ui.MUTED, 13),
                    (_("Wheel or +/\u2212 zoom; right-drag, empty-space drag or Shift+arrows pan."), ui.MUTED, 13)]
        n, after = len(self.spots_for(card)), self.preview()[1]
        lines = [(ngettext("Card {card}: {n} lit spot.", "Card {card}: {n} lit spots.", n).format(card=card, n=n),
                  ui.TEXT, 16)]
        if after is not None:
            lines.append((_("Score {score} \u2192 {after} if placed here.").format(score=st.score(), after=after),
                          ui.HILITE, 15))
        if short:
            return lines + [(_("Discs: facing pairs to count = the counter paid."), ui.MUTED, 13)]
        return lines + [(_("A spot's discs: the facing pairs you may count = the counter you pay."), ui.MUTED, 13)]

    # --- a lesson's coach marks ----------------------------------------------------------------

    # --- tooltips ----------------------------------------------------------------------------

    # --- geometry ----------------------------------------------------------------------------

    def toast_area(self) -> pygame.Rect:
        """Toasts go over the board's bottom edge: the hand panel below holds the instructions
        and the hint's words (scenes/app/window.py)."""
        return self.lay.board.inflate(-geometry.R(self.lay.s, 8), -geometry.R(self.lay.s, 8))

    def resize(self, size: tuple[int, int]) -> None:
        old, self.lay = self.lay.s, geometry.layout(size)
        s = self.lay.s
        self.cam.lo, self.cam.hi = 34 * s, 230 * s
        self.cam.zoom = max(self.cam.lo, min(self.cam.hi, self.cam.zoom * s / old))
        if self.auto_fit:
            self.fit(now=True)
        self.hand_x.clear()
        for button, rect in zip(self.buttons, self.lay.buttons):
            button.rect = rect
        self.marks.place(size)

    def hand_rect(self, card: int) -> pygame.Rect:
        slot = self.lay.slots[min(self.state.hand.index(card), 3)]
        x = round(self.hand_x.setdefault(card, Glide(slot.x)).value)
        return slot.move(x - slot.x, -round(12 * self.lay.s) if card == self.selected else 0)

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        return next((c for c in reversed(self.state.hand) if self.hand_rect(c).collidepoint(pos)), None)

    def spot_at(self, pos: tuple[int, int], card: int | None) -> Spot | None:
        """The lit spot under the cursor: its card outline holds it; the nearest rows win."""
        board = self.lay.board
        if card is None or not board.collidepoint(pos):
            return None
        near = [(abs(self.cam.band_rect(board, *p).centery - pos[1]), p) for p in self.spots_for(card)
                if self.cam.card_rect(board, *p).collidepoint(pos)]
        return min(near)[1] if near else None

    def hidden(self) -> set[tuple[str, int]]:
        return self.motion.landing()

    # --- commands ----------------------------------------------------------------------------

    def try_place(self, card: int, x: int, y: int) -> None:
        """Place now, or ask which neighbour to count when that changes the counter paid (two
        neighbours with the same count pay the same counter: that is no question)."""
        by_count: dict[int, list[Action]] = {}
        for action, count in self.spots_for(card).get((x, y), []):
            by_count.setdefault(count, []).append(action)
        if len(by_count) == 1:
            self.play(next(iter(by_count.values()))[0])
        elif by_count:
            choices = [(acts[0], count, tuple(a.count_with for a in acts))
                       for count, acts in sorted(by_count.items(), reverse=True)]
            self.popup, self.drag = draw.Popup(self, card, x, y, choices), None
            self.popup.layout(self)

    def refuse_drop(self, card: int, pos: tuple[int, int]) -> None:
        """A card dropped on the board where no spot is lit for it: the rules say why not there
        (counting the card beside it, if there is one)."""
        x, y = self.cam.cell_at(self.lay.board, *pos)
        if (x, y) in self.spots_for(card):
            self.try_place(card, x, y)
            return
        beside = self.state.neighbours(x, y)
        self.play(Action(card, x, y, beside[0][0] if beside else self.state.placed[0][0]))

    def _reset_input(self) -> None:
        self.selected = self.cursor = self.hover = self.drag = self.popup = self.kb_stage = None
        self.hints.turns.forget()
        if self.auto_fit:
            self.fit()

    def play(self, action: Action) -> Outcome | None:
        self.start_rect = self.hand_rect(action.card) if action.card in self.state.hand else None
        self.popup = None
        return super().play(action)

    def on_played(self, action: Action, outcome: Outcome) -> None:
        """The card flies to its spot and taps as it lands; the counter clicks (a swish if it turns
        face down); a drawn card flies in; the end: a fanfare if complete, a knock if stuck."""
        sound, st = self.app.sound, self.state
        for event in outcome.events:
            if event.kind == PLACED:
                sound.play("place", delay=FLIGHT)
                if self.start_rect is not None and event.card is not None and isinstance(event.where, tuple):
                    end = self.cam.card_rect(self.lay.board, *event.where)
                    sx, sy, sw, sh = self.start_rect
                    self.motion.launch(Flight(event.card, (sx, sy, sw, sh), (end.x, end.y, end.w, end.h), FLIGHT,
                                               key=("board", event.card)))
                    self.start_rect = None  # (this move's only)
            elif event.kind in (COUNTER_TURNED, COUNTER_FLIPPED):
                sound.play("flip" if event.kind == COUNTER_FLIPPED else "ratchet", delay=FLIGHT + 0.12, volume=0.6)
            elif event.kind == DRAWN and not st.is_over() and event.card is not None:
                slot, deck = self.lay.slots[min(st.hand.index(event.card), len(self.lay.slots) - 1)], self.lay.deck
                self.hand_x[event.card] = Glide(slot.x)
                self.motion.launch(Flight(event.card, (deck.x, deck.y, deck.w, deck.h), (slot.x, slot.y, slot.w, slot.h),
                                          FLIGHT, delay=FLIGHT * 0.6, key=("hand", event.card)))
                sound.play("take", delay=FLIGHT * 0.6, volume=0.4)
            elif event.kind == FINISHED:
                sound.play("win" if event.where == COMPLETE else "pass", delay=FLIGHT + 0.4)
        self._reset_input()

    def on_history(self, outcome: Outcome) -> None:
        self.end_wait = 0.0
        self._reset_input()

    def show_position(self) -> None:
        super().show_position()
        self.end_wait = 0.0
        self.selected = self.cursor = self.hover = self.drag = self.pan = self.popup = self.kb_stage = None
        self.dials = [Stepper(uses, 3.0) for uses in self.state.counters]
        self.hand_x.clear()  # (each hand card takes its slot as it is drawn)
        self.fit(now=True)

    def picture(self) -> dict[str, Any]:
        """The placed cards the board shows, as (card, column, row) from where the camera draws
        them; the hand left to right with the slot each is drawn in; what each counter's dial
        shows; the score."""
        board, hidden = self.lay.board, self.hidden()
        network = []
        for card, x, y in self.state.placed:
            rect = self.cam.card_rect(board, x, y)
            if ("board", card) not in hidden and rect.colliderect(board):
                wx, wy = self.cam.to_world(board, rect.x, rect.y)
                network.append((card, round(wx / geometry.PITCH), round((wy + geometry.TOP) / geometry.CELL)))
        slots = [slot.x for slot in self.lay.slots]
        hand = sorted((self.hand_rect(card).x, card) for card in self.state.hand if ("hand", card) not in hidden)
        return {"network": sorted(network), "hand": [card for _x, card in hand],
                "slots": [slots.index(x) if x in slots else None for x, _card in hand],
                "counters": [dial.value for dial in self.dials], "score": self.state.score()}

    # --- in the replay viewer ------------------------------------------------------------------

    def fit(self, now: bool = False) -> None:
        """Show the network and every spot a hand card could take (so the camera holds still while
        cards are picked up and put back)."""
        self.auto_fit, spots = True, [p for c in self.state.hand for p in self.spots_for(c)]
        self.cam.fit(self.lay.board, self.state.placed, now, 150 * self.lay.s, 0.3, spots)

    def on_finished(self, record: dict[str, Any]) -> None:
        """A complete network may be a new personal best for the deal (a stuck one is shown, not
        ranked; the demo ranks nothing)."""
        st, seed = self.state, self.session.meta.get("seed")
        entry, improved = self.best.get(str(seed)), False
        self.ending = (entry, improved)
        if st.outcome == COMPLETE and self.saves.service.enabled:  # kept off the frame loop, as is known now
            db, score, assisted = self.app.store, st.score(), self.assisted
            kept: list[tuple[dict[str, Any] | None, bool]] = []
            self.ending = after(entry, score, assisted)

            def done(problem: str | None) -> None:
                if problem:
                    self.app.toast(problem)
                elif kept:
                    self.ending = kept[0]  # the store's (another window's best merged in)
            self.app.keeper.keep(lambda: kept.append(db.bests.keep(self.game, str(seed), score, assisted)), done)

    # --- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.tooltip.handle(event)
        if self.marks.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for b in self.buttons + (self.popup.ring.widgets if self.popup else []):
                b.handle(event)
            if self.popup is not None:
                focus_on_hover(self.popup.ring, event)
            self._motion(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.lay.board.collidepoint(self.mouse) and self.popup is None:
            self.auto_fit = False
            self.cam.zoom_at(self.lay.board, 1.15 ** event.y, self.mouse)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            {pygame.MOUSEBUTTONDOWN: self._press, pygame.MOUSEBUTTONUP: self._release, pygame.KEYDOWN: self._key}[
                event.type](event)

    def _motion(self, pos: tuple[int, int]) -> None:
        if self.pan is not None:
            button, last, moved = self.pan
            self.cam.pan(pos[0] - last[0], pos[1] - last[1])
            moved = moved or abs(pos[0] - self.pan_start[0]) + abs(pos[1] - self.pan_start[1]) > 6
            self.pan, self.auto_fit = (button, pos, moved), self.auto_fit and not moved
            return
        if self.drag is not None:
            self.drag.pos = pos
            self.drag.moved = self.drag.moved or abs(pos[0] - self.drag.start[0]) + abs(pos[1] - self.drag.start[1]) > 6
        card = self.active_card()
        if card is not None and self.popup is None:
            self.hover = self.spot_at(pos, card)
            if self.hover is not None and self.kb_stage == "board":
                self.kb_stage = "hand"  # the mouse takes over from the keys

    def _press(self, event: pygame.event.Event) -> None:
        pos, button = event.pos, event.button
        if self.popup is not None:
            if button == 1 and not self.popup.ring.handle(event) and not self.popup.rect.collidepoint(pos):
                self.popup = None
            return
        if button == 1 and any(b.handle(event) for b in self.buttons):
            return
        if self.lay.board.collidepoint(pos) and button in (1, 2, 3):
            self.pan, self.pan_start = (button, pos, False), pos
        elif button == 1 and self.can_act() and (card := self.hand_card_at(pos)) is not None:
            rect = self.hand_rect(card)
            self.drag = Drag(card=card, grab=(pos[0] - rect.x, pos[1] - rect.y), pos=pos, start=pos)

    def _release(self, event: pygame.event.Event) -> None:
        pos = event.pos
        if self.pan is not None and event.button == self.pan[0]:
            moved, self.pan = self.pan[2], None
            spot = self.spot_at(pos, self.selected) if event.button == 1 and not moved and self.can_act() else None
            if spot is not None and self.selected is not None:  # (a spot is only found for a card)
                self.try_place(self.selected, *spot)
            return
        if event.button != 1 or self.drag is None:
            return
        drag, self.drag = self.drag, None
        if drag.moved:
            spot, self.hover = self.spot_at(pos, drag.card), None
            if spot is not None:
                self.selected = drag.card
                self.try_place(drag.card, *spot)
            elif self.lay.board.collidepoint(pos):
                self.refuse_drop(drag.card, pos)
            return
        self.selected = None if self.selected == drag.card else drag.card
        self.kb_stage = self.cursor = None

    def _key(self, event: pygame.event.Event) -> None:
        k, shift = event.key, event.mod & pygame.KMOD_SHIFT
        if self.popup is not None:
            digit = (event.unicode if event.unicode and event.unicode.isdigit() else
                     {getattr(pygame, f"K_{i}"): str(i) for i in range(1, 10)}.get(k, ""))
            if digit and 1 <= int(digit) <= len(self.popup.choices):
                self.play(self.popup.choices[int(digit) - 1][0])
            elif k == pygame.K_ESCAPE:
                self.popup = None
            else:
                self.popup.ring.handle(event)
        elif self.controls.shortcut(event):
            pass
        elif k == pygame.K_ESCAPE:
            if self.kb_stage == "board":
                self.kb_stage = "hand"
            elif self.selected is not None or self.drag is not None:
                self.selected = self.drag = self.kb_stage = None
            else:
                self.open_menu()
        elif k in (pygame.K_h, pygame.K_f):
            (self.hints.ask if k == pygame.K_h else self.fit)()
        elif k in ZOOM_KEYS or (shift and k in ARROWS):  # zoom about the centre, or pan
            self.auto_fit = False
            if k in ZOOM_KEYS:
                self.cam.zoom_at(self.lay.board, ZOOM_KEYS[k])
            else:
                self.cam.pan(-ARROWS[k][0] * self.cam.w * 0.6, -ARROWS[k][1] * self.cam.w * 0.6)
        elif self.can_act():
            self._play_key(k, shift)

    def _play_key(self, k: int, shift: int) -> None:
        """Hand stage: Tab / Left / Right choose a card, Enter (or Up) goes to its spots. Board
        stage: arrows move among the lit spots, Tab changes the card, Enter places, Esc goes back."""
        hand, board = self.state.hand, self.lay.board
        enter = k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if k == pygame.K_TAB or (self.kb_stage != "board" and k in (pygame.K_LEFT, pygame.K_RIGHT)):
            step = -1 if k == pygame.K_LEFT or (k == pygame.K_TAB and shift) else 1
            i = hand.index(self.selected) if self.selected in hand else (-1 if step > 0 else 0)
            self.selected = hand[(i + step) % len(hand)]
            self.cursor = self._first_spot(self.selected) if self.kb_stage == "board" else None
            self.kb_stage = "board" if self.cursor is not None else "hand"
        elif self.selected not in hand:
            if enter or k in ARROWS:
                self.selected, self.kb_stage = hand[0], "hand"
        elif self.kb_stage == "board" and self.cursor in self.spots_for(self.selected):
            if enter and self.selected is not None and self.cursor is not None:  # (both are, here)
                self.try_place(self.selected, *self.cursor)
            elif k in ARROWS:
                self.cursor = geometry.step_spot(self.spots_for(self.selected), self.cursor, *ARROWS[k])
        elif enter or k == pygame.K_UP:
            self.cursor = self._first_spot(self.selected)
            self.kb_stage, self.hover = ("board" if self.cursor else "hand"), None
            if self.cursor is None:
                self.tell(_("Card {card} fits nowhere now.").format(card=self.selected), 2.0)
        if self.kb_stage == "board" and self.cursor is not None:
            self.cam.show(board, self.cam.card_rect(board, *self.cursor))

    def _first_spot(self, card: int) -> Spot | None:
        hint = self.hint_action()
        return (hint.x, hint.y) if hint is not None and hint.card == card else geometry.nearest_spot(self.spots_for(card), self.cam)

    # --- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.motion.update(dt)
        for dial, uses in zip(self.dials, self.state.counters):
            dial.update(uses, dt)
        for card, slot in zip(self.state.hand, self.lay.slots):
            self.hand_x.setdefault(card, Glide(slot.x)).update(slot.x, dt)
        self.cam.update(dt)
        if self.state.is_over():
            self.end_wait += 0 if self.motion.busy else dt
            if self.end_wait > (0.3 if self.app.demo else 1.1):
                best, improved = self.ending
                self.app.stack.replace(self.app.make("cementopia_end", session=self.session, config=self.config,
                                                     best=best, improved=improved,
                                                     game_id=self.saves.service.game_id))
            return
        self.hints.turns.poll_hint()
        hint = self.hint_action()
        if hint is not None and self.hints.turns.hint is not self._shown_hint:
            self._shown_hint = self.hints.turns.hint
            self.cam.show(self.lay.board, self.cam.card_rect(self.lay.board, hint.x, hint.y))
        if self.app.demo and not self.motion.busy and not self.lesson:
            self._demo(dt)  # a lesson's demo is its coach's

    def _demo(self, dt: float) -> None:
        """The hard bot plays (in the worker process); each move shows its card and spot first."""
        st, decider = self.state, self.hints.turns.decider
        if self.demo_move is not None:
            self.demo_wait += dt
            if self.demo_wait > 0.2:
                if not self.snapped and len(st.placed) >= 9:
                    self.snapped = True
                    self.app.snap("table")
                    return
                action, self.demo_move = self.demo_move, None
                self.play(action)
        elif self.demo_ticket is None:
            # a tenth of a second's thought (its fixed work takes about 0.6 s a move: the demo's
            # whole deal would wait on it)
            self.demo_ticket = decider.decide("cementopia", "hard", self.hints.turns._seed(0), DEMO_THINK_S,
                                              st.view(0), st.legal_actions())
        else:
            result = decider.poll(self.demo_ticket)
            if result is not None:
                self.demo_ticket, legal = None, st.legal_actions()
                action = result[1] if result[0] == "ok" and result[1] in legal else legal[0]
                self.demo_move, self.demo_wait = action, 0.0
                self.selected, self.hover = action.card, (action.x, action.y)

    def draw(self, surface: pygame.Surface) -> None:
        for button, word in self.words.items():  # looked up now: Settings may switch language
            button.label = _(word)
        self.controls.refresh(self.buttons)
        self.marks.place(surface.get_size())
        draw.draw_table(self, surface)
        self.marks.draw(surface)
        self.tips.draw(surface)
