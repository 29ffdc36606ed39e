"""Final scoring: each lane revealed module by module, then a summary with the winner(s).

Phases: "lanes" (self.lane is on show; self.shown of its modules are outlined) and "summary".
`tiebreak_text(state)` words the engine's tiebreak (or draw) in one paragraph.
"""

from __future__ import annotations

import dataclasses

import pygame

from game.assemble.scoring import TIEBREAKERS, tiebreak
from game.assemble.words import doll_letter, lane_label
from game.core.commands import helps_words
from game.core.i18n import N_, _, language, ngettext
from game.core.words import said

from scenes.widgets import ui
from scenes.app.stack import Scene
from scenes.art.metrics import CARD_ASPECT, GEAR_STEP, GEAR_TOP, STRIP, line_width
from scenes.table.rules_badge import active_rules

GEAR_X = STRIP / 2  # gear centre from the card's left edge, fraction of card width (art.py)
PAD = 0.125  # module outline radius around a gear centre, fraction of card width
MODULE_COLOURS = [(255, 214, 102), (96, 214, 236), (132, 226, 120), (240, 130, 226),
                  (255, 160, 72), (140, 168, 255), (206, 240, 96), (255, 138, 160)]
GREY = (150, 146, 140)
REVEAL_S = 0.5  # seconds per module when playing at human speed
DEMO_S = 0.25


# the engine's tiebreakers (game.assemble.scoring.TIEBREAKERS) in the player's words
TIEBREAKER_WORDS = {1: N_("largest scored module"), 2: N_("more scored modules"),
                    3: N_("fewer unscored modules")}
assert set(TIEBREAKER_WORDS) == set(TIEBREAKERS)
ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}


def _join(names: list[str]) -> str:
    """"Ada", "Ada and Bo", "Ada, Bo and Cy" (Japanese: 「Ada、Bo、Cy」)."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=_(", ").join(names[:-1]), last=names[-1])


def _listing(parts: list[str]) -> str:
    return _(", ").join(parts)


def _tb_value(i: int, v: int, name: str) -> str:
    """One tied player's figure for tiebreaker i: "Ada size 5", "Bo 2 scored", "Cy 1 unscored"."""
    if i == 1:
        return _("{name} size {size}").format(name=name, size=v)
    if i == 2:
        return _("{name} {n} scored").format(name=name, n=v)
    return _("{name} {n} unscored").format(name=name, n=-v)


def _tiebreaker(index: int, listing: str) -> str:
    return _("Tiebreaker {index} ({rule}): {listing}.").format(
        index=index, rule=_(TIEBREAKER_WORDS[index]), listing=listing)


def tiebreak_text(state, names=None) -> str | None:
    """The sentence explaining which tiebreaker decided the win (or that it is a draw);
    None when the scores alone decided. The decision is the engine's (scoring.tiebreak)."""
    keys = state.player_keys()
    names = list(names or [_("Player {number}").format(number=p + 1) for p in range(len(keys))])
    tie = tiebreak(keys)
    if tie is None:
        return None
    if len(keys) == 2:
        parts = [_("Both counting dolls score {points} points.").format(points=tie.points)]
    else:
        parts = [_("{names} tie at {points} points.").format(
            names=_join([names[p] for p in tie.tied]), points=tie.points)]
    for step in tie.steps:
        parts.append(_tiebreaker(step.index, _listing(
            [_tb_value(step.index, value, names[p]) for p, value in step.values])))
    if len(tie.winners) == 1:
        parts.append(said(names[tie.winners[0]], _("{who} win."), _("{who} wins.")))
    else:
        k = tie.key
        parts.append(_("Still level on every tiebreaker (size {size}, {scored} scored, {unscored} "
                       "unscored): a draw, {names} share the win.").format(
            size=k[1], scored=k[2], unscored=-k[3], names=_join([names[p] for p in tie.winners])))
    return _sentences(parts)


def _sentences(parts: list[str]) -> str:
    """Sentences one after another (a space between them in English, none in Japanese)."""
    out = parts[0]
    for part in parts[1:]:
        out = _("{sentence} {next_sentence}").format(sentence=out, next_sentence=part)
    return out


def ordinal(n: int) -> str:
    return _(ORDINALS[n]) if n in ORDINALS else _("{n}th").format(n=n)


def placing_text(state, names=None) -> str | None:
    """Ties on points below the top (3 or 4 players): which tiebreaker put whom ahead, or that they
    share the place; None when there are none. The same tiebreakers as for the win."""
    keys = state.player_keys()
    names = list(names or [_("Player {number}").format(number=p + 1) for p in range(len(keys))])
    top = max(k[0] for k in keys)
    parts = []
    for points in sorted({k[0] for k in keys if k[0] != top}, reverse=True):
        group = [p for p, k in enumerate(keys) if k[0] == points]
        if len(group) < 2:
            continue
        place = ordinal(1 + sum(k[0] > points for k in keys))
        tie = tiebreak([keys[p] for p in group])
        who = _join([names[p] for p in group])
        if tie is None or not tie.steps:
            parts.append(_("{names} tie at {points} points and on every tiebreaker: they share {place} "
                           "place.").format(names=who, points=_num(points), place=place))
            continue
        parts.append(_("{names} tie at {points} points for {place} place.").format(
            names=who, points=_num(points), place=place))
        for step in tie.steps:
            parts.append(_tiebreaker(step.index, _listing(
                [_tb_value(step.index, v, names[group[i]]) for i, v in step.values])))
        if len(tie.winners) > 1:
            parts.append(_("{names} share {place} place.").format(
                names=_join([names[group[i]] for i in tie.winners]), place=place))
    return _sentences(parts) if parts else None


