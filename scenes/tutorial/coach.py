"""Coach marks: the lesson's words in a panel, a ring around what they point at, and the buttons
that move a lesson on (Next, Show me, Leave lesson). Issue 14.

A table with a lesson holds a `Coach` (table.coach). The table asks it before a move is played
(`allows`: another move than the lesson wants is explained, not played), tells it each move
played (`played`), lets it take events first (`handle`) and draws it last (`draw`). The coach
plays the script's bot moves itself; in the lesson's free part the table's bots think as usual.
The words and the moves are the lesson's (game/tutorial); where things are is the table's
(`table.marks.anchor(point)`, a pygame.Rect or None).

The demo (--demo --tutorial) plays the lesson by itself: Next on every note, Show me on every
move, the easy bot for the player in the free part, and a screenshot of every step.
"""

from __future__ import annotations

import math
import sys

from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from game.core.i18n import N_, _
from game.core.messages import Message, message, shown
from game.storage import lesson_places as store
from game.core.contract import Event
from game.tutorial.lesson import READ_FIRST, Lesson

from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton

if TYPE_CHECKING:
    from scenes.app.keeping import Done
    from scenes.app.window import App
    from scenes.table.base import GameTable

SCRIPTED_DELAY = 0.8  # seconds before the script's bot move lands, so it can be followed
DEMO_STEP = 0.6  # the demo reads a step this long (game time) before acting
DEMO_SNAP = 0.35
STUCK = 120.0  # the demo gives up (exit 1) when a lesson makes no progress this long
PROBLEM_S = 6.0  # how long a wrong move's explanation stays

StepKey = tuple[int, str | None]  # (the script's step, the watch note up first)


