"""The Alicematic Eiketsuden table: the hex map (pan with a drag, zoom with the wheel), the seated
player's five colour areas, resources and hand, everyone's standing at the side, and the final
scoring walked through row by row.

A player acts by clicking: a lit city (a base), a hand card (a menu: summon it, or hire it face
down into an area), a lit hex (a menu: the expedition with its strength and food, or a war), a
card in an over-full area (discard it), and the button at the map's corner (End turn, Pass, Draw).
A player's row at the side shows their areas on the board (face-down cards as backs, no hand);
beside the map, everyone's face-up Alices show at once, and the move menus, the legend and the
final scoring open there too, never over a hex (geometry.Layout).
What every table shares (commands, saving, undo/redo, hints, bots, finishing, hot seat) is
GameTable's: in hot seat the pass screen hides the hand and the face-down cards until the next
human confirms."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Literal, TypedDict, TypeVar

import pygame

from game.alicematic import explain
from game.alicematic import state as st
from game.alicematic import words as refusals
from game.alicematic.content import Content
from game.alicematic.hexmap import Hex
from game.alicematic.params import Params
from game.alicematic.record import new_session
from game.alicematic.variants import Variants
from game.alicematic.setup import (BASE, CONQUER, DISCARD, END, HIRE, PASS, REFILL, SUMMON, WAR,
                                   Action)
from game.core import registry
from game.core.commands import Outcome, Session
from game.core.contract import Event
from game.core.errors import ContentError
from game.core.i18n import N_, _, ngettext
from game.core.messages import message, shown

from scenes.alicematic import draw
from game.alicematic import tell as w
from scenes.alicematic.geometry import Camera, Layout
from scenes.table.base import GameTable
from scenes.table.hotseat import HotSeat
from scenes.table.log import TableLog
from scenes.table.playback import Playback
from scenes.table.tips import Tips
from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton

if TYPE_CHECKING:
    from game.alicematic.view import AlicematicView
    from scenes.app.window import App
    from scenes.config import GameConfig

T = TypeVar("T")
# what the keyboard's focus is on: a lit hex, a hand card, a card to discard, the corner button
Target = (tuple[Literal["hex"], Hex] | tuple[Literal["card"], int] | tuple[Literal["area"], int]
          | tuple[Literal["main"], None])
Option = tuple[str, "Action | None"]  # a menu line: its words, its move (None: not possible now)

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
DIGITS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ROW_SECONDS = 0.7  # the scoring walk-through: one row at a time
DEMO_SNAP_ROUND = 3


class Popup:
    """A small menu of moves where the player clicked: each (words, action). Up/Down/Tab move
    its keyboard focus, Enter chooses."""

    def __init__(self, title: str, options: list[Option], at: tuple[int, int],
                 keyboard: bool = False) -> None:
        self.title, self.options, self.at = title, options, at
        self.buttons = [ui.Button(label, lambda a=action: None) for label, action in options]
        for button, (_label, action) in zip(self.buttons, options):
            button.enabled = action is not None  # a move that is not possible, and why
        self.ring = ui.FocusRing(self.buttons)
        if keyboard:
            self.ring.move(1)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def chosen(self) -> Action | None:
        """The action of the option the keyboard is on, or None."""
        i = self.ring.index
        return self.options[i][1] if 0 <= i < len(self.options) else None


class DesignerFiles(TypedDict, total=False):
    """new_session's keywords from a designer's files (designer_files)."""

    content: Content
    params: Params


def designer_files(app: App, game: str, chosen: dict[str, str | None] | None = None
                   ) -> DesignerFiles:
    """new_session's `params` and `content` from the files chosen in setup (`chosen`, a
    GameConfig's `designer`), else this run's --params FILE and --content DIR (else Settings'
    content folder), read at each new game (so a designer's edits are played); ContentError
    naming the file."""
    given = dict(app.options.workbench.get(game, {}))
    for key, path in (chosen or {}).items():
        given[key] = Path(path).expanduser() if path else None
    if given.get("content") is None and app.settings.get("content_folder"):
        given["content"] = Path(app.settings["content_folder"]).expanduser()
    if not any(given.values()):
        return {}
    bench = registry.workbench(game)
    out: DesignerFiles = {}
    if given.get("content") is not None:
        out["content"] = bench.read_content(given["content"])
    if given.get("params") is not None:
        out["params"] = bench.read_params(given["params"])
    return out


class AlicematicLog(TableLog):
    """Alicematic's moves in words (scenes/alicematic/draw.py says them)."""

    table: AlicematicScene

    def lines(self, before: st.AlicematicState, action: Action, events: list[Event],
              after: st.AlicematicState) -> list[str]:
        t = self.table
        return w.event_lines(t.name_of, before, action, events, after)

    def opening(self) -> list[str]:
        return [_("New game.")]


class AlicematicSeat(HotSeat):
    """Hands and face-down cards are secret; the bases go down with every hand hidden."""

    table: AlicematicScene
    secret = N_("Everyone else, please look away: {whose} hand and face-down cards show once "
                "confirmed.")

    def between_turns(self) -> bool:
        """The bases go down with every hand hidden (nothing secret is on show, nothing secret
        decides where a base goes): no pass screen between those turns."""
        t = self.table
        return t.placing_bases()

    def shown_to(self) -> int | None:
        if self.shared_screen() and self.table.placing_bases():
            return None  # nobody's hand while the bases are placed at a shared screen
        return super().shown_to()

    def on_seated(self, player: int) -> None:
        t = self.table
        t.looking = None  # one's own board first


class AlicematicPlayback(Playback):
    """Alicematic in the replay viewer: round by round, the final scoring over the table."""

    table: AlicematicScene

    def segment(self, state: st.AlicematicState) -> int:
        return state.round

    def segment_words(self, state: st.AlicematicState) -> str:
        return _("Round {n}").format(n=state.round) if state.round else _("Choosing bases")

    def panel(self) -> pygame.Rect:
        t = self.table
        return t.layout.log.unionall(t.layout.button_rects)

    def cover(self) -> pygame.Rect | None:
        t = self.table
        return t.scoring_button if t.scoring is not None else None


class AlicematicTips(Tips):
    """What the things on Alicematic's table mean (scenes/alicematic/draw.py says it)."""

    table: AlicematicScene

    def at(self, pos: tuple[int, int]) -> str | None:
        return draw.tooltip_at(self.table, pos)


class AlicematicScene(GameTable):
    name = "alicematic"
    game = "alicematic"
    refusal_words = staticmethod(refusals.refusal_words)
    Log = AlicematicLog
    Seat = AlicematicSeat
    Playback = AlicematicPlayback
    Tips = AlicematicTips

    def __init__(self, app: App, config: GameConfig,
                 session: Session[st.AlicematicState] | None = None) -> None:
        if session is None:  # (a designer's file that cannot be used: ContentError, Start shows it)
            session = new_session(config.resolved_seed(), [seat.to_json() for seat in config.seats],
                                  config.rules if isinstance(config.rules, Variants) else None,
                                  **designer_files(app, self.game, config.designer))
        super().__init__(app, config, session)
        state = self.state
        self.layout = Layout((1280, 720), state.n)
        self.camera = Camera()
        self.popup: Popup | None = None
        self.looking: int | None = None  # another player whose areas the board shows (a click at the side)
        self.hover: Hex | None = None  # the hex under the mouse
        self.pointer = (-1, -1)
        self.pan: tuple[int, int] | None = None  # where the map being dragged was (no tooltip meanwhile)
        self.pressed_at: tuple[int, int] | None = None  # where a click on the map began
        # the keyboard's choice: ("hex", h), ("card", c) in the hand, ("area", c) to discard,
        # ("main", None) the corner button; it follows from move to move once keys are in use
        self.focus: Target | None = None
        self.keyboard = False
        self.scoring: float | None = None  # seconds since the final scoring opened
        self.scoring_button: pygame.Rect | None = None  # a replay's one button there, as last drawn
        self.prompt_box = pygame.Rect(0, 0, 0, 0)  # the phase's prompt, as last drawn
        self._memo_position: tuple[object, ...] | None = None  # memo(): the position its answers are for
        self._memo: dict[object, Any] = {}  # (each key's own kind of answer: memo's caller's)
        self.snapped = self.demo_done = False
        self.menu_b = ui.Button(N_("Menu"), self.open_menu, "Esc")
        self.buttons = self.controls.buttons() + [self.menu_b]
        self.action_b = PrimaryButton("", self.do_main_action)
        self.again_b = PrimaryButton(N_("Play again"), self.play_again)
        self.title_b = ui.Button(N_("Title"), self.to_title)
        self.legend_b = ui.Button(N_("Legend"), self.toggle_legend, "L")
        self.legend_open = False  # the map's legend, beside the hexes
        self.words = {b: b.label for b in (self.menu_b, self.again_b, self.title_b, self.legend_b)}
        self.log.append(_("New game."))
        if session.history.actions:
            self.logbook.replay(_("Game resumed."))
        self.finished = state.is_over()
        self.show_position()
        self.saves.autosave()

    # --- reading ---------------------------------------------------------------------------

    @property
    def state(self) -> st.AlicematicState:  # (GameTable's, as this table's game has it)
        state: st.AlicematicState = self.session.state
        return state

    def name_of(self, player: int) -> str:
        return self.config.seats[player].name

    def view(self) -> AlicematicView:
        """What the screen may show: the seated viewer's view (nobody's hand: the pass screen)."""
        return self.state.view(self.viewer if self.viewer is not None else 0)

    def placing_bases(self) -> bool:
        return self.state.round == 0 and not self.state.is_over()

    def can_act(self) -> bool:
        return self.seat.seated_turn()

    def memo(self, key: object, make: Callable[[], T]) -> T:
        """What the rules answer about the position now, worked out once per position (a frame
        asks for the legal moves and the expeditions many times; they cost milliseconds)."""
        position = self.state.snapshot()
        if self._memo_position != position:
            self._memo_position, self._memo = position, {}
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def legal(self) -> list[Action]:
        return self.memo("legal", self.state.legal_actions) if self.can_act() else []

    def plans(self) -> dict[Action, st.Plan]:
        """{expedition action: Plan} for the player acting now (the hexes lit on the map)."""
        p = self.state.current_player()
        if not self.can_act() or self.state.phase != st.EXPEDITION or p is None:
            return {}
        return self.memo("plans", lambda: dict(self.state.expeditions(p)))

    def main_action(self) -> Action | None:
        """The move the map's corner button makes now (End turn, Pass, Draw 3), or None."""
        legal = self.legal()
        for action in legal:
            if action.kind in (END, PASS, REFILL):
                return action
        return None

    def main_label(self, action: Action) -> str:
        return {END: _("End turn"), PASS: _("Pass"),
                REFILL: _("Draw {n} cards").format(n=self.state.params.refill)}[action.kind]

    def prompt(self) -> str:
        state = self.state
        if state.is_over():
            return _("The game is over.")
        p = state.current_player()
        assert p is not None  # (a game not over has a player to move)
        if self.replay:
            return _("{name} to move").format(name=self.name_of(p))
        if p in self.hints.turns.seats:
            return _("{name} is thinking\u2026").format(name=self.name_of(p))
        if not self.can_act():
            return _("Waiting for {name}").format(name=self.name_of(p))
        if state.phase == st.BASES:
            return _("Choose a base: click a lit fantasy city")
        if state.phase == st.DOMESTIC:
            main = self.main_action()
            if main is not None:
                return _("No card can be placed: press {button}").format(button=self.main_label(main))
            return _("Domestic affairs: click a hand card to summon or hire it")
        if state.phase == st.EXPEDITION:
            return _("Expedition: click a lit hex, or End turn")
        return _("Too many cards in an area: click one to discard it")

    def hex_options(self, h: Hex) -> list[Option]:
        """The moves a click on hex `h` offers now, in words with their costs and what a conquest
        brings; beside an offered move, the other one greyed out with the rule it fails."""
        out: list[tuple[str, Action | None]] = []
        for action in self.legal():
            if action.hex != h:
                continue
            if action.kind == BASE:
                out.append((_("Place a base here"), action))
            elif action.kind == CONQUER and self.state.war.get(h) == self.state.current_player():
                out.append((_("{move} · {bonus}").format(move=_("Take it: your war, no cost"),
                                                              bonus=self.bonus_words(h)), action))
            elif action.kind == CONQUER:
                out.append((_("{move} · {bonus}").format(move=self.conquer_words(self.plans()[action]),
                                                              bonus=self.bonus_words(h)), action))
            elif action.kind == WAR:
                out.append((_("Start a war (a face-down chit)"), action))
        kinds = {action.kind for _words, action in out if action is not None}
        if kinds & {CONQUER, WAR} and self.state.war.get(h) != self.state.current_player():
            for kind, words in ((CONQUER, _("Take it: {why}")), (WAR, _("War: {why}"))):
                if kind not in kinds:
                    why = self.why_not(kind, h)
                    if why is not None:
                        out.append((words.format(why=why), None))
        return out

    def why_not(self, kind: str, h: Hex) -> str | None:
        """The rules' reason a conquest or war on `h` is not offered now, in words (None: it is)."""
        if not self.can_act():
            return None
        refusal = self.memo(("why_not", kind, h), lambda: explain.expedition_refusal(self.state, kind, h))
        return None if refusal is None else shown(refusals.refusal_words(refusal))

    def summon_why_not(self, card: int) -> str | None:
        """Why a hand card cannot be summoned now (short of DP, its area full), in words; None
        when it can, or when it is not the seated player's domestic affairs."""
        if not self.can_act() or self.state.phase != st.DOMESTIC:
            return None
        refusal = self.memo(("summon", card), lambda: explain.summon_refusal(self.state, card))
        if refusal is None or refusal.code not in (refusals.SHORT_OF_DP, refusals.AREA_FULL):
            return None
        return shown(refusals.refusal_words(refusal))

    def bonus_words(self, h: Hex) -> str:
        """What taking `h` now would bring (the rules played out on a copy)."""
        return w.gains_words(self.memo(("gains", h), lambda: explain.conquest_gains(self.state, h)))

    def conquer_words(self, plan: st.Plan) -> str:
        text = _("Expedition: strength {strength}, food {food}").format(
            strength=plan.strength, food=plan.food if plan.food is not None else 0)
        spend = []
        if plan.red:
            spend.append(_("{n} red").format(n=plan.red))
        if plan.green:
            spend.append(_("{n} green").format(n=plan.green))
        if spend:
            text += " " + _("(spend {what})").format(what=_(", ").join(spend))
        return text

    def card_options(self, card: int) -> list[Option]:
        """The moves for a hand card; a summon that cannot be paid says so (greyed out)."""
        out: list[Option] = []
        cards = self.state.cards
        legal = self.legal()
        if legal and not any(a.kind == SUMMON and a.card == card for a in legal) \
                and any(a.card == card for a in legal):
            why = self.summon_why_not(card)
            if why is not None:  # which rule it fails: short of DP, or a full area
                out.append((_("Summon: {why}").format(why=why), None))
        for action in self.legal():
            if action.card != card:
                continue
            if action.kind == SUMMON:
                mover = self.state.current_player()
                assert mover is not None  # (a legal move: someone's turn)
                cost = self.state.summon_cost(mover, cards[card]) or 0
                words = _("Summon face up (DP {dp})").format(dp=cards[card].dp)
                if cost:
                    words += " " + ngettext("(spend {n} yellow)", "(spend {n} yellow)", cost).format(n=cost)
                out.append((words, action))
            elif action.kind == HIRE and action.colour is not None:
                out.append((_("Hire face down: {colour} area").format(colour=w.area(action.colour)), action))
        return out

    def targets(self) -> list[Target]:
        """What the keyboard moves between now: the hand cards that can be placed, the cards
        that may be discarded, the lit hexes (top to bottom), then the corner button."""
        if not self.can_act() or self.scoring is not None:
            return []
        legal = self.legal()
        out: list[Target] = []
        hand = draw.hand_rects(self)
        for card in hand:
            if any(a.card == card and a.kind in (SUMMON, HIRE) for a in legal):
                out.append(("card", card))
        for card in draw.area_rects(self):
            if any(a.kind == DISCARD and a.card == card for a in legal):
                out.append(("area", card))
        hexes = {a.hex for a in legal if a.hex is not None}
        for h in sorted(hexes, key=lambda h: (round(self.camera.to_screen(h)[1]), self.camera.to_screen(h)[0])):
            out.append(("hex", h))
        if self.main_action() is not None:
            out.append(("main", None))
        return out

    def target_point(self, target: Target) -> tuple[int, int]:
        if target[0] == "hex":
            x, y = self.camera.to_screen(target[1])
            return round(x), round(y)
        if target[0] == "card":
            return draw.hand_rects(self)[target[1]].center
        if target[0] == "area":
            return draw.area_rects(self)[target[1]].center
        return self.layout.action_button.center

    def focus_hex(self) -> Hex | None:
        focus = self.focus
        return focus[1] if focus is not None and focus[0] == "hex" else None

    def keep_focus(self) -> None:
        """A focus on something no longer possible moves to the first choice now (with keys in
        use), else goes."""
        targets = self.targets()
        if self.focus not in targets:
            self.focus = targets[0] if self.keyboard and targets else None

    def move_focus(self, dx: int, dy: int) -> None:
        """To the nearest choice that way on screen (Up/Down/Left/Right)."""
        targets = self.targets()
        if not targets:
            return
        if self.focus not in targets:
            self.set_focus(targets[0])
            return
        x0, y0 = self.target_point(self.focus)
        best, score = None, None
        for t in targets:
            if t == self.focus:
                continue
            x, y = self.target_point(t)
            along = (x - x0) * dx + (y - y0) * dy
            if along <= 0:
                continue
            across = abs((x - x0) * dy - (y - y0) * dx)
            value = along + 2 * across  # straight ahead first
            if score is None or value < score:
                best, score = t, value
        if best is not None:
            self.set_focus(best)

    def step_focus(self, step: int) -> None:
        """Tab / Shift+Tab: the next or previous choice in the list, round."""
        targets = self.targets()
        if not targets:
            return
        i = targets.index(self.focus) if self.focus in targets else (-1 if step > 0 else 0)
        self.set_focus(targets[(i + step) % len(targets)])

    def set_focus(self, target: Target) -> None:
        self.focus = target
        if target[0] == "hex":  # zoomed in: bring the hex into view
            self.camera.show(self.camera.to_screen(target[1]), self.camera.size * 1.5)

    def activate(self, target: Target) -> None:
        at = self.target_point(target)
        if target[0] == "hex":
            self.click_hex(target[1], at, keyboard=True)
        elif target[0] == "card":
            self.click_card(target[1], at, keyboard=True)
        elif target[0] == "area":
            self.click_area_card(target[1])
        else:
            self.do_main_action()

    # --- the log ---------------------------------------------------------------------------

    def on_played(self, action: Action, outcome: Outcome) -> None:
        self.log.extend(self.logbook.lines(self.session.history.before(), action, outcome.events,
                                       self.state))
        self.popup = None
        if self.can_act():  # one's own turn: one's own board
            self.looking = None
        if action.kind in (CONQUER, WAR, BASE):
            self.app.sound.play("place")
        elif action.kind in (SUMMON, HIRE):
            self.app.sound.play("deal")

    def on_history(self, outcome: Outcome) -> None:
        self.popup = self.looking = None

    def show_position(self) -> None:
        """The map fitted; at the end the final scoring with every row."""
        super().show_position()
        self.popup = self.looking = self.hover = self.pan = self.pressed_at = self.focus = None
        self.scoring = ROW_SECONDS * (len(w.SCORE_ROWS) + 2) if self.state.is_over() else None
        self.fit_map()

    def picture(self) -> dict[str, Any]:
        """The map: who holds each hex (its rings and dots) and whose war is on each, from what
        the map draws, and how many hexes lie outside its region; whose areas the board shows and
        their cards (None: a back) with face up or down; the hand's cards; each player's VP,
        resources and hand size at the side; whether the final scoring shows in full."""
        view = self.view()
        outside = [h for h in view.board.hexes if not self.layout.field.collidepoint(self.camera.to_screen(h))]
        areas: list[list[tuple[int | None, bool]]] = [[] for _area in view.areas[draw.board_player(self)]]
        for i, card, up, _rect in draw.area_slots(self):
            areas[i].append((card, up))
        return {"held": {h: owners for h, owners in view.holders if owners}, "war": dict(view.war),
                "outside": len(outside), "board": draw.board_player(self), "areas": areas,
                "hand": list(draw.hand_rects(self)), "vp": list(view.vp),
                "resources": [list(r) for r in view.resources], "hand_sizes": list(view.hand_sizes),
                "scoring": self.rows_shown() > len(w.SCORE_ROWS)}

    # --- in the replay viewer ------------------------------------------------------------------

    def on_finished(self, record: dict[str, Any]) -> None:
        self.scoring = 0.0
        self.popup = None
        self.fit_map()
        self.app.sound.play("win", delay=0.2)

    # --- moves -----------------------------------------------------------------------------

    def choose(self, action: Action) -> None:
        if self.can_act():
            self.play(action)

    def do_main_action(self) -> None:
        action = self.main_action()
        if action is not None:
            self.play(action)

    def click_hex(self, h: Hex, pos: tuple[int, int], keyboard: bool = False) -> None:
        options = self.hex_options(h)
        if not options:
            why = self.why_not(CONQUER, h) if self.state.phase == st.EXPEDITION else None
            if why is not None:  # what the rules say against taking it
                self.tell(why, 4.0)
            elif self.state.phase in (st.BASES, st.EXPEDITION):
                self.tell(_("That hex is not lit: nothing to do there now."), 2.5)
            return
        first = options[0][1]
        if len(options) == 1 and first is not None and first.kind == BASE:
            self.play(first)
            return
        self.popup = Popup(w.hex_words(self.state.board, h), options, pos, keyboard)

    def click_card(self, card: int, pos: tuple[int, int], keyboard: bool = False) -> None:
        options = self.card_options(card)
        if not options:
            if self.state.phase == st.DOMESTIC:  # (every area full): the rules say why not
                self.play(Action(SUMMON, card=card))
            return
        self.popup = Popup(w.card_name(self.state.cards[card]), options, pos, keyboard)

    def click_area_card(self, card: int) -> None:
        action = next((a for a in self.legal() if a.kind == DISCARD and a.card == card), None)
        if action is not None:
            self.play(action)

    def play_again(self) -> None:
        try:
            again = self.app.make("alicematic", config=self.config.again())
        except ContentError as exc:  # a designer's file broken since this game began
            self.app.toast(message(N_("The game cannot start: {problem}"), problem=str(exc)))
            return
        self.app.stack.replace(again)

    def to_title(self) -> None:
        self.app.stack.clear_to(self.app.make("title"))

    def reveal_all(self) -> None:
        if self.scoring is not None:
            self.scoring = max(self.scoring, ROW_SECONDS * (len(w.SCORE_ROWS) + 2))

    def rows_shown(self) -> int:
        """How many rows of the final scoring show (the walk-through adds one at a time)."""
        if self.scoring is None:
            return 0
        return min(len(w.SCORE_ROWS) + 1, int(self.scoring / ROW_SECONDS))

    # --- events ----------------------------------------------------------------------------

    def toggle_legend(self) -> None:
        self.legend_open = not self.legend_open
        self.popup = None

    def handle(self, event: pygame.event.Event) -> None:
        self.tooltip.handle(event)
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.controls.shortcut(event) or self.seat.handle(event):
            return
        if self.legend_open and self.scoring is None:  # a click or L or Esc closes it
            if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key in
                                                         (pygame.K_ESCAPE, pygame.K_l)):
                self.legend_open = False
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l and self.scoring is None:
            self.toggle_legend()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.popup is not None:  # a half-made choice: back to the table
                self.popup = None
            elif self.focus is not None:
                self.focus, self.keyboard = None, False
            else:
                self.open_menu()
            return
        if self.scoring is not None:
            self._scoring_event(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.camera.zoom_at(self.pointer, event.y)
            return
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons + [self.action_b, self.legend_b] + (self.popup.buttons if self.popup else []):
                b.handle(event)
            if self.pan is not None:
                self.camera.drag(event.pos[0] - self.pan[0], event.pos[1] - self.pan[1])
                self.pan = event.pos
            self.hover = self.camera.hex_at(event.pos, self.state.board.hexes)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False  # (the mouse again: the focus no longer follows each move)
            self.focus = None
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
            if self.popup is not None:
                self.popup = None
            elif self.camera.rect.collidepoint(event.pos):
                self.pan = event.pos
        elif event.type == pygame.MOUSEBUTTONUP:
            if self.pan is not None and event.button == 1 and self.pressed_at is not None:
                moved = abs(event.pos[0] - self.pressed_at[0]) + abs(event.pos[1] - self.pressed_at[1])
                if moved <= 6:  # a click on the map, not a drag
                    h = self.camera.hex_at(event.pos, self.state.board.hexes)
                    if h is not None and self.can_act():
                        self.click_hex(h, event.pos)
            self.pan = self.pressed_at = None
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _press(self, pos: tuple[int, int]) -> None:
        popup = self.popup
        if popup is not None:
            for button, (_label, action) in zip(popup.buttons, popup.options):
                if button.rect.collidepoint(pos):
                    if action is not None:
                        self.choose(action)
                    return
            self.popup = None
            if popup.rect.collidepoint(pos):
                return
        for b in self.buttons:
            if b.rect.w and b.rect.collidepoint(pos):
                b.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                return
        row = draw.player_row_at(self, pos)
        if row is not None:  # a player's row: their areas on the board (one's own: back to them)
            self.looking = None if row in (self.viewer, self.looking) else row
            return
        if self.action_b.rect.w and self.action_b.rect.collidepoint(pos):
            self.do_main_action()
            return
        if self.legend_b.rect.w and self.legend_b.rect.collidepoint(pos):
            self.toggle_legend()
            return
        if not self.can_act():
            if self.camera.rect.collidepoint(pos):
                self.pan = self.pressed_at = pos
            return
        card = draw.hand_card_at(self, pos)
        if card is not None:
            self.click_card(card, pos)
            return
        card = draw.area_card_at(self, pos) if self.looking is None else None
        if card is not None:
            self.click_area_card(card)
            return
        if self.camera.rect.collidepoint(pos):
            self.pan = self.pressed_at = pos  # a click (on release) or a drag to pan

    def _key(self, event: pygame.event.Event) -> None:
        """Arrows move the focus between the choices on screen (Tab / Shift+Tab in turn), Enter
        or Space opens its menu or makes its move, E the corner button's move, H a hint, +/-
        zoom, Shift+arrows pan, F fits the map. With a menu open, Up/Down/Tab move in it, Enter
        or a digit chooses."""
        key = event.key
        if key == pygame.K_h:
            self.hints.ask()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_at(self.camera.rect.center, 1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_at(self.camera.rect.center, -1)
        elif key in ARROWS and event.mod & pygame.KMOD_SHIFT:  # pan, as Cementopia's board does
            dx, dy = ARROWS[key]
            self.camera.drag(-dx * self.camera.rect.w * 0.25, -dy * self.camera.rect.h * 0.25)
        elif key == pygame.K_f:
            self.camera.zoom, self.camera.pan = 1.0, [0.0, 0.0]
            self.camera.clamp()
        elif self.popup is not None:
            digit = DIGITS.get(key)
            if digit is not None and digit <= len(self.popup.options):  # 1-9: that line of the menu
                action = self.popup.options[digit - 1][1]
                if action is not None:
                    self.choose(action)
            elif key in ENTER:
                action = self.popup.chosen()
                if action is not None:
                    self.choose(action)
            elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                back = key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self.popup.ring.move(-1 if back else 1)
        elif key == pygame.K_e:
            self.do_main_action()
        elif key in ARROWS:
            self.keyboard = True
            self.move_focus(*ARROWS[key])
        elif key == pygame.K_TAB:
            self.keyboard = True
            self.step_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in ENTER:
            self.keyboard = True
            if self.focus in self.targets():
                self.activate(self.focus)
            else:  # nothing chosen yet: the first choice lights up
                self.keep_focus()

    def _scoring_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            for b in (self.again_b, self.title_b):
                b.handle(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rows_shown() <= len(w.SCORE_ROWS):
                self.reveal_all()
                return
            for b in (self.again_b, self.title_b):
                if b.rect.collidepoint(event.pos):
                    b.handle(event)
        elif event.type == pygame.KEYDOWN and event.key in ENTER:
            if self.rows_shown() <= len(w.SCORE_ROWS):
                self.reveal_all()
            else:
                self.play_again()

    # --- time ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.scoring is not None:
            self.scoring += dt * (4 if self.app.demo else 1)
            if self.app.demo and not self.demo_done and self.rows_shown() > len(w.SCORE_ROWS):
                self.demo_done = True
                if not self.snapped:
                    self.snapped = True
                    self.app.snap("table")
                self.app.end_demo()
            return
        if self.state.is_over():
            return
        if self.app.demo and not self.snapped and self.state.round >= DEMO_SNAP_ROUND:
            self.snapped = True
            self.app.snap("table")
        self.hints.update(dt)

    # --- drawing ---------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(size, self.state.n)
        for button, rect in zip(self.buttons, self.layout.button_rects):  # Undo, Redo, Hint, Menu
            button.rect = pygame.Rect(rect)
        self.fit_map()

    def fit_map(self) -> None:
        """The whole map in its field (the final scoring opens beside it, never over it)."""
        self.camera.fit(self.layout.field, self.state.board.hexes)

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.layout.size or self.camera.rect.w <= 1:
            self.resize(surface.get_size())
        if self.seat.draw(surface):
            return
        for button, word in self.words.items():
            button.label = _(word)
        self.controls.refresh(self.buttons)
        main = self.main_action()
        if main is not None and self.scoring is None:
            self.action_b.label = self.main_label(main)
            self.action_b.rect = pygame.Rect(self.layout.action_button)
        else:
            self.action_b.rect = pygame.Rect(0, 0, 0, 0)
        self.legend_b.rect = pygame.Rect(self.layout.legend_button) if self.scoring is None else pygame.Rect(0, 0, 0, 0)
        if self.scoring is not None:
            self.legend_open = False
        self.keep_focus()
        draw.draw_table(self, surface)
        if self.scoring is not None:
            draw.draw_scoring(self, surface)
        else:
            self.again_b.rect = self.title_b.rect = pygame.Rect(0, 0, 0, 0)
            self.tips.draw(surface)
