"""A record file dropped on the window: one question, then the game is imported into the
player's data (once: a game already kept is the one opened) and opened in the replay viewer.
"Only look" opens the file without keeping it; a file that is not a record is one line."""

from __future__ import annotations

from game.errors import RecordError
from game.i18n import _
from game.storage import StoreError
from game.storage.exchange import import_files
from game.storage.files import shown_name


def offer_import(app, path) -> None:
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


def import_and_open(app, path) -> None:
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
