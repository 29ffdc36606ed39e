"""Files in the data folder that are bad, half written or impossible to write (issue 11).

What a player must see in every case: one clear message, nothing lost (a file that cannot be used
is renamed aside with its bytes intact, never overwritten), and an app that keeps working.
"""

import errno
import json
import os
import time

import pygame
import pytest

from game import saves
from game import settings as schema
from game.cementopia.best import best_path, load_best, record_best
from game.records import read_stamp, record_of
from scenes import registry
from scenes.menus.title import StartProgram, TitleScene
from tests.ui_helpers import click, frames, key, top

DEEP = "[" * 100_000 + "]" * 100_000


# --- helpers ---------------------------------------------------------------------------------

@pytest.fixture
def start_app(data_dir):
    """Start the app the way a player does (settings read at start), after the test has put
    its files in place."""
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
    pygame.display.quit()


def put(path, content):
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return content


def toasts(app):
    return [message for message, _ in app.toasts]


def asides(folder, stem):
    return sorted(folder.glob(f"{stem}-unreadable-*"))


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


# --- 3. settings.json ------------------------------------------------------------------------

BAD_FIELDS = [  # (the file's text, the field named in the message)
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


@pytest.mark.parametrize("text, field", BAD_FIELDS)
def test_a_bad_settings_field_falls_back_to_its_default_with_one_message(start_app, data_dir,
                                                                          text, field):
    good = {"hover_magnify": False} if field != "hover_magnify" else {"speed": 1.5}
    put(saves.settings_path(), text[:-1] + ", " + json.dumps(good)[1:])  # and a good field
    app, title = start_app()
    said = toasts(app)
    assert len(said) == 1 and f"Setting {field} was" in said[0] and "default" in said[0]
    assert said[0].isprintable()
    key_name = field.split(".")[0]
    if "." in field:
        assert field.split(".")[1] not in app.settings.get("setup", {})
    else:
        assert key_name not in app.settings
    for name, value in good.items():
        assert app.settings[name] == value  # the good fields are kept
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
    "not an object": '["speed", 1.5]',
    "a string": '"hello"',
    "bad encoding": b'{"name": "\xff\xfe"}',
    "UTF-16": '{"speed": 1.5}'.encode("utf-16"),
    "5,000-digit number": '{"think": ' + "7" * 5000 + "}",
    "empty": "",
}


@pytest.mark.parametrize("case", list(UNREADABLE))
def test_an_unreadable_settings_file_is_set_aside_and_the_app_starts(start_app, data_dir, case):
    content = put(saves.settings_path(), UNREADABLE[case])
    app, title = start_app()
    said = toasts(app)
    assert len(said) == 1 and "settings could not be read" in said[0] and "set aside as" in said[0]
    assert len(said[0]) < 300 and said[0].isprintable()
    kept = asides(data_dir, "settings")
    assert len(kept) == 1 and kept[0].read_bytes() == content  # nothing lost
    assert kept[0].name in said[0]
    assert app.settings == {} and app.speed == 1.0
    # a change writes a fresh settings.json; the set-aside file stays as it was
    click(app, title.settings.rect.center)
    click(app, (top(app).speed.rect.right - 10, top(app).speed.rect.centery))
    assert json.loads(saves.settings_path().read_text())["speed"] == 1.5
    assert kept[0].read_bytes() == content
    key(app, pygame.K_ESCAPE)
    still_works(app, title)


def test_a_settings_file_with_a_bom_reads(start_app, data_dir):
    put(saves.settings_path(), b"\xef\xbb\xbf" + b'{"speed": 2.5}')  # as Notepad saves it
    app, _ = start_app()
    assert app.speed == 2.5 and not toasts(app)


def test_many_bad_fields_make_a_short_list_of_messages(start_app, data_dir):
    put(saves.settings_path(), json.dumps({"speed": 0, "think": 0, "sound": 0, "hover_magnify": 0,
                                           "setup": {"game": 0, "players": 0}}))
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
    saves.save_settings(app.settings)
    settings, messages = saves.read_settings()
    assert messages == [] and settings == dict(app.settings)


def test_unknown_settings_fields_are_kept_for_the_version_that_wrote_them(data_dir):
    put(saves.settings_path(), '{"future": {"a": [1, 2]}, "speed": 1.5}')
    settings, messages = saves.read_settings()
    assert messages == [] and settings == {"future": {"a": [1, 2]}, "speed": 1.5}


def test_the_schema_agrees_with_the_screens():
    from game import registry
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


