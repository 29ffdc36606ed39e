"""The player's data when it is bad, damaged or impossible to write (issues 11 and 38).

What a player must see in every case: one clear message, nothing lost (a database the app cannot
use is moved aside or left alone, never overwritten; a game that cannot be resumed stays listed),
messages that tell the truth about what was kept, and an app that keeps working.
"""

import os
import sqlite3

import pygame
import pytest

from game.services import settings as schema
from game.core.records import record_of
from game.storage import Store, StoreError
from game.storage.store import DB_NAME, SCHEMA_VERSION
from scenes import registry
from scenes.menus.title import StartProgram, TitleScene
from tests.storage_helpers import (edit, finished_records, in_progress, keep_in_progress,
                                   latest_record, put_settings, read_settings, settings_kept)
from tests.ui_helpers import click, frames, key, top

DEEP = "[" * 100_000 + "]" * 100_000


# --- helpers ---------------------------------------------------------------------------------

@pytest.fixture
def start_app(data_dir):
    """Start the app the way a player does (the data opened and settings read at start), after
    the test has put things in place."""
    apps = []

    def start():
        from scenes.app.window import App, AppOptions
        app = App(AppOptions(size=(1280, 720)))
        apps.append(app)
        title = app.stack.push(app.make("title"))
        frames(app, 2)
        return app, title
    yield start
    for app in apps:
        app.stack.close_all()
        app.store.close()
    pygame.display.quit()


def toasts(app):
    return [str(message) for message, _ in app.toasts]


def assemble_record(players=None, moves=1):
    from game.assemble.record import new_session
    from game.assemble.setup import Rules
    players = players or [{"name": "Ann", "seat": "human", "colour": 2},
                          {"name": "Bo", "seat": "human", "colour": 0}]
    session = new_session(42, players, Rules())
    for _ in range(moves):
        session.play(session.state.legal_actions()[0])
    return session, record_of(session)


def cementopia_record(**extras):
    from game.cementopia.record import new_session
    session = new_session(5, None, None)
    session.play(session.state.legal_actions()[0])
    return dict(record_of(session), **extras)


def finished_record():
    from game.cementopia.record import new_session
    session = new_session(5, None, None)
    while not session.state.is_over():
        session.play(session.state.legal_actions()[0])
    return record_of(session)


def still_works(app, title):
    """Frames draw, and New game opens the setup screen."""
    frames(app, 3)
    assert top(app) is title
    click(app, title.new_game.rect.center)
    assert top(app).name == "setup"
    frames(app, 2)


def open_continue(app, title):
    click(app, title.cont.rect.center)
    listed = top(app)
    assert listed.name == "continue"
    return listed


# --- settings --------------------------------------------------------------------------------

BAD_FIELDS = [  # (the setting's stored JSON, the field named in the message)
    ('{"speed": [1]}', "speed"),
    ('{"speed": "warp"}', "speed"),
    ('{"speed": true}', "speed"),
    ('{"think": -4}', "think"),
    ('{"think": 0}', "think"),
    ('{"think": 11}', "think"),
    ('{"think": "0.8"}', "think"),
    ('{"think": NaN}', "think"),
    ('{"think": 1e400}', "think"),
    ('{"think": [0.3]}', "think"),
    ('{"think": true}', "think"),
    ('{"sound": "loud"}', "sound"),
    ('{"hover_magnify": 0}', "hover_magnify"),
    ('{"auto_take_last": {}}', "auto_take_last"),
    ('{"setup": "assemble"}', "setup"),
    ('{"setup": {"game": ["assemble"]}}', "setup.game"),
    ('{"setup": {"game": 5}}', "setup.game"),
    ('{"setup": {"game": "chess"}}', "setup.game"),
    ('{"setup": {"players": 9}}', "setup.players"),
    ('{"setup": {"players": "2"}}', "setup.players"),
    ('{"setup": {"seats": [{"name": "Ann", "colour": 99}]}}', "setup.seats"),
    ('{"setup": {"seats": {"name": "Ann"}}}', "setup.seats"),
    ('{"setup": {"seats": [{"name": "A\\u0000nn"}]}}', "setup.seats"),
    ('{"setup": {"seed": "12ab"}}', "setup.seed"),
    ('{"setup": {"seed": 12}}', "setup.seed"),
    ('{"setup": {"command": "bot\\u0000"}}', "setup.command"),
    ('{"setup": {"target": 7}}', "setup.target"),
    ('{"setup": {"daily": "yes"}}', "setup.daily"),
]