def capacity_text(capacity: int, modules: int, flaw: bool) -> str:
    if modules == 0:
        return _("No modules: nothing to score.")
    if capacity >= modules:
        return _("The only module scores.") if modules == 1 else \
            _("All {n} modules score.").format(n=modules)
    if capacity == 1:
        return _("Only the best module scores. The Flaw: the others are subtracted.") if flaw else \
            _("Only the best module scores.")
    best = _("The {n} best modules score. The Flaw: the others are subtracted.") if flaw else \
        _("The {n} best modules score.")
    return best.format(n=capacity)


def _contribution(module, flaw: bool) -> int:
    return module.points if module.scored else (-module.points if flaw else 0)


def _num(v: int) -> str:
    return str(v).replace("-", "\u2212")


def _pts(v: int) -> str:
    return ngettext("{points} pt", "{points} pts", abs(v)).format(points=_num(v))


def module_style(module, index: int, flaw: bool) -> tuple:
    """(outline colour, fill RGBA) for a module."""
    if module.scored:
        c = MODULE_COLOURS[index % len(MODULE_COLOURS)]
        return c, c + (70,)
    if flaw:
        return ui.BAD, ui.BAD + (80,)
    return GREY, (30, 28, 28, 130)


def module_overlay(cells, cw: int, ch: int, colour, fill, t: int) -> tuple[pygame.Surface, tuple]:
    """A rounded outline around a module's gear cells; returns (surface, offset of cell
    (min column, min row) centre inside it)."""
    step, vstep, pad = STRIP * cw, GEAR_STEP * ch, PAD * cw
    c0, r0 = min(c for c, _ in cells), min(r for _, r in cells)
    c1, r1 = max(c for c, _ in cells), max(r for _, r in cells)
    edge = max(1, (t + 1) // 2)  # a dark rim outside the colour: the outline holds in grey too
    o = pad + t + edge + 1
    surf = pygame.Surface((int((c1 - c0) * step + 2 * o) + 1, int((r1 - r0) * vstep + 2 * o) + 1),
                          pygame.SRCALPHA)
    cellset = set(cells)

    def blob(radius, rgba):
        for c, r in cells:
            x, y = o + (c - c0) * step, o + (r - r0) * vstep
            pygame.draw.circle(surf, rgba, (x, y), radius)
            if (c + 1, r) in cellset:
                pygame.draw.rect(surf, rgba, (x, y - radius, step + 1, 2 * radius + 1))
            if (c, r + 1) in cellset:
                pygame.draw.rect(surf, rgba, (x - radius, y, 2 * radius + 1, vstep + 1))

    blob(pad + t + edge, (24, 18, 16, 255))
    blob(pad + t, colour + (255,))
    blob(pad, fill)  # draw calls replace pixels: the inside becomes translucent
    return surf, (o, o)


def index_tag(surface, card: int, x: int, y: int, cw: int) -> pygame.Rect:
    """A card's index on a paper tag over the numeral printed in its strip: in an overlapping line
    the printed numerals of neighbours nearly touch ("3125222120"); tags inside each strip, with
    a rim and a gap between them, keep every number apart."""
    edge = max(1, round(cw * 0.012))  # the printed numeral spans 0.03..0.23 of the width, 0.03..0.22 down
    box = pygame.Rect(x + edge, y + edge, max(6, round(cw * 0.245) - edge), max(6, round(cw * 0.22) - edge))
    size = max(7, round(box.h * 0.8))
    words = ui.render(str(card), size, ui.INK, "bold")
    while words.get_width() > box.w - max(3, box.w // 5) and size > 7:  # room each side
        size -= 1
        words = ui.render(str(card), size, ui.INK, "bold")
    radius = max(2, box.h // 4)
    pygame.draw.rect(surface, ui.PAPER, box, border_radius=radius)
    pygame.draw.rect(surface, ui.BRASS_DARK, box, max(1, round(cw * 0.008)), border_radius=radius)
    surface.blit(words, words.get_rect(center=box.center))
    return box


class ScoringScene(Scene):
    name = "scoring"

    def __init__(self, app, session, config=None, coach=None, game_id=None):
        super().__init__(app)
        self.session, self.config = session, config
        self.game_id = game_id  # the finished game's row in History: its review is kept there
        self.coach = coach  # a lesson's: the walk-through says what each step means
        self.coach_box = pygame.Rect(0, 0, 0, 0)
        self.coach_seen = None  # the step the demo last took a screenshot of
        st = self.state = session.state
        self.lanes = [st.explain(lane) for lane in range(st.n_lanes)]
        seats = list(getattr(config, "seats", []) or [])
        self.names = [seats[p].name if p < len(seats) else _("Player {number}").format(number=p + 1)
                      for p in range(st.players)]
        self.colours = [ui.PLAYER_COLOURS[(seats[p].colour if p < len(seats) else p)
                                          % len(ui.PLAYER_COLOURS)] for p in range(st.players)]
        self.keys = st.player_keys()
        self.winners = st.winners()
        self.phase = "lanes"
        self.revealed: list[int] = []  # lanes whose score has been shown in full
        self.lane = self.shown = 0
        self.total = 0.0  # the lane total as it counts up
        self.timer = self.age = 0.0
        self.snapped = False
        self.next_btn = ui.Button(N_("Next"), self.advance)
        self.skip_btn = ui.Button(N_("Skip"), self.skip)
        self.again_btn = ui.Button(N_("Play again"), self.play_again)
        self.title_btn = ui.Button(N_("Title"), self.to_title)
        self.review_btn = ui.Button(N_("Review"), self.review)
        self.ring = ui.FocusRing([self.next_btn, self.skip_btn])
        self._overlays: dict = {}
        self._bg = None
        self.size, self.s = (1280, 720), 1.0
        self._lang = language()
        self._enter_lane(0)

    # --- flow ------------------------------------------------------------------------------

    def _enter_lane(self, lane: int) -> None:
        self.lane, self.total, self.timer = lane, 0.0, 0.0
        self._set_shown(0)

    def _set_shown(self, n: int) -> None:
        if n > self.shown:  # a scored module rings; one over the capacity only knocks
            module = self.lanes[self.lane].modules[n - 1]
            self.app.sound.play("chime" if module.scored else "pass", volume=0.7)
        self.shown, self.age = n, 0.0
        if n >= len(self.lanes[self.lane].modules) and self.lane not in self.revealed:
            self.revealed.append(self.lane)

    def target_total(self) -> int:
        ls = self.lanes[self.lane]
        return sum(_contribution(m, ls.flaw) for m in ls.modules[:self.shown])

    def advance(self) -> None:
        """Next: finish the current lane, or go to the next lane / the summary."""
        if self.phase != "lanes":
            return
        if self.shown < len(self.lanes[self.lane].modules):
            self._set_shown(len(self.lanes[self.lane].modules))
        elif self.lane + 1 < len(self.lanes):
            self._enter_lane(self.lane + 1)
        else:
            self.skip()

    def step(self) -> None:
        """One small step (demo): the next module, else as advance()."""
        if self.phase == "lanes" and self.shown < len(self.lanes[self.lane].modules):
            self._set_shown(self.shown + 1)
        else:
            self.advance()

    def skip(self) -> None:
        if self.phase != "summary":
            self.app.sound.play("win")
            if self.coach is not None:
                self.coach.finished()
        self.phase = "summary"
        self.revealed = list(range(len(self.lanes)))
        for w in self.ring.widgets:
            w.focused = False
        self.ring = ui.FocusRing([self.again_btn] + self.review_offered() + [self.title_btn])
        self.resize(self.size)

    def review_offered(self) -> list:
        """The Review button, after a real game (not a lesson, not a replay's end)."""
        return [self.review_btn] if self.coach is None and self.name == "scoring" else []

    def review(self) -> None:
        """The review of the game just played (issue 42), over these results."""
        from game.core.records import record_of
        from scenes.replay.review import open_review
        open_review(self.app, record_of(self.session), self.game_id)

    def play_again(self) -> None:
        config = dataclasses.replace(self.config, seed=None) if self.config is not None else None
        if config is not None and config.lesson:  # after a lesson: a real game, same opponent
            config = dataclasses.replace(config, lesson=None)
        self.app.stack.replace(self.app.make("table", config=config))

    def to_title(self) -> None:
        self.app.stack.clear_to(self.app.make("title"))

    # --- events ----------------------------------------------------------------------------

    def handle(self, event) -> None:
        if self.ring.handle(event):
            return
        if self.phase != "lanes":
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT):
                self.advance()
            elif event.key == pygame.K_ESCAPE:
                self.skip()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.advance()

    def update(self, dt: float) -> None:
        target = self.target_total() if self.phase == "lanes" else 0
        diff = target - self.total
        speed = max(30.0, abs(diff) * 6) * dt
        self.total = target if abs(diff) <= speed else self.total + (speed if diff > 0 else -speed)
        self.age += dt
        if self.phase == "lanes":
            self.timer += dt
            if self.app.demo:
                if self.timer >= DEMO_S:
                    self.timer = 0.0
                    self.step()
            elif self.shown < len(self.lanes[self.lane].modules) and self.timer >= REVEAL_S:
                self.timer = 0.0
                self._set_shown(self.shown + 1)
        self._label_buttons()
        if self.coach is not None and self.app.demo and self.coach_seen != (self.phase, self.lane):
            self.coach_seen = (self.phase, self.lane)
            self.coach.snap_scoring(self.phase, self.lane)
        if self.phase == "summary" and self.app.demo and not self.snapped:
            self.snapped = True
            self.app.end_demo()

    @property
    def tiebreak(self) -> str | None:
        """The notes under the results: the win's tiebreak, then ties for lower places."""
        notes = [n for n in (tiebreak_text(self.state, self.names), placing_text(self.state, self.names)) if n]
        return _sentences(notes) if notes else None

    def _label_buttons(self) -> None:
        """The buttons' words, looked up now (Settings may have switched language)."""
        last = self.phase == "lanes" and self.lane == len(self.lanes) - 1 and self.lane in self.revealed
        self.next_btn.label = _("Results") if last else _("Next")
        self.skip_btn.label, self.again_btn.label, self.title_btn.label = _("Skip"), _("Play again"), _("Title")
        if self.coach is not None:
            self.again_btn.label = _("Play a game")

    # --- layout ----------------------------------------------------------------------------

    def px(self, n: float) -> int:
        return max(9, round(n * self.s))

    def resize(self, size) -> None:
        self.size = (max(1, size[0]), max(1, size[1]))
        s = self.s = ui.scale_for(self.size)
        W, H = self.size
        m = self.m = round(20 * s)
        self._overlays.clear()
        bw, bh = round(170 * s), round(48 * s)
        by = H - m - bh
        if self.phase == "lanes":
            self.skip_btn.rect = pygame.Rect(W - m - 2 * bw - m // 2, by, bw, bh)
            self.next_btn.rect = pygame.Rect(W - m - bw, by, bw, bh)
            self.again_btn.rect = self.title_btn.rect = pygame.Rect(0, 0, 0, 0)
            self.header = pygame.Rect(m, m // 2, W - 2 * m, round(62 * s))
            self.tally = pygame.Rect(m, by, self.skip_btn.rect.x - 2 * m, bh)
            top, bottom = self.header.bottom + m // 2, by - m
            if self.coach is not None:  # the lesson's words under the line
                cw = W - round(310 * s) - 3 * m
                ch = self.coach.scoring_height(self.state, cw, s)
                self.coach_box = pygame.Rect(m, bottom - ch, cw, ch)
            pw = round(310 * s)
            self.side = pygame.Rect(W - m - pw, top, pw, bottom - top)
            self.line_area = pygame.Rect(m, top, self.side.x - 2 * m, bottom - top)
            if self.coach is not None:
                self.line_area.h -= self.coach_box.h + m // 2
            n = max([len(ls.line) for ls in self.lanes] + [1])
            a = self.line_area
            self.card_w = max(8, int(min(a.w / (1 + STRIP * (n - 1)), a.h * CARD_ASPECT)))
        else:
            bw = round(200 * s)
            self.again_btn.rect = pygame.Rect(W // 2 - bw - m // 2, by, bw, bh)
            self.title_btn.rect = pygame.Rect(W // 2 + m // 2, by, bw, bh)
            self.review_btn.rect = pygame.Rect(0, 0, 0, 0)
            if self.review_offered():  # three in a row: again, review, title
                self.review_btn.rect = pygame.Rect(W // 2 - bw // 2, by, bw, bh)
                self.again_btn.rect.right = self.review_btn.rect.x - m
                self.title_btn.rect.x = self.review_btn.rect.right + m
            self.next_btn.rect = self.skip_btn.rect = pygame.Rect(0, 0, 0, 0)
            self.banner = pygame.Rect(m, m // 2, W - 2 * m, round(96 * s))
            self.note_lines = self._note_lines(W - 4 * m)
            lines = len(self.note_lines)  # as drawn: each line's height, a little space between
            note_h = lines * ui.font(self.note_px).get_height() + max(0, lines - 1) * round(self.note_px * 0.3)
            self.note = pygame.Rect(2 * m, by - m // 2 - note_h, W - 4 * m, note_h)
            if self.coach is not None:  # the lesson's last words, above the notes
                ch = self.coach.scoring_height(self.state, W - 2 * m, s)
                above = self.note.y if self.note_lines else by
                self.coach_box = pygame.Rect(m, above - m // 2 - ch, W - 2 * m, ch)
            top, bottom = self.banner.bottom + m // 2, self.note.y - m // 2
            if self.coach is not None:
                bottom = self.coach_box.y - m // 2
            P = self.state.players
            gap = round(10 * s)
            rh = min(round({2: 190, 3: 165}.get(P, 140) * s), (bottom - top - gap * (P - 1)) // P)
            y0 = top + (bottom - top - (rh * P + gap * (P - 1))) // 2
            self.rows = [pygame.Rect(m, y0 + i * (rh + gap), W - 2 * m, rh) for i in range(P)]

    def _note_lines(self, width: int) -> list[str]:
        if not self.tiebreak:
            self.note_px = self.px(17)
            return []
        self.note_px = self.px(18)
        lines = ui.wrap(self.tiebreak, self.note_px, width)
        while len(lines) > 3 and self.note_px > 9:
            self.note_px -= 1
            lines = ui.wrap(self.tiebreak, self.note_px, width)
        return lines

    def layout_rects(self) -> dict[str, pygame.Rect]:
        """The named regions of the current phase (tests check they fit and do not overlap)."""
        if self.phase == "lanes":
            rects = {"header": self.header, "line": self.line_rect(), "side": self.side,
                     "tally": self.tally, "next": self.next_btn.rect, "skip": self.skip_btn.rect}
            if self.coach is not None:
                rects["coach"] = self.coach_box
            return rects
        rects = {f"row{i}": r for i, r in enumerate(self.rows)}
        rects.update(banner=self.banner, again=self.again_btn.rect, title=self.title_btn.rect)
        if self.note_lines:
            rects["note"] = self.note
        if self.coach is not None:
            rects["coach"] = self.coach_box
        return rects

    def line_rect(self) -> pygame.Rect:
        n, cw = len(self.lanes[self.lane].line), self.card_w
        ch = round(cw / CARD_ASPECT)
        w = round(line_width(cw, n))
        a = self.line_area
        return pygame.Rect(a.centerx - w // 2, a.centery - ch // 2, w, ch)

    # --- drawing ---------------------------------------------------------------------------

    def _background(self, surface) -> None:
        if self._bg is None or self._bg.get_size() != surface.get_size():
            self._bg = self.app.art.table(surface.get_size()).copy()
            shade = pygame.Surface(self._bg.get_size(), pygame.SRCALPHA)
            shade.fill((12, 8, 10, 120))
            self._bg.blit(shade, (0, 0))
        surface.blit(self._bg, (0, 0))

    def draw_line(self, surface, lane: int, x0: int, y0: int, cw: int, shown: int,
                  big: bool = True) -> None:
        """Lane `lane`'s cards (overlapping, later on top) with its first `shown` modules."""
        ls = self.lanes[lane]
        ch = round(cw / CARD_ASPECT)
        step = STRIP * cw
        if ls.line:
            shadow = pygame.Rect(x0, y0, round(line_width(cw, len(ls.line))), ch).move(
                max(2, cw // 40), max(2, cw // 40))
            ui.panel(surface, shadow, (0, 0, 0, 90), None, radius=max(2, cw // 16))
        for i, card in enumerate(ls.line):
            surface.blit(self.app.art.doll(card, cw), (round(x0 + i * step), y0))
        for i, card in enumerate(ls.line):  # each index on its own tag, apart from its neighbours'
            index_tag(surface, card, round(x0 + i * step), y0, cw)
        t = max(2, round(cw * 0.024)) if big else max(1, round(cw * 0.03))
        for idx, module in enumerate(ls.modules[:shown]):
            key = (lane, idx, cw, t)
            if key not in self._overlays:
                colour, fill = module_style(module, idx, ls.flaw)
                self._overlays[key] = module_overlay(module.cells, cw, ch, colour, fill, t)
            surf, (ox, oy) = self._overlays[key]
            c0, r0 = min(c for c, _ in module.cells), min(r for _, r in module.cells)
            surface.blit(surf, (round(x0 + c0 * step + GEAR_X * cw - ox),
                                round(y0 + (GEAR_TOP + r0 * GEAR_STEP) * ch - oy)))
            if big:  # a number disc down-left of the module's bottom cell (up-left would cover
                # the next card's index when the module starts in the top row), popping when new
                c, r = min(module.cells, key=lambda cell: (-cell[1], cell[0]))
                centre = (x0 + (c * STRIP + GEAR_X - PAD * 0.72) * cw,
                          y0 + (GEAR_TOP + r * GEAR_STEP) * ch + PAD * 0.72 * cw)
                pop = 1.4 - 0.4 * self.age / 0.3 if idx == shown - 1 and self.age < 0.3 else 1
                rad = max(self.px(10), round(0.062 * cw)) * pop
                self._number_disc(surface, centre, rad, idx, module, ls.flaw)

    def _number_disc(self, surface, centre, rad, idx, module, flaw) -> None:
        colour, _fill = module_style(module, idx, flaw)
        pygame.draw.circle(surface, ui.INK, centre, rad + max(1, rad * 0.15))
        pygame.draw.circle(surface, colour, centre, rad)
        ui.text(surface, str(idx + 1), round(rad * 1.3), centre, ui.INK, "center", "bold")

    def draw(self, surface) -> None:
        if surface.get_size() != self.size or language() != self._lang:
            self._lang = language()  # the notes' lines are laid out in the words on screen
            self.resize(surface.get_size())
        self._background(surface)
        self._label_buttons()
        if self.phase == "lanes":
            self._draw_lanes(surface)
        else:
            self._draw_summary(surface)
        if self.coach is not None:
            self.coach.draw_scoring(surface, self.coach_box, self.state, self.phase, self.lane, self.s)
        self.ring.draw(surface, self.s)

    def _draw_lanes(self, surface) -> None:
        s = self.s
        lane, ls = self.lane, self.lanes[self.lane]
        owner = self.state.owners[lane]
        hd = self.header
        head = _("FINAL SCORING \u00b7 THE FLAW") if ls.flaw else _("FINAL SCORING")
        count = ui.text(surface, _("{number} of {count}").format(number=lane + 1, count=len(self.lanes)),
                        self.px(18), hd.topright, ui.MUTED, "topright", "bold", max_width=hd.w // 3)
        r = ui.text(surface, head, self.px(16), hd.topleft, ui.BRASS, style="bold",
                    max_width=count.x - hd.x - round(12 * s))
        y = max(hd.y + round(22 * s), r.bottom)  # under the heading, however tall its face,
        # and above the cards (beside the side panel)
        ui.text(surface, self.lane_label(lane), self.px(34), (hd.x, y), self.colours[owner],
                style="title", max_width=self.side.x - self.m - hd.x,
                max_height=max(1, self.line_rect().y - 2 - y))
        r = self.line_rect()
        self.draw_line(surface, lane, r.x, r.y, self.card_w, self.shown)
        self._draw_side(surface, ls)
        self._draw_tally(surface)

    def _draw_side(self, surface, ls) -> None:
        s, side = self.s, self.side
        ui.panel(surface, side, radius=round(10 * s), width=max(1, round(2 * s)))
        p = round(14 * s)
        x, w = side.x + p, side.w - 2 * p
        y = side.y + p
        y = ui.text(surface, _("Capacity {capacity}").format(capacity=ls.capacity), self.px(26), (x, y),
                    ui.HILITE, style="bold",
                    max_width=w).bottom + round(2 * s)
        for line in ui.wrap(capacity_text(ls.capacity, len(ls.modules), ls.flaw), self.px(16), w):
            y = ui.text(surface, line, self.px(16), (x, y), ui.TEXT).bottom
        total_h = round(96 * s)
        area = pygame.Rect(x, y + round(10 * s), w, side.bottom - p - total_h - y - round(10 * s))
        self._draw_module_list(surface, ls, area)
        # the lane total
        ty = side.bottom - p - total_h
        pygame.draw.line(surface, ui.BRASS_DARK, (x, ty), (x + w, ty), max(1, round(2 * s)))
        done = self.shown >= len(ls.modules)
        ui.text(surface, _("Doll score"), self.px(18), (x, ty + round(8 * s)), ui.MUTED, style="bold",
                max_width=w)
        value = round(self.total)
        colour = ui.HILITE if done and value == ls.score else ui.TEXT
        ui.text(surface, _num(value), self.px(64), (x + w, side.bottom - p + round(6 * s)), colour,
                "bottomright", "bold")
        if done:
            ui.text(surface, _("final"), self.px(15), (x, side.bottom - p), ui.GOOD, "bottomleft", "bold")

    def _draw_module_list(self, surface, ls, area: pygame.Rect) -> None:
        n = len(ls.modules)
        if n == 0 or area.h <= 0:
            return
        s = self.s
        cols = 1 if area.h // n >= round(18 * s) or n == 1 else 2
        per_col = -(-n // cols)
        row_h = min(round(32 * s), area.h // per_col)
        col_w = area.w // cols
        fpx = max(8, min(self.px(18), round(row_h * 0.62)))
        rad = max(4, round(min(row_h * 0.4, 11 * s)))
        tx0 = 2 * rad + round(8 * s)
        room = col_w - round(4 * s) - tx0
        f = ui.font(fpx, "bold")
        # one format for every row (of the lane, shown or not yet): the words where all fit, else
        # one-character marks, else the points alone; never "9 pts -" beside "size 1 = 1 pt not scored"
        rows = [self._module_row(m, ls.flaw) for m in ls.modules]
        for tier in range(3):
            if all(f.size(self._row_words(row, tier)[0] + "  " + self._row_words(row, tier)[1])[0] <= room
                   for row in rows) or tier == 2:
                break
        old_clip = surface.get_clip()
        for idx, module in enumerate(ls.modules[:self.shown]):
            cell = pygame.Rect(area.x + (idx // per_col) * col_w, area.y + (idx % per_col) * row_h,
                               col_w - round(4 * s), row_h)
            surface.set_clip(cell.clip(old_clip))
            self._number_disc(surface, (cell.x + rad + 1, cell.centery), rad, idx, module, ls.flaw)
            colour, mcol = rows[idx][2], rows[idx][3]
            label, mark = self._row_words(rows[idx], tier)
            tx = cell.x + tx0
            mark_r = ui.text(surface, mark, fpx if len(mark) == 1 else max(8, fpx - 3),
                             (cell.right, cell.centery), mcol, "midright", "bold")
            ui.text(surface, label, fpx, (tx, cell.centery), colour, "midleft", "bold",
                    max_width=mark_r.x - tx - round(4 * s))
        surface.set_clip(old_clip)

    @staticmethod
    def _module_row(module, flaw: bool) -> tuple:
        """(size, points shown, words colour, mark colour, mark, one-character mark) of a module's row."""
        value = _contribution(module, flaw) if flaw else module.points
        if module.scored:
            return module.size, value, ui.TEXT, ui.GOOD, "\u2713", "\u2713"
        if flaw:
            return module.size, value, ui.BAD, ui.BAD, "\u2212", "\u2212"
        return module.size, value, GREY, GREY, _("not scored"), "\u2013"

    @staticmethod
    def _row_words(row: tuple, tier: int) -> tuple[str, str]:
        """A module row's (words, mark) in format `tier`: 0 in full, 1 with a one-character mark,
        2 the points alone with that mark."""
        size, value, _colour, _mcol, mark, short = row
        if tier == 2:
            return _pts(value), short
        return _("size {size} = {points}").format(size=size, points=_pts(value)), mark if tier == 0 else short

    def _draw_tally(self, surface) -> None:
        t, n = self.tally, len(self.lanes)
        cw = t.w / n
        for lane in range(n):
            cell = pygame.Rect(round(t.x + lane * cw), t.y, round(cw) - round(6 * self.s), t.h)
            owner = self.state.owners[lane]
            current = lane == self.lane
            ui.panel(surface, cell, ((70, 56, 46, 230) if current else (30, 26, 26, 200)),
                     ui.HILITE if current else ui.BRASS_DARK, radius=round(6 * self.s),
                     width=max(1, round(2 * self.s)))
            pygame.draw.rect(surface, self.colours[owner],
                             (cell.x + 3, cell.y + 3, max(2, round(5 * self.s)), cell.h - 6))
            score = _num(self.lanes[lane].score) if lane in self.revealed else "\u2026"
            inner = cell.inflate(-round(16 * self.s), 0)
            name_f = ui.font(self.px(14), "bold")
            high = name_f.get_height() + ui.font(self.px(20), "bold").get_height()
            if high <= cell.h + round(4 * self.s):  # the name above, the score below it
                ui.text(surface, self.short_label(lane, name_f, inner.w), self.px(14), (inner.x, cell.y + cell.h * 0.3),
                        ui.MUTED, "midleft", "bold", max_width=inner.w)
                ui.text(surface, score, self.px(20), (inner.right, cell.y + cell.h * 0.66), ui.TEXT,
                        "midright", "bold", max_width=inner.w)
            else:  # a low cell (small window, tall faces, large text): side by side
                r = ui.text(surface, score, self.px(20), (inner.right, cell.centery), ui.TEXT,
                            "midright", "bold", max_width=inner.w // 3, max_height=cell.h)
                room = r.x - inner.x - round(6 * self.s)
                ui.text(surface, self.short_label(lane, name_f, room), self.px(14), (inner.x, cell.centery), ui.MUTED, "midleft",
                        "bold", max_width=room, max_height=cell.h)

    def short_label(self, lane: int, font, room: float) -> str:
        """The lane's label in `room` pixels: "Ada (doll A)", "Ada · A", then the name cut short
        before the letter ("Wilhel… · A"), so which doll it is never goes."""
        label = self.lane_label(lane)
        letter = doll_letter(self.state.owners, lane)
        if font.size(label)[0] <= room or not letter:
            return label
        name = self.names[self.state.owners[lane]]
        for k in range(len(name), 0, -1):
            short = _("{name} {letter}").format(name=name if k == len(name) else name[:k] + "\u2026",
                                                letter=letter)
            if font.size(short)[0] <= room:
                return short
        return short

    # --- summary ---------------------------------------------------------------------------

    def lane_label(self, lane: int) -> str:
        """"Ada", or "Ada (doll A)" in a two-player game: the words the table uses."""
        return lane_label(self.names, self.state.owners, lane)

    def ranking(self) -> list[tuple[int, int]]:
        """(rank, player), best first; tied keys share a rank."""
        order = sorted(range(len(self.keys)), key=lambda p: self.keys[p], reverse=True)
        return [(1 + sum(k > self.keys[p] for k in self.keys), p) for p in order]

    def banner_text(self) -> tuple[str, tuple]:
        if len(self.winners) == 1:
            p = self.winners[0]
            return said(self.names[p], _("{who} win!"), _("{who} wins!")), self.colours[p]
        return _("Draw! {names} share the win").format(names=_join([self.names[p] for p in self.winners])), \
            ui.HILITE

    def counting_note(self, player: int, short: bool = False) -> str:
        """Which doll counts and why; `short` for a small window or large text."""
        lanes = [lane for lane, o in enumerate(self.state.owners) if o == player]
        c = self.state.counting_lane(player)
        other = next(lane for lane in lanes if lane != c)
        sc, so = self.lanes[c].score, self.lanes[other].score
        letter = doll_letter(self.state.owners, c)
        fields = dict(letter=letter, score=_num(sc), other=_num(so))
        tied = self.state.lane_key(c) != self.state.lane_key(other)
        if short:
            if sc != so:
                return _("Counting: doll {letter} ({score} < {other}).").format(**fields)
            return (_("Counting: doll {letter} (tiebreak).") if tied else
                    _("Equal: doll {letter} counts.")).format(**fields)
        if sc != so:
            return _("The weaker doll counts: doll {letter} ({score} < {other}).").format(**fields)
        if tied:
            return _("The weaker doll counts: both {score}, doll {letter} loses the tiebreak.").format(**fields)
        return _("Both dolls are equal ({score}): doll {letter} counts.").format(**fields)

    def _draw_summary(self, surface) -> None:
        s, b = self.s, self.banner
        head = [_("FINAL SCORES")] + [_(n).upper() for n in active_rules(self.state.rules)]
        if self.session.meta.get("assisted"):  # a free undo took back a bot's move or a deal
            head.append(_("ASSISTED: {helps}").format(helps=helps_words(self.session.meta).upper()))
        ui.text(surface, " \u00b7 ".join(head), self.px(16), (b.centerx, b.y), ui.BRASS, "midtop", "bold",
                max_width=b.w)
        label, colour = self.banner_text()
        star = ui.render("\u2605", self.px(40), colour, "bold") if len(self.winners) == 1 else None
        sw = star.get_width() + round(16 * s) if star else 0
        r = ui.text(surface, label, self.px(50), (b.centerx, b.y + round(24 * s)), colour, "midtop",
                    "title", max_width=b.w - 2 * sw)
        if star:
            surface.blit(star, star.get_rect(midright=(r.x - round(12 * s), r.centery)))
            surface.blit(star, star.get_rect(midleft=(r.right + round(12 * s), r.centery)))
        for (rank, player), row in zip(self.ranking(), self.rows):
            self._draw_row(surface, rank, player, row)
        y = self.note.y
        for line in self.note_lines:
            y = ui.text(surface, line, self.note_px, (self.note.centerx, y), ui.TEXT, "midtop").bottom
            y += round(self.note_px * 0.3)

    def _draw_row(self, surface, rank: int, player: int, row: pygame.Rect) -> None:
        s = self.s
        win = player in self.winners
        ui.panel(surface, row, (44, 36, 40, 225), ui.HILITE if win else ui.BRASS_DARK,
                 radius=round(10 * s), width=max(1, round((3 if win else 2) * s)))
        pygame.draw.rect(surface, self.colours[player],
                         (row.x + round(4 * s), row.y + round(6 * s), max(3, round(7 * s)),
                          row.h - round(12 * s)), border_radius=max(1, round(3 * s)))
        p = round(14 * s)
        inner = row.inflate(-2 * p, -2 * p)
        inner.x += round(8 * s)
        inner.w -= round(8 * s)
        name_w = round(inner.w * 0.22)
        score_w = round(inner.w * 0.12)
        # name column
        y = inner.y
        place = _("{place}  \u2605 winner").format(place=ordinal(rank)) if win else ordinal(rank)
        y = ui.text(surface, place, self.px(15), (inner.x, y),
                    ui.HILITE if win else ui.MUTED, style="bold", max_width=name_w).bottom
        y = ui.text(surface, self.names[player], self.px(28), (inner.x, y), self.colours[player],
                    style="bold", max_width=name_w).bottom + round(4 * s)
        if self.state.players == 2:
            npx = self.px(15)
            lines = ui.wrap(self.counting_note(player), npx, name_w)
            if y + len(lines) * ui.font(npx).get_linesize() > inner.bottom + round(4 * s):
                lines = ui.wrap(self.counting_note(player, short=True), npx, name_w)  # all of it shows
            for line in lines:
                if y + npx > inner.bottom:
                    break
                y = ui.text(surface, line, npx, (inner.x, y), ui.TEXT, max_width=name_w).bottom
        # score column
        score_box = pygame.Rect(inner.right - score_w, inner.y, score_w, inner.h)
        score = self.keys[player][0]
        number, unit = _num(score), ngettext("point", "points", abs(score))  # under the number
        colour = ui.HILITE if win else ui.TEXT
        unit_f = ui.font(self.px(14))
        if ui.font(self.px(48), "bold").get_height() + unit_f.get_height() <= score_box.h + round(12 * s):
            ui.text(surface, number, self.px(48), (score_box.centerx, score_box.centery - round(6 * s)),
                    colour, "center", "bold", max_width=score_w)
            ui.text(surface, unit, self.px(14), (score_box.centerx, score_box.bottom), ui.MUTED,
                    "midbottom", max_width=score_w)
        else:  # a low row (tall faces, large text): the unit beside the number, not under it
            unit_w = min(unit_f.size(unit)[0], score_w // 2)
            r = ui.text(surface, number, self.px(48), (score_box.right - unit_w - round(4 * s),
                                                       score_box.centery), colour, "midright", "bold",
                        max_width=score_w - unit_w - round(4 * s), max_height=score_box.h + 2 * p)
            ui.text(surface, unit, self.px(14), (r.right + round(4 * s), r.bottom - r.h * 0.15),
                    ui.MUTED, "bottomleft", max_width=unit_w)
        # lane blocks
        lanes = [lane for lane, o in enumerate(self.state.owners) if o == player]
        area = pygame.Rect(inner.x + name_w + p, inner.y, inner.w - name_w - score_w - 2 * p, inner.h)
        gap = p
        bw = (area.w - gap * (len(lanes) - 1)) // len(lanes)
        counting = self.state.counting_lane(player)
        for k, lane in enumerate(lanes):
            block = pygame.Rect(area.x + k * (bw + gap), area.y, bw, area.h)
            self._draw_lane_block(surface, lane, block, len(lanes) > 1, lane == counting)

    def breakdown(self, lane: int) -> str:
        """e.g. "25 + 9 − 1 = 33" (scored points, minus The Flaw's)."""
        ls = self.lanes[lane]
        parts = [str(m.points) for m in ls.scored]
        text = " + ".join(parts) or "0"
        if ls.flaw and ls.unscored:
            text += "".join(f" \u2212 {m.points}" for m in ls.unscored)
        return f"{text} = {ls.score}"

    def _draw_lane_block(self, surface, lane: int, block: pygame.Rect, pair: bool,
                         counts: bool) -> None:
        s, ls = self.s, self.lanes[lane]
        pad = round(6 * s)
        box = block.inflate(0, 2 * pad) if pair else block
        if pair:
            ui.panel(surface, box, (60, 50, 40, 200) if counts else (24, 20, 22, 160),
                     ui.HILITE if counts else (90, 84, 80), radius=round(8 * s),
                     width=max(1, round((3 if counts else 1) * s)))
        inner = box.inflate(-2 * pad, -2 * pad)
        dim = pair and not counts
        letter = doll_letter(self.state.owners, lane)
        scored = dict(scored=len(ls.scored), total=len(ls.modules))
        modules = _("{scored} of {total} modules scored").format(**scored)
        lines = [(_("doll {letter}").format(letter=letter) if letter else _("doll"), 15, ui.MUTED, "bold"),
                 (_pts(ls.score), 26, GREY if dim else ui.TEXT, "bold"),
                 (_("capacity {capacity}").format(capacity=ls.capacity), 14, ui.MUTED, "regular"),
                 (modules, 14, ui.MUTED, "regular")]
        if not pair:
            lines.append((self.breakdown(lane), 14, ui.MUTED, "regular"))
        else:
            lines.append((_("\u2713 counts") if counts else _("not counted"), 15,
                          GREY if dim else ui.GOOD, "bold"))
        need = max(ui.font(self.px(size), style).size(text)[0] for text, size, _c, style in lines)
        n = max(1, len(ls.line))
        label_w = min(need + pad, round(inner.w * (0.5 if pair else 0.6)))
        cw = int(min((inner.w - label_w - 2 * pad) / (1 + STRIP * (n - 1)), inner.h * CARD_ASPECT))
        cw = max(6, cw)
        ch = round(cw / CARD_ASPECT)
        old_clip = surface.get_clip()
        surface.set_clip(inner.clip(old_clip))
        self.draw_line(surface, lane, inner.x, inner.centery - ch // 2, cw, len(ls.modules), False)
        lx = inner.x + round(line_width(cw, n)) + pad * 2
        lw = inner.right - lx
        y = inner.y
        fewer = {modules: [_("{scored}/{total} modules scored").format(**scored),  # a narrow block: fewer words
                           _("{scored}/{total} scored").format(**scored)]}
        # too tall for the block (a small window, large text): capacity, then the modules line go,
        # so what counts is never clipped
        # (a single doll's block then its "doll" heading: the score and breakdown are what it says)
        def tall() -> bool:
            return sum(ui.font(self.px(z), st).get_height() for _t, z, _c, st in lines) > inner.h
        while len(lines) > 3 and tall():
            del lines[2]
        if not pair and len(lines) == 3 and tall():
            del lines[0]
        # still too tall (tall faces, large text): each line a little smaller, none clipped
        total = sum(ui.font(self.px(z), st).get_height() for _t, z, _c, st in lines)
        squeeze = min(1.0, (inner.h + pad) / total)
        for text, size, colour, style in lines:
            height = ui.font(self.px(size), style).get_height() * squeeze if squeeze < 1 else None
            if y + min(self.px(size), height or self.px(size)) > inner.bottom + pad:
                break
            for short in fewer.get(text, []):
                if ui.font(self.px(size), style).size(text)[0] > lw:
                    text = short
            y = ui.text(surface, text, self.px(size), (lx, y), colour, style=style,
                        max_width=lw, max_height=height).bottom
        surface.set_clip(old_clip)
        if dim:
            veil = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (10, 8, 8, 90), veil.get_rect(), border_radius=round(8 * s))
            surface.blit(veil, box.topleft)
