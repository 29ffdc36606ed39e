"""The review screen (issue 42): the replay viewer with the player's review beside the game.

The review of one player (game.review) is read from the store when it was made before, else
worked out in a process of its own (game.review.background) while the screen keeps drawing: a
progress bar and Cancel stand where the review will be. Once done it is kept with the game.

Over the viewer's panel: the evaluation chart (the player's expected points, or win share, after
each of their decisions and after the best move there, over the game's moves: axes with move
numbers, a legend, the figures of the decision under the pointer), the largest mistakes (up to
five) marked on it and listed with their cost ("-6 pts expected"); a click on either jumps to the
position before the move, where the table shows the better move as it shows a hint (a ghost),
and the panel says the move played, the better one and why, in the hint's words.

Each player's review, once worked out, stays with the screen (and with the game when it is kept):
switching players shows a finished one at once, and one still being worked out goes on meanwhile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.i18n import N_, _, ngettext
from game.review import Decision, Review, default_seat, judge_module
from game.review.background import Answer, BackgroundReview
from game.storage import StoreError
from game.core.words import whose

from scenes.menus.history import size_words
from scenes.replay.viewer import ReplayScene, pushed
from scenes.widgets import ui

if TYPE_CHECKING:
    from game.core.commands import Session
    from scenes.app.window import App

GHOST = (150, 200, 255)
STRIP_FILL = (34, 30, 36, 255)
BEST_LINE = (110, 150, 200)
GRID = (58, 52, 56)
MOVE_STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)  # move numbers on the axis every so many

Line = tuple[str, ui.Colour]  # a line of the panel's words and its colour


def open_review(app: App, record: dict[str, Any], game_id: int | None = None,
                seat: int | None = None) -> ReviewScene | None:
    """The review screen over the scene on top; one toast line on any problem."""
    return pushed(app, lambda: _review_of(app, record, game_id, seat), _cannot_review)


def open_stored_review(app: App, game_id: int) -> ReviewScene | None:
    return pushed(app, lambda: _review_of(app, app.store.games.record(game_id), game_id, None), _cannot_review)


def _review_of(app: App, record: dict[str, Any], game_id: int | None, seat: int | None) -> ReviewScene:
    judge_module(record.get("game"))  # type: ignore[arg-type]  # (RecordError: no judge)
    scene = app.make("review", record=record, game_id=game_id, seat=seat)
    assert isinstance(scene, ReviewScene)
    return scene


def _cannot_review(error: str) -> str:
    return _("Cannot review this game: {error}").format(error=error)


def points_figure(value: float) -> str:
    """A loss in points as the screen writes it: "6", "0.9" (a tenth at most)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def loss_words(decision: Decision, measure: str) -> str:
    """A mistake's cost as the screen says it: "-6 pts expected", "-12% win share" (no minus
    before what rounds to nothing)."""
    if measure == "win":
        share = f"{decision.loss_win:.0%}"
        return (_("-{share} win share").format(share=share) if share != "0%"
                else _("{share} win share").format(share=share))
    points = points_figure(decision.loss_points)
    margin = points_figure(decision.points_margin)
    if points != "0" and margin != "0":  # the review's noise: the 95% interval's half width
        return _("-{points} ± {margin} pts expected").format(points=points, margin=margin)
    return (_("-{points} pts expected").format(points=points) if points != "0"
            else _("{points} pts expected").format(points=points))


def chip_words(decision: Decision, measure: str) -> str:
    """The same, short, for a mistake's button under the strip: "-6 pts", "-12%"."""
    if measure == "win":
        share = f"{decision.loss_win:.0%}"
        return share if share == "0%" else _("-{n}").format(n=share)
    points = points_figure(decision.loss_points)
    return _("-{points} pts").format(points=points) if points != "0" else _("{points} pts").format(
        points=points)