def put_raw_setting(text: str) -> None:
    """A setting as someone with the sqlite3 shell may leave it: `{"key": value}`, value as text."""
    key_name, value = text[2:].split('": ', 1)
    edit("INSERT INTO settings (key, value) VALUES (?, ?)", key_name, value[:-1])


@pytest.mark.parametrize("text, field", BAD_FIELDS)
def test_a_bad_setting_falls_back_to_its_default_with_one_message(start_app, data_dir, text, field):
    good = {"hover_magnify": False} if field != "hover_magnify" else {"speed": 1.5}
    put_raw_setting(text)
    put_settings(good)
    app, title = start_app()
    said = toasts(app)
    assert len(said) == 1 and f"Setting {field} " in said[0] and "default" in said[0]
    assert said[0].isprintable()
    key_name = field.split(".")[0]
    if "." in field:
        assert field.split(".")[1] not in app.settings.get("setup", {})
    else:
        assert key_name not in app.settings
    for name, value in good.items():
        assert app.settings[name] == value  # the good settings are kept
    assert app.speed in (1.0, 1.5)
    # every screen that reads settings opens and draws
    click(app, title.settings.rect.center)
    assert top(app).name == "settings"
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    click(app, title.rules.rect.center)
    assert top(app).name == "rules"
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    still_works(app, title)
    setup = top(app)
    assert setup.game.value in schema.GAMES
    # the message is said once, not on every return to the title screen
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene) and len(toasts(app)) == 1


UNREADABLE = {
    "not JSON": "{ speed: 1.5",
    "deep nesting": DEEP,
    "nested 500 deep": '{"x": ' + "[" * 500 + "]" * 500 + "}",
    "5,000-digit number": "7" * 5000,
    "empty": "",
    "a blob": b"\xff\xfe\x00",
}


@pytest.mark.parametrize("case", list(UNREADABLE))
def test_a_setting_that_cannot_be_read_is_a_default_and_a_change_writes_it_afresh(start_app, case):
    put_settings({"sound": False})
    edit("INSERT INTO settings (key, value) VALUES ('speed', ?)", UNREADABLE[case])
    app, title = start_app()
    said = toasts(app)
    assert len(said) == 1 and "Setting speed could not be read" in said[0]
    assert len(said[0]) < 300 and said[0].isprintable()
    assert app.settings == {"sound": False} and app.speed == 1.0
    click(app, title.settings.rect.center)
    click(app, (top(app).speed.rect.right - 10, top(app).speed.rect.centery))
    assert settings_kept() == {"sound": False, "speed": 1.5}
    key(app, pygame.K_ESCAPE)
    still_works(app, title)


def test_many_bad_settings_make_a_short_list_of_messages(start_app):
    put_settings({"speed": 0, "think": 0, "sound": 0, "hover_magnify": 0,
                  "setup": {"game": 0, "players": 0}})
    app, _ = start_app()
    said = toasts(app)
    assert len(said) == 3 and "4 more" in said[-1]


def test_the_settings_the_app_writes_read_back_without_a_message(app, data_dir):
    setup = app.stack.push(app.make("setup"))
    setup.advanced.activate()  # the external program's seat kind is behind Advanced...
    setup.rows[1].kind.set("external")
    setup.command.value = "python3 mybot.py"
    setup.seed.value = "123456789"
    setup.remember()
    app.settings.update(speed=2.5, think=2.0, sound=False, hover_magnify=False, auto_take_last=True)
    app.save_settings()
    settings, messages = read_settings()
    assert messages == [] and settings == dict(app.settings)


def test_unknown_settings_are_kept_for_the_version_that_wrote_them(app):
    put_settings({"future": {"a": [1, 2]}, "speed": 1.5})
    settings, messages = read_settings()
    assert messages == [] and settings == {"future": {"a": [1, 2]}, "speed": 1.5}
    app.settings.update(read_settings()[0])
    app.settings["speed"] = 2.5
    app.save_settings()
    assert settings_kept() == {"future": {"a": [1, 2]}, "speed": 2.5}