class Coach:
    def __init__(self, table: GameTable, lesson: Lesson) -> None:
        self.table, self.app = table, table.app
        self.lesson = lesson
        self.next_b = PrimaryButton(N_("Next"), self.next)
        self.show_b = ui.Button(N_("Show me"), self.show_me)
        self.hide_b = ui.Button(N_("Got it"), self.fold)
        self.leave_b = ui.Button(N_("Leave lesson"), self.leave)
        # why the last move tried was not played (a Message, or words the table said already)
        self.problem: Message | str | None = None
        self.problem_t = 0.0
        self.folded = False  # the free part's words put away (a small bar stays)
        self.wait = 0.0  # the script's bot move: time shown so far
        self.t = 0.0
        self.panel = pygame.Rect(0, 0, 0, 0)  # where the panel is, placed at layout time (place)
        self.target: pygame.Rect | None = None
        self.size: tuple[int, int] | None = None  # the window size the panel was placed for
        self.shown_words = ("", "", "")  # (title, words, problem) as placed
        self.seen_key: StepKey | None = None  # the step on show (to snap it once, and restart the demo's clock)
        self.shown_for = 0.0
        self.snaps = 0
        self.snapped_key: StepKey | None = None  # the step the demo last took a screenshot of
        self.idle = 0.0
        self.disk_told = False  # a full disk is said once, not at every step

    # --- what the table asks --------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.lesson.script.game

    def allows(self, action: Any) -> bool:
        """Whether `action` may be played now; if not, the panel says why: the rules' reason
        when they refuse it too (asked only for a move that is not played: one that is, the
        session decides, once), else the lesson's."""
        why = self.lesson.refusal(self.table.state, action)
        if why is None:
            return True
        refusal = self.table.state.why_illegal(action)
        self.problem = why if refusal is None else self.table.refusal_words(refusal)
        self.problem_t = 0.0
        self.folded = False
        self.app.sound.play("pass", volume=0.6)
        return False

    def explain(self, words: Message | str) -> None:
        """The table's own reason why what the player tried does nothing (a card that cannot go
        there), said in the panel."""
        self.problem, self.problem_t = words, 0.0
        self.folded = False

    def played(self, before: Any, action: Any, events: list[Event], after: Any) -> None:
        was = self.lesson.step
        self.idle = 0.0
        self.lesson.played(before, action, events, after)
        self.problem = None
        if self.lesson.step is not was:
            self.folded = self.folded and self.lesson.free()
        mover = before.current_player()
        if (self.lesson.free() and not self.lesson.pending and self.seen_key == self.step_key()
                and mover in self.table.humans):
            self.folded = True  # the player's first move of the free part puts its words away
        self.moved_on()

    def moved_on(self) -> None:
        """Keep the lesson's place; a lesson without a final scoring ends with its last step:
        the game goes on as the player's own, the coach steps aside."""
        if not self.lesson.done or self.lesson.script.finale is not None:
            self.keep()
            return
        self.finished()
        if self.table.coach is self:
            self.table.coach = None
        if self.app.demo:
            self.app.end_demo(None)
        else:
            self.app.toast(_("Lesson complete! The game is yours to finish."), 5.0)

    def holds_bots(self) -> bool:
        """The table's bots wait: a note is up, or the script has the bot's move."""
        return not self.lesson.free()

    def can_hint(self) -> bool:
        return self.lesson.free()

    def blocks_undo(self) -> str:
        return _("A lesson only goes forward: Undo is off until it ends.")

    # --- moving on ------------------------------------------------------------------------------

    def next(self) -> None:
        if self.lesson.reading():
            self.lesson.next()
            self.lesson.settle(self.table.state)
            self.problem = None
            self.moved_on()

    def show_me(self) -> None:
        """Play the move the step wants (the player skips doing it themselves)."""
        action = self.lesson.expected()
        if action is not None:
            self.table.play(action)

    def fold(self) -> None:
        self.folded = True

    def leave(self) -> None:
        """Back to the title; the lesson resumes here from Learn to play."""
        self.keep()
        from scenes.menus.pause import leave_game
        leave_game(self.app, lambda: self.app.stack.clear_to(self.app.make("title")))
        if not self.app.demo:
            self.app.toast(_("Your place in the lesson is kept: Learn to play resumes it."), 4.0,
                           fine=True)

    def keep(self) -> None:
        """Remember where the lesson is (never in the demo), off the frame loop."""
        if self.app.demo:
            return
        db, game, entry = self.app.store, self.game, store.entry(self.table.saves.record(), self.lesson)

        def done(problem: str | None) -> None:
            if problem and not self.disk_told:
                self.disk_told = True
                self.app.toast(problem)
        keep_place(self.app, game, lambda: db.lessons.keep(game, entry), done)

    def step_key(self) -> StepKey:
        lesson = self.lesson
        return (lesson.index, lesson.pending[0][0] if lesson.pending else None)

    # --- frame ----------------------------------------------------------------------------------

    def buttons(self) -> list[ui.Button]:
        lesson = self.lesson
        if lesson.reading():
            return [self.leave_b, self.next_b]
        if lesson.expected() is not None:
            return [self.leave_b, self.show_b]
        if lesson.free() and not self.folded:
            return [self.leave_b, self.hide_b]
        return [self.leave_b]

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was the coach's (the table does not see it)."""
        for button in self.buttons():
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.panel.collidepoint(event.pos):
            return True
        reading = self.lesson.reading()
        if event.type == pygame.KEYDOWN and reading and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT):
            self.next()
            return True
        if reading and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.problem, self.problem_t = message(READ_FIRST), 0.0
            return True  # the table waits while a note is up
        if reading and event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
            return True
        return False

    def update(self, dt: float) -> None:
        self.t += dt
        self.problem_t += dt
        if self.problem is not None and self.problem_t > PROBLEM_S:
            self.problem = None
        key = self.step_key()
        if key != self.seen_key:
            self.seen_key, self.shown_for, self.idle = key, 0.0, 0.0
        self.shown_for += dt
        self.idle += dt
        if self.lesson.free() and self.table.hints.turns.hint:
            self.folded = True  # a hint asked for: its reason needs the room, the player is on
        action = self.lesson.bot_move()
        if action is not None and not self.table.motion.busy:
            self.wait += dt
            if self.wait >= (0.1 if self.app.demo else SCRIPTED_DELAY):
                self.wait = 0.0
                self.table.play(action)
        if self.app.demo:
            self.demo(dt)

    def demo(self, dt: float) -> None:
        """The lesson plays itself: a screenshot of each step, then Next or Show me."""
        lesson, table = self.lesson, self.table
        if self.step_key() != self.seen_key:
            return  # a move this frame moved the lesson on: its next step from the next frame
        if self.idle > STUCK:
            print("alice-assemble: error: the lesson made no progress", file=sys.stderr, flush=True)
            self.app.quit(1)
            return
        words = lesson.words(table.state)
        if words is not None and self.shown_for >= DEMO_SNAP and self.seen_key != self.snapped_key:
            self.snapped_key = self.seen_key
            self.snaps += 1
            step = lesson.step
            self.app.snap(f"lesson-{self.snaps:02d}-{getattr(step, 'key', 'step')}")
        if self.shown_for < DEMO_STEP or table.motion.busy:
            return
        if lesson.reading():
            self.next()
        elif lesson.expected() is not None:
            self.show_me()
        elif lesson.free() and table.can_act():
            self.shown_for = DEMO_STEP - 0.15  # a move every few frames
            table.play(self.demo_move())

    def demo_move(self) -> Any:
        from game.bots import make_bot
        state = self.table.state
        bot = make_bot("easy", self.game, len(self.table.session.history.actions))
        return bot.decide(state.view(state.current_player()), state.legal_actions())

    # --- drawing --------------------------------------------------------------------------------

    def words_now(self) -> tuple[str, str, str, pygame.Rect | None]:
        """(title, words, a refused move's explanation, what the coach points at) as of now."""
        state = self.table.state
        words = self.lesson.words(state)
        folded = words is None or (self.lesson.free() and self.folded)
        point = self.lesson.point(state) if not folded else ()
        target = self.table.marks.anchor(point) if point else None
        text = "" if folded else shown(words)
        problem = shown(self.problem) if self.problem is not None else ""
        return self.title(), text, problem, target

    def place(self, size: Sequence[int] | None = None) -> pygame.Rect:
        """Where the panel goes, worked out from the table's layout at this window size: the
        table's home for it (`marks.home()`, a region the table keeps clear of what must stay in
        sight, and `marks.corner()`, the region's corner the panel sits in) unless that covers
        what the coach points at. Called at layout time (the table's resize) and each frame
        before the table draws, so the log or the scoreboard can make room for it at once."""
        size = tuple(size) if size is not None else self.size or self.app.screen.get_size()
        self.size = (int(size[0]), int(size[1]))
        s = max(0.5, ui.scale_for(self.size))
        title, text, problem, self.target = self.words_now()
        home = self.table.marks.home()
        corner = self.table.marks.corner()
        width, height, text = panel_size(self.size, title, text, problem, s)
        self.shown_words = (title, text, problem)
        self.panel = spot(self.size, (width, height), self.target, s, home, corner)
        return self.panel

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if size != self.size:
            self.place(size)  # (the table placed it for this size before drawing, as a rule)
        s = max(0.5, ui.scale_for(size))
        if self.target is not None:
            ring(surface, self.target, s, self.t)
        title, text, problem = self.shown_words
        draw_box(surface, self.panel, title, text, problem, self.buttons(), s)
        if self.target is not None and text:
            arrow(surface, self.panel, self.target, s)

    # --- the final scoring (scenes/assemble/scoring.py) ------------------------------------------

    def finished(self) -> None:
        """The walk-through reached the results: the lesson is done, nothing to resume."""
        if not self.app.demo:
            forget_place(self.app, self.game)

    def snap_scoring(self, phase: str, lane: int) -> None:
        self.snaps += 1
        self.app.snap(f"lesson-{self.snaps:02d}-scoring-{phase}-{lane + 1}")

    def scoring_height(self, state: Any, width: int, s: float) -> int:
        """The height of the scoring's words box: the longest of its words, so that it stays put
        from doll to doll."""
        finale = self.lesson.script.finale
        if finale is None:
            return 0
        texts = [shown(finale(state, "lanes", lane)) for lane in range(state.n_lanes)]
        texts.append(shown(finale(state, "summary")))
        return box_height(texts, width, s)

    def draw_scoring(self, surface: pygame.Surface, rect: pygame.Rect, state: Any, phase: str, lane: int,
                     s: float) -> None:
        finale = self.lesson.script.finale
        if finale is None or rect.w <= 0:
            return
        title = (_("Learn to play \u00b7 lesson complete") if phase == "summary" else
                 _("Learn to play \u00b7 the final scoring"))
        draw_box(surface, rect, title, shown(finale(state, phase, lane)), s=s)

    def title(self) -> str:
        lesson = self.lesson
        if lesson.free() and not lesson.pending:
            return _("Lesson: play on")
        n, total = lesson.position()
        return _("Learn to play \u00b7 step {n} of {total}").format(n=n, total=total)