def test_set_aside_names_are_unique_within_one_second(data_dir, monkeypatch):
    monkeypatch.setattr(time, "strftime", lambda *_: "20250101-120000")
    for n in range(3):
        put(saves.settings_path(), f"broken {n}")
        settings, messages = saves.read_settings()
        assert settings == {} and len(messages) == 1
    kept = asides(data_dir, "settings")
    assert [p.name for p in kept] == [f"settings-unreadable-20250101-120000-{n}.json" for n in (1, 2, 3)]
    assert [p.read_text() for p in kept] == ["broken 0", "broken 1", "broken 2"]


# --- 3. cementopia-best.json -----------------------------------------------------------------

@pytest.mark.parametrize("case", list(UNREADABLE))
def test_an_unreadable_best_file_is_set_aside_and_scores_go_on(data_dir, case):
    content = put(best_path(), UNREADABLE[case])
    table, problem = load_best()
    assert table == {} and "best scores could not be read" in problem and problem.isprintable()
    kept = asides(data_dir, "cementopia-best")
    assert len(kept) == 1 and kept[0].read_bytes() == content and kept[0].name in problem
    entry, improved, problem = record_best(7, 12, assisted=False)
    assert problem is None and improved
    assert load_best() == ({"7": {"best": 12, "unassisted_best": 12}}, None)
    assert kept[0].read_bytes() == content


def test_best_entries_that_make_no_sense_are_left_out_once_and_kept_aside(data_dir):
    text = json.dumps({"1": {"best": 9, "unassisted_best": 8}, "2": {"best": "many"}, "3": [1],
                       "4": {"best": 99}, "5": {"best": True}})
    put(best_path(), text)
    table, problem = load_best()
    assert table == {"1": {"best": 9, "unassisted_best": 8}}
    assert "4 of your Cementopia best scores made no sense" in problem
    kept = asides(data_dir, "cementopia-best")
    assert len(kept) == 1 and kept[0].read_text() == text
    assert load_best() == (table, None)  # said once: the sensible part was written back


def test_a_corrupt_best_file_does_not_stop_the_cementopia_table(app, data_dir):
    from scenes.cementopia.table import CementopiaScene
    from scenes.config import GameConfig, Seat
    put(best_path(), DEEP)
    scene = app.stack.push(CementopiaScene(app, GameConfig([Seat("You", "human", 0)], None, 1,
                                                           "cementopia")))
    frames(app, 2)
    assert any("best scores could not be read" in m for m in toasts(app)) and scene.best == {}


# --- 5. corrupt autosaves --------------------------------------------------------------------

def _autosave(text):
    return put(saves.autosave_path(), text)


def _good_assemble_text():
    return json.dumps(assemble_record()[1])


AUTOSAVES = {  # what Continue finds: the file's bytes (all built lazily)
    "not JSON": lambda: "{ this is not a record",
    "empty": lambda: "",
    "not UTF-8": lambda: b'{"format": "\xff"}',
    "not an object": lambda: "[1, 2, 3]",
    "100,000-deep array": lambda: ('{"format": "alice-record", "version": 1, "game": "assemble", '
                                   '"actions": ' + DEEP + "}"),
    "5,000-digit seed": lambda: _good_assemble_text().replace('"seed": 42', '"seed": ' + "7" * 5000),
    "NUL in a seat": lambda: _good_assemble_text().replace('"seat": "human"', '"seat": "hu\\u0000"', 1),
    "NUL in daily": lambda: json.dumps(cementopia_record(daily="2025-01-01\u0000")),
    "newline in daily": lambda: json.dumps(cementopia_record(daily="2025\n01-01")),
    "unknown game": lambda: _good_assemble_text().replace('"game": "assemble"', '"game": "chess"'),
    "an illegal action": lambda: _good_assemble_text().replace('"actions": [', '"actions": [{"x": 1}, '),
}


def test_continue_cleans_a_player_name_with_a_nul_and_resumes(app, data_dir):
    """Names are cleaned where records are read (printable, capped): the game is not lost."""
    _autosave(_good_assemble_text().replace('"Ann"', '"A\\u0000nn"'))
    title = app.stack.push(app.make("title"))
    frames(app, 1)
    click(app, title.cont.rect.center)
    table = top(app)
    assert table is not title and [s.name for s in table.config.seats][0] == "Ann"
    frames(app, 2)


@pytest.mark.parametrize("case", list(AUTOSAVES))
def test_continue_on_a_corrupt_autosave_sets_it_aside_once(app, data_dir, case):
    content = _autosave(AUTOSAVES[case]())
    assert content != b"" or case == "empty"
    title = app.stack.push(app.make("title"))  # real table scenes: a NUL would reach the font
    frames(app, 1)
    assert title.cont.enabled
    click(app, title.cont.rect.center)
    assert top(app) is title
    said = toasts(app)
    assert len(said) == 1 and "could not be resumed" in said[0] and said[0].isprintable()
    assert len(said[0]) < 300
    kept = asides(data_dir, "autosave")
    assert len(kept) == 1 and kept[0].read_bytes() == content and kept[0].name in said[0]
    assert not saves.has_autosave() and not title.cont.enabled and title.cont.rect.w == 0
    still_works(app, title)
    # the next start offers no Continue that would fail again
    again = app.stack.replace(app.make("title"))
    frames(app, 1)
    assert not again.cont.enabled