def test_the_schema_agrees_with_the_screens():
    from game.core import registry
    from scenes import games
    from scenes.menus import settings as overlay, setup
    from scenes.table.bots import DEFAULT_THINK
    from scenes.widgets import ui
    assert tuple(overlay.SPEEDS) == schema.SPEEDS
    assert DEFAULT_THINK == schema.DEFAULT_THINK and all(map(schema.is_think, overlay.THINK))
    assert schema.COLOURS == len(ui.COLOUR_NAMES)
    assert list(schema.GAMES) == registry.ids() == [info.game for info in games.GAMES]
    assert schema.SEATS == len(setup.DEFAULT_NAMES)  # a seat row each
    for game in registry.GAMES:  # every option the setup remembers is one the settings check
        assert set(setup.option_keys(game)) <= set(schema.SETUP)
    assert (schema.NAME_LEN, schema.SEED_LEN) == (setup.NAME_LEN, setup.SEED_LEN)


def test_settings_edited_in_memory_into_odd_types_do_not_stop_the_screens(app):
    app.settings.update(speed=[1], think={"a": 1}, setup={"game": ["x"], "players": [2]})
    title = app.stack.push(app.make("title"))
    click(app, title.settings.rect.center)
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    click(app, title.rules.rect.center)
    key(app, pygame.K_ESCAPE)
    still_works(app, title)


def test_a_settings_save_that_fails_is_said_once_and_kept_for_the_next(app, monkeypatch):
    def full(*_args, **_kwargs):
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorname = "SQLITE_FULL"
        raise error
    with monkeypatch.context() as patch:
        patch.setattr(Store, "_write", full)
        app.settings["speed"] = 2.5
        app.save_settings()
        app.settings["sound"] = False
        app.save_settings()
        said = toasts(app)
        assert said == ["Could not save the settings: the disk is full"]  # once, and true
    app.save_settings()  # room again: what waited is written now
    assert settings_kept() == {"speed": 2.5, "sound": False}


# --- the database itself ---------------------------------------------------------------------

def db_path(data_dir):
    return data_dir / DB_NAME


