"""A record file dropped on the window: one question, then the game is imported into the
player's data (once: a game already kept is the one opened) and opened in the replay viewer.
"Only look" opens the file without keeping it; a file that is not a record is one line. Many
files dropped at once are one question and, once imported, one message."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.errors import RecordError
from game.core.i18n import _, ngettext
from game.storage import StoreError
from game.storage.exchange import import_files
from game.core.files import shown_name

if TYPE_CHECKING:
    from game.core.records import StrPath
    from scenes.app.window import App


def offer_import(app: App, path: StrPath) -> None:
    from scenes.menus.saved import title_of
    from scenes.replay.viewer import load, open_replay
    name = shown_name(path)
    try:
        record = load(path)
    except RecordError as exc:
        app.toast(_("Cannot replay {file}: {error}").format(file=name, error=exc))
        return
    except Exception as exc:  # noqa: BLE001 - any file the viewer cannot show: a line, no crash
        app.toast(_("Cannot replay {file}: {error}").format(file=name, error=type(exc).__name__))
        return
    title = title_of(record["game"])
    names = _(", ").join(p["name"] for p in record.get("players") or ())
    if not app.store.kept:  # nothing can be kept in this session: only look
        open_replay(app, path)
        return
    app.stack.push(app.make(
        "confirm", question=_("Import this game?"), yes=_("Import"), no=_("Cancel"),
        on_yes=lambda: import_and_open(app, path), also=(_("Only look"), lambda: open_replay(app, path)),
        detail=_("{game} with {names} ({file}): it joins your games.").format(
            game=title, names=names, file=name) if names else
        _("{game} ({file}): it joins your games.").format(game=title, file=name)))


def import_and_open(app: App, path: StrPath) -> None:
    from scenes.replay.viewer import open_stored
    try:
        with app.store.at_once():  # a held lock is said, not waited for: the file can come again
            report = import_files(app.store, [path])
    except StoreError as exc:
        app.toast(_("Could not import the game: {reason}").format(reason=exc.words))
        return
    if report.problems:
        app.toast(_("Could not import the game: {reason}").format(reason=report.problems[0][1]))
        return
    ids = report.added or report.found
    if report.found and not report.added:
        app.toast(_("This game was already kept; here it is."), fine=True)
    if ids:
        open_stored(app, ids[0])


def offer_imports(app: App, paths: list[str]) -> None:
    """Files dropped together: one question, then all of them imported and one message."""
    n = len(paths)
    if not app.store.kept:
        app.toast(_("Nothing can be kept in this session: drop one file at a time to look at it."))
        return
    app.stack.push(app.make(
        "confirm", question=ngettext("Import {n} file?", "Import {n} files?", n).format(n=f"{n:,}"),
        yes=_("Import"), no=_("Cancel"), on_yes=lambda: import_all(app, paths),
        detail=_("Each game joins your games; a game already kept is not added again.")))


def import_all(app: App, paths: list[str]) -> None:
    try:
        report = import_files(app.store, paths)
    except StoreError as exc:
        app.toast(_("Could not import the games: {reason}").format(reason=exc.words))
        return
    added, bad = len(report.added), len(report.problems)
    said = [ngettext("Imported {n} game.", "Imported {n} games.", added).format(n=f"{added:,}")]
    if report.already:
        said.append(ngettext("{n} was already kept.", "{n} were already kept.",
                             report.already).format(n=f"{report.already:,}"))
    if bad:
        name, why = report.problems[0]
        said.append(ngettext("{n} file could not be imported ({file}: {reason}).",
                             "{n} files could not be imported ({file}: {reason}, ...).",
                             bad).format(n=f"{bad:,}", file=name, reason=why))
    app.toast(" ".join(said), 8.0)
