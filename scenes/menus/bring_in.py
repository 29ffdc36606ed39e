"""The first start after the JSON files (release 0.1): the old games, settings, lesson places and
bests come into the database (game.storage.legacy), with a progress bar while the records are
replayed, over the title (which already lists the game in progress coming in). The old settings
are in force from the first frame (App.waiting). The old files stay where they are. What could not
be brought in is named, one line a file."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import _, ngettext
from game.storage import legacy

from scenes.app.stack import Scene
from scenes.menus.pause import overlay_panel
from scenes.widgets import ui
from scenes.widgets.decor import dim, heading

if TYPE_CHECKING:
    from scenes.app.window import App

SHOWN_PROBLEMS = 3


class BringInScene(Scene):
    name = "bring_in"
    opaque = False  # the title beneath, with the old settings in force

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.progress = (0, 0)
        self.result: legacy.Brought | None = None
        self.error: str | None = None
        self.worker = threading.Thread(target=self.work, name="bring-in", daemon=True)
        self.worker.start()
        self.s = 1.0
        self.size = (1280, 720)

    def work(self) -> None:
        try:
            self.result = legacy.bring_in(self.app.store,
                                          lambda done, total: setattr(self, "progress", (done, total)))
        except Exception as exc:  # noqa: BLE001 - StoreError: nothing was added, the next start retries
            self.error = getattr(exc, "words", None) or f"{type(exc).__name__}: {exc}"

    def update(self, dt: float) -> None:
        if self.worker.is_alive():
            return
        app = self.app
        app.waiting = None
        if self.error:
            app.stack.pop()  # the old settings stay in force for this run
            app.toast(_("Your saved games could not be brought in ({reason}); the next start "
                        "tries again.").format(reason=self.error), 8.0)
            return
        app.reload_settings()  # as kept now (a window's own settings won)
        app.stack.pop()  # the title beneath enters again: Continue lists what came in
        brought = self.result
        if brought is None:
            return  # another window brought them in first
        games = len(brought.games.added)
        app.toast(ngettext("Your saved data is now kept in one place: {n} game brought in.",
                           "Your saved data is now kept in one place: {n} games brought in.",
                           games).format(n=games), 6.0, fine=True)
        for name, why in brought.problems[:SHOWN_PROBLEMS]:
            app.toast(_("{file} was not brought in: {reason}").format(file=name, reason=why), 8.0)
        rest = len(brought.problems) - SHOWN_PROBLEMS
        if rest > 0:
            app.toast(ngettext("... and {n} more file was not brought in.",
                               "... and {n} more files were not brought in.", rest).format(n=rest), 8.0)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = ui.scale_for(size)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        dim(surface, 120)
        # beside the title's menu (over its fan of cards): Continue shows what is coming in
        P = pygame.Rect(0, 0, min(int(540 * s), self.size[0] - 16), int(220 * s))
        P.center = (self.size[0] // 2 + int(310 * s), self.size[1] // 2)
        progress_panel(surface, P, s, _("Bringing in your games"), self.progress,
                       _("Reading your saved data\u2026"))


def progress_panel(surface: pygame.Surface, P: pygame.Rect, s: float, title: str, progress: tuple[int, int],
                   starting: str) -> None:
    """A panel with a title, "n of N records" (or `starting` before the count is known) and a
    bar: bringing in the old files, importing records."""
    overlay_panel(surface, P, s)
    heading(surface, title, int(32 * s), (P.centerx, P.y + 50 * s), max_width=P.w - 40 * s)
    done, total = progress
    words = _("{done} of {total} records").format(done=done, total=total) if total else starting
    ui.text(surface, words, max(10, int(18 * s)), (P.centerx, P.y + 100 * s), ui.MUTED,
            "midtop", max_width=P.w - 40 * s)
    bar = pygame.Rect(P.x + int(40 * s), P.bottom - int(60 * s), P.w - int(80 * s), int(18 * s))
    ui.panel(surface, bar, (20, 16, 16), ui.BRASS_DARK, radius=int(6 * s))
    if total:
        fill = bar.inflate(-4, -4)
        fill.w = int(fill.w * done / total)
        if fill.w > 0:
            pygame.draw.rect(surface, ui.HILITE, fill, border_radius=int(4 * s))
