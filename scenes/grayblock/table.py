"""The Grayblock table: dominoes with the doll cards, 2 to 4 players, a match of hands.

What every table shares (commands, saving, undo/redo, hints, bots, finishing, hot seat) is
GameTable's: in hot seat the pass screen hides every hand until the next human confirms;
`visible_hand` says whose secret hand is face up (None: nobody's).

A hand that ends shows its last card for a moment, then a result panel (the points and their
breakdown, the match scoreboard) until Next hand; the engine has already dealt the next hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.grayblock import words
from game.grayblock.record import new_session
from game.grayblock.setup import LEFT, RIGHT, Action, Rules
from game.core.commands import Outcome, Session
from game.core.contract import Event
from game.grayblock.state import (
    HAND_ENDED, MATCH_OVER, OUT, PASSED, PLAYED, GrayblockState, winner_could_play)
from game.core.i18n import N_, _, ngettext
from game.core.words import said

from scenes.config import GameConfig
from scenes.grayblock import draw
from scenes.grayblock.geometry import Layout, end_zone
from scenes.widgets import ui
from scenes.widgets.anim import Flight, Glide
from scenes.table import look
from scenes.table.base import GameTable
from scenes.table.coaching import CoachMarks
from scenes.table.hotseat import HotSeat
from scenes.table.log import TableLog
from scenes.table.playback import Playback
from scenes.table.tips import Tips
from scenes.widgets.decor import PrimaryButton

if TYPE_CHECKING:
    from scenes.app.window import App

START = "start"  # where the first card of a hand goes (an action whose end is None)
FLIGHT = 0.32
ENDING = 1.3  # seconds the last card of a hand shows before the result panel
BUBBLE = 2.2
MOMENT = 0.9  # hot seat: seconds a human's move shows, landed, before the next one's pass screen
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
FRect = tuple[float, float, float, float]  # a card's place: x, y, width, height


def ends_text(state: GrayblockState) -> str:
    """The numbers showing at the row's ends, for "nothing fits 5 or 12"."""
    ends = state.ends()
    assert ends is not None  # (asked only of a row that has ends)
    left, right = ends
    return _("{left} or {right}").format(left=left, right=right) if left != right else str(left)


def seat_of(event: Event) -> int:
    """The seat a Grayblock event is about (a pass, a hand won, the match won: each names one)."""
    assert event.player is not None
    return event.player


@dataclass
class Drag:
    card: int
    grab: tuple[float, float]  # cursor offset inside the card
    size: tuple[float, float]
    pos: tuple[int, int]
    start: tuple[int, int]

    @property
    def moved(self) -> bool:
        return abs(self.pos[0] - self.start[0]) + abs(self.pos[1] - self.start[1]) > 6


