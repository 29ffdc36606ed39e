"""Export: games as record files (docs/record-format.md) in a folder the player picks.

From History: the game chosen, or every game listed. From the pause menu (or leaving a game that
could not be saved): the game as it stands. A game with a readable log (its designers' tools,
game.core.registry.workbench) may be exported as that log instead: a text file in the player's
language. A file is never written over, and one that already holds the game is left as it is.
Many games are written a few a frame, the panel counting them. The folder is typed (prefilled with
the player's Documents folder) or chosen with Choose…: the desktop's folder dialog, or the app's
own browser (scenes.app.picker); a folder that cannot be written says why in one line and the
panel stays, so the player can choose another."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import pygame

from game.core import registry
from game.core.errors import RecordError
from game.core.i18n import N_, _, ngettext
from game.storage import StoreError
from game.storage.exchange import Exported, export_record, export_steps, file_stem
from game.core.files import describe, write_new

from scenes.app.picker import FOLDER, choose
from scenes.app.stack import Scene
from scenes.menus.pause import dialog_frame
from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton, menu_event

if TYPE_CHECKING:
    from scenes.app.window import App

PATH_LEN = 400
ONE, ALL, LOG = "one", "all", "log"


def default_folder() -> Path:
    home = Path.home()
    documents = home / "Documents"
    return (documents if documents.is_dir() else home) / "Alice Assemble"


class ExportScene(Scene):
    name = "export"
    opaque = False

    def __init__(self, app: App, record: dict[str, Any] | None = None, ids: list[int] | None = None,
                 chosen: int | None = None, game: str | None = None) -> None:
        """`game`: the chosen game's id (History's), for its readable log."""
        super().__init__(app)
        self.record, self.ids, self.chosen = record, ids or [], chosen
        options = [ONE] if record is not None or ids is None else \
            ([ONE, ALL] if chosen is not None else [ALL])
        info = registry.find(record.get("game") if record is not None else game)
        self.log_game = info.id if info is not None and info.workbench and ONE in options else None
        options += [LOG] if self.log_game else []
        count = len(self.ids)
        words = {ONE: lambda: _("This game"), LOG: lambda: _("This game's readable log (text)"),
                 ALL: lambda: ngettext("All {n} listed game", "All {n} listed games",
                                       count).format(n=count)}
        self.what = ui.Choice(N_("Export"), options, 0, show=lambda v: words[v]())
        self.folder = ui.TextField(N_("Folder"), str(default_folder()), max_len=PATH_LEN)
        self.pick_b = ui.Button(N_("Choose\u2026"), self.pick_folder)
        self.go_b = PrimaryButton(N_("Export"), self.export)
        self.cancel_b = ui.Button(N_("Cancel"), self.cancel)
        self.rows = ([self.what] if len(options) > 1 else []) + [self.folder]  # full-width lines
        widgets = self.rows + [self.pick_b, self.cancel_b, self.go_b]
        self.ring = ui.FocusRing(widgets)
        self.ring.index = widgets.index(self.go_b) - 1
        self.ring.move(1)  # Export has the focus: Enter exports to the folder shown
        self.s = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.steps: Iterator[tuple[int, int, Exported]] | None = None  # an export under way, a few files a frame
        self.target, self.done, self.total, self.report = Path(), 0, 0, Exported()

    def pick_folder(self) -> None:
        def chosen(paths: list[Path]) -> None:
            self.folder.value = str(paths[0])
        choose(self.app, FOLDER, _("Export to"), Path(self.folder.value.strip() or default_folder()),
               chosen)

    def export(self) -> None:
        if self.steps is not None:
            return  # already under way
        text = self.folder.value.strip()
        if not text:
            self.app.toast(_("Type the folder to export to."))
            return
        folder = Path(text).expanduser()
        if self.record is not None or self.what.value == LOG:  # one file, written at once
            try:
                if self.what.value == LOG:
                    written = self.export_log(folder)
                else:
                    assert self.record is not None
                    written = export_record(self.record, folder)
            except StoreError as exc:
                self.app.toast(_("Could not export: {reason}").format(reason=exc.words))
                return
            except RecordError as exc:  # (a log: the record does not replay)
                self.app.toast(_("Could not export: {reason}").format(reason=str(exc)))
                return
            except OSError as exc:
                self.app.toast(_("Could not export to {folder}: {reason}").format(
                    folder=text[:80], reason=describe(exc)))
                return
            self.app.stack.pop()
            self.app.toast(_("Exported to {file}.").format(file=str(written)[-120:]), 6.0,
                           fine=True)
            return
        ids = [self.chosen] if self.what.value == ONE and self.chosen is not None else self.ids
        self.steps, self.target = export_steps(self.app.store, folder, ids=ids), folder
        self.done, self.total = 0, len(ids)
        self.advance()  # the first file now: a folder that cannot be made says so at once

    def advance(self, budget: float = 0.0) -> None:
        """Write files for about `budget` seconds (one at least), then let the frame go on;
        the end pops the panel and says what was done."""
        assert self.steps is not None
        end = time.perf_counter() + budget
        try:
            while True:
                self.done, self.total, self.report = next(self.steps)
                if time.perf_counter() >= end:
                    return
        except StopIteration:
            pass
        except StoreError as exc:
            self.steps = None
            self.app.toast(_("Could not export: {reason}").format(reason=exc.words))
            return
        except OSError as exc:
            self.steps = None
            self.app.toast(_("Could not export to {folder}: {reason}").format(
                folder=str(self.target)[:80], reason=describe(exc)))
            return
        self.steps = None
        self.finished()

    def finished(self) -> None:
        report, folder = self.report, self.target
        self.app.stack.pop()
        if report.problems:
            self.app.toast(ngettext("{n} game could not be exported: {reason}",
                                    "{n} games could not be exported: {reason}",
                                    len(report.problems)).format(n=len(report.problems),
                                                                 reason=report.problems[-1][1]), 8.0)
        done = report.written + report.already
        if done == 1 and report.last is not None:
            self.app.toast(_("Exported to {file}.").format(file=str(report.last)[-120:]), 6.0,
                           fine=True)
        elif done or not report.problems:
            self.app.toast(ngettext("Exported {n} game to {folder}.", "Exported {n} games to {folder}.",
                                    done).format(n=done, folder=str(folder)[-120:]), 6.0,
                           fine=True)

    def update(self, dt: float) -> None:
        if self.steps is not None:
            self.advance(0.02)

    def export_log(self, folder: Path) -> Path:
        """The game's readable log, in the player's language, as a new text file in `folder`."""
        if self.record is not None:
            record = self.record
        else:
            assert self.chosen is not None  # the log is offered for one game: the record or History's
            record = self.app.store.games.record(self.chosen)
        text = registry.workbench(str(self.log_game)).readable_log(record)
        return write_new(folder, file_stem(record), text, ".txt")

    def cancel(self) -> None:
        """Back (an export under way stops: the files written stay)."""
        self.steps = None
        self.app.stack.pop()

    def resize(self, size: tuple[int, int]) -> None:
        s = self.s = ui.scale_for(size)
        rows = len(self.rows)
        P = self.panel = pygame.Rect(0, 0, min(int(760 * s), size[0] - int(16 * s)),
                                     int((250 + 64 * rows) * s))
        P.center = (size[0] // 2, size[1] // 2)
        x, w, h = P.x + int(40 * s), P.w - int(80 * s), int(46 * s)
        y = P.y + int(110 * s)
        for widget in self.rows:
            widget.rect = pygame.Rect(x, y, w, h)
            y += int(64 * s)
        pick_w = int(150 * s)  # Choose… at the folder's right
        self.folder.rect.w -= pick_w + int(12 * s)
        self.pick_b.rect = pygame.Rect(self.folder.rect.right + int(12 * s), self.folder.rect.y,
                                       pick_w, h)
        bw, gap = int(200 * s), int(24 * s)
        y = P.bottom - int(36 * s) - int(52 * s)
        self.cancel_b.rect = pygame.Rect(P.centerx - gap // 2 - bw, y, bw, int(52 * s))
        self.go_b.rect = pygame.Rect(P.centerx + gap // 2, y, bw, int(52 * s))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.ring.current is self.folder:
            self.export()
            return
        menu_event(self.ring, event, self.cancel)

    def draw(self, surface: pygame.Surface) -> None:
        s, P = self.s, self.panel
        self.go_b.label, self.cancel_b.label = _("Export"), _("Cancel")
        self.pick_b.label = _("Choose\u2026")
        dialog_frame(surface, P, s, _("Export"), int(36 * s), 46, 80)
        self.ring.draw(surface, s)
        note = _("Each game becomes a record file; a file that is there is never replaced.")
        if self.steps is not None:
            note = _("Exporting: {done} of {total} games...").format(done=self.done, total=self.total)
        px = max(8, int(14 * s))
        lines = ui.wrap(note, px, P.w - 60 * s)[:2]
        step = ui.font(px).get_linesize()
        y = self.go_b.rect.y - 10 * s - step * len(lines)
        for line in lines:
            ui.text(surface, line, px, (P.centerx, y), ui.MUTED, "midtop", max_width=P.w - 60 * s)
            y += step