@pytest.mark.parametrize("error", [TypeError("unhashable"), KeyError("deck"), IndexError("list"),
                                   AttributeError("x"), ValueError("odd"), RecursionError("deep"),
                                   MemoryError(), ZeroDivisionError("0")])
def test_any_failure_of_the_replay_sets_the_save_aside(app, data_dir, monkeypatch, error):
    content = _autosave(_good_assemble_text())

    def replay(_record):
        raise error
    monkeypatch.setattr(saves, "replay", replay)
    title = app.stack.push(app.make("title"))
    click(app, title.cont.rect.center)
    assert top(app) is title and len(toasts(app)) == 1 and "could not be resumed" in toasts(app)[0]
    assert asides(data_dir, "autosave")[0].read_bytes() == content
    still_works(app, title)


def test_a_table_that_cannot_be_built_from_the_save_sets_it_aside(app, data_dir, monkeypatch):
    _autosave(_good_assemble_text())

    def broken(app, **kwargs):
        raise TypeError("the table cannot use this save")
    monkeypatch.setitem(registry.SCENES, "table", broken)
    title = app.stack.push(app.make("title"))
    click(app, title.cont.rect.center)
    assert top(app) is title and "could not be resumed" in toasts(app)[0]
    assert len(asides(data_dir, "autosave")) == 1 and not title.cont.enabled


def test_an_autosave_far_too_large_is_set_aside_unread(app, data_dir, monkeypatch):
    monkeypatch.setattr(saves, "AUTOSAVE_BYTES", 100)
    _autosave(_good_assemble_text())
    session, record, message = saves.load_autosave()
    assert session is None and "too large" in message and len(asides(data_dir, "autosave")) == 1


def test_autosave_asides_are_unique_within_one_second(data_dir, monkeypatch):
    monkeypatch.setattr(time, "strftime", lambda *_: "20250101-120000")
    for n in range(3):
        _autosave(f"broken {n}")
        assert saves.load_autosave()[2]
    assert [p.read_text() for p in asides(data_dir, "autosave")] == ["broken 0", "broken 1", "broken 2"]


def test_a_good_autosave_still_resumes(app, table):
    session, record = assemble_record(moves=3)
    saves.save_game(record)
    title = app.stack.push(app.make("title"))
    click(app, title.cont.rect.center)
    assert len(table) == 1 and table[0]["session"].state == session.state and not toasts(app)


# --- 6. a full disk when a game finishes -----------------------------------------------------

def full_disk(monkeypatch, everywhere=False):
    """No room left in records/ (or anywhere); the returned function makes room again."""
    real = saves.write_record

    def write(path, record):
        if everywhere or "records" in str(path):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(path, record)
    monkeypatch.setattr(saves, "write_record", write)
    return lambda: monkeypatch.setattr(saves, "write_record", real)


def kept_as(path):
    """A kept record without the finished_at the archive adds (checked to be a UTC stamp)."""
    kept = json.loads(path.read_text())
    assert read_stamp(kept.pop("finished_at")) is not None
    return kept


def test_finish_game_keeps_the_record_and_clears_the_autosave(data_dir):
    record = finished_record()
    saves.save_game(record)
    assert saves.finish_game(record) is None
    kept = list((data_dir / "records").glob("cementopia-*.json"))
    assert len(kept) == 1 and kept_as(kept[0]) == record
    assert not saves.has_autosave()


def test_on_a_full_disk_the_finished_game_stays_in_the_autosave(app, data_dir, monkeypatch):
    record = finished_record()
    saves.save_game(record)
    make_room = full_disk(monkeypatch)
    message = saves.finish_game(record)
    assert message == ("Could not keep the finished game's record: No space left on device; "
                       "the game stays in the autosave.")
    assert saves.has_autosave() and not list(data_dir.glob("records/*.json"))
    # the disk is still full: Continue says so and keeps it
    title = app.stack.push(app.make("title"))
    click(app, title.cont.rect.center)
    assert toasts(app)[-1] == message and saves.has_autosave() and title.cont.enabled
    # once there is room, Continue keeps the record and the autosave goes
    make_room()
    click(app, title.cont.rect.center)
    assert "already finished; its record is kept" in toasts(app)[-1]
    kept = list((data_dir / "records").glob("cementopia-*.json"))
    assert len(kept) == 1 and kept_as(kept[0]) == record
    assert not saves.has_autosave() and not title.cont.enabled
    still_works(app, title)