class GrayblockLog(TableLog):
    """Grayblock's moves in words, and each hand's start."""

    table: GrayblockScene

    def describe(self, action: Action, before: GrayblockState) -> str:
        t = self.table
        who = t.name_of(action.player)
        if action.card is None:
            return said(who, _("{who} pass: nothing fits {ends}."), _("{who} passes: nothing fits {ends}."),
                        ends=ends_text(before))
        if action.end is None:
            return said(who, _("{who} start the row with {card}."), _("{who} starts the row with {card}."),
                        card=action.card)
        if action.end == LEFT:
            return said(who, _("{who} play {card} on the left end."),
                        _("{who} plays {card} on the left end."), card=action.card)
        return said(who, _("{who} play {card} on the right end."),
                    _("{who} plays {card} on the right end."), card=action.card)

    def lines(self, before: GrayblockState, action: Action, events: list[Event],
              after: GrayblockState) -> list[str]:
        """The move; a hand's end and who starts the next; the match's end."""
        t = self.table
        lines = [self.describe(action, before)]
        for event in events:
            if event.kind == HAND_ENDED:
                who = t.name_of(seat_of(event))
                fields = {"number": len(after.results), "points": event.value}
                if event.where == OUT:
                    lines.append(said(who, _("{who} go out and win hand {number}: +{points}."),
                                      _("{who} goes out and wins hand {number}: +{points}."), **fields))
                elif winner_could_play(after.results[-1], after.rules.water_veins):
                    # the hand ends once everyone else has passed, though the winner could go on
                    lines.append(said(who, _("Everyone else passed, so the hand ends ({who} could still "
                                             "play). {who} win hand {number} by block: +{points}."),
                                      _("Everyone else passed, so the hand ends ({who} could still "
                                        "play). {who} wins hand {number} by block: +{points}."), **fields))
                else:
                    lines.append(said(who, _("Blocked: nobody can play. {who} win hand {number} by block: "
                                             "+{points}."),
                                      _("Blocked: nobody can play. {who} wins hand {number} by block: "
                                        "+{points}."), **fields))
                if not after.is_over():
                    lines.append(self.start_line(after))  # the next hand is dealt at once
            elif event.kind == MATCH_OVER:
                who = t.name_of(seat_of(event))
                lines.append(said(who, _("{who} win the match with {points} points!"),
                                  _("{who} wins the match with {points} points!"), points=event.value))
        return lines

    def opening(self) -> list[str]:
        """"New match." and who starts the first hand, in the language of the moment."""
        t = self.table
        first = next(t.session.history.replay(), None)
        return [_("New match."), self.start_line(first[0] if first is not None else t.state)]

    def start_line(self, state: GrayblockState) -> str:
        t = self.table
        who = t.name_of(state.start)
        return said(who, _("Hand {number}: {who} start."), _("Hand {number}: {who} starts."),
                    number=len(state.results) + 1)


class GrayblockSeat(HotSeat):
    """A hand's result is everyone's to watch; the one at the screen sits at the bottom."""

    table: GrayblockScene

    def between_turns(self) -> bool:
        t = self.table
        # a hand's result: everyone looks; or a human's move, landing, before the pass screen
        return t.result_index is not None or t.moment is not None

    def on_seated(self, player: int) -> None:
        """The one at the screen sits at the bottom, their hand face up."""
        t = self.table
        if player != t.bottom:
            t.bottom = player
            t.resize(t.layout.size)


class GrayblockPlayback(Playback):
    """Grayblock in the replay viewer: hand by hand, each hand's result over the table."""

    table: GrayblockScene

    def segment(self, state: GrayblockState) -> int:
        return len(state.results)

    def segment_words(self, state: GrayblockState) -> str:
        return _("The match is over.") if state.is_over() else _("Hand {n}").format(n=len(state.results) + 1)

    def panel(self) -> pygame.Rect:
        t = self.table
        return t.layout.log.unionall(t.layout.button_rects)

    def cover(self) -> pygame.Rect | None:
        t = self.table
        return t.result_rects.get("buttons") if t.overlay else None


class GrayblockMarks(CoachMarks):
    """Where the lesson's marks point at Grayblock's table."""

    table: GrayblockScene

    def anchor(self, point: tuple) -> pygame.Rect | None:
        """Where a lesson's point is: ("hand",), ("card", card) in the hand, ("row",), ("end",
        LEFT/RIGHT), ("pass",), ("seat", player) (the hand's result heading once it shows),
        ("breakdown",) and ("next",) on the result panel."""
        t = self.table
        L, kind = t.layout, point[0]
        if kind == "hand":
            rects = [look.frect(r) for r in t.hand_rects().values()]
            return rects[0].unionall(rects[1:]) if rects else pygame.Rect(L.hand_cards)
        if kind == "card":
            rect = t.hand_rects().get(point[1]) if t.visible_hand is not None else None
            return None if rect is None else look.frect(rect).union(look.frect(rect).move(0, -L.k(14)))
        if kind == "row":
            return pygame.Rect(L.row)
        if kind == "end":
            return end_zone(L, *t.row_now(), point[1])
        if kind == "pass":
            return pygame.Rect(t.pass_b.rect) if t.pass_b.rect.w else None
        if kind == "seat":
            if t.overlay:
                return t.result_rects.get("heading")
            return pygame.Rect(L.seats[point[1]]) if point[1] in L.seats else pygame.Rect(L.hand_head)
        if kind == "breakdown":
            return t.result_rects.get("breakdown") if t.overlay else None
        if kind == "next":
            return pygame.Rect(t.next_b.rect) if t.overlay and t.next_b.rect.w else None
        return None

    def home(self) -> pygame.Rect:
        """Where the lesson's panel goes when it covers nothing it points at: at the top right,
        over the standings (the row, the hand and the ends stay in sight); over a hand's result,
        at the foot of the scoreboard's column, the scoreboard above it (draw_result), clear of
        its hands and total. From this layout alone: right the frame the window is resized."""
        t = self.table
        L = t.layout
        if t.overlay:
            return draw.result_columns(L, draw.result_top(L))[1]
        return pygame.Rect(L.side.x, L.side.y, L.side.w, 1)

    def corner(self) -> str:
        """The corner of home the panel sits in."""
        t = self.table
        return "bottomright" if t.overlay else "topright"