# --- drawing, shared with the scoring walk-through ---------------------------------------------

FILL = (30, 24, 30, 255)  # opaque: nothing behind the words shows through
EDGE = ui.HILITE
PROBLEM = (255, 170, 140)


def panel_size(size: tuple[int, int], title: str, text: str, problem: str, s: float) -> tuple[int, int, str]:
    """The coach panel's (width, height) for its words and buttons, and the words it has room
    for (a small window drops them for a refusal)."""
    W, H = size
    width = int(min(max(300 * s, W * 0.34), 520 * s, W - 16 * s))
    pad = int(12 * s)
    inner = width - 2 * pad
    px_title, px = max(9, int(14 * s)), max(10, int(18 * s))
    bh = int(34 * s)
    height = 2 * pad + ui.font(px_title, "bold").get_linesize() + int(10 * s) + bh
    if problem:
        height += int(4 * s) + ui.paragraph_height(problem, px, inner, "bold")
    words = int(6 * s) + ui.paragraph_height(text, px, inner) if text else 0
    if problem and height + words > H - int(16 * s):
        text, words = "", 0  # a small window: why the move was refused says what to do instead
    return width, min(height + words, H - int(16 * s)), text


def box_height(texts: Sequence[str], width: int, s: float) -> int:
    """The height draw_box needs, without buttons, for the longest of `texts` in `width`."""
    pad = int(12 * s)
    px_title, px = max(9, int(14 * s)), max(10, int(18 * s))
    words = max((ui.paragraph_height(t, px, width - 2 * pad) for t in texts), default=0)
    return 2 * pad + ui.font(px_title, "bold").get_linesize() + int(6 * s) + words