def test_a_full_disk_everywhere_leaves_the_last_autosave_as_it_was(data_dir, monkeypatch):
    session, record = assemble_record(moves=2)
    saves.save_game(record)
    before = saves.autosave_path().read_bytes()
    make_room = full_disk(monkeypatch, everywhere=True)
    assert saves.finish_game(dict(record, result={})).startswith("Could not keep")
    assert saves.autosave_path().read_bytes() == before
    make_room()
    assert saves.load_autosave()[0].state == session.state


def test_two_games_finished_within_one_second_keep_both_records(data_dir, monkeypatch):
    monkeypatch.setattr(time, "strftime", lambda *_: "20250101-120000")
    record = finished_record()
    assert saves.finish_game(record) is None and saves.finish_game(record) is None
    assert len(list((data_dir / "records").glob("cementopia-*.json"))) == 2


# --- 7. temp files of killed writes ----------------------------------------------------------

def test_leftover_temp_files_are_removed_at_the_next_start(start_app, data_dir):
    old = time.time() - 3600
    ours = [data_dir / "autosave.json.k3j_x9aa.tmp", data_dir / "settings.json.0abcdefg.tmp",
            data_dir / "cementopia-best.json.zz_zz_zz.tmp",
            data_dir / "records" / "assemble-20250101-120000.json.abcd1234.tmp",
            data_dir / "settings.tmp", data_dir / "cementopia-best.tmp"]
    others = [data_dir / "notes.tmp", data_dir / "autosave.json", data_dir / "my.json.abc.tmp",
              data_dir / "other" / "autosave.json.abcd1234.tmp", data_dir / "records" / "keep.json"]
    for path in ours + others:
        put(path, "x")
        os.utime(path, (old, old))
    running = data_dir / "autosave.json.runs1234.tmp"
    put(running, "x")
    folder = data_dir / "dir.json.abcdefgh.tmp"
    folder.mkdir()
    os.utime(folder, (old, old))
    start_app()
    assert not [p for p in ours if p.exists()]
    assert all(p.exists() for p in others) and folder.is_dir()
    assert running.exists()  # a write that may still be going on (another window) is left alone


def test_a_killed_write_leaves_only_a_temp_file_that_the_next_start_removes(data_dir, monkeypatch):
    session, record = assemble_record(moves=1)
    saves.save_game(record)

    def killed(src, dst):
        raise SystemExit("killed before the rename")  # like a SIGKILL: the temp file stays
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", killed)
        patch.setattr(os, "unlink", lambda *_: None)
        with pytest.raises(SystemExit):
            saves.save_game(assemble_record(moves=2)[1])
    left = list(data_dir.glob("*.tmp"))
    assert len(left) == 1
    assert saves.load_autosave()[0].state == session.state  # the last good save is whole
    assert saves.clean_leftovers(older_than=0) == left and not list(data_dir.glob("*.tmp"))


# --- 8. Continue on a game with an external program ------------------------------------------

def cmd_save():
    _, record = assemble_record([{"name": "Ann", "seat": "human", "colour": 2},
                                 {"name": "Bot", "seat": "cmd:python3 mybot.py --fast", "colour": 0}])
    saves.save_game(record)


def test_continue_asks_before_starting_an_external_program_again(app, table):
    cmd_save()
    title = app.stack.push(app.make("title"))
    click(app, title.cont.rect.center)
    ask = top(app)
    assert isinstance(ask, StartProgram) and not table  # nothing runs yet
    assert ask.question == "This game starts the program: python3 mybot.py --fast. Start it?"
    frames(app, 2)
    click(app, ask.cancel_b.rect.center)
    assert top(app) is title and not table and saves.has_autosave() and title.cont.enabled
    # Enter alone does not start it (Cancel has the focus); Escape cancels too
    click(app, title.cont.rect.center)
    key(app, pygame.K_RETURN)
    assert top(app) is title and not table
    click(app, title.cont.rect.center)
    key(app, pygame.K_ESCAPE)
    assert top(app) is title and not table and app.running
    # Start resumes the game with the program's seat
    click(app, title.cont.rect.center)
    click(app, top(app).start_b.rect.center)
    assert len(table) == 1 and table[0]["config"].seats[1].kind == "cmd:python3 mybot.py --fast"
    frames(app, 2)


def test_continue_without_an_external_program_asks_nothing(app, table):
    saves.save_game(assemble_record()[1])
    title = app.stack.push(app.make("title"))
    click(app, title.cont.rect.center)
    assert len(table) == 1
