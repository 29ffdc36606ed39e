"""Import from History or Continue: record files (or folders of them) the player chose bring their
games into the player's data, each once, in a thread with a progress bar (the window keeps
drawing); then one line says what came in, and the list that asked shows it."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from game.core.i18n import _, ngettext
from game.storage.exchange import import_files
from game.storage.store import Imported

from scenes.app.picker import FILES, choose
from scenes.app.stack import Scene
from scenes.menus.bring_in import progress_panel
from scenes.widgets import ui
from scenes.widgets.decor import dim

if TYPE_CHECKING:
    from scenes.app.window import App

SHOWN_PROBLEMS = 2


def ask_import(app: App, then: Callable[[], None]) -> None:
    """The files to import, chosen by the player, then imported; `then()` once they are in."""
    from scenes.menus.export import default_folder
    start = default_folder()

    def chosen(paths: list[Path]) -> None:
        app.stack.push(app.make("import", paths=paths, then=then))
    choose(app, FILES, _("Import games"), start if start.is_dir() else Path.home(), chosen)


class ImportScene(Scene):
    name = "import"
    opaque = False

    def __init__(self, app: App, paths: list[Path], then: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.paths, self.then = paths, then
        self.progress = (0, 0)
        self.report: Imported | None = None
        self.error: str | None = None
        self.worker = threading.Thread(target=self.work, name="import", daemon=True)
        self.worker.start()
        self.size = (1280, 720)
        self.s = 1.0

    def work(self) -> None:
        try:
            self.report = import_files(self.app.store, self.paths,
                                       lambda done, total: setattr(self, "progress", (done, total)))
        except Exception as exc:  # noqa: BLE001 - StoreError (nothing added) or worse: one line
            self.error = getattr(exc, "words", None) or f"{type(exc).__name__}: {exc}"

    def update(self, dt: float) -> None:
        if self.worker.is_alive():
            return
        app = self.app
        app.stack.pop()
        if self.error:
            app.toast(_("Could not import the games: {reason}").format(reason=self.error))
            return
        report = self.report
        assert report is not None  # (the worker ended without an error)
        added, already = len(report.added), report.already
        if added or already:
            words = ngettext("Imported {n} game.", "Imported {n} games.", added).format(n=added)
            if already:
                words = _("{sentence} {more}").format(sentence=words, more=ngettext(
                    "{n} was already there.", "{n} were already there.", already).format(n=already))
            app.toast(words, 6.0, fine=True)
        elif not report.problems:
            app.toast(_("No record file was found there."))
        for name, why in report.problems[:SHOWN_PROBLEMS]:
            app.toast(_("{file} was not imported: {reason}").format(file=name, reason=why), 8.0)
        rest = len(report.problems) - SHOWN_PROBLEMS
        if rest > 0:
            app.toast(ngettext("{n} more file was not imported.", "{n} more files were not imported.",
                               rest).format(n=rest), 8.0)
        if self.then is not None:
            self.then()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = ui.scale_for(size)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        dim(surface, 150)
        P = pygame.Rect(0, 0, min(int(520 * s), self.size[0] - 16), int(220 * s))
        P.center = (self.size[0] // 2, self.size[1] // 2)
        progress_panel(surface, P, s, _("Importing games"), self.progress,
                       _("Reading the files\u2026"))
