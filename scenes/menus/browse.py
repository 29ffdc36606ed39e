"""The app's own file and folder browser, for a system without a dialog of its own (and the panel
that waits while the desktop's dialog is open): folders first, then the record files; a click
chooses a row, a second click (or Enter) opens it; Backspace goes up; a folder typed in the path
field and Enter go straight there. See scenes.app.picker."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from game.core.i18n import N_, _
from game.core.files import describe
from game.core.text import clean

from scenes.app.picker import CHOSEN, FILES, FOLDER, UNAVAILABLE, browse
from scenes.app.stack import Scene
from scenes.menus.pause import dialog_frame
from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton, menu_event
from scenes.widgets.rows import RowList

if TYPE_CHECKING:
    from scenes.app.picker import DesktopDialog
    from scenes.app.window import App

PATH_LEN = 400
MAX_ENTRIES = 5000  # a folder with more shows the first of them (by name)
RECORD_SUFFIX = ".json"


def existing_folder(start: Path) -> Path:
    """`start`, or the nearest folder above it that is there (else the home folder)."""
    here = Path(start).expanduser()
    for folder in (here, *here.parents):
        try:
            if folder.is_dir():
                return folder
        except OSError:
            continue
    return Path.home()


class BrowseScene(Scene):
    name = "browse"
    opaque = False

    def __init__(self, app: App, kind: str, title: str, start: Path,
                 on_chosen: Callable[[list[Path]], None]) -> None:
        super().__init__(app)
        self.kind, self.title, self.on_chosen = kind, title, on_chosen
        self.path_f = ui.TextField(N_("Folder"), "", max_len=PATH_LEN)
        self.up_b = ui.Button(N_("Up"), self.up, "Backspace")
        self.cancel_b = ui.Button(N_("Cancel"), self.cancel)
        self.choose_b = PrimaryButton(N_("Choose this folder") if kind == FOLDER else N_("Open"),
                                      self.choose)
        # records: every one in the folder shown, as a whole
        self.all_b = ui.Button(N_("Everything here"), self.take_all) if kind == FILES else None
        self.ring = ui.FocusRing([w for w in (self.path_f, self.up_b, self.cancel_b, self.all_b,
                                              self.choose_b) if w is not None])
        self.rows = RowList(click_opens=False)
        self.entries: list[tuple[str, bool]] = []  # (name, is a folder)
        self.folder = existing_folder(start)
        self.s = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        if not self.show(self.folder):
            self.show(Path.home())

    # --- the folder shown --------------------------------------------------------------------

    def show(self, folder: Path) -> bool:
        """List `folder` (False, with one line said, when it cannot be read)."""
        entries: list[tuple[str, bool]] = []
        try:
            with os.scandir(folder) as found:
                for n, entry in enumerate(found):
                    if n >= MAX_ENTRIES * 4:
                        break
                    if entry.name.startswith("."):
                        continue
                    try:
                        is_dir = entry.is_dir()
                    except OSError:
                        continue
                    if is_dir or (self.kind != FOLDER
                                  and entry.name.lower().endswith(RECORD_SUFFIX)):
                        entries.append((entry.name, is_dir))
        except OSError as exc:
            self.app.toast(_("Cannot open {folder}: {reason}").format(
                folder=clean(str(folder), 80), reason=describe(exc)))
            return False
        entries.sort(key=lambda e: (not e[1], e[0].casefold()))
        self.folder, self.entries = folder, entries[:MAX_ENTRIES]
        self.path_f.value = str(folder)
        self.rows.reset(len(self.entries))
        return True

    def up(self) -> None:
        if self.folder.parent != self.folder:
            self.show(self.folder.parent)

    def open_row(self, i: int) -> None:
        name, is_dir = self.entries[i]
        if is_dir:
            self.show(self.folder / name)
        else:
            self.done([self.folder / name])

    def go_typed(self) -> None:
        """The path typed in the field: a folder is shown, a record file (when files are asked
        for) is chosen."""
        typed = Path(self.path_f.value.strip()).expanduser()
        try:
            if typed.is_dir():
                self.show(typed)
                return
            if self.kind != FOLDER and typed.is_file():
                self.done([typed])
                return
        except OSError:
            pass
        self.app.toast(_("There is no folder {folder}.").format(folder=clean(str(typed), 80)))

    # --- answering ---------------------------------------------------------------------------

    def choose(self) -> None:
        if self.kind == FOLDER:
            self.done([self.folder])
        elif self.entries:
            self.open_row(self.rows.index)

    def take_all(self) -> None:
        self.done([self.folder])

    def done(self, paths: list[Path]) -> None:
        self.app.stack.pop()
        self.on_chosen(paths)

    def cancel(self) -> None:
        self.app.stack.pop()

    # --- events and drawing ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        typing = self.ring.current is self.path_f
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and typing:
            self.go_typed()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE and not typing:
            self.up()
            return
        if self.rows.handle(event, self.ring, self.open_row):
            return
        menu_event(self.ring, event, self.cancel)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.s = ui.scale_for(size)
        P = self.panel = pygame.Rect(0, 0, min(int(900 * s), size[0] - int(16 * s)),
                                     size[1] - int(40 * s))
        P.center = (size[0] // 2, size[1] // 2)
        x, w, h = P.x + int(30 * s), P.w - int(60 * s), int(42 * s)
        y = P.y + int(96 * s)
        up_w = int(120 * s)
        self.path_f.rect = pygame.Rect(x, y, w - up_w - int(12 * s), h)
        self.up_b.rect = pygame.Rect(x + w - up_w, y, up_w, h)
        bh = int(48 * s)
        by = P.bottom - int(24 * s) - bh
        buttons = [b for b in (self.cancel_b, self.all_b, self.choose_b) if b is not None]
        gap = int(16 * s)
        bw = min(int(240 * s), (w - gap * (len(buttons) - 1)) // len(buttons))
        bx = P.right - int(30 * s) - bw * len(buttons) - gap * (len(buttons) - 1)
        for b in buttons:
            b.rect = pygame.Rect(bx, by, bw, bh)
            bx += bw + gap
        top = y + h + int(12 * s)
        row_h = max(ui.font(max(10, int(16 * s))).get_linesize() + int(8 * s), int(32 * s))
        self.rows.place(pygame.Rect(x, top, w, by - int(12 * s) - top), row_h)

    def draw(self, surface: pygame.Surface) -> None:
        s, P = self.s, self.panel
        for b, word in ((self.up_b, N_("Up")), (self.cancel_b, N_("Cancel")),
                        (self.choose_b, N_("Choose this folder") if self.kind == FOLDER
                         else N_("Open")), (self.all_b, N_("Everything here"))):
            if b is not None:
                b.label = _(word)
        dialog_frame(surface, P, s, self.title, int(32 * s), 40, 72)
        self.ring.draw(surface, s)
        px = max(10, int(16 * s))
        V = self.rows.view
        if not self.entries:
            ui.text(surface, _("No folder or record file here.") if self.kind != FOLDER
                    else _("No folder here."), px, V.center, ui.MUTED, "center", max_width=V.w)
        for i in self.rows.in_sight():
            name, is_dir = self.entries[i]
            row = self.rows.draw_row(surface, i, s)
            words = clean(name, 200) + ("/" if is_dir else "")
            ui.text(surface, words, px, (row.x + int(12 * s), row.centery),
                    ui.TEXT if is_dir or self.kind != FOLDER else ui.MUTED, "midleft",
                    max_width=row.w - int(24 * s))


class DialogWaitScene(Scene):
    """While the desktop's file dialog is open: the app says so (and keeps drawing); its answer
    is taken when it comes; a dialog that could not open gives the app's own browser."""

    name = "file_dialog"
    opaque = False

    def __init__(self, app: App, dialog: DesktopDialog, kind: str, title: str, start: Path,
                 on_chosen: Callable[[list[Path]], None]) -> None:
        super().__init__(app)
        self.dialog, self.kind, self.title = dialog, kind, title
        self.start, self.on_chosen = start, on_chosen

    def update(self, dt: float) -> None:
        answer = self.dialog.answer
        if answer is None:
            return
        status, paths = answer
        self.app.stack.pop()
        if status == CHOSEN:
            self.on_chosen(paths)
        elif status == UNAVAILABLE:
            browse(self.app, self.kind, self.title, self.start, self.on_chosen)

    def draw(self, surface: pygame.Surface) -> None:
        s = ui.scale_for(surface.get_size())
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(int(560 * s), w - 16), int(120 * s))
        box.center = (w // 2, h // 2)
        dialog_frame(surface, box, s, self.title, int(26 * s), 36, 62)
        ui.text(surface, _("Choose in the window that opened."), max(10, int(16 * s)),
                (box.centerx, box.y + int(88 * s)), ui.MUTED, "center", max_width=box.w - 40 * s)