def draw_box(surface: pygame.Surface, rect: pygame.Rect, title: str, text: str, problem: str = "",
             buttons: Sequence[ui.Button] = (), s: float = 1.0) -> None:
    """The coach's words in `rect`: a title, a wrong move's explanation, the words, the buttons."""
    pad = int(12 * s)
    inner = rect.w - 2 * pad
    px_title, px = max(9, int(14 * s)), max(10, int(18 * s))
    bh = int(34 * s) if buttons else 0
    ui.panel(surface, rect, FILL, EDGE, radius=int(10 * s), width=max(2, int(2 * s)))
    y = rect.y + pad
    ui.text(surface, title, px_title, (rect.x + pad, y), ui.HILITE, "topleft", "bold",
            max_width=inner)
    y += ui.font(px_title, "bold").get_linesize()
    foot = rect.bottom - pad - (bh + int(10 * s) if buttons else 0)
    if problem:
        y += int(4 * s)
        box = pygame.Rect(rect.x + pad, y, inner, max(1, foot - y))
        ui.paragraph(surface, problem, px, box, PROBLEM, "bold")
        y += ui.paragraph_height(problem, px, inner, "bold")  # as panel_size measured it
    if text:
        y += int(6 * s)
        ui.paragraph(surface, text, px, pygame.Rect(rect.x + pad, y, inner, max(1, foot - y)))
    if buttons:
        layout_buttons(list(buttons), pygame.Rect(rect.x + pad, rect.bottom - pad - bh, inner, bh), s)
    for button in buttons:
        button.draw(surface, s)


def layout_buttons(buttons: list[ui.Button], row: pygame.Rect, s: float) -> None:
    """The first button (Leave) at the left, the rest at the right, each as wide as its words."""
    gap = int(8 * s)
    px = int(row.h * 0.42)
    widths = [min(row.w // max(1, len(buttons)) - gap,
                  max(int(90 * s), ui.font(px, "bold").size(_(b.label))[0] + int(24 * s)))
              for b in buttons]
    x = row.right
    for button, w in reversed(list(zip(buttons[1:], widths[1:]))):
        x -= w
        button.rect = pygame.Rect(x, row.y, w, row.h)
        x -= gap
    if buttons:
        buttons[0].rect = pygame.Rect(row.x, row.y, widths[0], row.h)


