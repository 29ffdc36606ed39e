"""Statistics (issue 15, point 3): one player's figures per game, from the finished games, with
the score over time and the score distribution drawn as charts; each game's declarations say which
figures it has beyond games, wins and scores and their rows (game.services.stats.Extra,
scenes.descriptor.SceneInfo.figure_rows: Grayblock's hands, Alicematic's colours). A solo
game's records name no player (Cementopia): its page shows every puzzle played (outcomes, deals,
the daily streak, best per deal). Assisted games are counted apart. The figures are game.services.stats's;
this scene only lays them out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pygame

from game import __version__
from game.core import registry
from game.services import stats
from game.storage.history import fold
from game.core.i18n import N_, _, language, ngettext
from game.core.records import NAME_LEN
from game.core.words import chained
from game.core.text import clean
from game.storage import StoreError

from scenes import games
from scenes.app.stack import Scene
from scenes.menus.history import frame
from scenes.menus.pause import overlay_panel
from scenes.widgets import ui
from scenes.widgets.decor import dim, heading

if TYPE_CHECKING:
    from game.core.descriptor import GameInfo
    from scenes.app.window import App

DESIGNER = ":designer"  # the Game choice's entry for a game's designer page
FOOTER = N_("\u2190\u2192 on a choice: change it     Tab next     Esc close")
LEVEL_WORDS = {"human": N_("people"), "random": N_("random bot"), "easy": N_("easy bot"),
               "normal": N_("normal bot"), "hard": N_("hard bot"), "expert": N_("expert bot"),
               "external": N_("program")}


def percent(share: float | None) -> str:
    return f"{round(100 * (share or 0))}%"


def figure(value: object) -> str:
    """A figure as the screen shows it: "—" for none, one decimal for an average."""
    if value is None:
        return "\u2014"
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def tally(t: dict) -> str:
    """Wins of games with the share: "2/5 (40%)"."""
    return _("{wins}/{games} ({share})").format(wins=t.get("wins", 0), games=t.get("games", 0),
                                               share=percent(t.get("win_share")))


def levels_words(key: str) -> str:
    """"hard", "easy+hard" as the player reads them: "hard bot", "easy bot + hard bot"."""
    return chained([_(LEVEL_WORDS.get(part, part)) for part in key.split("+")], N_("{first} + {second}"))


def joined(figures: list[str]) -> str:
    """Figures side by side as the language writes them: "1 / 0" (Japanese: 1／0)."""
    return chained(figures, N_("{first} / {second}"))


def with_detail(figure_words: str, detail: str) -> str:
    """A figure with its share or best in brackets: "1 (33%)" (Japanese: 1（33%）)."""
    return _("{figure} ({detail})").format(figure=figure_words, detail=detail)


class StatsScene(Scene):
    name = "stats"
    opaque = False

    def __init__(self, app: App, player: str | None = None) -> None:
        super().__init__(app)
        try:  # worked out once per change of the finished games, then kept (game.services.stats.kept)
            self.computed = stats.kept(app.store)
            names = app.store.finished.player_names()
        except StoreError as exc:
            app.toast(exc.words)
            self.computed, names = stats.compute([]), []
        if player not in names:  # the person at this computer, not the bot with the most games
            player = stats.the_player(self.computed, self.setup_name())
        at = [i for i, name in enumerate(names) if player is not None and fold(name) == fold(player)]
        self.player_c = ui.Choice(N_("Player"), names or [""], at[0] if at else 0,
                                  self.refigure, show=lambda n: clean(n, NAME_LEN) or "\u2014")
        # a game whose scenes declare a designer page gets a second entry: its balance report
        options = registry.ids() + [g + DESIGNER for g in registry.ids()
                                    if (found := games.find(g)) is not None and found.designer_page]
        self.game_c = ui.Choice(N_("Game"), options, 0, self.refigure, show=self.game_words)
        self.close_b = ui.Button(N_("Close"), lambda: self.app.stack.pop())
        self.ring = ui.FocusRing([self.player_c, self.game_c, self.close_b])
        self.ring.move(1)
        self.figures: dict = {}
        self.s, self.size, self.lang = 1.0, (1280, 720), language()
        self.panel = self.body = pygame.Rect(0, 0, 0, 0)
        self.charts: dict[str, pygame.Rect] = {}  # where each chart was drawn (tests)
        self._reviews: tuple = (None, [], {})  # (player and game, chart, totals) of the reviews
        self._balance: dict[str, dict] = {}  # a game's balance report of the store, once worked out
        self.refigure()

    @staticmethod
    def game_words(option: str) -> str:
        if option.endswith(DESIGNER):
            title = _(registry.info(option[:-len(DESIGNER)]).title)
            return _("{game} (designer)").format(game=title)
        return _(registry.info(option).title)

    @property
    def game(self) -> str:
        """The chosen game's id (its designer page's too)."""
        return self.game_c.value.removesuffix(DESIGNER)

    @property
    def designer(self) -> bool:
        return self.game_c.value.endswith(DESIGNER)

    def balance(self) -> dict:
        """The chosen game's balance report of every finished game of it in the store (the
        player's own: every seat counted), worked out once per change of the finished games
        (a thousand games take seconds to replay) and kept in the store."""
        game = self.game
        store = self.app.store

        def make() -> dict:
            return registry.balance(game).balance(
                (f"game {key}", record) for key, record in store.finished.records(game))[0]
        if game not in self._balance:
            try:
                report = store.figures.get(f"balance {__version__} {game}", make)
            except StoreError as exc:
                self.app.toast(exc.words)
                report = {"games": 0}
            self._balance[game] = report
        return self._balance[game]

    def reviews(self) -> list[tuple[str, float]]:
        """The chosen player's reviewed games of the chosen game: (when, points lost per
        decision), oldest first (read once per choice)."""
        key = (self.player_c.value, self.game)
        if self._reviews[0] != key:
            try:
                summaries = self.app.store.reviews.summaries()
                entries = self.app.store.finished.entries(list(summaries)) if summaries else []
                items = stats.reviewed(entries, summaries, self.player_c.value or None, self.game)
            except StoreError as exc:
                self.app.toast(exc.words)
                items = []
            self._reviews = (key, stats.review_over_time(items), stats.review_totals(items))
        return self._reviews[1]

    def review_lines(self) -> list[tuple[str, str]]:
        """The reviewed games' figures under the others (none when no game was reviewed)."""
        self.reviews()
        totals = self._reviews[2]
        if not totals["games"]:
            return []
        sizes = totals["mistakes"]
        return [(_("Reviews"), ""), (_("Games reviewed"), figure(totals["games"])),
                (_("Points lost per decision"), figure(totals["mean_loss_points"])),
                (_("Inaccuracies / mistakes / blunders"),
                 joined([str(sizes[size]) for size in ("inaccuracy", "mistake", "blunder")]))]

    def setup_name(self) -> str | None:
        """The name last set up for a human seat (New game remembers it), if any."""
        setup = self.app.settings.get("setup") if isinstance(self.app.settings, dict) else None
        seats = setup.get("seats") if isinstance(setup, dict) else None
        for seat in seats if isinstance(seats, list) else []:
            if isinstance(seat, dict) and seat.get("kind") == "human" and isinstance(seat.get("name"), str):
                return seat["name"]
        return None

    def refigure(self, _value: object = None) -> None:
        self.player_c.enabled = not self.designer  # the designer page counts every seat
        if self.designer and self.ring.current is self.player_c:
            self.ring.focus(self.ring.widgets.index(self.game_c))
        if self.player_c.value:
            self.figures = stats.player_of(self.computed, self.player_c.value)
            return
        figures = self.computed["games"]  # no player yet: the solo games' pages
        self.figures = {game.id: figures[game.id] for game in registry.GAMES if game.solo}

    @property
    def page(self) -> dict:
        return self.figures.get(self.game) or {}

    # --- layout and events ---------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        s, P, top = frame(size, [(self.player_c, 1.2), (self.game_c, 1.2), (self.close_b, 0.6)])
        self.s, self.panel = s, P
        foot = ui.font(max(8, int(13 * s))).get_linesize()
        self.body = pygame.Rect(P.x + int(30 * s), top, P.w - int(60 * s), P.bottom - int(16 * s) - foot - top)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return
        self.ring.handle(event)
        if event.type == pygame.MOUSEMOTION:
            for widget in self.ring.widgets:
                widget.handle(event)

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size or language() != self.lang:
            self.lang = language()
            self.resize(surface.get_size())
        s, P, B = self.s, self.panel, self.body
        dim(surface, 190)
        overlay_panel(surface, P, s)
        heading(surface, _("Statistics"), int(40 * s), (P.x + int(30 * s), P.y + int(48 * s)), "midleft",
                max_width=P.w // 2)
        self.ring.draw(surface, s)
        self.charts = {}
        page = self.page
        played = page.get("finished" if registry.info(self.game).solo else "games", 0)
        if self.designer:
            self.draw_designer(surface, B)
        elif not played:
            words = _("No finished games of this kind yet.")
            ui.text(surface, words, max(10, int(18 * s)), B.center, ui.MUTED, "center", max_width=B.w)
        else:
            rows = self.lines(page)
            columns = self.columns(rows, B.h)
            split = int(B.w * (0.46 if len(columns) == 1 else 0.62))  # two columns: wider, charts narrower
            box = pygame.Rect(B.x, B.y, split - int(12 * s), B.h)
            if len(columns) == 1:
                self.draw_lines(surface, box, rows)
            else:  # each column as wide as its rows need of the room
                gap = int(16 * s)
                needs = [self.width_needed(column) for column in columns]
                first = int((box.w - gap) * needs[0] / sum(needs))
                self.draw_lines(surface, pygame.Rect(box.x, box.y, first, box.h), columns[0])
                self.draw_lines(surface, pygame.Rect(box.x + first + gap, box.y, box.w - first - gap, box.h),
                                columns[1])
            gap = int(14 * s)
            right = pygame.Rect(B.x + split, B.y, B.w - split, B.h)
            reviews = self.reviews()
            parts = 3 if reviews else 2
            half = (right.h - gap * (parts - 1)) // parts
            self.charts["time"] = self.chart(surface, pygame.Rect(right.x, right.y, right.w, half),
                                             _("Score over time"), page.get("score_over_time") or [], line=True)
            dist = page.get("distribution") or {}
            self.charts["spread"] = self.chart(surface, pygame.Rect(right.x, right.y + half + gap, right.w, half),
                                               _("How often each score"), dist.get("buckets") or [],
                                               line=False, width=dist.get("width", 1))
            if reviews:  # the reviews' mean expected loss, game after game: lower is better
                self.charts["reviews"] = self.chart(
                    surface, pygame.Rect(right.x, right.y + 2 * (half + gap), right.w, half),
                    _("Points lost per decision (reviews)"), reviews, line=True)
        ui.text(surface, _(FOOTER), max(8, int(13 * s)), (P.centerx, P.bottom - int(10 * s)), ui.MUTED,
                "midbottom", max_width=P.w - int(40 * s))

    def lines(self, page: dict) -> list[tuple[str, str]]:
        """(label, figure) rows for the page; a label alone is a small heading."""
        game = registry.info(self.game)
        if game.solo:
            return self.solo_lines(game, page)
        parts: dict[str, list[tuple[str, str]]] = {"scores": [
            (_("Games"), figure(page.get("games"))),
            (_("Wins"), with_detail(figure(page.get("wins")), percent(page.get("win_share")))),
            (_("Average score"), figure(page.get("average_score"))),
            (_("Best score"), figure(page.get("best_score")))], "players": [], "opponents": []}
        by_players = page.get("by_players") or {}
        if by_players:
            parts["players"].append((_("By number of players"), ""))
            for count, t in sorted(by_players.items()):
                parts["players"].append((_("{n} players").format(n=count), tally(t)))
        by_level = page.get("by_opponent_level") or {}
        if by_level:
            parts["opponents"].append((_("By opponents"), ""))
            for key, t in sorted(by_level.items()):
                parts["opponents"].append((levels_words(key), tally(t)))
        screens = games.find(game.id)
        if screens is not None and screens.figure_rows is not None:  # the game's own, in place
            for after, own in screens.figure_rows(page):
                parts[after] += own
        rows = [row for part in parts.values() for row in part]
        helped = page.get("assisted") or {}
        rows += [(_("With help (counted apart)"), ""),
                 (_("Games"), figure(helped.get("games"))), (_("Wins"), figure(helped.get("wins")))]
        return rows + self.review_lines()

    def solo_lines(self, game: GameInfo, page: dict[str, Any]) -> list[tuple[str, str]]:
        """A solo game's page: every attempt in the records (its records name no player)."""
        ends = [key for key, _word in game.outcomes]
        rows = [(_("Every puzzle in the records"), ""),
                (_("Puzzles finished"), figure(page.get("finished")))]
        if ends:  # "Complete / stuck": 5 / 2
            words = joined([_(word) for _key, word in game.outcomes])
            rows.append((words[:1].upper() + words[1:], joined([figure(page.get(key)) for key in ends])))
        rows += [(_("Deals played"), figure(page.get("deals_played"))),
                 (_("Average score"), figure(page.get("average_score"))),
                 (_("Best score"), figure(page.get("best_score")))]
        daily = page.get("daily")
        if daily is not None:
            rows += [(_("Daily deals"), ""), (_("Days played"), figure(daily.get("days"))),
                     (_("Streak (best)"), with_detail(figure(daily.get("streak")), figure(daily.get("best_streak"))))]
        best = page.get("best_per_deal") or []
        if best:  # the deals played most, each with its best (help apart)
            rows.append((_("Best per deal"), ""))
            for deal in sorted(best, key=lambda d: -(d.get("attempts") or 0))[:5]:
                name = deal.get("daily") or _("seed {seed}").format(seed=deal.get("seed"))
                tries = ngettext("{n} try", "{n} tries", deal.get("attempts") or 0).format(
                    n=deal.get("attempts") or 0)
                rows.append((_("{deal} ({tries})").format(deal=name, tries=tries), figure(deal.get("best"))))
        helped = page.get("assisted") or {}
        rows += [(_("With help (counted apart)"), ""),
                 (_("Puzzles finished"), figure(helped.get("finished")))]
        return rows + self.review_lines()

    def draw_designer(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The game's designer page: its balance report's rows over the whole body, in two
        columns where they do not fit one."""
        report = self.balance()
        screens = games.find(self.game)
        if not report.get("games") or screens is None or screens.designer_page is None:
            words = _("No finished games of this kind yet.")
            ui.text(surface, words, max(10, int(18 * self.s)), box.center, ui.MUTED, "center", max_width=box.w)
            return
        rows = screens.designer_page(report)
        columns = self.columns(rows, 0)  # two: a label and its figure a short look apart
        gap = int(24 * self.s)
        width = (box.w - gap * (len(columns) - 1)) // len(columns)
        for i, column in enumerate(columns):
            self.draw_lines(surface, pygame.Rect(box.x + i * (width + gap), box.y, width, box.h), column)

    def columns(self, rows: list[tuple[str, str]], height: int) -> list[list[tuple[str, str]]]:
        """The rows in one column where they fit its height at a readable size, else in two,
        split before the section heading that evens them out best."""
        fits = height // ui.font(ui.READABLE).get_linesize()
        if len(rows) <= fits:
            return [rows]
        cuts = [i for i, (_label, value) in enumerate(rows) if value == "" and i > 0]
        if not cuts:
            return [rows]
        cut = min(cuts, key=lambda i: max(i, len(rows) - i))
        return [rows[:cut], rows[cut:]]

    def width_needed(self, rows: list[tuple[str, str]]) -> int:
        """The widest row at the smallest readable size: its label, a gap and its figure."""
        f, bold = ui.font(ui.READABLE), ui.font(ui.READABLE, "bold")
        return max(bold.size(label)[0] if not value else f.size(label)[0] + bold.size(" " + value)[0]
                   for label, value in rows)

    def draw_lines(self, surface: pygame.Surface, box: pygame.Rect, rows: list[tuple[str, str]]) -> None:
        """The figures as a list of labels and figures, smaller where they are many; a label gets
        the room its figure leaves."""
        s = self.s
        px = max(10, int(17 * s))
        while px > ui.READABLE and len(rows) * ui.font(px).get_linesize() > box.h:
            px -= 1
        step = ui.font(px).get_linesize()
        gap = ui.font(px).size(" ")[0]
        y = box.y
        for label, value in rows:
            if y + step > box.bottom:
                break
            heading_row = value == ""
            colour = ui.BRASS if heading_row else ui.TEXT
            room = box.w
            if value:  # the figure whole where the label can give way (half the row at most)
                label_w = min(ui.font(px).size(label)[0], box.w // 2)
                room -= ui.text(surface, value, px, (box.right, y), ui.TEXT, "topright", "bold",
                                max_width=box.w - label_w - gap).w + gap
            ui.text(surface, label, px, (box.x, y), colour, "topleft", "bold" if heading_row else "regular",
                    max_width=room)
            y += step

    def chart(self, surface: pygame.Surface, box: pygame.Rect, title: str, points: Sequence[tuple[Any, float]],
              line: bool, width: int = 1) -> pygame.Rect:
        """A titled chart in `box`: the scores game after game (a line), or how many games scored in
        each band (bars). The area the marks were drawn in."""
        s = self.s
        ui.panel(surface, box, (30, 24, 28, 220), ui.BRASS_DARK, radius=int(8 * s))
        px = max(10, int(14 * s))
        ui.text(surface, title, px, (box.x + int(10 * s), box.y + int(6 * s)), ui.BRASS, "topleft", "bold",
                max_width=box.w - int(20 * s))
        label_w = ui.font(px).size("0000")[0]
        area = pygame.Rect(box.x + int(10 * s) + label_w, box.y + int(12 * s) + ui.font(px).get_linesize(),
                           box.w - int(24 * s) - label_w, 0)
        area.h = box.bottom - int(10 * s) - area.y - (0 if line else ui.font(px).get_linesize())
        if area.w <= 4 or area.h <= 4 or not points:
            return area
        values = [p[1] for p in points]
        low, high = (min(0, min(values)), max(values)) if line else (0, max(values))
        if high == low:
            high = low + 1
        y_of = lambda v: area.bottom - (v - low) / (high - low) * area.h  # noqa: E731
        pygame.draw.line(surface, ui.BRASS_DARK, area.bottomleft, area.bottomright, max(1, int(s)))
        # each figure level with the height it names, a faint rule at the top one
        pygame.draw.line(surface, (60, 50, 50), area.topleft, area.topright, 1)
        ui.text(surface, str(high), px, (area.x - int(4 * s), area.y), ui.MUTED, "midright")
        ui.text(surface, str(low), px, (area.x - int(4 * s), area.bottom), ui.MUTED, "midright")
        if line:
            n = len(values)
            xs = [area.x + (i + 0.5) * area.w / n for i in range(n)]
            marks = [(x, y_of(v)) for x, v in zip(xs, values)]
            if len(marks) > 1:
                pygame.draw.lines(surface, ui.HILITE, False, marks, max(2, int(2 * s)))
            for mark in marks:
                pygame.draw.circle(surface, ui.HILITE, mark, max(2, int(3 * s)))
        else:
            n = len(points)
            bar = area.w / max(1, n)
            for i, (start, count) in enumerate(points):
                top = y_of(count)
                rect = pygame.Rect(round(area.x + i * bar + bar * 0.1), round(top), max(1, round(bar * 0.8)),
                                   round(area.bottom - top))
                pygame.draw.rect(surface, ui.HILITE, rect)
                band = f"{start}\u2013{start + width - 1}" if width > 1 else str(start)  # 25–29
                for label in (band, str(start)):
                    if bar >= ui.font(px).size(label)[0] + 2:
                        ui.text(surface, label, px, (rect.centerx, area.bottom), ui.MUTED, "midtop")
                        break
        return area
