"""Import and Export like a desktop app (issue 59, item 4): Import in History and Continue, and a
real file and folder picker: the desktop's own dialog (here a stand-in program run for real: it
prints what the player chose, or exits 1 as a cancelled dialog does), and the app's own browser
where there is none (the headless driver: what CI and these tests have)."""

import json
import sys

import pygame
import pytest

from game.core import records, registry
from helpers import finished_record
from scenes.app import picker
from storage_helpers import finished_records, in_progress
from ui_helpers import click, frames, key, top, wait_for


def open_export(app):
    app.stack.push(app.make("title"))
    frames(app, 1)
    app.stack.push(app.make("export", record=finished_record()))
    frames(app, 1)
    return top(app)


def row_of(browser, name):
    return next(i for i, (entry, _is_dir) in enumerate(browser.entries) if entry == name)


def open_row(app, browser, name):
    """A click chooses the row, a second click opens it."""
    centre = browser.rows.rect(row_of(browser, name), browser.s).center
    click(app, centre)
    click(app, centre)


def test_without_a_desktop_dialog_the_apps_browser_chooses_the_folder(app, tmp_path):
    tmp_path = tmp_path / "files"
    (tmp_path / "games" / "old").mkdir(parents=True)
    (tmp_path / ".hidden").mkdir()
    export = open_export(app)
    export.folder.value = str(tmp_path / "not there yet")
    click(app, export.pick_b.rect.center)
    browser = top(app)
    assert browser.name == "browse" and browser.folder == tmp_path  # the nearest that is there
    assert [name for name, _d in browser.entries] == ["games"]  # folders; hidden ones left out
    open_row(app, browser, "games")
    assert browser.folder == tmp_path / "games"
    key(app, pygame.K_BACKSPACE)  # up again
    assert browser.folder == tmp_path
    open_row(app, browser, "games")
    click(app, browser.choose_b.rect.center)
    assert top(app) is export and export.folder.value == str(tmp_path / "games")
    click(app, export.go_b.rect.center)
    assert len(list((tmp_path / "games").glob("*.json"))) == 1


@pytest.mark.parametrize("answer,code", [("chosen", 0), ("cancelled", 1)])
def test_the_desktop_dialog_answers_while_the_window_keeps_drawing(app, tmp_path, monkeypatch,
                                                                   answer, code):
    target = tmp_path / "picked"
    target.mkdir()
    program = [sys.executable, "-c", f"import sys; print({str(target)!r}); sys.exit({code})"]
    monkeypatch.setattr(picker, "desktop_command", lambda kind, title, start: program)
    export = open_export(app)
    before = export.folder.value
    click(app, export.pick_b.rect.center)
    assert top(app).name == "file_dialog"
    wait_for(app, lambda: top(app) is export, limit=100_000)  # frames drawn while it is open
    assert export.folder.value == (str(target) if answer == "chosen" else before)


def test_a_desktop_dialog_that_cannot_run_gives_the_apps_browser(app, tmp_path, monkeypatch):
    monkeypatch.setattr(picker, "desktop_command",
                        lambda kind, title, start: [str(tmp_path / "no such program")])
    export = open_export(app)
    click(app, export.pick_b.rect.center)
    wait_for(app, lambda: top(app).name == "browse", limit=100_000)


def test_import_in_history_brings_a_chosen_record_in(app, data_dir, tmp_path, monkeypatch):
    tmp_path = tmp_path / "files"
    tmp_path.mkdir()
    monkeypatch.setattr("scenes.menus.export.default_folder", lambda: tmp_path)
    (tmp_path / "game.json").write_text(json.dumps(finished_record()))
    (tmp_path / "notes.txt").write_text("not a record")
    app.stack.push(app.make("title"))
    frames(app, 2)
    click(app, top(app).history.rect.center)
    history = top(app)
    assert history.ids == []
    click(app, history.import_b.rect.center)
    browser = top(app)
    assert [name for name, _d in browser.entries] == ["game.json"]  # records and folders only
    open_row(app, browser, "game.json")
    wait_for(app, lambda: top(app) is history, limit=100_000)
    assert len(history.ids) == 1 and len(finished_records()) == 1
    assert "Imported 1 game." in app.toasts[-1][0]
    click(app, history.import_b.rect.center)  # the same file again: it is there once
    open_row(app, top(app), "game.json")
    wait_for(app, lambda: top(app) is history, limit=100_000)
    assert len(finished_records()) == 1 and "already there" in app.toasts[-1][0]


def test_import_in_continue_brings_a_game_in_progress_into_the_list(app, data_dir, tmp_path,
                                                                    monkeypatch):
    tmp_path = tmp_path / "files"
    tmp_path.mkdir()
    monkeypatch.setattr("scenes.menus.export.default_folder", lambda: tmp_path)
    game = registry.ids()[0]
    session = registry.game_module(game).new_session(
        3, [{"name": "Ada", "seat": "human"}, {"name": "Bo", "seat": "easy"}])
    session.play(session.state.legal_actions()[0])
    (tmp_path / "unfinished.json").write_text(json.dumps(records.record_of(session)))
    title = app.stack.push(app.make("title"))
    frames(app, 2)
    app.stack.push(app.make("continue"))
    frames(app, 1)
    listed = top(app)
    assert listed.games == []
    click(app, listed.import_b.rect.center)
    browser = top(app)
    click(app, browser.all_b.rect.center)  # everything in the folder shown
    wait_for(app, lambda: top(app) is listed, limit=100_000)
    assert [g.players[0][0] for g in listed.games] == ["Ada"] and len(in_progress()) == 1
    assert title is app.stack.scenes[0]
