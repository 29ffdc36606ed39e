"""The Alice Assemble table: drag, click or key your way through placements and acquisitions.

What every table shares (commands, saving, undo/redo, hints, bots, finishing, hot seat) is
GameTable's; this scene keeps how Alice Assemble is picked (drag, click or keys), animated from the
events each move reports, and drawn (scenes/assemble/draw.py, where things are: geometry.py).
Nothing at this table is secret, so hot seat needs no pass screen: the turn goes straight on.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.assemble import words
from game.assemble.record import new_session
from game.assemble.words import lane_label, placement_words
from game.core.i18n import N_, _, ngettext
from game.core.text import WHOLE, clean
from game.core.words import said, whose
from game.assemble.setup import PLACE, TAKE
from game.assemble.state import (CAPACITY_GAINED, COUNTER_FLIPPED, DEALT, DRAFT, GAME_OVER, LAST_ROUND,
                                 PLACE_PHASE, PLACED, TAKE_PHASE, TAKEN)

from scenes.assemble import draw
from scenes.assemble.geometry import Geometry
from scenes.table import look, reading, rules_badge
from scenes.table.base import GameTable
from scenes.table.coaching import CoachMarks
from scenes.table.hotseat import HotSeat
from scenes.table.log import TableLog
from scenes.table.playback import Playback
from scenes.table.tips import Tips
from scenes.widgets import ui
from scenes.art.metrics import STRIP
from scenes.widgets.anim import Flight, Glide, Stepper

FLIGHT = 0.32
# the auto-take toggle's words, longest first (the shorter ones where the long do not fit)
AUTO_TAKE = (N_("Auto-take the last card"), N_("Auto-take last"), N_("Auto-take"))
# drawn after a bot's name while it thinks, one frame after another
THINKING = (N_("is thinking."), N_("is thinking.."), N_("is thinking..."))


@dataclass
class Drag:
    source: tuple  # ("field", card) or ("bench", lane)
    card: int
    grab: tuple[float, float]  # cursor offset inside the card
    pos: tuple[int, int]
    start: tuple[int, int]

    @property
    def moved(self) -> bool:
        return abs(self.pos[0] - self.start[0]) + abs(self.pos[1] - self.start[1]) > 6



class AssembleLog(TableLog):
    """The log's words for Alice Assemble's moves."""

    table: TableScene

    def lines(self, before, action, events, after) -> list[str]:
        t = self.table
        who = t.lane_name(action.lane)
        if action.kind == "take":
            lines = [said(who, _("{who} take {card}."), _("{who} takes {card}."), card=action.value)]
        else:
            where = placement_words(before.lines[action.lane], action.value)
            lines = [said(who, _("{who} place {card} {where}."), _("{who} places {card} {where}."),
                          card=before.bench[action.lane], where=where)]
        gained = next((e for e in events if e.kind == CAPACITY_GAINED), None)
        if any(e.kind == GAME_OVER for e in events):
            lines.append(_("The last round is over. Scoring!"))
        if gained is not None:
            who = t.lane_name(gained.where)
            fields = dict(round=after.round, card=gained.card, capacity=gained.value)
            if any(e.kind == LAST_ROUND for e in events):
                lines.append(said(
                    who, _("Round {round}: {who} gain capacity (bench {card}, now {capacity}). "
                           "Last round: placement only."),
                    _("Round {round}: {who} gains capacity (bench {card}, now {capacity}). "
                      "Last round: placement only."), **fields))
            else:
                lines.append(said(who, _("Round {round}: {who} gain capacity (bench {card}, now {capacity})."),
                                  _("Round {round}: {who} gains capacity (bench {card}, now {capacity})."),
                                  **fields))
        return lines


class AssembleSeat(HotSeat):
    """Every card is on the table for all to see (the deck's order is no one's): no pass screen."""

    secret = None


class AssemblePlayback(Playback):
    """Alice Assemble in the replay viewer: round by round, its scoring at the end."""

    table: TableScene

    def segment(self, state) -> int:
        return state.round

    def segment_words(self, state) -> str:
        return _("Round {n}").format(n=state.round) if state.round else _("Opening draft")

    def end(self):
        t = self.table
        from scenes.assemble.replay_end import ReplayScoring
        return ReplayScoring(t.app, session=t.session, config=t.config)

    def panel(self) -> pygame.Rect:
        t = self.table
        lay = t.layout
        return pygame.Rect(*lay.log.to_int()).union(pygame.Rect(*lay.buttons.to_int()))


class AssembleMarks(CoachMarks):
    """Where the lesson's marks point at Alice Assemble's table."""

    table: TableScene

    def anchor(self, point: tuple) -> pygame.Rect | None:
        """Where a lesson's point is: ("field", card), ("field",), ("bench", lane), ("counter",
        lane), ("line", lane), ("gap", lane, position), ("player", p), ("order",), ("deck",)."""
        t = self.table
        state, lay = t.state, t.layout
        kind = point[0]
        if kind == "field" and len(point) > 1:
            return look.frect(t.field_rect(point[1])) if point[1] in state.field else None
        if kind == "field":
            rects = [look.frect(t.field_rect(c)) for c in state.field]
            return rects[0].unionall(rects[1:]) if rects else look.frect(lay.field)
        if kind == "bench":
            return look.frect(lay.lanes[point[1]].bench)
        if kind == "counter":
            return look.frect(lay.lanes[point[1]].indicator)
        if kind == "line":
            lane = point[1]
            cw, ch = lay.card_size
            line = lay.lanes[lane].line
            xs = t.line_xs(lane, None)
            right = (max(xs) + cw) if xs else line.x + cw
            return pygame.Rect(round(line.x), round(line.y), round(right - line.x), round(ch))
        if kind == "gap":
            _kind, lane, pos = point
            cw, ch = lay.card_size
            x = t.geo.slot_x(lane, pos)
            return pygame.Rect(round(x - cw * 0.15), round(lay.lanes[lane].line.y), round(cw * 0.5), round(ch))
        if kind == "player":
            boxes = [look.frect(lay.lanes[i].box) for i, o in enumerate(state.owners) if o == point[1]]
            return boxes[0].unionall(boxes[1:]) if boxes else None
        if kind == "order":
            rects = t.turn_chip_rects
            return rects[0].unionall(rects[1:]) if rects else look.frect(lay.turn_order)
        if kind == "deck":
            return look.frect(lay.deck)
        return None

    def home(self) -> pygame.Rect:
        """The lesson's panel sits over the log where it can (bottom right; the buttons under it
        stay in sight)."""
        t = self.table
        return look.frect(t.layout.log)


class AssembleTips(Tips):
    """What the things on Alice Assemble's table mean."""

    table: TableScene

    def at(self, pos) -> str | None:
        """The counter card, a capacity figure, a turn-order chip, a module chip or the deck."""
        t = self.table
        if t.magnified is not None or t.rules_badge is not None and t.rules_badge.collidepoint(pos):
            return None
        for rect, what in reversed(t.tip_spots):
            if rect.collidepoint(pos):
                return self.tip_words(what)
        for lane in range(t.state.n_lanes):
            if look.frect(t.layout.lanes[lane].indicator).collidepoint(pos):
                return self.counter_tip(lane)
        if look.frect(t.layout.deck).collidepoint(pos):
            return self.deck_tip()
        return None

    def tip_words(self, what: tuple) -> str:
        t = self.table
        state = t.state
        if what[0] == "deck":
            return self.deck_tip()
        if what[0] == "program":  # the command line, whole (as far as a tooltip goes)
            return _("Played by the program: {command}").format(
                command=clean(t.config.seats[what[1]].kind[4:], WHOLE))
        if what[0] == "reading":  # the seat's whole line, where it was cut short
            read = t.reading.seats().get(what[1])
            return reading.label_words(*read)[0] if read is not None else ""
        if what[0] == "capacity":
            capacity = what[2] if len(what) > 2 else state.capacity[what[1]]
            words = ngettext("Capacity {capacity}: only this doll's largest module scores.",
                             "Capacity {capacity}: only this doll's {capacity} largest modules score.",
                             capacity).format(capacity=capacity)
            more = (_("The Flaw: every other module counts against you.") if state.rules.flaw
                    else _("Other modules score nothing."))
            return _("{first} {second} The doll with the highest bench card gains 1 capacity "
                     "at the start of each round.").format(first=words, second=more)
        if what[0] == "module":
            _kind, size, scored, capacity = what
            if scored:
                return _("A module of size {size}: it touches {size} gear rows and scores "
                         "{points} points ({size}\u00d7{size}).").format(size=size, points=size * size)
            if state.rules.flaw:
                return _("A module of size {size} beyond capacity {capacity}: The Flaw takes "
                         "{points} points off.").format(size=size, capacity=capacity, points=size * size)
            return _("A module of size {size} beyond capacity {capacity}: it scores nothing. "
                     "Only the largest modules score.").format(size=size, capacity=capacity)
        _kind, lane, k = what
        name = t.lane_name(lane)
        if state.phase == DRAFT:
            return _("First draft: {name} has counter card {counter}. The lowest counter "
                     "picks first.").format(name=name, counter=state.counters[lane])
        bench = state.bench[lane]
        if bench is None:
            return _("{name} takes a card from the field now; then the next lowest bench "
                     "card plays.").format(name=name)
        return _("{whose} bench card is {card}. Each round the lowest bench card plays "
                 "first.").format(whose=whose(name, start=True), card=bench)

    def counter_tip(self, lane: int) -> str:
        t = self.table
        capacity = t.state.capacity[lane]
        return _("Counter card of {name}: it shows capacity {capacity}, how many of the doll's "
                 "largest modules score. When capacity grows it turns a quarter; past 4 it "
                 "turns over.").format(name=t.lane_name(lane), capacity=capacity)

    def deck_tip(self) -> str:
        t = self.table
        state = t.state
        if state.last_round:
            return _("The deck is empty: this is the last round. Place your bench card; there "
                     "is nothing more to take.")
        if state.deck_count == 0:
            return _("The deck is empty: the next round is the last. Then you only place your "
                     "bench card.")
        left = ngettext("Deck: {n} card left.", "Deck: {n} cards left.",
                        state.deck_count).format(n=state.deck_count)
        return _("{left} Each round deals one card per doll. When a round ends with the deck "
                 "empty, the next round is the last: place only.").format(left=left)


