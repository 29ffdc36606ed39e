"""Opening a lesson, the Learn to play chooser and the first start's offer (issue 14).

A lesson is a table of its game with a coach (scenes/tutorial/coach.py), on the script's fixed
deal, set up so that it writes no autosave, settings, records or statistics (GameConfig.lesson).
Where the player left it is kept in the player's data (game/storage/lesson_places.py): Learn to play
offers to resume it or to start over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import registry
from game.core.i18n import N_, _, language
from game.tutorial import SCRIPTS
from game.storage import lesson_places as store
from game.tutorial.lesson import Lesson

from scenes.app.stack import Scene
from scenes import games
from scenes.config import GameConfig, Seat
from scenes.menus.pause import dialog_frame
from scenes.tutorial.coach import Coach, forget_place
from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton, menu_event

if TYPE_CHECKING:
    from game.core.commands import Session
    from scenes.app.window import App

def open_lesson(app: App, game: str, fresh: bool = False) -> None:
    """The lesson of `game` where the player left it (or from its start), in place of every
    scene. The demo always starts afresh and keeps nothing."""
    script = SCRIPTS[game]
    session = lesson = None
    if not app.demo:
        problem = None
        if fresh:
            forget_place(app, game)
        else:
            session, lesson, problem = store.load(app.store, script)
        if problem:
            app.toast(problem)
    # the names in the language of the moment ("You", and the bot's name, are marked N_)
    seats = [Seat(_(name), kind, i) for i, (name, kind) in enumerate(script.players)]
    config = GameConfig(seats, script.rules, script.seed, game, lesson=game)
    try:
        table = app.make_table(config, session)
    except Exception as exc:  # noqa: BLE001 - a kept place that the table cannot show: afresh
        if session is None:
            raise
        forget_place(app, game)
        app.toast(_("Your place in the lesson could not be restored ({reason}); it starts "
                    "afresh.").format(reason=exc))
        session = lesson = None
        table = app.make_table(config)
    table.coach = Coach(table, lesson or Lesson(script))
    app.stack.clear_to(table)


class LessonsScene(Scene):
    """Learn to play: a lesson per game, started or resumed."""
    name = "lessons"
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = [info.game for info in games.GAMES if info.game in SCRIPTS]
        self.rows: list[tuple[str, list[ui.Button]]] = []
        for game in self.games:
            kept = store.has(app.store, game) and not app.demo
            if kept:
                buttons = [PrimaryButton(N_("Resume"), lambda g=game: open_lesson(self.app, g)),
                           ui.Button(N_("Start over"), lambda g=game: open_lesson(self.app, g, True))]
            else:
                buttons = [PrimaryButton(N_("Start"), lambda g=game: open_lesson(self.app, g, True))]
            self.rows.append((game, buttons))
        self.back_b = ui.Button(N_("Back"), self.back)
        self.ring = ui.FocusRing([b for _game, buttons in self.rows for b in buttons] + [self.back_b])
        self.ring.move(1)
        self.s = 1.0
        self.size = (1280, 720)
        self.lang = language()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.boxes: list[pygame.Rect] = []

    def back(self) -> None:
        self.app.stack.pop()

    def resize(self, size: tuple[int, int]) -> None:
        self.s, self.size = ui.scale_for(size), size
        self.layout()

    def layout(self) -> None:
        """Each row as tall as its words need beside its buttons (stacked when there are two)."""
        s, (W, H) = self.s, self.size
        pw = min(int(900 * s), W - int(16 * s))
        bw, bh, gap, pad = int(180 * s), int(44 * s), int(8 * s), int(14 * s)
        heights = []
        for game, buttons in self.rows:
            words = ui.paragraph_height(_(games.info(game).lesson_blurb), max(10, int(16 * s)),
                                        self.text_width(pw))
            title = ui.font(max(10, int(24 * s)), "bold").get_linesize()
            stack = len(buttons) * bh + (len(buttons) - 1) * gap
            heights.append(2 * pad + max(stack, title + int(6 * s) + words))
        top, foot = int(110 * s), int(80 * s)
        P = self.panel = pygame.Rect(0, 0, pw, min(H - int(8 * s), top + sum(heights) + gap * len(heights) + foot))
        P.center = (W // 2, H // 2)
        self.boxes = []
        y = P.y + top
        for (_game, buttons), h in zip(self.rows, heights):
            box = pygame.Rect(P.x + int(30 * s), y, P.w - int(60 * s), h)
            self.boxes.append(box)
            by = box.y + pad
            for b in buttons:
                b.rect = pygame.Rect(box.right - pad - bw, by, bw, bh)
                by += bh + gap
            y += h + gap
        self.back_b.rect = pygame.Rect(P.centerx - bw // 2, P.bottom - int(64 * s), bw, bh)

    def text_width(self, panel_w: int) -> int:
        s = self.s
        return panel_w - int(60 * s) - int(180 * s) - 3 * int(14 * s)

    def handle(self, event: pygame.event.Event) -> None:
        menu_event(self.ring, event, self.back)

    def draw(self, surface: pygame.Surface) -> None:
        s, P = self.s, self.panel
        dialog_frame(surface, P, s, _("Learn to play"), int(44 * s), 52, 90)
        if self.size != surface.get_size() or self.lang != language():  # Settings switched it
            self.lang, self.size = language(), surface.get_size()
            self.layout()
        pad = int(14 * s)
        for (game, buttons), box in zip(self.rows, self.boxes):
            ui.panel(surface, box, (44, 34, 34, 230), ui.BRASS_DARK, radius=int(10 * s))
            width = self.text_width(P.w)
            r = ui.text(surface, _(registry.info(game).title), max(10, int(24 * s)), (box.x + pad, box.y + pad),
                        ui.HILITE, "topleft", "bold", max_width=width)
            top = box.y + pad + ui.font(max(10, int(24 * s)), "bold").get_linesize() + int(6 * s)
            ui.paragraph(surface, _(games.info(game).lesson_blurb), max(10, int(16 * s)),
                         pygame.Rect(box.x + pad, max(top, r.bottom), width, box.bottom - pad - top), ui.MUTED)
        self.ring.draw(surface, s)


def offer(app: App) -> None:
    """The first start: Learn to play (the first game's lesson), offered once (settings:
    lesson_offered), as a question."""
    def not_now() -> None:
        app.toast(_("Learn to play is on the title screen whenever you want it."), 4.0)
    app.stack.push(app.make(
        "confirm", question=_("New to Alice Assemble?"), yes=_("Learn to play"), no=_("Not now"),
        on_yes=lambda: open_lesson(app, next(iter(SCRIPTS))), on_no=not_now,
        detail=_("Learn to play in about ten minutes: a guided game against one bot, on a deal "
                 "chosen to show every rule. You can leave at any step and resume later.")))
