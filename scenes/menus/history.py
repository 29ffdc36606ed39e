"""History: the finished games, newest first, filtered by game and player; a row opens the game
in the replay viewer (issue 15). Export writes one game, or all of those listed, as record files.

The list is a query of the player's data (game.storage): the ids in order, and only the rows in
sight are read, so ten thousand games open at once. A game whose row cannot be read is listed as
unreadable, greyed, and opens nothing.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

import pygame

from game.core import registry
from game.storage.history import Entry
from game.core.i18n import N_, _, language, ngettext
from game.core.records import NAME_LEN, utc_stamp
from game.core.text import clean
from game.core.words import chained, said, whose
from game.review import reviewable
from game.storage import StoreError

from scenes.app.stack import Scene
from scenes.menus.pause import overlay_panel
from scenes.widgets import ui
from scenes.widgets.decor import dim, heading
from scenes.widgets.rows import RowList

if TYPE_CHECKING:
    from scenes.app.window import App

ALL = ""  # a filter's "every game" / "every player"
LEVELS = {"human": "", "random": N_("random bot"), "easy": N_("easy bot"), "normal": N_("normal bot"),
          "hard": N_("hard bot"), "expert": N_("expert bot")}
FOOTER = N_("\u2191\u2193 choose     Enter replay     R review     Wheel / PgUp PgDn scroll     Esc close")
PAGE = 200  # rows read at a time


def when(stamp: str) -> str:
    """An ISO time (UTC) as the player's local date and time, "2026-11-24 18:05"."""
    try:
        moment = datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except (TypeError, ValueError):
        return "?"
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def frame(size: tuple[int, int], controls: list[tuple[ui.Widget, float]]) -> tuple[float, pygame.Rect, int]:
    """History's and Statistics' page: the panel, and the row of controls under the heading, each
    (widget, share of the row) laid out left to right. (scale, panel, the y where the page's body
    starts)."""
    s = ui.scale_for(size)
    P = pygame.Rect(0, 0, min(int(1100 * s), size[0] - int(16 * s)), size[1] - int(24 * s))
    P.center = (size[0] // 2, size[1] // 2)
    bh, gap = int(40 * s), int(12 * s)
    y = P.y + int(92 * s)
    room = P.w - int(60 * s) - (len(controls) - 1) * gap
    x: float = P.x + int(30 * s)
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

    def __new__(cls, words: str, short: str) -> Shorter:
        out = super().__new__(cls, words)
        out.short = short
        return out


def fitting(words: str, px: float, width: float) -> str:
    """`words`, or their shorter form where the long one would be cut."""
    short = getattr(words, "short", "")
    return short if short and ui.fit(words, px, width) != words else str(words)


def shown_entry(entry: Entry) -> Entry:
    """A game as History lists it: its players' names as the screen may show them (the player's
    data may hold anything an edit or another program left there)."""
    return entry._replace(players=tuple((clean(name, NAME_LEN), seat) for name, seat in entry.players))


def player_words(player: tuple[str, str]) -> str:
    """"Ada", or "Bellows (hard bot)"; an external program as "Name (program)"."""
    name, seat = player
    level = LEVELS.get(seat, N_("program") if seat.startswith("cmd:") else "")
    return _("{name} ({level})").format(name=name, level=_(level)) if level else name


ASSISTED = (226, 150, 72)  # the tables' colour for an assisted game (scenes/cementopia/draw.py)


def assisted_mark(surface: pygame.Surface, midright: tuple[int, int], size: int, s: float) -> pygame.Rect:
    """The small "assisted" tag of a game that had help (a hint, a free undo), drawn with its
    right edge at `midright`: dark words on the assisted colour, as the tables show it."""
    words = ui.render(_("assisted"), size, ui.INK, "bold")
    box = words.get_rect().inflate(int(10 * s), int(4 * s))
    box.midright = midright
    pygame.draw.rect(surface, ASSISTED, box, border_radius=max(2, int(5 * s)))
    surface.blit(words, words.get_rect(center=box.center))
    return box


REVIEWED = (96, 150, 200)  # the review screen's colour of the better move


def size_words(size: str, n: int) -> str:
    """A review's count of one size of mistake, as History's tag says it (largest first)."""
    if size == "blunder":
        return ngettext("{n} blunder", "{n} blunders", n).format(n=n)
    if size == "mistake":
        return ngettext("{n} mistake", "{n} mistakes", n).format(n=n)
    return ngettext("{n} inaccuracy", "{n} inaccuracies", n).format(n=n)


def signed(value: object) -> str:
    """A score as the language writes it: "-3" (Japanese: −3)."""
    return _("-{n}").format(n=-value) if isinstance(value, (int, float)) and value < 0 else str(value)


def longest(options: list[str], px: int, room: float, style: str = "regular") -> str:
    """The first of `options` (longest first) whose words fit `room` pixels; else the last."""
    return next((o for o in options if ui.render(o, px, ui.INK, style).get_width() <= room), options[-1])


def review_mark(surface: pygame.Surface, words: str, midright: tuple[int, int], size: int, s: float) -> pygame.Rect:
    """A reviewed game's small tag (its points lost per move), drawn as the assisted one is."""
    shown = ui.render(words, size, ui.INK, "bold")
    box = shown.get_rect().inflate(int(10 * s), int(4 * s))
    box.midright = midright
    pygame.draw.rect(surface, REVIEWED, box, border_radius=max(2, int(5 * s)))
    surface.blit(shown, shown.get_rect(center=box.center))
    return box


class HistoryScene(Scene):
    name = "history"
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ids: list[int] = []  # the games listed, newest first
        self.cache: dict[int, Entry] = {}  # the rows read so far, by id
        self.any_games = False
        self.told: str | None = None  # the last failure to read the list said (not said again)
        try:
            names = app.store.finished.player_names()
        except StoreError as exc:
            app.toast(exc.words)
            names = []
        self.game_c = ui.Choice(N_("Game"), [ALL] + registry.ids(), 0, self.refilter,
                                show=lambda g: _(registry.info(g).title) if g else _("All games"))
        self.player_c = ui.Choice(N_("Player"), [ALL] + names, 0, self.refilter,  # names as kept
                                  show=lambda n: clean(n, NAME_LEN) if n else _("All players"))
        self.stats_b = ui.Button(N_("Statistics"), self.statistics)
        self.review_b = ui.Button(N_("Review"), self.review, "R")
        self.export_b = ui.Button(N_("Export"), self.export)
        self.import_b = ui.Button(N_("Import"), self.import_games)
        self.close_b = ui.Button(N_("Close"), self.close_overlay)
        self.ring = ui.FocusRing([self.game_c, self.player_c, self.stats_b, self.review_b,
                                  self.export_b, self.import_b, self.close_b])
        self.reviews: dict[int, dict[int, dict[str, Any]]] = {}  # game id -> seat -> its review's summary
        self.rows = RowList()
        self.s = 1.0
        self.size = (1280, 720)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lang = language()
        self.refilter()
        self.any_games = bool(self.ids)

    # --- the list ----------------------------------------------------------------------------

    def refilter(self, _value: object = None) -> None:
        try:
            self.ids = self.app.store.finished.ids(self.game_c.value or None,
                                                   self.player_c.value or None)
        except StoreError as exc:
            self.app.toast(exc.words)
            self.ids = []
        self.rows.reset(len(self.ids))
        self.rows.show_index()

    def entry(self, i: int) -> Entry | None:
        """The i-th game listed (read with its neighbours the first time it is wanted)."""
        game_id = self.ids[i]
        if game_id not in self.cache:
            start = i - i % PAGE
            try:
                for entry in self.app.store.finished.entries(self.ids[start:start + PAGE]):
                    self.cache[entry.id] = shown_entry(entry)
                self.reviews.update(self.app.store.reviews.summaries(self.ids[start:start + PAGE]))
            except StoreError as exc:  # said once; the rows listed as unreadable, not read again
                if exc.words != self.told:
                    self.app.toast(exc.words)
                self.told = exc.words
                reason = getattr(exc.words, "fields", {}).get("reason", exc.words)
                for other in self.ids[start:start + PAGE]:
                    self.cache.setdefault(other, Entry(id=other, when=utc_stamp(0),
                                                       problem=str(reason)))
        return self.cache.get(game_id)

    @property
    def shown(self) -> list[Entry | None]:
        """The entries listed (every one read: tests and small lists)."""
        return [self.entry(i) for i in range(len(self.ids))]

    def open(self, entry: Entry | None) -> None:
        if entry is None:
            return
        if entry.problem:
            self.app.toast(_("This record cannot be read: {reason}").format(reason=entry.problem))
            return
        from scenes.replay.viewer import open_stored
        open_stored(self.app, entry.id)

    def review(self) -> None:
        """The chosen game's review (kept, or worked out now) in the review screen."""
        if not self.ids or not 0 <= self.rows.index < len(self.ids):
            self.app.toast(_("Choose a game to review."))
            return
        entry = self.entry(self.rows.index)
        if entry is None:
            return
        if entry.problem:
            self.app.toast(_("This record cannot be read: {reason}").format(reason=entry.problem))
            return
        if not reviewable(entry.game):
            self.app.toast(_("This game cannot be reviewed yet."))
            return
        from scenes.replay.review import open_stored_review
        self.reviews.pop(entry.id, None)  # read again when the list is drawn next
        self.cache.pop(entry.id, None)
        open_stored_review(self.app, entry.id)

    def statistics(self) -> None:
        """The statistics of the player chosen here (else the one with the most games)."""
        self.app.stack.push(self.app.make("stats", player=self.player_c.value or None))

    def export(self) -> None:
        """The game chosen, or every game listed, as record files in a folder the player picks."""
        if not self.ids:
            self.app.toast(_("There is no game to export."))
            return
        chosen = self.ids[self.rows.index] if 0 <= self.rows.index < len(self.ids) else None
        entry = self.entry(self.rows.index) if chosen is not None else None
        self.app.stack.push(self.app.make("export", ids=list(self.ids), chosen=chosen,
                                          game=entry.game if entry is not None else None))

    def import_games(self) -> None:
        """Record files the player chooses, into their games; the list shows them after."""
        from scenes.menus.importing import ask_import
        ask_import(self.app, self.imported)

    def imported(self) -> None:
        self.cache.clear()
        self.refilter()
        self.any_games = bool(self.ids)

    def close_overlay(self) -> None:
        self.app.stack.pop()

    # --- layout ------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        s, P, top = frame(size, [(self.game_c, 1.2), (self.player_c, 1.4), (self.stats_b, 0.75),
                                 (self.review_b, 0.65), (self.export_b, 0.65), (self.import_b, 0.65),
                                 (self.close_b, 0.6)])
        self.s, self.panel = s, P
        row_h = max(ui.font(max(10, int(17 * s))).get_linesize() + int(10 * s), int(38 * s))
        foot = 2 * ui.font(max(8, int(13 * s))).get_linesize()  # (the chosen game's review, the keys)
        self.rows.place(pygame.Rect(P.x + int(30 * s), top, P.w - int(60 * s),
                                    P.bottom - int(14 * s) - foot - top), row_h)

    # --- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close_overlay()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.review()
            return
        if self.rows.handle(event, self.ring, lambda i: self.open(self.entry(i))):
            return
        self.ring.handle(event)
        for widget in self.ring.widgets:
            widget.handle(event) if event.type == pygame.MOUSEMOTION else None

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size or language() != self.lang:
            self.lang = language()
            self.resize(surface.get_size())
        s, P, V = self.s, self.panel, self.rows.view
        dim(surface, 190)
        overlay_panel(surface, P, s)
        heading(surface, _("History"), int(40 * s), (P.x + int(30 * s), P.y + int(48 * s)), "midleft",
                max_width=P.w // 2)
        count = len(self.ids)
        ui.text(surface, ngettext("{n} game", "{n} games", count).format(n=count), max(10, int(16 * s)),
                (P.right - int(30 * s), P.y + int(48 * s)), ui.MUTED, "midright", max_width=P.w // 3)
        self.ring.draw(surface, s)
        if not self.ids:
            words = _("No finished games yet.") if not self.any_games else _("No game matches these filters.")
            ui.text(surface, words, max(10, int(18 * s)), V.center, ui.MUTED, "center", max_width=V.w)
        px = max(10, int(16 * s))
        for i in self.rows.in_sight():
            entry = self.entry(i)
            if entry is None:
                continue
            row = self.rows.draw_row(surface, i, s)
            bad = entry.problem
            colour = ui.MUTED if bad else ui.TEXT
            columns = self.columns()
            if bad:  # the reason takes the rest of the row
                right = columns[-1][0] + columns[-1][1]
                columns = columns[:2] + [(columns[2][0], right - columns[2][0])]
            if entry.assisted and not bad:  # a small mark at the row's end; the result beside it
                x, w = columns[-1]
                mark = assisted_mark(surface, (row.x + x + w, row.centery), max(8, int(12 * s)), s)
                columns = columns[:-1] + [(x, max(0, mark.x - row.x - x - int(6 * s)))]
            cells = self.cells(entry)
            seat, options = (None, []) if bad else self.review_words(entry)
            if options:  # the review's mark at the result's end (left of an assisted one): the
                x, w = columns[-1]  # longest that leaves the result room for its words
                size = max(8, int(12 * s))
                room = w - ui.render(cells[-1], px).get_width() - int(16 * s) - int(10 * s)
                mark = review_mark(surface, longest(options, size, room, "bold"), (row.x + x + w, row.centery),
                                   size, s)
                columns = columns[:-1] + [(x, max(1, mark.x - row.x - x - int(6 * s)))]
            for (x, w), words in zip(columns, cells):
                ui.text(surface, fitting(words, px, w), px, (row.x + x, row.centery), colour, "midleft",
                        max_width=w)
        small = max(8, int(13 * s))
        ui.text(surface, _(FOOTER), small, (P.centerx, P.bottom - int(10 * s)), ui.MUTED,
                "midbottom", max_width=P.w - int(40 * s))
        chosen = self.entry(self.rows.index) if 0 <= self.rows.index < len(self.ids) else None
        seat, options = (None, []) if chosen is None or chosen.problem else self.review_words(chosen)
        if chosen is not None and seat is not None and options:  # the chosen game's review whole:
            name = chosen.players[seat][0] if seat < len(chosen.players) else ""  # points lost
            room = P.w - int(40 * s)  # per move and the mistakes by size
            words = longest([_("{whose} review: {summary}").format(whose=whose(name, start=True), summary=o)
                             for o in options], small, room)
            ui.text(surface, words, small, (P.centerx, P.bottom - int(10 * s) - ui.font(small).get_linesize()),
                    REVIEWED, "midbottom", max_width=room)

    def columns(self) -> list[tuple[int, int]]:
        """(x, width) of the date, game, players, scores and result columns in a row."""
        w, pad = self.rows.view.w, int(12 * self.s)
        shares = (0.16, 0.18, 0.31, 0.14, 0.21)
        out, x = [], pad
        for share in shares:
            width = int((w - 2 * pad) * share)
            out.append((x, width - pad))
            x += width
        return out

    def cells(self, entry: Entry) -> list[str]:
        game = registry.find(entry.game)
        title = Shorter(_(game.title), _(game.short_title)) if game is not None else "?"
        stamp = when(entry.when)
        stamp = Shorter(stamp, stamp.split(" ")[0])
        if entry.problem:
            return [stamp, title, _("unreadable: {reason}").format(reason=entry.problem), "", ""]
        full = _(", ").join(player_words(p) for p in entry.players)
        short = _(", ").join(name for name, _seat in entry.players)  # names alone
        names = Shorter(full, short) if entry.players else _("solo puzzle")
        # 27·27·-3·12 (Japanese: 27・27・−3・12)
        figures = chained([signed(v) for v in entry.scores], N_("{first}\u00b7{second}"))
        if len(entry.scores) > 1:  # a narrow column (five players, Japanese marks): the best alone
            figures = Shorter(figures, signed(max(entry.scores)))
        return [stamp, title, names, figures, self.outcome(entry)]

    def review_words(self, entry: Entry) -> tuple[int | None, list[str]]:
        """The game's review (its first reviewed seat) in words, longest first as room allows:
        the points lost per move and the mistakes by size, the largest first."""
        summary = self.reviews.get(entry.id)
        if not summary:
            return None, []
        seat = min(summary)
        loss = summary[seat].get("mean_loss_points")
        if isinstance(loss, bool) or not isinstance(loss, (int, float)):
            return None, []
        mean = _("-{points} pts/move").format(points=f"{float(loss):.1f}")
        counts = summary[seat].get("mistakes")
        sizes = []
        for size in ("blunder", "mistake", "inaccuracy"):
            n = counts.get(size) if isinstance(counts, dict) else None
            if isinstance(n, int) and not isinstance(n, bool) and n > 0:
                sizes.append(size_words(size, n))
        options = [_(", ").join([mean] + sizes[:k]) for k in range(len(sizes), 0, -1)]
        return seat, options + [mean, _("-{n}").format(n=f"{float(loss):.1f}")]

    def outcome(self, entry: Entry) -> str:
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
        who = names[winners[0]] if winners[0] < len(names) else "?"
        return said(who, _("{who} win"), _("{who} wins"))  # "You win", never "You wins"
