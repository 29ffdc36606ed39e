"""History: the finished games in the records folder, newest first, filtered by game and player;
a row opens the game in the replay viewer (issue 15).

The list comes from game.history (an index kept beside the records, so thousands open at once);
a record that cannot be read is listed as unreadable, greyed, and opens nothing.
"""

from __future__ import annotations

import datetime
import threading

import pygame

from game import history, registry
from game.i18n import N_, _, language, ngettext

from scenes.app.stack import Scene
from scenes.menus.pause import overlay_panel
from scenes.widgets import ui
from scenes.widgets.decor import dim, heading

ALL = ""  # a filter's "every game" / "every player"
LEVELS = {"human": "", "random": N_("random bot"), "easy": N_("easy bot"), "normal": N_("normal bot"),
          "hard": N_("hard bot"), "expert": N_("expert bot")}
FOOTER = N_("\u2191\u2193 choose     Enter replay     Wheel / PgUp PgDn scroll     Esc close")


def when(stamp: str) -> str:
    """An ISO time (UTC) as the player's local date and time, "2026-11-24 18:05"."""
    try:
        moment = datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except (TypeError, ValueError):
        return "?"
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def frame(size, controls: list) -> tuple[float, pygame.Rect, int]:
    """History's and Statistics' page: the panel, and the row of controls under the heading, each
    (widget, share of the row) laid out left to right. (scale, panel, the y where the page's body
    starts)."""
    s = ui.scale_for(size)
    P = pygame.Rect(0, 0, min(int(1100 * s), size[0] - int(16 * s)), size[1] - int(24 * s))
    P.center = (size[0] // 2, size[1] // 2)
    bh, gap = int(40 * s), int(12 * s)
    y = P.y + int(92 * s)
    room = P.w - int(60 * s) - (len(controls) - 1) * gap
    x = P.x + int(30 * s)
    total = sum(share for _widget, share in controls)
    for widget, share in controls:
        width = room * share / total
        widget.rect = pygame.Rect(int(x), y, int(width), bh)
        x += width + gap
    return s, P, y + bh + int(16 * s)


class Shorter(str):
    """Words with a shorter form for a narrow column (the date without its time, the players
    without their levels)."""

    short: str = ""

    def __new__(cls, words: str, short: str):
        out = super().__new__(cls, words)
        out.short = short
        return out


def fitting(words: str, px: float, width: float) -> str:
    """`words`, or their shorter form where the long one would be cut."""
    short = getattr(words, "short", "")
    return short if short and ui.fit(words, px, width) != words else str(words)


def player_words(player: tuple[str, str]) -> str:
    """"Ada", or "Bellows (hard bot)"; an external program as "Name (program)"."""
    name, seat = player
    level = LEVELS.get(seat, N_("program") if seat.startswith("cmd:") else "")
    return _("{name} ({level})").format(name=name, level=_(level)) if level else name


class HistoryScene(Scene):
    name = "history"
    opaque = False

    def __init__(self, app):
        super().__init__(app)
        self.entries: list = []
        self.loading = True  # the records are read in a thread: a cold index takes seconds
        self.progress = (0, 0)  # (records read, to read) while the index is brought up to date
        self.listing = None
        self.reader = threading.Thread(target=self.read, daemon=True)
        names: list[str] = []
        self.game_c = ui.Choice(N_("Game"), [ALL] + registry.ids(), 0, self.refilter,
                                show=lambda g: _(registry.info(g).title) if g else _("All games"))
        self.player_c = ui.Choice(N_("Player"), [ALL] + names, 0, self.refilter,
                                  show=lambda n: n if n else _("All players"))
        self.stats_b = ui.Button(N_("Statistics"), self.statistics)
        self.close_b = ui.Button(N_("Close"), self.close_overlay)
        self.ring = ui.FocusRing([self.game_c, self.player_c, self.stats_b, self.close_b])
        self.shown: list = []
        self.index = 0  # the row chosen with the keys
        self.top = 0  # the first row in sight
        self.s = 1.0
        self.size = (1280, 720)
        self.panel = self.view = pygame.Rect(0, 0, 0, 0)
        self.row_h = 40
        self.lang = language()
        self.refilter()
        self.stats_b.enabled = False
        self.reader.start()

    # --- the list ----------------------------------------------------------------------------

    def read(self) -> None:
        """The records folder as entries (in the reader thread: pure Python, no pygame)."""
        try:
            self.listing = history.open_folder(progress=lambda done, total: setattr(self, "progress", (done, total)))
        except Exception as exc:  # noqa: BLE001 - any fault: an empty list and one line
            self.listing = history.Listing([], problems=[f"{type(exc).__name__}: {exc}"])

    def update(self, dt: float) -> None:
        if not self.loading or self.reader.is_alive():
            return
        self.loading = False
        listing = self.listing
        self.entries = list(listing.entries) if listing is not None else []
        self.player_c.options = [ALL] + history.player_names(self.entries)
        self.player_c.index = 0
        self.stats_b.enabled = True
        for problem in (listing.problems if listing is not None else [])[:2]:
            self.app.toast(_("History: {problem}").format(problem=problem))
        self.refilter()

    def refilter(self, _value=None) -> None:
        self.shown = history.select(self.entries, self.game_c.value or None, self.player_c.value or None)
        self.index, self.top = 0, 0

    def open(self, entry) -> None:
        if entry.problem:
            self.app.toast(_("This record cannot be read: {reason}").format(reason=entry.problem))
            return
        from scenes.replay.viewer import open_replay
        open_replay(self.app, history.records_folder() / entry.file)

    def statistics(self) -> None:
        """The statistics of the player chosen here (else the one with the most games)."""
        self.app.stack.push(self.app.make("stats", entries=self.entries, player=self.player_c.value or None))

    def close_overlay(self) -> None:
        self.app.stack.pop()

    # --- layout ------------------------------------------------------------------------------

    def resize(self, size) -> None:
        self.size = size
        s, P, top = frame(size, [(self.game_c, 1.25), (self.player_c, 1.25), (self.stats_b, 0.8),
                                 (self.close_b, 0.7)])
        self.s, self.panel = s, P
        self.row_h = max(ui.font(max(10, int(17 * s))).get_linesize() + int(10 * s), int(38 * s))
        foot = ui.font(max(8, int(13 * s))).get_linesize()
        self.view = pygame.Rect(P.x + int(30 * s), top, P.w - int(60 * s),
                                P.bottom - int(14 * s) - foot - top)

    def rows_in_sight(self) -> int:
        return max(1, self.view.h // self.row_h)

    def row_at(self, pos) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.view.y) // self.row_h
        return i if 0 <= i < len(self.shown) else None

    def show_index(self) -> None:
        n = self.rows_in_sight()
        self.index = max(0, min(self.index, len(self.shown) - 1))
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + n:
            self.top = self.index - n + 1
        self.top = max(0, min(self.top, max(0, len(self.shown) - n)))

    # --- events ------------------------------------------------------------------------------

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.rows_in_sight(),
                    pygame.K_PAGEDOWN: self.rows_in_sight()}.get(event.key)
            if event.key == pygame.K_ESCAPE:
                self.close_overlay()
                return
            if step is not None and self.shown:
                self.index += step
                self.show_index()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.shown \
                    and not (self.ring.current is not None and self.ring.current.focused):
                self.open(self.shown[self.index])
                return
        if event.type == pygame.MOUSEWHEEL and self.shown:
            self.top = max(0, min(self.top - event.y * 3, max(0, len(self.shown) - self.rows_in_sight())))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None:
                self.index = row
                self.open(self.shown[row])
                return
        if event.type == pygame.MOUSEMOTION:
            row = self.row_at(event.pos)
            if row is not None:
                self.index = row
        self.ring.handle(event)
        for widget in self.ring.widgets:
            widget.handle(event) if event.type == pygame.MOUSEMOTION else None

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface) -> None:
        if surface.get_size() != self.size or language() != self.lang:
            self.lang = language()
            self.resize(surface.get_size())
        s, P, V = self.s, self.panel, self.view
        dim(surface, 190)
        overlay_panel(surface, P, s)
        heading(surface, _("History"), int(40 * s), (P.x + int(30 * s), P.y + int(48 * s)), "midleft",
                max_width=P.w // 2)
        count = len(self.shown)
        ui.text(surface, ngettext("{n} game", "{n} games", count).format(n=count), max(10, int(16 * s)),
                (P.right - int(30 * s), P.y + int(48 * s)), ui.MUTED, "midright", max_width=P.w // 3)
        self.ring.draw(surface, s)
        if self.loading:
            done, total = self.progress
            words = _("Reading the records\u2026 {done} of {total}").format(done=done, total=total) if total \
                else _("Reading the records\u2026")
            ui.text(surface, words, max(10, int(18 * s)), V.center, ui.MUTED, "center", max_width=V.w)
        elif not self.shown:
            words = _("No finished games yet.") if not self.entries else _("No game matches these filters.")
            ui.text(surface, words, max(10, int(18 * s)), V.center, ui.MUTED, "center", max_width=V.w)
        px = max(10, int(16 * s))
        columns = self.columns()
        for i in range(self.top, min(len(self.shown), self.top + self.rows_in_sight())):
            row = pygame.Rect(V.x, V.y + (i - self.top) * self.row_h, V.w, self.row_h - max(2, int(4 * s)))
            entry = self.shown[i]
            bad = entry.problem
            fill = (74, 58, 44, 230) if i == self.index else (44, 34, 34, 220)
            ui.panel(surface, row, fill, ui.HILITE if i == self.index else ui.BRASS_DARK, radius=int(6 * s))
            colour = ui.MUTED if bad else ui.TEXT
            cells = self.cells(entry)
            if bad:  # the reason takes the rest of the row
                right = columns[-1][0] + columns[-1][1]
                columns = columns[:2] + [(columns[2][0], right - columns[2][0])]
            for (x, w), words in zip(columns, cells):
                ui.text(surface, fitting(words, px, w), px, (row.x + x, row.centery), colour, "midleft",
                        max_width=w)
            columns = self.columns()
        ui.text(surface, _(FOOTER), max(8, int(13 * s)), (P.centerx, P.bottom - int(10 * s)), ui.MUTED,
                "midbottom", max_width=P.w - int(40 * s))

    def columns(self) -> list[tuple[int, int]]:
        """(x, width) of the date, game, players, scores and result columns in a row."""
        w, pad = self.view.w, int(12 * self.s)
        shares = (0.16, 0.18, 0.31, 0.14, 0.21)
        out, x = [], pad
        for share in shares:
            width = int((w - 2 * pad) * share)
            out.append((x, width - pad))
            x += width
        return out

    def cells(self, entry) -> list[str]:
        game = registry.find(entry.game)
        title = Shorter(_(game.title), _(game.short_title)) if game is not None else "?"
        stamp = when(entry.when)
        stamp = Shorter(stamp, stamp.split(" ")[0])
        if entry.problem:
            return [stamp, title, _("unreadable: {reason}").format(reason=entry.problem), "", ""]
        names = [_(", ").join(player_words(p) for p in entry.players),
                 _(", ").join(name for name, _seat in entry.players)]  # shorter: names alone
        names = Shorter(names[0], names[1]) if entry.players else _("solo puzzle")
        figures = "\u00b7".join(str(v) for v in entry.scores) if entry.scores else ""  # 27·27·-3·12
        if len(entry.scores) > 4:  # five players in a narrow column: the best score alone
            figures = Shorter(figures, str(max(entry.scores)))
        return [stamp, title, names, figures, self.outcome(entry)]

    def outcome(self, entry) -> str:
        if entry.conceded:
            return _("conceded")
        winners = entry.winners
        names = [name for name, _seat in entry.players]
        game = registry.find(entry.game)
        word = game.outcome_word(entry.outcome) if game is not None else None
        if word is not None:  # how a solo game ended (Cementopia: complete or stuck)
            return _(word)
        if not entry.over or not winners:
            return ""
        if len(winners) > 1:
            return _("shared: {names}").format(names=_(", ").join(names[w] for w in winners if w < len(names)))
        return _("{name} wins").format(name=names[winners[0]] if winners[0] < len(names) else "?")
