"""Choosing a file or a folder: the desktop's own dialog where there is one, else a browser drawn
by the app (scenes.menus.browse).

On Linux (and the other free desktops) the desktop's dialog is first the XDG desktop portal's
file chooser (scenes.app.portal: the dialog of the desktop that runs, over the session bus), else
zenity or kdialog; AppleScript's on macOS; the Windows Forms dialogs through PowerShell on
Windows. It is asked for in a thread so that the window keeps drawing while it is open, and its
answer comes back to the frame loop. A dialog that is not there, or fails, gives the next one (a
portal not on the bus: zenity, kdialog), the last the app's own browser; a dialog the player
cancels changes nothing, and no other dialog opens after it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from game.core.i18n import _
from scenes.app import portal
from scenes.app.portal import CANCELLED, CHOSEN, UNAVAILABLE

if TYPE_CHECKING:
    from scenes.app.window import App

FILE, FILES, FOLDER = "file", "files", "folder"  # what is chosen: one record, records, a folder
WAIT_S = 3600.0  # a dialog left open longer is given up (the thread ends with it)


def headless() -> bool:
    """No desktop to show a dialog on: the headless driver (CI, the tests) or no display."""
    return os.environ.get("SDL_VIDEODRIVER") == "dummy" or not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def portal_question(kind: str, title: str, start: Path) -> portal.Question | None:
    """What to ask the desktop portal for `kind`, or None where there is no portal to ask (not
    a free desktop, headless, no session bus)."""
    if sys.platform in ("win32", "darwin") or headless() or portal.session_bus_address() is None:
        return None
    filters = [] if kind == FOLDER else [(_("Record files"), ["*.json"]), (_("All files"), ["*"])]
    return portal.Question(title, start, folder=kind == FOLDER, multiple=kind == FILES,
                           filters=filters, parent_window=parent_window())


def parent_window() -> str:
    """The app's window as the portal names a parent ("x11:XID"), so that the dialog opens over
    it; "" where SDL draws on another system (Wayland would need a handle exported for it)."""
    try:
        import pygame
        if pygame.display.get_init() and pygame.display.get_driver() == "x11":
            window = pygame.display.get_wm_info().get("window")
            if isinstance(window, int) and window > 0:
                return f"x11:{window:x}"
    except Exception:  # no window to name: the dialog opens on its own
        pass
    return ""


def desktop_command(kind: str, title: str, start: Path) -> list[str] | None:
    """The command line of this desktop's dialog program for `kind`, or None where there is none
    (no display, a headless driver, no such program)."""
    start_text = str(start)
    if sys.platform == "win32":
        shell = shutil.which("powershell")
        if shell is None:
            return None
        if kind == FOLDER:
            script = ("Add-Type -AssemblyName System.Windows.Forms;"
                      "$d=New-Object System.Windows.Forms.FolderBrowserDialog;"
                      f"$d.Description={_ps(title)};$d.SelectedPath={_ps(start_text)};"
                      "if($d.ShowDialog() -eq 'OK'){$d.SelectedPath}else{exit 1}")
        else:
            script = ("Add-Type -AssemblyName System.Windows.Forms;"
                      "$d=New-Object System.Windows.Forms.OpenFileDialog;"
                      f"$d.Title={_ps(title)};$d.InitialDirectory={_ps(start_text)};"
                      "$d.Filter='Records (*.json)|*.json|All files (*.*)|*.*';"
                      f"$d.Multiselect=${'true' if kind == FILES else 'false'};"
                      "if($d.ShowDialog() -eq 'OK'){$d.FileNames}else{exit 1}")
        return [shell, "-NoProfile", "-STA", "-Command", script]
    if sys.platform == "darwin":
        osa = shutil.which("osascript")
        if osa is None:
            return None
        what = "folder" if kind == FOLDER else "file"
        many = " with multiple selections allowed" if kind == FILES else ""
        script = (f'set chosen to choose {what} with prompt {_as(title)} default location '
                  f'(POSIX file {_as(start_text)}){many}\n'
                  'set out to ""\n'
                  'if class of chosen is list then\n'
                  '  repeat with one in chosen\n'
                  '    set out to out & POSIX path of one & linefeed\n'
                  '  end repeat\n'
                  'else\n'
                  '  set out to POSIX path of chosen\n'
                  'end if\n'
                  'return out')
        return [osa, "-e", script]
    if headless():
        return None
    zenity = shutil.which("zenity")
    if zenity is not None:
        line = [zenity, "--file-selection", f"--title={title}", f"--filename={start_text}{os.sep}",
                "--separator=\n"]
        if kind == FOLDER:
            line.append("--directory")
        elif kind == FILES:
            line.append("--multiple")
        return line
    kdialog = shutil.which("kdialog")
    if kdialog is not None:
        if kind == FOLDER:
            return [kdialog, "--title", title, "--getexistingdirectory", start_text]
        many = ["--multiple", "--separate-output"] if kind == FILES else []
        return [kdialog, "--title", title, "--getopenfilename", start_text, "*.json", *many]
    return None


def _ps(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _as(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class DesktopDialog:
    """The desktop's dialog, open in a thread: `answer` is None while it is open, then (CHOSEN,
    paths), (CANCELLED, []) or (UNAVAILABLE, []) when neither the portal (`question`) nor the
    program (`command`) could be used."""

    def __init__(self, command: list[str] | None, question: portal.Question | None = None):
        self.answer: tuple[str, list[Path]] | None = None
        self._thread = threading.Thread(target=self._run, args=(command, question),
                                        name="file dialog", daemon=True)
        self._thread.start()

    def _run(self, command: list[str] | None, question: portal.Question | None) -> None:
        if question is not None:
            answer = portal.ask(question, WAIT_S)
            if answer[0] != UNAVAILABLE:  # chosen, or cancelled: no other dialog after it
                self.answer = answer
                return
        if command is None:
            self.answer = (UNAVAILABLE, [])
            return
        try:
            done = subprocess.run(command, capture_output=True, timeout=WAIT_S,
                                  stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError, ValueError):
            self.answer = (UNAVAILABLE, [])
            return
        text = done.stdout.decode("utf-8", "replace")
        paths = [Path(line) for line in text.splitlines() if line.strip()]
        if done.returncode == 0 and paths:
            self.answer = (CHOSEN, paths)
        elif done.returncode in (0, 1):  # closed or cancelled (zenity, kdialog, PowerShell: 1)
            self.answer = (CANCELLED, [])
        else:  # the program failed (no display it could use, an AppleScript error is -128: cancel)
            self.answer = (CANCELLED, []) if b"-128" in done.stderr else (UNAVAILABLE, [])


def choose(app: App, kind: str, title: str, start: Path, on_chosen: Callable[[list[Path]], None]) -> None:
    """Ask the player for a file, files or a folder; `on_chosen(paths)` when they choose (never
    when they cancel). The desktop's dialog first, the app's own browser where there is none."""
    question = portal_question(kind, title, start)
    command = desktop_command(kind, title, start)
    if question is None and command is None:
        browse(app, kind, title, start, on_chosen)
        return
    app.stack.push(app.make("file_dialog", dialog=DesktopDialog(command, question), kind=kind,
                            title=title, start=start, on_chosen=on_chosen))


def browse(app: App, kind: str, title: str, start: Path, on_chosen: Callable[[list[Path]], None]) -> None:
    app.stack.push(app.make("browse", kind=kind, title=title, start=start, on_chosen=on_chosen))