class TableScene(GameTable):
    name = "table"
    game = "assemble"
    refusal_words = staticmethod(words.refusal_words)
    Log = AssembleLog
    Seat = AssembleSeat
    Playback = AssemblePlayback
    Marks = AssembleMarks
    Tips = AssembleTips

    def __init__(self, app, config, session=None):
        if session is None:
            seed = config.resolved_seed()
            session = new_session(seed, [seat.to_json() for seat in config.seats], config.rules)
        super().__init__(app, config, session)
        self.geo = Geometry(self.state.players)
        self.log.append(_("New game."))
        if session.history.actions:
            self.logbook.replay()
        self.drag: Drag | None = None
        self.selected: tuple | None = None
        self.cursor: int | None = None  # keyboard: a field index or an insertion position
        self.hover_pos: int | None = None
        self.mouse = (0, 0)
        self.magnified: int | None = None
        self.rules_badge: pygame.Rect | None = None  # where the HUD shows the advanced rules (drawn)
        self.hover_card: int | None = None
        self.hover_time = 0.0
        self.quiet_at: tuple | None = None  # where a card was just played: no magnifier till the cursor leaves
        self.end_wait = 0.0
        self.auto_wait = 0.0
        self.show_modules = True
        self.tip_spots: list = []  # (rect, what) of the things a tooltip explains, as last drawn
        self.turn_chip_rects: list[pygame.Rect] = []  # the turn order's chips, as last drawn
        self.log_rows: list = []  # (line, rect) of the log as last drawn, newest first
        self.snapped = False
        self._gap_changes: tuple = (None, {})  # (what they were worked out for, gap -> change)
        self.gap_chip_rects: dict[int, pygame.Rect] = {}  # gap -> its score chip, as last drawn
        self.from_rect = None  # where the card being played flies from
        self.menu_button = ui.Button(N_("Menu"), self.open_menu, "Esc")
        self.buttons = self.controls.buttons() + [self.menu_button]
        self.auto_take = ui.Toggle(AUTO_TAKE[0], bool(app.settings.get("auto_take_last")),
                                   self._set_auto_take, shorter=AUTO_TAKE[1:])
        self.auto_take.focusable = False
        self.show_position()  # the dials, the field's slots, the lines' places
        self.saves.autosave()

    # --- reading the game ------------------------------------------------------------------

    @property
    def layout(self):
        return self.geo.layout

    def human_turn(self) -> bool:
        return not self.state.is_over() and self.state.current_player() in self.humans

    def can_act(self) -> bool:
        return self.human_turn() and self.seat.seated_turn() and not self.motion.busy

    def prompt(self, short: bool = False) -> str:
        state = self.state
        if self.replay:  # the HUD says "{name} to move" as one phrase (draw_hud)
            return ""
        if state.current_player() not in self.humans:
            # drawn after the bot's name in the HUD
            # one to three dots, a frame each (Japanese: 「考え中…」 in every frame)
            return _(THINKING[int(self.app.clock_s * 3) % 3])
        if self.hints.turns.hint_pending:
            return _("looking for a hint\u2026")
        if state.phase == PLACE_PHASE:
            return _("place your bench card into the line")
        if state.phase == DRAFT or short:
            return _("take a field card for your bench")
        return _("take a field card (it goes sideways on your bench)")

    def position_is_legal(self, lane: int, pos: int) -> bool:
        return PLACE[lane][pos] in self.state.legal_actions() if pos < len(PLACE[lane]) else False

    def pending_position(self, lane: int) -> int | None:
        """The insertion position being considered in this lane (drag, selection or keys)."""
        state = self.state
        if state.is_over() or lane != state.active or state.phase != PLACE_PHASE or not self.human_turn():
            return None
        if self.drag is not None and self.drag.source == ("bench", lane) and self.drag.moved:
            return self.hover_pos
        if self.selected == ("bench", lane):
            return self.hover_pos if self.hover_pos is not None else self.cursor
        if self.cursor is not None:
            return self.cursor
        return None

    def choosing_place(self, lane: int) -> bool:
        """The human is choosing where the lane's bench card goes: dragging it (from the press
        on), it is selected, or the keys' cursor is in the line."""
        state = self.state
        if not self.can_act() or lane != state.active or state.phase != PLACE_PHASE:
            return False
        return (self.drag is not None and self.drag.source == ("bench", lane)) \
            or self.selected == ("bench", lane) or self.cursor is not None

    def gap_changes(self, lane: int) -> dict[int, int]:
        """Each legal gap's score change while the human chooses a place (else none): the live
        preview's figures (AssembleState.placement_changes), worked out once per position."""
        if not self.choosing_place(lane):
            return {}
        state = self.state
        key = (lane, tuple(state.lines[lane]), state.bench[lane], state.capacity[lane], state.rules)
        if self._gap_changes[0] != key:
            self._gap_changes = (key, state.placement_changes(lane))
        return self._gap_changes[1]

    def hidden_cards(self) -> set:
        return self.motion.landing()

    def is_target(self, what: tuple) -> bool:
        """Lit up: a card the human may move now."""
        if not self.can_act():
            return False
        state = self.state
        wanted = self.coach.lesson.expected() if self.coach is not None else None
        if what[0] == "field":  # in a lesson, the card it asks for
            return state.phase in (DRAFT, TAKE_PHASE) and (wanted is None or wanted.value == what[1])
        return state.phase == PLACE_PHASE and what == ("bench", state.active)

    def card_value(self, what: tuple | None) -> int | None:
        if what is None:
            return None
        if what[0] == "field":
            return what[1]
        if what[0] == "bench":
            return self.state.bench[what[1]]
        return self.state.lines[what[1]][what[2]]

    # --- geometry (scenes/assemble/geometry.py; these read the state for it) ----------------

    def resize(self, size) -> None:
        self.geo.fit(size)
        self.marks.place(size)

    def toast_area(self) -> pygame.Rect:
        """Toasts go over the lanes: the log below the field holds the hint's words
        (scenes/app/window.py)."""
        boxes = [pygame.Rect(*lane.box.to_int()) for lane in self.layout.lanes]
        return boxes[0].unionall(boxes[1:])

    def field_rect(self, card: int) -> tuple:
        return self.geo.field_rect(self.state, card)

    def line_xs(self, lane: int, gap: int | None) -> list[float]:
        return self.geo.line_xs(self.state, lane, gap)

    def card_at(self, pos) -> tuple | None:
        return self.geo.card_at(self.state, pos)

    def insertion_at(self, lane: int, x: float) -> int:
        return self.geo.insertion_at(self.state, lane, x)

    # --- commands --------------------------------------------------------------------------

    def play(self, action, from_rect=None):
        """Play; the card flies from `from_rect` (where it was dropped) or from its place."""
        lane = self.state.active
        if from_rect is None:
            from_rect = (self.field_rect(action.value) if action.kind == "take"
                         else self.layout.lanes[lane].bench.as_tuple())
        self.from_rect = tuple(from_rect)
        return super().play(action)

    def on_played(self, action, outcome) -> None:
        self.log.extend(self.logbook.lines(self.session.history.before(), action, outcome.events,
                                       self.state))
        # the card you just dropped (or one now under the cursor) is no reason to magnify
        self.hover_time, self.magnified = 0.0, None
        if self.state.owners[action.lane] in self.humans:
            self.quiet_at = self.mouse
        cw, ch = self.layout.card_size
        sound, lay = self.app.sound, self.layout.lanes[action.lane]
        # where play() said the card flies from (a move not played here lands without a flight)
        start, self.from_rect = self.from_rect, None
        for event in outcome.events:
            if event.kind == TAKEN:
                sound.play("take")
                if start is not None:
                    self.motion.launch(Flight(event.card, start, lay.bench.as_tuple(), FLIGHT,
                                               key=("bench", event.where, event.card)))
            elif event.kind == PLACED:
                x = self.geo.slot_x(event.where, event.value)
                self.geo.glides[(event.where, event.card)] = Glide(x)
                if start is not None:
                    self.motion.launch(Flight(event.card, start, (x, lay.line.y, cw, ch), FLIGHT,
                                               key=("line", event.where, event.card)))
                sound.play("place", delay=FLIGHT)  # heard as it lands
            elif event.kind == DEALT:
                self._deal(event.cards)
            elif event.kind == CAPACITY_GAINED:
                self.app.sound.play("ratchet", delay=FLIGHT + 0.15)
            elif event.kind == COUNTER_FLIPPED and event.value == 5:
                self.app.sound.play("flip", delay=FLIGHT + 0.45)  # the counter turns face down
        self.selected = None
        self.cursor = None
        self.hover_pos = None

    def _deal(self, cards) -> None:
        """The new field flies out of the deck, one card after another."""
        new = [c for c in cards if c not in self.geo.slots]
        self.geo.assign_slots(self.state)
        deck = self.layout.deck.as_tuple()
        for k, card in enumerate(new):
            self.motion.launch(Flight(card, deck, self.field_rect(card), 0.3, delay=0.15 + 0.1 * k,
                                       key=("field", card)))
            self.app.sound.play("take", delay=0.15 + 0.1 * k, volume=0.4)

    def lane_name(self, lane: int) -> str:
        """The owner's name; with 2 players also which of their two dolls."""
        return lane_label([seat.name for seat in self.config.seats], self.state.owners, lane)

    def on_history(self, outcome) -> None:
        self.drag = None
        self.selected = None
        self.cursor = None
        self.geo.assign_slots(self.state)

    def show_position(self) -> None:
        super().show_position()
        self.drag = self.selected = self.cursor = self.hover_pos = self.magnified = None
        self.end_wait = 0.0
        self.dials = [Stepper(c) for c in self.state.capacity]
        self.geo.assign_slots(self.state)
        self.geo.glides.clear()  # (each line's cards take their places as they are drawn)

    def picture(self) -> dict:
        """Each lane's line left to right with the place each card is drawn at (in strips from
        the line's start), the module outlines' cells as (place, gear row) with whether they
        score, the capacity the dial shows, the bench card and the points on the label; the
        field's cards, each in a slot of its own."""
        state, lay = self.state, self.layout
        hidden = self.hidden_cards()

        def places(lane: int, xs: list[float]) -> list[float]:
            return [round((x - lay.lanes[lane].line.x) / (STRIP * lay.card_width), 2) for x in xs]
        lanes = []
        for lane in range(state.n_lanes):
            drawn = sorted((place, card) for place, card in
                           zip(places(lane, self.line_xs(lane, self.pending_position(lane))), state.lines[lane])
                           if ("line", lane, card) not in hidden)
            shown = draw.modules_shown(self, lane)
            modules = [] if shown is None else [
                (module.scored, sorted((places(lane, shown[1])[col], row) for col, row in module.cells))
                for module in shown[0].modules]
            bench = state.bench[lane]
            lanes.append({"line": [card for _place, card in drawn], "places": [place for place, _card in drawn],
                          "modules": modules, "capacity": self.dials[lane].value,
                          "bench": None if ("bench", lane, bench) in hidden else bench,
                          "points": state.lane_key(lane)[0]})
        field = {self.geo.slots.get(card, 0): card for card in state.field if ("field", card) not in hidden}
        return {"lanes": lanes, "field": sorted(field.values())}  # (two in one slot: one shows)

    # --- in the replay viewer ------------------------------------------------------------------

    def _set_auto_take(self, value: bool) -> None:
        self.app.settings["auto_take_last"] = value
        if self.coach is None:  # a lesson writes no settings
            self.app.save_settings()

    # --- events ----------------------------------------------------------------------------

    def handle(self, event) -> None:
        self.tooltip.handle(event)
        if self.marks.handle(event) or self.seat.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for b in self.buttons + [self.auto_take]:
                b.handle(event)
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.magnified = None if self.magnified is not None or self.geo.magnifier() is None \
                    else self.card_value(self.card_at(event.pos))
                return
            if event.button != 1:
                return
            self.magnified = None
            for b in self.buttons + [self.auto_take]:
                if b.handle(event):
                    return
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _motion(self, pos) -> None:
        state = self.state
        if self.drag is not None:
            self.drag.pos = pos
        if not state.is_over() and state.phase == PLACE_PHASE:
            lane = state.active
            dragging = self.drag is not None and self.drag.source == ("bench", lane)
            if (dragging or self.selected == ("bench", lane)) and self.geo.over_lane(pos, lane):
                self.hover_pos = self.insertion_at(lane, pos[0])
            elif dragging or self.selected:
                self.hover_pos = None
        if self.quiet_at is not None and \
                abs(pos[0] - self.quiet_at[0]) + abs(pos[1] - self.quiet_at[1]) > 60 * self.layout.scale:
            self.quiet_at, self.hover_time = None, 0.0
        what = self.card_at(pos)
        card = self.card_value(what)
        if card != self.hover_card:
            self.hover_card, self.hover_time = card, 0.0
            if self.magnified is not None and card != self.magnified:
                self.magnified = None

    def _press(self, pos) -> None:
        if not self.can_act():
            return
        state = self.state
        lane = state.active
        what = self.card_at(pos)
        if state.phase == PLACE_PHASE:
            if what == ("bench", lane):
                self._start_drag(what, state.bench[lane], self.layout.lanes[lane].bench.as_tuple(), pos)
            elif self.selected == ("bench", lane) and self.geo.over_lane(pos, lane):
                self._place_at(self.insertion_at(lane, pos[0]))
            elif what is not None and what[0] == "field":
                self.play(TAKE[lane][what[1]])  # refused (the bench card goes first): it says so
            return
        if what is not None and what[0] == "field":
            self._start_drag(what, what[1], self.field_rect(what[1]), pos)
        elif self.selected and self.selected[0] == "field" and self.geo.over_lane(pos, lane):
            self.play(TAKE[lane][self.selected[1]])

    def _start_drag(self, source, card, rect, pos) -> None:
        self.drag = Drag(source, card, (pos[0] - rect[0], pos[1] - rect[1]), pos, pos)

    def _release(self, pos) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not self.can_act():
            return
        state = self.state
        lane = state.active
        if not drag.moved:
            if drag.source[0] == "field":  # a click takes the card, as a drag onto the bench would
                self.play(TAKE[lane][drag.card])
                return
            # the bench card: select it, then click a gap in the line
            self.selected = None if self.selected == drag.source else drag.source
            if self.selected and self.selected[0] == "bench":
                self.hover_pos = self.insertion_at(lane, pos[0]) if self.geo.over_lane(pos, lane) else None
            return
        rect = (pos[0] - drag.grab[0], pos[1] - drag.grab[1], *self.layout.card_size)
        if drag.source[0] == "field":
            if self.geo.over_lane(pos, lane) or self.layout.lanes[lane].bench.inflated(40, 40).contains(pos):
                self.play(TAKE[lane][drag.card], rect)
            return
        if self.geo.over_lane(pos, lane):
            self._place_at(self.insertion_at(lane, pos[0]), rect)

    def _place_at(self, position: int, rect=None) -> None:
        self.play(PLACE[self.state.active][position], rect)

    def _key(self, event) -> None:
        if self.controls.shortcut(event):
            return
        if event.key == pygame.K_ESCAPE:
            if self.selected or self.cursor is not None or self.magnified is not None:
                self.selected = self.cursor = self.magnified = None
            else:
                self.open_menu()
            return
        if event.key == pygame.K_m:
            self.show_modules = not self.show_modules
            return
        if event.key == pygame.K_h:
            self.hints.ask()
            return
        if not self.can_act():
            return
        state = self.state
        lane = state.active
        if state.phase == PLACE_PHASE:
            positions = [a.value for a in state.legal_actions()]
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                step = -1 if event.key == pygame.K_LEFT or event.mod & pygame.KMOD_SHIFT else 1
                cur = self.cursor if self.cursor in positions else (
                    positions[-1] + 1 if step < 0 else -1)
                nxt = [p for p in positions if (p > cur if step > 0 else p < cur)]
                self.cursor = (nxt[0] if step > 0 else nxt[-1]) if nxt else (
                    positions[0] if step > 0 else positions[-1])
                self.selected = None
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.cursor is not None:
                    self._place_at(self.cursor)
                else:
                    self.cursor = positions[-1]
        else:
            field = sorted(state.field, key=lambda c: self.geo.slots.get(c, 0))
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                step = -1 if event.key == pygame.K_LEFT or event.mod & pygame.KMOD_SHIFT else 1
                cur = field.index(self.selected[1]) if self.selected and self.selected[0] == "field" \
                    and self.selected[1] in field else (-1 if step > 0 else 0)
                self.selected = ("field", field[(cur + step) % len(field)])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.selected and self.selected[0] == "field":
                    self.play(TAKE[lane][self.selected[1]])
                else:
                    self.selected = ("field", field[0])

    # --- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.motion.update(dt)
        for lane, dial in enumerate(self.dials):
            dial.update(self.state.capacity[lane], dt)
        for lane in range(self.state.n_lanes):
            self.geo.glide(self.state, lane, self.pending_position(lane), dt)
        self.hover_time += dt
        if self.hover_card is not None and self.hover_time > 0.9 and self.drag is None \
                and self.quiet_at is None and self.can_act() \
                and self.app.settings.get("hover_magnify", True) and not self.app.demo \
                and self.geo.magnifier() is not None:
            self.magnified = self.hover_card
        state = self.state
        if state.is_over():
            if not self.motion.busy:
                self.end_wait += dt
                if self.end_wait > (0.3 if self.app.demo else 1.2):
                    lesson = {"coach": self.coach} if self.coach is not None else {}
                    self.app.stack.replace(self.app.make("scoring", session=self.session, config=self.config,
                                                         game_id=self.saves.service.game_id, **lesson))
            return
        if self.app.demo and not self.snapped and len(self.session.history.actions) >= 30:
            self.snapped = True
            self.app.snap("table")
        if self.hints.update(dt):
            return
        guided = self.coach is not None and not self.coach.lesson.free()  # the lesson's own step
        # the last card on the field goes to the one who must take it: in the take phase and in
        # the opening draft alike (hot seat: whichever human it falls to)
        if self.auto_take.value and state.phase in (DRAFT, TAKE_PHASE) and len(state.field) == 1 \
                and not self.motion.busy and not guided:
            self.auto_wait += dt
            if self.auto_wait > 0.5:
                self.auto_wait = 0.0
                self.play(TAKE[state.active][state.field[0]])

    # --- a lesson's coach marks ----------------------------------------------------------------

    # --- tooltips ----------------------------------------------------------------------------

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface) -> None:
        if self.seat.draw(surface):
            return
        self.tip_spots = []
        size = surface.get_size()
        self.marks.place(size)
        surface.blit(self.app.art.table(size), (0, 0))
        lay = self.layout
        s = lay.scale
        for lane in range(self.state.n_lanes):
            draw.draw_lane_frame(self, surface, lane)
            draw.draw_bench(self, surface, lane)
            draw.draw_indicator(self, surface, lane)
            draw.draw_line(self, surface, lane)
        if not self.state.is_over():
            draw.draw_gap_chips(self, surface, self.state.active)
        draw.draw_field_and_deck(self, surface)
        draw.draw_hud(self, surface)
        draw.draw_turn_order(self, surface)
        draw.draw_preview(self, surface)
        draw.draw_log(self, surface)
        self._draw_buttons(surface, s)
        for flight in self.motion.in_air():
            look.blit_card(surface, self.app.art, flight.card, flight.rect())
        over_line = self.pending_position(self.state.active) is not None
        if self.drag is not None and self.drag.moved and not over_line:
            # over the line the card already shows in its gap; elsewhere it follows the cursor
            cw, ch = lay.card_size
            x, y = self.drag.pos[0] - self.drag.grab[0], self.drag.pos[1] - self.drag.grab[1]
            shadow = pygame.Surface((round(cw), round(ch)), pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=int(8 * s))
            surface.blit(shadow, (round(x + 6 * s), round(y + 8 * s)))
            look.blit_card(surface, self.app.art, self.drag.card, (x, y, cw, ch))
        if self.magnified is not None:
            draw.draw_magnified(self, surface)
        self.marks.draw(surface)
        if self.rules_badge is not None and self.rules_badge.collidepoint(self.mouse):
            self.hints.draw_progress(surface)
            rules_badge.draw_tooltip(surface, rules_badge.active_rules(self.state.rules), self.rules_badge,
                                     lay.scale)
        else:
            self.tips.draw(surface)

    def _draw_buttons(self, surface, s: float) -> None:
        box = look.frect(self.layout.buttons)
        ui.panel(surface, box, (30, 24, 28, 200), ui.BRASS_DARK, radius=int(8 * s))
        pad = 8 * s
        count = len(self.buttons)
        bh = min(box.h - 2 * pad, 36 * s)
        self.menu_button.label = _("Menu")  # looked up now: Settings may have switched language
        self.auto_take.label = _(AUTO_TAKE[0])
        self.auto_take.shorter = tuple(_(words) for words in AUTO_TAKE[1:])
        self.controls.refresh(self.buttons)
        # two thirds for the buttons; more where their words need it (Japanese in a small window),
        # as long as the toggle keeps room for its shortest words
        th = bh * 0.8
        needs: list[float] = []
        toggle_need = 0.0
        # as they are drawn; else as small as ui.text may draw them to fit (larger text in a
        # small window: Japanese words cannot shrink as far as "Undo" can)
        for font, label_font in ((ui.font(int(bh * 0.42), "bold"), ui.font(int(th * 0.5))),
                                 (ui._font(ui.READABLE, "narrow"), ui._font(ui.READABLE, "regular"))):
            needs = [font.size(_(b.label))[0] + 8 * s + 2 for b in self.buttons]
            toggle_need = th + 14 * s + label_font.size(self.auto_take.shorter[-1])[0]
            if sum(needs) + pad * (count + 1) <= box.w - toggle_need - pad:
                break
        share = max(box.w * 0.66, min(sum(needs) + pad * (count + 1), box.w - toggle_need - pad))
        room = share - pad * (count + 1)
        widths = [room / count] * count
        if room / count < max(needs):  # equal widths would cut a word: each as wide as it needs
            widths = [room * n / sum(needs) for n in needs]
        x = box.x + pad
        for button, bw in zip(self.buttons, widths):
            button.rect = pygame.Rect(round(x), round(box.y + pad), round(bw), round(bh))
            button.draw(surface, s)
            x += bw + pad
        self.auto_take.rect = pygame.Rect(round(box.x + share), round(box.y + pad),
                                          round(box.w - share - pad), round(th))
        self.auto_take.draw(surface, s)