class ReviewScene(ReplayScene):
    name = "review"
    iterations: int | None = None  # tests: a fixed, small search (None: each game's own)

    def __init__(self, app: App, record: dict[str, Any], session: Session[Any] | None = None,
                 game_id: int | None = None, seat: int | None = None) -> None:
        super().__init__(app, record, session)
        self.judge = judge_module(self.game)
        self.seat = default_seat(record) if seat is None else seat
        self.game_id = game_id
        self.review: Review | None = None
        self.job: BackgroundReview | None = None
        self.reviews: dict[int, Review] = {}  # each seat's finished review (switching is instant)
        self.jobs: dict[int, BackgroundReview] = {}  # the other seats' reviews being worked out
        self.pointer: tuple[int, int] | None = None  # where the mouse is (the chart's readout)
        self.problem: str | None = None
        self.measure = "points"
        self.strip = pygame.Rect(0, 0, 0, 0)
        self.marks: list[tuple[pygame.Rect, int]] = []  # (where drawn, move index)
        # ((cursor, measure, decision), its lines) last said
        self.words_cache: tuple[tuple[int, str, Decision | None], list[Line]] | None = None
        self.cancel_b = ui.Button(N_("Cancel"), self.cancel_review, "Esc")
        self.again_b = ui.Button(N_("Review"), self.start_review)
        self.measure_b = ui.Button(N_("Points"), self.switch_measure, "M")
        self.player_b = ui.Button("", self.next_player, "P")
        self.chips: list[ui.Button] = []
        self.go(0)
        self.load_or_start()

    # --- the review -------------------------------------------------------------------------

    def load_or_start(self) -> None:
        if self.game_id is not None:
            from game.storage.kept_reviews import kept_review
            try:
                self.review = kept_review(self.app.store, self.game_id, self.seat)
            except StoreError:
                self.review = None
        if self.review is None:
            self.start_review()
        else:
            self.reviews[self.seat] = self.review
            self.ready()

    def start_review(self) -> None:
        self.problem = None
        self.job = BackgroundReview(self.record, self.seat, self.iterations)

    def cancel_review(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
            self.problem = _("Review cancelled.")

    def players(self) -> int:
        return len(self.record.get("players") or []) or 1

    def next_player(self) -> None:
        """The next player's review: at once when it was worked out before (here or kept with the
        game); one still being worked out goes on in the background meanwhile."""
        if self.job is not None:
            self.jobs[self.seat] = self.job
        self.seat = (self.seat + 1) % self.players()
        self.review, self.chips, self.words_cache = self.reviews.get(self.seat), [], None
        self.job = self.jobs.pop(self.seat, None)
        self.problem = None
        if self.review is not None:
            self.ready()
        elif self.job is None:
            self.load_or_start()
        self.show_ghost()

    def switch_measure(self) -> None:
        self.measure = "win" if self.measure == "points" else "points"
        self.ready()

    def ready(self) -> None:
        """The review is there: its largest mistakes become the chips under the strip."""
        self.chips = []
        if self.review is None:
            return
        for d in self.review.largest(5, self.measure):
            self.chips.append(ui.Button(chip_words(d, self.measure), lambda i=d.index: self.jump(i)))

    def jump(self, index: int) -> None:
        self.playing = False
        self.go(index)

    def poll(self) -> None:
        for seat, job in list(self.jobs.items()):  # the other players' reviews, finishing meanwhile
            answer = job.poll()
            if answer is not None:
                del self.jobs[seat]
                self.finished(seat, answer)
        if self.job is None:
            return
        answer = self.job.poll()
        if answer is None:
            return
        self.job = None
        self.finished(self.seat, answer)

    def finished(self, seat: int, answer: Answer) -> None:
        """A review worked out: remembered here, kept with the game, shown if it is the seat's."""
        if answer[0] != "ok":
            if seat == self.seat:
                self.problem = _("The review failed: {error}").format(error=type(answer[1]).__name__)
            return
        value = answer[1]
        review = Review.from_json(value)
        self.reviews[seat] = review
        if seat == self.seat:
            self.review = review
            self.ready()
        if self.game_id is not None:  # kept off the frame loop (another program may hold the data)
            db, game_id, summary = self.app.store, self.game_id, review.summary()

            def done(problem: str | None) -> None:
                if problem:
                    self.app.toast(problem)
            self.app.keeper.keep(lambda: db.reviews.keep(game_id, seat, value, summary), done,
                                 key=f"review {game_id} {seat}")

    def decision_here(self) -> Decision | None:
        """The review's decision at the cursor (the position before that move), or None."""
        if self.review is None:
            return None
        return next((d for d in self.review.decisions if d.index == self.cursor), None)

    def action_of(self, data: dict[str, Any]) -> Any:
        """The legal action of the position at the cursor that the record writes as `data`."""
        for action in self.state.legal_actions():
            if action.to_json() == data:
                return action
        return None

    # --- the viewer's hooks -----------------------------------------------------------------

    def go(self, target: int) -> None:
        super().go(target)
        self.show_ghost()

    def show_ghost(self) -> None:
        """The better move drawn as the table draws a hint, at a decision the review faults."""
        turns = self.table.hints.turns
        if not hasattr(self, "judge"):
            return
        from scenes.table.bots import Hint
        d = self.decision_here()
        best = self.action_of(d.best) if d is not None and d.best != d.played else None
        turns.hint = Hint(best, "") if best is not None else None
        # over the table's own (Grayblock's hints a seat that can act: nobody, in a replay)
        self.table.hint_action = (  # type: ignore[attr-defined]
            (lambda: best) if best is not None else (lambda: None))

    def close(self) -> None:
        for job in [self.job, *self.jobs.values()]:
            if job is not None:
                job.cancel()
        self.job, self.jobs = None, {}
        super().close()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.job is not None:
            self.cancel_review()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and self.review is not None:
            self.switch_measure()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p and self.players() > 1:
            self.next_player()
            return
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        buttons = ([self.cancel_b] + ([self.player_b] if self.players() > 1 else [])
                   if self.job is not None else
                   [self.measure_b, self.player_b] + self.chips if self.review is not None
                   else [self.again_b])
        for b in buttons:
            if b.handle(event):
                return
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.review is not None and self.strip.collidepoint(event.pos)):
            self.click_strip(event.pos[0])
            return
        super().handle(event)

    def click_strip(self, x: int) -> None:
        """The decision nearest the click (a mistake's mark wins when it is hit)."""
        for rect, index in self.marks:
            if rect.inflate(6, 6).collidepoint(x, rect.centery):
                self.jump(index)
                return
        if not self.review or not self.review.decisions:
            return
        at = (x - self.strip.x) / max(1, self.strip.w) * self.total
        self.jump(min(self.review.decisions, key=lambda d: abs(d.index - at)).index)

    def update(self, dt: float) -> None:
        self.poll()
        super().update(dt)

    # --- drawing ----------------------------------------------------------------------------

    def panel_box(self, surface: pygame.Surface, s: float) -> pygame.Rect:
        """The viewer's own panel keeps the lower part; the review takes the upper."""
        whole = self.table.playback.panel()
        need, viewer, gap = round(230 * s), round(120 * s), round(4 * s)
        if whole.h >= need + viewer + gap:
            self.review_box = top = pygame.Rect(whole.x, whole.y, whole.w,
                                                max(need, whole.h - round(200 * s)))
            return pygame.Rect(whole.x, top.bottom + gap, whole.w, whole.h - top.h - gap)
        # a short panel (three seats at Alice Assemble): the review stands over the table above it
        self.review_box = pygame.Rect(whole.x, max(0, whole.y - need - gap), whole.w, need)
        return whole

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.table.playback.cover() is not None:
            return
        s = max(0.5, ui.scale_for(surface.get_size()))
        box = self.review_box
        ui.panel(surface, box, (24, 20, 24, 255), ui.BRASS, radius=int(8 * s))
        pad = max(4, round(8 * s))
        inner = box.inflate(-2 * pad, -2 * pad)
        px = max(9, round(14 * s))
        if self.review is None:
            self.draw_waiting(surface, inner, px, s)
            return
        self.draw_review(surface, inner, px, s)

    def draw_waiting(self, surface: pygame.Surface, inner: pygame.Rect, px: int, s: float) -> None:
        who = self.table.player_word(self.seat) if len(self.table.config.seats) > 1 else ""
        if self.players() > 1:  # another player's review may be looked at meanwhile
            bh = max(16, round(24 * s))
            self.player_b.label = self.table.player_word(self.seat)
            self.player_b.rect = pygame.Rect(inner.right - round(inner.w * 0.26), inner.y,
                                             round(inner.w * 0.26), bh)
            self.player_b.draw(surface, s)
        title = (_("Reviewing {whose} decisions\u2026").format(whose=whose(who)) if who
                 else _("Reviewing your decisions\u2026"))  # "your", "Bellows'", never "You's"
        bh = max(18, round(30 * s))
        if self.job is None:  # cancelled or failed: say so, offer to start again
            ui.text(surface, self.problem or "", px, (inner.x, inner.y), ui.MUTED, max_width=inner.w)
            self.again_b.rect = pygame.Rect(inner.x, inner.bottom - bh, inner.w // 2, bh)
            self.again_b.draw(surface, s)
            return
        y = ui.text(surface, title, px, (inner.x, inner.y), ui.HILITE, style="bold",
                    max_width=inner.w).bottom + round(6 * s)
        done, total = self.job.progress()
        bar = pygame.Rect(inner.x, y, inner.w, max(8, round(14 * s)))
        pygame.draw.rect(surface, (60, 52, 48), bar, border_radius=bar.h // 2)
        if total:
            fill = bar.copy()
            fill.w = max(bar.h, round(bar.w * done / total))
            pygame.draw.rect(surface, ui.BRASS, fill, border_radius=bar.h // 2)
        words = (ngettext("{done} of {total} decision judged", "{done} of {total} decisions judged",
                          total).format(done=done, total=total) if total
                 else _("Replaying the game\u2026"))
        ui.text(surface, words, max(9, round(px * 0.9)), (inner.x, bar.bottom + round(4 * s)),
                ui.MUTED, max_width=inner.w)
        ui.text(surface, _("The search judges each decision from what {name} could see then.")
                .format(name=who) if who else
                _("The search judges each decision from what you could see then."),
                max(9, round(px * 0.9)), (inner.x, bar.bottom + round(8 * s) + px), ui.MUTED,
                max_width=inner.w)
        self.cancel_b.rect = pygame.Rect(inner.x, inner.bottom - bh, inner.w // 2, bh)
        self.cancel_b.draw(surface, s)

    def draw_review(self, surface: pygame.Surface, inner: pygame.Rect, px: int, s: float) -> None:
        assert self.review is not None
        small = max(9, round(px * 0.9))
        gap = max(2, round(4 * s))
        bh = max(16, round(24 * s))
        # the heading: whose review, the mean loss, and the switch of measure
        self.measure_b.label = N_("Points") if self.measure == "points" else N_("Win share")
        self.measure_b.rect = pygame.Rect(inner.right - round(inner.w * 0.28), inner.y,
                                          round(inner.w * 0.28), bh)
        self.measure_b.draw(surface, s)
        left = self.draw_player_button(surface, inner, bh, gap, s)
        mean = (_("{points} pts lost per decision").format(points=f"{self.review.mean_loss_points:.1f}")
                if self.measure == "points" else
                _("{share} win share lost per decision").format(share=f"{self.review.mean_loss_win:.1%}"))
        ui.text(surface, mean, px, (left, inner.y + bh // 2), ui.HILITE, "midleft", "bold",
                max_width=self.measure_b.rect.x - left - gap)
        # the chart
        # (a narrow panel gets a flatter chart: room for the words under it)
        chart_h = max(40, min(round(80 * s), round(inner.w * 0.3), inner.h - 2 * bh - 3 * gap - 4 * small))
        self.strip = strip = pygame.Rect(inner.x, inner.y + bh + gap, inner.w, chart_h)
        self.draw_strip(surface, strip, s)
        # the largest mistakes, as chips: a click jumps there
        y = strip.bottom + gap
        if self.chips:
            cw = (inner.w - gap * 4) / 5
            for i, chip in enumerate(self.chips):
                chip.rect = pygame.Rect(round(inner.x + i * (cw + gap)), y, round(cw), bh)
                if ui.font(int(bh * 0.42), "bold").size(chip.label)[0] > cw - 8 * s:
                    chip.label = chip.label.split(" ")[0]  # a narrow panel: the figure alone
                chip.draw(surface, s)
            y += bh + gap
        else:
            y = ui.text(surface, _("No mistake found: every decision was as good as the search's."),
                        small, (inner.x, y), ui.GOOD, max_width=inner.w).bottom + gap
        self.draw_words(surface, pygame.Rect(inner.x, y, inner.w, inner.bottom - y), small)

    def draw_player_button(self, surface: pygame.Surface, inner: pygame.Rect, bh: int, gap: int, s: float) -> int:
        """Whose review (a click goes to the next player's); the x where the heading goes on."""
        if self.players() <= 1:
            return inner.x
        self.player_b.label = self.table.player_word(self.seat)
        self.player_b.rect = pygame.Rect(inner.x, inner.y, round(inner.w * 0.26), bh)
        self.player_b.draw(surface, s)
        return self.player_b.rect.right + gap

    def value(self, d: Decision, best: bool = False) -> float:
        if self.measure == "win":
            return d.best_win if best else d.played_win
        return d.best_points if best else d.played_points

    def figure(self, value: float) -> str:
        """A value of the chart as its axis writes it: "24.5" points, "38%"."""
        return f"{value:.0%}" if self.measure == "win" else points_figure(round(value, 1))

    def plot_area(self, strip: pygame.Rect, s: float) -> pygame.Rect:
        """Inside the chart: room on the left for the values, below for the move numbers, above
        for the legend."""
        small = max(8, round(11 * s))
        line = ui.font(small).get_linesize()
        left = max(ui.font(small).size(self.figure(v))[0] for v in (0.99, 100.0)) + round(10 * s)
        top = line + line // 2  # the legend's line, and half of the top figure
        return pygame.Rect(strip.x + left, strip.y + top, strip.w - left - round(8 * s),
                           strip.h - top - line - round(2 * s))

    def draw_strip(self, surface: pygame.Surface, strip: pygame.Rect, s: float) -> None:
        """The chart: the player's value after each decision (played) and after the best move
        there, over the game's moves; its axes, legend, mistakes and the pointer's readout."""
        assert self.review is not None
        pygame.draw.rect(surface, STRIP_FILL, strip, border_radius=max(2, round(4 * s)))
        pygame.draw.rect(surface, ui.BRASS_DARK, strip, 1, border_radius=max(2, round(4 * s)))
        decisions = self.review.decisions
        self.marks = []
        area = self.plot_area(strip, s)
        small = max(8, round(11 * s))
        if not decisions or area.w < 20 or area.h < 10:
            return
        values = [self.value(d) for d in decisions] + [self.value(d, True) for d in decisions]
        low, high = (0.0, 1.0) if self.measure == "win" else (min(values), max(values))
        if high - low < 1e-9:
            low, high = low - 1, high + 1
        span = high - low

        def x_of(index: float) -> float:
            return area.x + area.w * index / max(1, self.total)

        def y_of(value: float) -> float:
            return area.bottom - area.h * (value - low) / span

        # the value axis: its lowest, middle and highest figure, with a line across
        for value in (low, (low + high) / 2, high):
            y = round(y_of(value))
            pygame.draw.line(surface, GRID, (area.x, y), (area.right, y), 1)
            ui.text(surface, self.figure(value), small, (area.x - round(4 * s), y), ui.MUTED,
                    "midright")
        # the move numbers (1 for the game's first move), every so many that they do not crowd
        label_w = ui.font(small).size("000")[0] + round(8 * s)
        step = next((n for n in MOVE_STEPS if area.w * n / max(1, self.total) >= label_w),
                    MOVE_STEPS[-1])
        for number in range(step, self.total + 1, step):
            x = round(x_of(number - 1))
            pygame.draw.line(surface, GRID, (x, area.bottom), (x, area.bottom + round(3 * s)), 1)
            ui.text(surface, str(number), small, (x, area.bottom + round(2 * s)), ui.MUTED, "midtop")
        pygame.draw.line(surface, ui.BRASS_DARK, area.bottomleft, area.bottomright, 1)
        # the lines: the best move's value thin and blue, the move played thick and gold
        if len(decisions) > 1:
            pygame.draw.lines(surface, BEST_LINE, False,
                              [(x_of(d.index), y_of(self.value(d, True))) for d in decisions], 1)
            pygame.draw.lines(surface, ui.HILITE, False,
                              [(x_of(d.index), y_of(self.value(d))) for d in decisions],
                              max(1, round(2 * s)))
        if not self.draw_readout(surface, strip, area, small, s, x_of, y_of):
            self.draw_legend(surface, strip, small, s)
        # the cursor
        cx = round(x_of(self.cursor))
        pygame.draw.line(surface, ui.TEXT, (cx, area.y), (cx, area.bottom), 1)
        for d in self.review.largest(5, self.measure):
            mx, my = x_of(d.index), y_of(self.value(d))
            r = max(3, round(5 * s))
            pygame.draw.polygon(surface, ui.BAD, [(mx, area.y + 2 * r), (mx - r, area.y), (mx + r, area.y)])
            pygame.draw.circle(surface, ui.BAD, (round(mx), round(my)), r)
            self.marks.append((pygame.Rect(round(mx - r), strip.y, 2 * r, strip.h), d.index))

    def draw_legend(self, surface: pygame.Surface, strip: pygame.Rect, small: int, s: float) -> None:
        """What the two lines are, at the chart's top right."""
        y = strip.y + ui.font(small).get_linesize() // 2 + round(1 * s)
        x = strip.right - round(8 * s)
        seg = round(14 * s)
        for words, colour, width in ((_("best move"), BEST_LINE, 1),
                                     (_("move played"), ui.HILITE, max(1, round(2 * s)))):
            r = ui.text(surface, words, small, (x, y), ui.MUTED, "midright")
            pygame.draw.line(surface, colour, (r.x - seg - round(4 * s), y), (r.x - round(4 * s), y), width)
            x = r.x - seg - round(14 * s)
        measure = _("expected points") if self.measure == "points" else _("win share")
        room = x - strip.x - round(12 * s)
        if ui.font(small).size(measure)[0] <= room:  # what the values are, where there is room
            ui.text(surface, measure, small, (strip.x + round(6 * s), y), ui.MUTED, "midleft")

    def draw_readout(self, surface: pygame.Surface, strip: pygame.Rect, area: pygame.Rect, small: int,
                     s: float, x_of: Callable[[float], float], y_of: Callable[[float], float]) -> bool:
        """The decision under the pointer: marked, and its move number and both values where the
        legend is (True when drawn)."""
        if self.pointer is None or not strip.collidepoint(self.pointer):
            return False
        assert self.review is not None
        px = self.pointer[0]
        d = min(self.review.decisions, key=lambda d: abs(x_of(d.index) - px))
        x = round(x_of(d.index))
        pygame.draw.line(surface, ui.MUTED, (x, area.y), (x, area.bottom), 1)
        pygame.draw.circle(surface, ui.HILITE, (x, round(y_of(self.value(d)))), max(2, round(3 * s)))
        figures = dict(n=d.index + 1, played=self.figure(self.value(d)),
                       best=self.figure(self.value(d, True)))
        words = (_("Move {n}: played {played}, best {best} ({loss})").format(
            loss=loss_words(d, self.measure), **figures) if d.size is not None
            else _("Move {n}: played {played}, best {best}").format(**figures))
        y = strip.y + ui.font(small).get_linesize() // 2 + round(1 * s)
        ui.text(surface, words, small, (strip.x + round(6 * s), y), ui.TEXT, "midleft",
                max_width=strip.w - round(12 * s))
        return True

    def draw_words(self, surface: pygame.Surface, box: pygame.Rect, px: int) -> None:
        """At a reviewed decision: the move played, its cost, the better move and why."""
        d = self.decision_here()
        key = (self.cursor, self.measure, d)
        if self.words_cache is None or self.words_cache[0] != key:
            self.words_cache = (key, self.words_at(d))
        lines = self.words_cache[1]
        y = box.y
        line_h = ui.font(px).get_linesize()
        for text, colour in lines:
            for part in ui.wrap(text, px, box.w):
                if y + line_h > box.bottom:
                    return
                ui.text(surface, part, px, (box.x, y), colour, max_width=box.w)
                y += line_h

    def words_at(self, d: Decision | None) -> list[Line]:
        """The lines the panel says at the cursor (worked out once per position)."""
        assert self.review is not None
        if d is None:
            counts = self.review.mistakes()
            who = self.table.player_word(self.seat) if self.players() > 1 else ""
            return [(_("Step to a move {name} made, or click the chart or a mistake, to see it "
                       "judged.").format(name=who) if who else
                     _("Step to a move of yours, or click the chart or a mistake, to see it "
                       "judged."), ui.MUTED),
                     (ngettext("{inaccuracies}, {mistakes}, {blunders} in {n} decision",
                               "{inaccuracies}, {mistakes}, {blunders} in {n} decisions",
                               len(self.review.decisions)).format(
                         inaccuracies=size_words("inaccuracy", counts["inaccuracy"]),
                         mistakes=size_words("mistake", counts["mistake"]),
                         blunders=size_words("blunder", counts["blunder"]), n=len(self.review.decisions)),
                      ui.TEXT)]
        state = self.state
        played, best = self.action_of(d.played), self.action_of(d.best)
        if played is None or best is None:
            return []
        said = self.judge.move_words(state, self.seat, played)
        if d.played == d.best:
            return [(_("Played: {move}. The search agrees.").format(move=said), ui.GOOD)]
        cost = _("{points}, {share}").format(points=loss_words(d, "points"),
                                             share=loss_words(d, "win"))
        colour = ui.BAD if d.size in ("mistake", "blunder") else ui.TEXT
        lines: list[Line] = [(_("Played: {move} ({cost}).").format(move=said, cost=cost), colour),
                 (_("Better: {why}").format(why=self.judge.words(state, self.seat, best)), GHOST)]
        trade = self.trade_words(d, played, best)  # (before what the played was for: a short
        if trade:  # panel shows the first lines only)
            lines.append((trade, GHOST))
        return lines + [(self.judge.words(state, self.seat, played), ui.MUTED)]

    def trade_words(self, d: Decision, played: Any, best: Any) -> str:
        """What the move played gained and what it cost against the better one, in points: the
        better one's lead now (the scores as they stand after each) against what the played one
        was worth later (the rest of the expected loss), when the two pull apart."""
        now = {}
        for name, action in (("played", played), ("best", best)):
            after = self.state.clone()
            after.apply(action)
            now[name] = after.scores()[self.seat] if self.seat < len(after.scores()) else 0
        lead_now = now["best"] - now["played"]
        later = lead_now - d.loss_points  # the played move's worth beyond now, against the best's
        if lead_now >= 1 and later >= 0.5:  # points now given up for points later, not enough
            return _("The better move scores {now} more now, against about {later} more later for "
                     "the move played.").format(now=points_figure(lead_now), later=points_figure(later))
        if lead_now <= -1 and -later >= 0.5:  # points now taken at the cost of more later
            return _("The move played scores {now} more now, but the better one is worth about "
                     "{later} more later.").format(now=points_figure(-lead_now),
                                                   later=points_figure(-later))
        return ""