def spot(size: tuple[int, int], panel: tuple[int, int], avoid: pygame.Rect | None, s: float,
         home: pygame.Rect | None = None, corner: str = "bottomright") -> pygame.Rect:
    """Where the panel goes: in `corner` of the table's home for it unless that covers `avoid`,
    else the first corner of the window that does not, else the one covering least of it."""
    W, H = size
    w, h = panel
    m = int(8 * s)
    places = []
    if home is not None:
        r = pygame.Rect(0, 0, w, h)
        setattr(r, corner, getattr(home, corner))
        places.append(r)
    for anchor, pos in (("bottomright", (W - m, H - m)), ("bottomleft", (m, H - m)),
                        ("topright", (W - m, m)), ("topleft", (m, m)),
                        ("midbottom", (W // 2, H - m)), ("midtop", (W // 2, m))):
        r = pygame.Rect(0, 0, w, h)
        setattr(r, anchor, pos)
        places.append(r)
    screen = pygame.Rect(0, 0, W, H)
    places = [r.clamp(screen) for r in places]
    if avoid is None:
        return places[0]
    keep = avoid.inflate(int(10 * s), int(10 * s))
    clear = [r for r in places if not r.colliderect(keep)]
    if clear:
        return clear[0]
    return min(places, key=lambda r: _overlap(r, keep))


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.w * c.h


def ring(surface: pygame.Surface, rect: pygame.Rect, s: float, t: float) -> None:
    """A pulsing ring around what the coach points at."""
    grow = int((4 + 3 * (1 + math.sin(t * 5)) / 2) * s)
    r = rect.inflate(2 * grow, 2 * grow)
    pygame.draw.rect(surface, (20, 12, 6), r.inflate(4, 4), max(2, int(3 * s)) + 2,
                     border_radius=int(10 * s))
    pygame.draw.rect(surface, ui.HILITE, r, max(2, int(3 * s)), border_radius=int(10 * s))


def arrow(surface: pygame.Surface, panel: pygame.Rect, target: pygame.Rect, s: float) -> None:
    """A line with a head from the panel's edge to the target's nearest side."""
    start = _nearest(panel, target.center)
    end = _nearest(target.inflate(int(14 * s), int(14 * s)), panel.center)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 24 * s:
        return
    ux, uy = dx / length, dy / length
    t = max(2, int(3 * s))
    pygame.draw.line(surface, (20, 12, 6), start, end, t + 2)
    pygame.draw.line(surface, ui.HILITE, start, end, t)
    head = 12 * s
    left = (end[0] - ux * head - uy * head * 0.6, end[1] - uy * head + ux * head * 0.6)
    right = (end[0] - ux * head + uy * head * 0.6, end[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, ui.HILITE, [end, left, right])


def _nearest(rect: pygame.Rect, point: tuple[int, int]) -> tuple[int, int]:
    """The point of `rect`'s border nearest to `point` (outside it)."""
    x = min(max(point[0], rect.left), rect.right)
    y = min(max(point[1], rect.top), rect.bottom)
    if rect.collidepoint(point):  # inside: straight out the nearest side
        sides = [(point[0] - rect.left, (rect.left, point[1])), (rect.right - point[0], (rect.right, point[1])),
                 (point[1] - rect.top, (point[0], rect.top)), (rect.bottom - point[1], (point[0], rect.bottom))]
        return min(sides)[1]
    return int(x), int(y)


def keep_place(app: App, game: str, work: Callable[[], None], done: Done | None) -> None:
    """A lesson's place written (or forgotten) by the app's keeper: off the frame loop, and in
    the order they were made (a later one replaces one not written yet)."""
    app.keeper.keep(work, done, key=f"lesson {game}")


def forget_place(app: App, game: str) -> None:
    """The lesson was finished or started over: nothing to resume (a failure is one toast)."""
    db = app.store

    def done(problem: str | None) -> None:
        if problem:
            app.toast(problem)
    keep_place(app, game, lambda: db.lessons.forget(game), done)