@pytest.mark.parametrize("damage", ["garbage", "truncated", "zeroed pages", "broken pages"])
def test_a_damaged_database_is_moved_aside_and_a_fresh_one_started(start_app, data_dir, damage):
    keep_in_progress(assemble_record()[1])
    path = db_path(data_dir)
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not a database at all" * 100)
    elif damage == "truncated":
        path.write_bytes(data[:len(data) // 3])
    elif damage == "broken pages":  # the file opens; only a check of its pages finds them
        broken = bytearray(data)
        for page in range(2, len(data) // 4096):
            broken[page * 4096:page * 4096 + 8] = b"\x0d" + b"\xff" * 7
        path.write_bytes(bytes(broken))
    else:
        path.write_bytes(data[:100] + b"\0" * (len(data) - 100))
    damaged = path.read_bytes()
    app, title = start_app()
    said = toasts(app)
    assert len(said) == 1 and "damaged" in said[0] and "moved aside" in said[0]
    [aside] = data_dir.glob("alice-damaged-*.sqlite3")
    assert aside.read_bytes() == damaged and aside.name in said[0]  # kept, byte for byte
    assert app.store.kept and not title.cont.enabled
    still_works(app, title)
    app.settings["speed"] = 2.5
    app.save_settings()
    assert settings_kept() == {"speed": 2.5}


def test_a_database_from_a_newer_version_is_left_alone_and_nothing_is_kept(start_app, data_dir):
    keep_in_progress(assemble_record()[1])
    con = sqlite3.connect(db_path(data_dir))
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.commit()
    con.close()
    before = db_path(data_dir).read_bytes()
    app, title = start_app()
    said = toasts(app)
    assert len(said) == 1 and "newer version" in said[0] and "keeps nothing" in said[0]
    assert not app.store.kept
    still_works(app, title)
    setup = top(app)
    click(app, setup.start.rect.center)  # a game: played, saved nowhere, and the menu says so
    table = top(app)
    menu = app.stack.push(app.make("menu", table=table))
    assert "Nothing is saved" in menu.saving_note()
    app.stack.close_all()
    app.store.close()
    assert db_path(data_dir).read_bytes() == before


@pytest.mark.parametrize("kind", ["folder", "fifo", "/dev/zero", "a file for the folder"])
def test_where_the_database_cannot_be_the_app_runs_without_keeping(start_app, data_dir, kind,
                                                                   monkeypatch):
    data_dir.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        db_path(data_dir).mkdir()
    elif kind == "fifo":
        os.mkfifo(db_path(data_dir))
    elif kind == "/dev/zero":
        os.symlink("/dev/zero", db_path(data_dir))
    else:
        (data_dir.parent / "plain").write_text("x")
        monkeypatch.setenv("ALICE_DATA_DIR", str(data_dir.parent / "plain"))
    app, title = start_app()
    said = toasts(app)
    assert len(said) == 1 and "Nothing can be saved" in said[0] and said[0].isprintable()
    assert not app.store.kept
    still_works(app, title)


# --- games in progress that cannot be resumed ------------------------------------------------

def _good_assemble_text():
    import json
    return json.dumps(assemble_record()[1], separators=(",", ":"))


def _cementopia_text(**extras):
    import json
    return json.dumps(cementopia_record(**extras), separators=(",", ":"))


DAMAGED = {  # what the game's row holds (all built lazily)
    "not JSON": lambda: "{ this is not a record",
    "empty": lambda: "",
    "not an object": lambda: "[1, 2, 3]",
    "100,000-deep array": lambda: ('{"format": "alice-record", "version": 1, "game": "assemble", '
                                   '"actions": ' + DEEP + "}"),
    "5,000-digit seed": lambda: _good_assemble_text().replace('"seed":42', '"seed":' + "7" * 5000),
    "NUL in a seat": lambda: _good_assemble_text().replace('"seat":"human"', '"seat":"hu\\u0000"', 1),
    "NUL in daily": lambda: _cementopia_text(daily="2025-01-01\u0000"),
    "newline in daily": lambda: _cementopia_text(daily="2025\n01-01"),
    "unknown game": lambda: _good_assemble_text().replace('"game":"assemble"', '"game":"chess"'),
    "an illegal action": lambda: _good_assemble_text().replace('"actions":[', '"actions":[{"x":1},'),
    "a number, not text": lambda: 12345,
}


def damaged_game(text) -> int:
    game_id = keep_in_progress(assemble_record()[1])
    edit("UPDATE games SET record = ? WHERE id = ?", text, game_id)
    return game_id


def test_continue_cleans_a_player_name_with_a_nul_and_resumes(app, data_dir):
    """Names are cleaned where records are read (printable, capped): the game is not lost."""
    damaged_game(_good_assemble_text().replace('"Ann"', '"A\\u0000nn"'))
    title = app.stack.push(app.make("title"))
    frames(app, 1)
    open_continue(app, title)
    key(app, pygame.K_RETURN)
    table = top(app)
    assert table.name == "table" and [s.name for s in table.config.seats][0] == "Ann"
    frames(app, 2)


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_game_says_why_in_one_line_and_stays_listed(app, data_dir, case):
    game_id = damaged_game(DAMAGED[case]())
    title = app.stack.push(app.make("title"))  # real table scenes: a NUL would reach the font
    frames(app, 1)
    assert title.cont.enabled
    listed = open_continue(app, title)
    key(app, pygame.K_RETURN)
    assert top(app) is listed
    said = toasts(app)
    assert len(said) == 1 and "cannot be resumed" in said[0] and said[0].isprintable()
    assert len(said[0]) < 300
    assert [g.id for g in in_progress()] == [game_id]  # nothing lost; not held by this window
    frames(app, 2)
    # the player may delete it (it asks first; Keep it is the default, Y says yes)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_y)
    assert in_progress() == [] and top(app) is listed
    key(app, pygame.K_ESCAPE)
    still_works(app, title)


@pytest.mark.parametrize("error", [TypeError("unhashable"), KeyError("deck"), IndexError("list"),
                                   AttributeError("x"), ValueError("odd"), RecursionError("deep"),
                                   MemoryError(), ZeroDivisionError("0")])
def test_any_failure_of_the_replay_keeps_the_game_listed(app, data_dir, monkeypatch, error):
    keep_in_progress(assemble_record()[1])

    def replay(_record):
        raise error
    monkeypatch.setattr("game.core.records.replay", replay)
    title = app.stack.push(app.make("title"))
    listed = open_continue(app, title)
    key(app, pygame.K_RETURN)
    assert top(app) is listed and len(toasts(app)) == 1 and "cannot be resumed" in toasts(app)[0]
    assert len(in_progress()) == 1


def test_a_table_that_cannot_be_built_from_the_game_keeps_it_listed(app, data_dir, monkeypatch):
    keep_in_progress(assemble_record()[1])

    def broken(app, **kwargs):
        raise TypeError("the table cannot use this save")
    monkeypatch.setitem(registry.SCENES, "table", broken)
    title = app.stack.push(app.make("title"))
    listed = open_continue(app, title)
    key(app, pygame.K_RETURN)
    assert top(app) is listed and "cannot be resumed" in toasts(app)[0]
    assert [g.held for g in in_progress()] == ["free"]  # let go: another window may try it


def test_a_good_game_still_resumes(app, table):
    session, record = assemble_record(moves=3)
    keep_in_progress(record)
    title = app.stack.push(app.make("title"))
    open_continue(app, title)
    key(app, pygame.K_RETURN)
    assert len(table) == 1 and table[0]["session"].state == session.state and not toasts(app)


# --- a full disk -----------------------------------------------------------------------------

def full_disk(monkeypatch):
    """Every write to the database fails as on a full disk; the returned function makes room."""
    real = Store._write

    def full(self, *args, **kwargs):
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorname = "SQLITE_FULL"
        raise error
    monkeypatch.setattr(Store, "_write", full)
    return lambda: monkeypatch.setattr(Store, "_write", real)


def play_cementopia(app, moves):
    from scenes.config import GameConfig, Seat
    table = app.stack.push(app.make("cementopia", config=GameConfig([Seat("You")], None, 5,
                                                                    "cementopia")))
    for _ in range(moves):
        if table.state.is_over():
            break
        table.play(table.state.legal_actions()[0])
    table.saves.service.flush()
    return table


def test_a_full_disk_says_what_was_kept_and_saves_once_there_is_room(app, data_dir, monkeypatch):
    table = play_cementopia(app, 2)
    kept_before = latest_record()
    make_room = full_disk(monkeypatch)
    table.play(table.state.legal_actions()[0])
    table.saves.service.flush()
    frames(app, 1)
    said = toasts(app)
    assert len(said) == 1 and "the disk is full" in said[0] and "export" in said[0]
    assert latest_record() == kept_before  # the last position kept is whole
    menu = app.stack.push(app.make("menu", table=table))
    assert "Not saved" in menu.saving_note() and "disk is full" in menu.saving_note()
    app.stack.pop()
    table.play(table.state.legal_actions()[0])  # still full: said once, not after every move
    table.saves.service.flush()
    frames(app, 1)
    assert len(toasts(app)) == 1
    make_room()
    table.play(table.state.legal_actions()[0])  # room again: the next move is kept
    table.saves.service.flush()
    assert table.saves.service.saved and len(latest_record()["actions"]) == len(table.session.history)
    menu = app.stack.push(app.make("menu", table=table))
    assert menu.saving_note() == "Your game is saved automatically."


def test_leaving_a_game_that_could_not_be_saved_asks_and_offers_the_export(app, data_dir,
                                                                           monkeypatch, tmp_path):
    table = play_cementopia(app, 1)
    make_room = full_disk(monkeypatch)
    table.play(table.state.legal_actions()[0])
    table.saves.service.flush()
    menu = app.stack.push(app.make("menu", table=table))
    click(app, menu.title_b.rect.center)
    ask = top(app)
    assert ask.name == "confirm" and ask.question == "Leave without saving?"
    assert "the disk is full" in ask.detail
    key(app, pygame.K_ESCAPE)  # Stay: nothing is lost by a stray Esc
    assert top(app) is menu and table in app.stack.scenes
    click(app, menu.title_b.rect.center)
    click(app, top(app).yes_b.rect.center)  # Export...
    export = top(app)
    assert export.name == "export"
    export.folder.value = str(tmp_path / "out")
    click(app, export.go_b.rect.center)
    [written] = (tmp_path / "out").glob("*.json")
    from game.core.records import parse_record, replay
    assert replay(parse_record(written.read_text())).state == table.state  # the game, whole
    make_room()
    click(app, menu.title_b.rect.center)  # room again: leaving saves it first, and asks nothing
    assert isinstance(top(app), TitleScene)
    assert len(latest_record()["actions"]) == len(table.session.history)


def test_a_finished_game_that_could_not_be_kept_is_kept_later(app, data_dir, monkeypatch):
    table = play_cementopia(app, 1)
    make_room = full_disk(monkeypatch)
    while not table.state.is_over():
        table.play(table.state.legal_actions()[0])
    table.saves.service.flush()
    frames(app, 1)
    assert any("not kept" in said for said in toasts(app)) and not finished_records()
    assert len(in_progress()) == 1  # where it was: not lost
    make_room()
    from scenes.menus.pause import leave_game
    leave_game(app, lambda: app.stack.clear_to(app.make("title")))  # leaving tries again
    assert isinstance(top(app), TitleScene)
    assert len(finished_records()) == 1 and in_progress() == []


def test_a_game_finished_elsewhere_is_kept_at_the_next_continue(app, data_dir):
    """Its end was not kept (the disk was full when it ended): Continue keeps it now."""
    keep_in_progress(finished_record())
    title = app.stack.push(app.make("title"))
    listed = open_continue(app, title)
    key(app, pygame.K_RETURN)
    assert top(app) is listed and "already finished" in toasts(app)[-1]
    assert in_progress() == [] and len(finished_records()) == 1


def test_two_games_finished_at_once_are_both_kept(data_dir):
    first, second = Store.open(data_dir), Store.open(data_dir)
    try:
        a = first.games.finish(None, finished_record())
        b = second.games.finish(None, dict(assemble_record(moves=0)[1], conceded=[0]))
        assert a != b and len(finished_records()) == 2
    finally:
        first.close()
        second.close()


def test_a_failed_write_changes_nothing(data_dir, monkeypatch):
    db = Store.open(data_dir)
    game_id = db.games.new(assemble_record(moves=1)[1])
    before = latest_record()

    def broken_players(self, c, game_id, record):
        raise sqlite3.OperationalError("disk I/O error")
    monkeypatch.setattr(Store, "_put_players", broken_players)
    with pytest.raises(StoreError) as failed:
        db.games.finish(game_id, finished_record())
    assert "disk" in str(failed.value.words)
    assert latest_record() == before and finished_records() == []  # the transaction rolled back
    db.close()


# --- Continue on a game with an external program ---------------------------------------------

def cmd_save():
    _, record = assemble_record([{"name": "Ann", "seat": "human", "colour": 2},
                                 {"name": "Bot", "seat": "cmd:python3 mybot.py --fast", "colour": 0}])
    keep_in_progress(record)


def test_continue_asks_before_starting_an_external_program_again(app, table):
    cmd_save()
    title = app.stack.push(app.make("title"))
    listed = open_continue(app, title)
    key(app, pygame.K_RETURN)
    ask = top(app)
    assert isinstance(ask, StartProgram) and not table  # nothing runs yet
    assert ask.question == "This game starts the program: python3 mybot.py --fast. Start it?"
    frames(app, 2)
    click(app, ask.cancel_b.rect.center)
    assert top(app) is listed and not table and [g.held for g in in_progress()] == ["free"]
    # Enter alone does not start it (Cancel has the focus); Escape cancels too
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert top(app) is listed and not table
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert top(app) is listed and not table and app.running
    # Start resumes the game with the program's seat
    key(app, pygame.K_RETURN)
    click(app, top(app).start_b.rect.center)
    assert len(table) == 1 and table[0]["config"].seats[1].kind == "cmd:python3 mybot.py --fast"
    frames(app, 2)


def test_continue_without_an_external_program_asks_nothing(app, table):
    keep_in_progress(assemble_record()[1])
    title = app.stack.push(app.make("title"))
    open_continue(app, title)
    key(app, pygame.K_RETURN)
    assert len(table) == 1