class GrayblockTips(Tips):
    """What the other seats on Grayblock's table mean."""

    table: GrayblockScene

    def at(self, pos: tuple[int, int]) -> str | None:
        """Another seat's cards (how many, what going out means) or their standing."""
        t = self.table
        if t.overlay or t.state.is_over() or t.seat.pass_screen_for() is not None:
            return None
        badge = t.rules_badge
        if badge is not None and badge.collidepoint(pos):
            return None
        for p, fan in t.layout.fans.items():
            if fan.collidepoint(pos):
                n = t.shown_count(p)
                return ngettext("{name} holds {n} card. Playing the last card goes out and wins "
                                "the hand.", "{name} holds {n} cards. Playing the last card goes "
                                "out and wins the hand.", n).format(name=t.config.seats[p].name, n=n)
        for p, seat in t.layout.seats.items():
            if seat.collidepoint(pos):
                return _("{name} has {points} of {target} points. Only a hand's winner scores: "
                         "the lowest of the highest cards shown; a block adds the winner's own "
                         "lowest card.").format(name=t.config.seats[p].name,
                                                points=t.state.totals[p], target=t.state.target)
        return None


class GrayblockScene(GameTable):
    name = "grayblock"
    game = "grayblock"
    refusal_words = staticmethod(words.refusal_words)
    Log = GrayblockLog
    logbook: GrayblockLog
    Seat = GrayblockSeat
    Playback = GrayblockPlayback
    Marks = GrayblockMarks
    Tips = GrayblockTips

    def __init__(self, app: App, config: GameConfig, session: Session[GrayblockState] | None = None) -> None:
        if session is None:
            rules = config.rules if isinstance(config.rules, Rules) else Rules()
            session = new_session(config.resolved_seed(), [seat.to_json() for seat in config.seats],
                                  rules, target=config.target)
        super().__init__(app, config, session)
        state = self.state
        current = state.current_player()
        self.bottom = self.viewer if self.viewer is not None else (
            current if current in self.humans else min(self.humans))
        self.seen_results = len(state.results)
        self.result_index: int | None = None  # the finished hand on show (ending, then overlay)
        self.ending: float | None = None
        self.overlay = self.snapped = self.demo_done = False
        self.glides: dict[int, Glide] = {}  # row card -> its x
        self.faces: dict[tuple[int, int], pygame.Surface] = {}  # card faces at the sizes on show (draw.face)
        self.bubbles: dict[int, tuple[str, float]] = {}  # player -> ("Pass", until)
        self.flash: tuple[str, float, ui.Colour] | None = None  # (message, until, colour) over the row
        self.drag: Drag | None = None
        self.moment: float | None = None  # hot seat: how long the move just played has shown
        self.selected: int | None = None
        self.hover_end: str | None = None  # the end the pointer is over (LEFT, RIGHT, START)
        self.end_choice = RIGHT
        self.pointer = (-1, -1)  # the mouse, for the rules badge's explanation
        self.rules_badge: pygame.Rect | None = None  # where the side column shows the advanced rules
        self.log.append(_("New match."))
        first = next(session.history.replay(), None)  # the match's first position, if it has moves
        if first is not None:
            self.log.append(self.logbook.start_line(first[0]))
            self.logbook.replay(_("Match resumed."))
        else:
            self._log_start()
        self.menu_b = ui.Button(N_("Menu"), self.open_menu, "Esc")
        self.buttons = self.controls.buttons() + [self.menu_b]
        self.pass_b = PrimaryButton(N_("Pass"), self.do_pass)
        self.next_b = PrimaryButton(N_("Next hand"), self.next_hand)
        self.again_b = PrimaryButton(N_("Play again"), self.play_again)
        self.title_b = ui.Button(N_("Title"), self.to_title)
        self.review_b = ui.Button(N_("Review"), self.review)  # the match just played (issue 42)
        # this table's own buttons, in English: drawn in the player's language (Settings may switch)
        self.words = {b: b.label for b in (self.menu_b, self.pass_b, self.next_b, self.again_b, self.title_b,
                                           self.review_b)}
        self.ring: ui.FocusRing[ui.Button] = ui.FocusRing([self.next_b])
        self.layout = Layout((1280, 720), state.players, self.bottom)
        self.result_rects: dict[str, pygame.Rect] = {}  # the result panel's parts, as last drawn
        self.show_position()
        self.saves.autosave()

    # --- reading the game ------------------------------------------------------------------

    session: Session[GrayblockState]

    @property
    def state(self) -> GrayblockState:
        return self.session.state

    def name_of(self, player: int) -> str:
        return self.config.seats[player].name

    @property
    def visible_hand(self) -> int | None:
        """Whose secret hand is face up at the bottom now (None: no hand is)."""
        if self.result_index is not None or self.state.is_over() or self.seat.shown_to() is None \
                or self.moment is not None:  # (a hot-seat move landing: every hand face down)
            return None
        return self.bottom

    def mover(self) -> int:
        """The player to move (asked while a hand is being played: there is one)."""
        p = self.state.current_player()
        assert p is not None
        return p

    def is_turn(self, player: int) -> bool:
        return self.result_index is None and self.state.current_player() == player

    def can_act(self) -> bool:
        p = self.state.current_player()
        return p in self.humans and self.visible_hand == p and not self.motion.busy

    def legal(self) -> list[Action]:
        return self.state.legal_actions() if self.result_index is None else []

    def must_pass(self) -> bool:
        legal = self.legal()
        return self.can_act() and len(legal) == 1 and legal[0].card is None

    def fits(self, card: int, end: str | None) -> bool:
        """Would `card` go at `end` (LEFT, RIGHT or START) now?"""
        p = self.state.current_player()
        if p is None or (end == START) != (not self.state.row):
            return False
        return Action(p, card, None if end == START else end) in self.legal()

    def hint_action(self) -> Action | None:
        hint = self.hints.turns.hint
        return hint[0] if hint and self.can_act() else None

    def prompt(self) -> str:
        """The line over the hand: whose turn, what to do."""
        state = self.state
        if state.is_over() or self.result_index is not None:
            return _("The match is over.") if state.is_over() else _("The hand is over.")
        p = self.mover()
        if self.replay:
            return _("{name} to move").format(name=self.name_of(p))
        if p in self.hints.turns.seats:
            return _("{name} is thinking\u2026").format(name=self.name_of(p))
        if self.seat.pass_screen_for() is not None or self.moment is not None:
            return _("Waiting for {name}").format(name=self.name_of(p))
        if self.hints.turns.hint_pending:
            return _("Looking for a hint\u2026")
        if self.must_pass():
            return _("Nothing fits {ends}: you must pass").format(ends=ends_text(state))
        if not state.row:
            return _("Your turn: start the row with any card but 0 (Water Veins)") \
                if state.rules.water_veins else _("Your turn: start the row with any card")
        return _("Your turn: drag a lit card onto an end")

    def shown_row(self) -> list[int]:
        if self.result_index is not None:
            return list(self.state.results[self.result_index].row)
        return list(self.state.row)

    def shown_count(self, player: int) -> int:
        if self.result_index is not None:
            return len(self.state.results[self.result_index].left[player])
        return self.state.hand_sizes()[player]

    def hand_cards(self) -> tuple[list[int], bool, set[int] | None]:
        """(cards at the bottom, face up?, the playable ones, or None when none is lit)."""
        if self.result_index is not None:  # the hand is over: what is left is public
            return list(self.state.results[self.result_index].left[self.bottom]), True, None
        if self.visible_hand is None:
            return [0] * self.state.hand_sizes()[self.bottom], False, None
        cards = self.state.hand(self.bottom)
        if not self.can_act():
            return cards, True, None
        wanted = self.lesson_move()
        if wanted is not None and wanted.card is not None:  # a lesson's step: only its card is lit
            return cards, True, {wanted.card}
        return cards, True, {a.card for a in self.legal() if a.card is not None}

    def considered(self) -> tuple[int | None, str | None]:
        """The card being dragged or selected, and the end it is over (or the keyboard's)."""
        if not self.can_act():
            return None, None
        if self.drag is not None and self.drag.moved:
            return self.drag.card, self.hover_end
        if self.selected is not None:
            return self.selected, self.chosen_end()
        return None, None

    def chosen_end(self) -> str | None:
        """Where the selected card goes: the end the mouse is over, else the keys' (drawn there,
        and Enter plays it there)."""
        return self.hover_end or (self.end_choice if self.state.row else START)

    def match_over_shown(self) -> bool:
        return self.state.is_over() and self.result_index == len(self.state.results) - 1

    # --- a lesson's coach marks ------------------------------------------------------------

    def lesson_move(self) -> Action | None:
        """The card move a lesson's step wants now (its end is lit on the row), or None."""
        wanted = self.coach.lesson.expected() if self.coach is not None else None
        return wanted if wanted is not None and wanted.card is not None and self.can_act() else None

    # --- tooltips --------------------------------------------------------------------------

    # --- geometry --------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(size, self.state.players, self.bottom)
        for button, rect in zip(self.buttons, self.layout.button_rects):
            button.rect = rect
        self.glides.clear()
        self.faces.clear()
        self.marks.place(size)

    def toast_area(self) -> pygame.Rect:
        """Toasts go over the row's foot: the hand, its prompt and the log (the hint's words)
        stay clear (scenes/app/window.py)."""
        return self.layout.row

    def row_now(self) -> tuple[list[float], float, float, float]:
        """The row's card positions as drawn this frame (gliding towards their places)."""
        row = self.shown_row()
        xs, y, cw, ch = self.layout.row_geometry(len(row))
        return [self.glides.setdefault(card, Glide(x)).value for card, x in zip(row, xs)], y, cw, ch

    def slot_rect(self, card: int) -> FRect:
        row = self.shown_row()
        xs, y, cw, ch = self.layout.row_geometry(len(row))
        return xs[row.index(card)], y, cw, ch

    def hand_rects(self) -> dict[int, FRect]:
        cards = self.hand_cards()[0]
        return dict(zip(cards, self.layout.hand_geometry(len(cards))))

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        if self.visible_hand is None:
            return None
        for card, rect in reversed(list(self.hand_rects().items())):
            if pygame.Rect([round(v) for v in rect]).inflate(0, self.layout.k(30)).collidepoint(pos):
                return card
        return None

    def end_at(self, pos: tuple[int, int]) -> str | None:
        """The end a drop at pos goes to: LEFT or RIGHT (whichever half of the row it is over),
        START on an empty row, None off the row."""
        if not self.layout.row.inflate(0, self.layout.k(20)).collidepoint(pos):
            return None
        if not self.state.row:
            return START
        xs, _y, cw, _h = self.layout.row_geometry(len(self.state.row))
        return LEFT if pos[0] < (xs[0] + xs[-1] + cw) / 2 else RIGHT

    def source_rect(self, player: int, card: int) -> FRect:
        """Where `card` flies from (asked before the play, while it is still in the hand)."""
        hand = self.state.hand(player)
        if player == self.visible_hand and card in hand:
            return self.layout.hand_geometry(len(hand))[hand.index(card)]
        _xs, _y, cw, ch = self.layout.row_geometry(len(self.state.row))
        r = self.layout.fans[player] if player in self.layout.seats else self.layout.hand_cards
        return r.centerx - cw / 2, r.centery - ch / 2, cw, ch

    # --- commands --------------------------------------------------------------------------

    from_rect: FRect | None = None  # where the card played flies from (play sets it for its move)

    def play(self, action: Action, from_rect: FRect | None = None) -> Outcome | None:
        if self.result_index is not None:
            return None  # a hand's result is on show: the next hand waits for it
        self.from_rect = None if action.card is None else (
            from_rect or self.source_rect(action.player, action.card))
        return super().play(action)

    def on_played(self, action: Action, outcome: Outcome) -> None:
        lines = self.logbook.lines(self.session.history.before(), action, outcome.events, self.state)
        text = lines[0]
        self.log.extend(lines)
        self.selected = self.drag = self.hover_end = None
        for event in outcome.events:
            if event.kind == PASSED:
                self.bubbles[seat_of(event)] = (N_("Pass"), self.app.clock_s + BUBBLE)  # worded as drawn
                self.flash = (text, self.app.clock_s + BUBBLE, ui.BRASS)
                self.app.sound.play("pass")
            elif event.kind == PLAYED:
                self.app.sound.play("place", delay=FLIGHT)  # heard as it lands
            elif event.kind == HAND_ENDED:
                self._hand_ended(event)
        start, self.from_rect = self.from_rect, None  # (one move's: a move not played here lands)
        if action.card is not None and start is not None:  # (after a hand's end: the finished row)
            self.motion.launch(Flight(action.card, start, self.slot_rect(action.card), FLIGHT,
                                       key=("row", action.card)))
            self.glides.pop(action.card, None)
        # hot seat: the move lands on the board for all to see before the table is passed on
        # (every hand face down meanwhile: the next one may be looking already; their pass
        # screen follows)
        nxt = self.state.current_player()
        self.moment = 0.0 if (self.seat.shared_screen() and action.player in self.humans and nxt in self.humans
                              and nxt != action.player and self.result_index is None
                              and not self.replay) else None

    def _hand_ended(self, event: Event) -> None:
        """Show the finished hand: its last card for a moment, then its result panel."""
        count = len(self.state.results)
        self.result_index, self.ending, self.overlay = count - 1, 0.0, False
        self.seen_results = count
        until, who = self.app.clock_s + ENDING + 1, self.name_of(seat_of(event))
        if event.where == OUT:
            self.flash = (said(who, _("{who} go out!"), _("{who} goes out!")), until, ui.GOOD)
        elif winner_could_play(self.state.results[-1], self.state.rules.water_veins):
            self.flash = (said(who, _("Everyone else passed! {who} win the hand"),
                               _("Everyone else passed! {who} wins the hand")), until, ui.GOOD)
        else:
            self.flash = (said(who, _("Blocked! {who} win the hand"), _("Blocked! {who} wins the hand")),
                          until, ui.GOOD)
        self.app.sound.play("win" if self.state.is_over() else "chime", delay=FLIGHT + 0.1)

    def try_play(self, card: int, end: str | None, from_rect: FRect | None = None) -> bool:
        """Play `card` at `end`; if the rules refuse it, they say why and nothing changes."""
        if not self.can_act():
            return False
        action = Action(self.mover(), card, None if end == START else end)
        return self.play(action, from_rect) is not None

    def do_pass(self) -> None:
        if self.must_pass():
            self.play(self.legal()[0])

    def on_history(self, outcome: Outcome) -> None:
        """Half-made choices go; an undo that reopens a finished hand closes its result."""
        self.drag = self.selected = self.flash = self.moment = None
        self.bubbles.clear()
        if len(self.state.results) < self.seen_results:  # the undo reopened a finished hand
            self.result_index = self.ending = None
            self.overlay = False
            self.glides.clear()
        self.seen_results = len(self.state.results)

    def show_position(self) -> None:
        """Between hands (one over, nothing played in the next: a lesson's notes are about it)
        and at the match's end, the finished hand's result shows over the table."""
        super().show_position()
        state = self.state
        self.drag = self.selected = self.hover_end = self.flash = self.ending = self.moment = None
        self.bubbles.clear()
        self.glides.clear()  # (the row's cards take their places as they are drawn)
        self.seen_results = len(state.results)
        self.overlay = False
        self.result_index = len(state.results) - 1 if state.results and (
            state.is_over() or not state.log) else None
        if self.result_index is not None:
            self._open_overlay()

    def picture(self) -> dict[str, Any]:
        """The row left to right as drawn (the finished hand's while its result shows) with the
        place each card is drawn at, the numbers on its end plaques, the bottom seat with its hand
        (the cards when face up, else how many backs), how many cards each other seat shows, the
        totals and the hand whose result shows."""
        row, hidden = self.shown_row(), self.motion.landing()
        xs = self.row_now()[0]
        places = self.layout.row_geometry(len(row))[0]
        drawn = sorted((x, card) for x, card in zip(xs, row) if ("row", card) not in hidden)
        cards, face_up, _lit = self.hand_cards()
        return {"row": [card for _x, card in drawn],
                "places": [places.index(x) if x in places else None for x, _card in drawn],
                "ends": (row[0], row[-1]) if row else None,
                "bottom": self.bottom, "hand": cards if face_up else len(cards),
                "seats": {p: self.shown_count(p) for p in self.layout.seats},
                "totals": list(self.state.totals), "result": self.result_index}

    # --- in the replay viewer ------------------------------------------------------------------

    def _log_start(self) -> None:
        if not self.state.is_over():
            self.log.append(self.logbook.start_line(self.state))

    def next_hand(self) -> None:
        if self.result_index is None or self.state.is_over():
            return
        self.result_index = self.ending = self.flash = None
        self.overlay = False
        self.glides.clear()
        self.seat.unseat()  # a new deal: in hot seat each hand shows only after "I am NAME"

    def play_again(self) -> None:
        self.app.stack.replace(self.app.make("grayblock", config=self.config.again()))

    def review(self) -> None:
        """The review of the match just played, over this table (kept with the finished game)."""
        from scenes.replay.review import open_review
        open_review(self.app, self.saves.record(), self.saves.service.game_id)

    def to_title(self) -> None:
        self.app.stack.clear_to(self.app.make("title"))

    # --- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.tooltip.handle(event)
        if self.marks.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.controls.shortcut(event) or self.seat.handle(event):
            return
        if self.moment is not None and not self.motion.busy and (
                (event.type == pygame.KEYDOWN and event.key in ENTER)
                or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)):
            self.moment = None  # seen: on to the pass screen at once
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.selected is None and self.drag is None:
                self.open_menu()
            self.selected = self.drag = None
        elif self.overlay:
            self.ring.handle(event)
        elif event.type == pygame.MOUSEMOTION:
            for b in self.buttons + [self.pass_b]:
                b.handle(event)
            if self.drag is not None:
                self.drag.pos = event.pos
            self.hover_end = self.end_at(event.pos) if self.drag or self.selected is not None else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not any(b.rect.w and b.handle(event) for b in self.buttons + [self.pass_b]):
                self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _press(self, pos: tuple[int, int]) -> None:
        if not self.can_act():
            return
        card = self.hand_card_at(pos)
        if card is not None:
            rect = self.hand_rects()[card]
            self.drag = Drag(card, (pos[0] - rect[0], pos[1] - rect[1]), (rect[2], rect[3]), pos, pos)
        elif self.selected is not None and self.end_at(pos) is not None:
            self.try_play(self.selected, self.end_at(pos))

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not self.can_act():
            return
        if not drag.moved:  # a click: select (or unselect) the card, then click an end
            self.selected = None if self.selected == drag.card else drag.card
            self._choose_end()
            return
        self.hover_end = None
        end = self.end_at(pos)
        if end is not None:  # (dropped off the row, the card just goes back)
            self.try_play(drag.card, end, (pos[0] - drag.grab[0], pos[1] - drag.grab[1]) + drag.size)

    def _choose_end(self) -> None:
        """Point the keyboard's end at one the selected card fits, if the current one does not."""
        other = LEFT if self.end_choice == RIGHT else RIGHT
        if self.selected is not None and self.state.row and not self.fits(self.selected, self.end_choice) \
                and self.fits(self.selected, other):
            self.end_choice = other

    def _key(self, event: pygame.event.Event) -> None:
        """Left/Right choose a card, Up/Down or L/R the end, Enter plays (or passes)."""
        if event.key == pygame.K_h:
            self.hints.ask()
        elif not self.can_act():
            return
        elif self.must_pass():
            if event.key in ENTER + (pygame.K_p,):
                self.do_pass()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            cards = self.state.hand(self.mover())
            step = -1 if event.key == pygame.K_LEFT else 1
            if self.selected in cards:
                self.selected = cards[(cards.index(self.selected) + step) % len(cards)]
            else:
                legal = [c for c in cards if any(self.fits(c, e) for e in (LEFT, RIGHT, START))]
                self.selected = (legal or cards)[0 if step > 0 else -1]
            self._choose_end()
        elif event.key in (pygame.K_UP, pygame.K_DOWN):  # the keys' end, shown even with the mouse on the row
            self.end_choice, self.hover_end = LEFT if self.chosen_end() == RIGHT else RIGHT, None
        elif event.key in (pygame.K_l, pygame.K_r):
            self.end_choice, self.hover_end = LEFT if event.key == pygame.K_l else RIGHT, None
        elif event.key in ENTER and self.selected is None:
            wanted = self.lesson_move()  # (in a lesson, the card its step asks for)
            self.selected = wanted.card if wanted is not None else next((a.card for a in self.legal()), None)
            self._choose_end()
        elif event.key in ENTER and self.selected is not None:  # (it is: the branch above)
            self.try_play(self.selected, self.chosen_end())

    # --- time ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.motion.update(dt)
        row = self.shown_row()
        xs = self.layout.row_geometry(len(row))[0]
        for card, x in zip(row, xs):
            self.glides.setdefault(card, Glide(x)).update(x, dt)
        if self.ending is not None:
            self.ending += dt
            if self.app.demo and not self.snapped and not self.motion.busy and self.coach is None:
                self.snapped = True  # a short hand: the table as it ends, before its result covers it
                self.app.snap("table")
            if not self.motion.busy and self.ending > (0.35 if self.app.demo else ENDING):
                self._open_overlay()
            return
        if self.overlay or self.state.is_over():
            return
        if self.moment is not None and not self.motion.busy:
            self.moment += dt
            if self.moment >= MOMENT:
                self.moment = None
        if self.app.demo and not self.snapped and len(self.state.row) >= 6 and not self.motion.busy \
                and self.coach is None:  # (a lesson's demo snaps each of its steps instead)
            self.snapped = True
            self.app.snap("table")
        self.hints.update(dt)

    def _open_overlay(self) -> None:
        self.overlay, self.ending = True, None
        # (a replay goes on or closes with its own button: playback.cover)
        review = [self.review_b] if self.coach is None and not self.config.lesson else []
        self.ring = ui.FocusRing[ui.Button]([] if self.replay else [self.again_b, *review, self.title_b]
                                 if self.state.is_over() else [self.next_b])
        self.ring.move(1)
        if self.replay:
            return  # (the replay's demo ends by itself)
        if self.app.demo and not self.demo_done and self.coach is None and not self.config.lesson:
            # the demo shows one hand (a whole match would take minutes): its result, then it ends
            self.demo_done = True
            if not self.snapped:
                self.snapped = True
                self.app.snap("table")
            self.app.end_demo()

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.layout.size or self.layout.face != ui.FONT_FILES["regular"]:
            self.resize(surface.get_size())  # a new window size, or a language with another face
        if self.seat.draw(surface):
            return
        for button, word in self.words.items():  # looked up now: Settings may have switched language
            button.label = _(word)
        self.pass_b.rect = self.layout.pass_button if self.must_pass() else pygame.Rect(0, 0, 0, 0)
        self.controls.refresh(self.buttons)
        self.marks.place(surface.get_size())
        draw.draw_table(self, surface)
        if self.overlay:
            draw.draw_result(self, surface)
            self.marks.draw(surface)
        else:
            for b in self.ring.widgets:
                b.rect = pygame.Rect(0, 0, 0, 0)
            self.marks.draw(surface)
            self.tips.draw(surface)
