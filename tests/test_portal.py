"""The desktop portal's file dialog (issue 59, item 4): on Linux the picker asks the XDG desktop
portal first, then zenity or kdialog, then the app's own browser. Here a private D-Bus daemon
runs with a stand-in portal on it (answering as the real one does: the Response signal before the
call's reply, so a picker that subscribed late would never hear it), and a stand-in zenity on
PATH that says when it ran."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections import deque
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import finished_record
from scenes.app import picker, portal
from storage_helpers import finished_records
from ui_helpers import click, frames, top, wait_for

jeepney = pytest.importorskip("jeepney")
from jeepney import (DBusAddress, HeaderFields, MessageType, message_bus,  # noqa: E402
                     new_error, new_method_return, new_signal)
from jeepney.io.blocking import open_dbus_connection  # noqa: E402

DAEMON = shutil.which("dbus-daemon")
needs_bus = pytest.mark.skipif(DAEMON is None, reason="no dbus-daemon on this machine")
WAIT = 120.0  # the dialog's own limit here: a picker that missed the answer fails, never hangs

# A session bus of its own: no service files, so nothing on this machine is started by a call.
CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={folder}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def uri_of(path):
    return "file://" + quote(os.fsencode(str(path)))


class FakePortal:
    """org.freedesktop.portal.Desktop on the bus: the FileChooser's version, and OpenFile and
    SaveFile answered with the next of `answers` ((response code, URIs); a cancel when none)."""

    def __init__(self, address, version=4, error=None, silent=False):
        self.address, self.version = address, version
        self.error, self.silent = error, silent  # OpenFile's error; no answer to anything
        self.answers = deque()
        self.calls = []  # (method, parent window, title, options, the request path given)
        self.connection = open_dbus_connection(address)
        self.connection.send_and_get_reply(message_bus.RequestName(portal.BUS_NAME))
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while True:
            try:
                message = self.connection.receive()
            except Exception:  # the bus is gone: the test is over
                return
            if message.header.message_type == MessageType.method_call and not self.silent:
                self.connection.send(self.answer(message))

    def answer(self, message):
        fields = message.header.fields
        member = fields.get(HeaderFields.member)
        if member == "Get" and message.body == (portal.FILE_CHOOSER, "version"):
            if self.version is None:  # a portal without a file chooser
                return new_error(message, "org.freedesktop.DBus.Error.InvalidArgs", "s",
                                 ("No such interface",))
            return new_method_return(message, "v", (("u", self.version),))
        if member not in ("OpenFile", "SaveFile") or fields.get(HeaderFields.interface) != \
                portal.FILE_CHOOSER:
            return new_error(message, "org.freedesktop.DBus.Error.UnknownMethod", "s", (member,))
        parent, title, options = message.body
        if self.error is not None:
            return new_error(message, self.error, "s", ("not like that",))
        sender = fields[HeaderFields.sender][1:].replace(".", "_")
        path = f"/org/freedesktop/portal/desktop/request/{sender}/{options['handle_token'][1]}"
        self.calls.append((member, parent, title, options, path))
        code, uris = self.answers.popleft() if self.answers else (1, [])
        self.connection.send(new_signal(DBusAddress(path, interface=portal.REQUEST), "Response",
                                        "ua{sv}", (code, {"uris": ("as", uris)})))
        return new_method_return(message, "o", (path,))


@pytest.fixture
def bus():
    """A private session bus's address (its daemon ended after the test)."""
    if DAEMON is None:
        pytest.skip("no dbus-daemon on this machine")
    folder = tempfile.mkdtemp(prefix="bus")  # short: a socket's path has at most 107 bytes
    config = Path(folder) / "bus.conf"
    config.write_text(CONFIG.format(folder=folder))
    daemon = subprocess.Popen([DAEMON, f"--config-file={config}", "--print-address", "--nofork"],
                              stdout=subprocess.PIPE, text=True)
    address = daemon.stdout.readline().strip()
    yield address
    daemon.terminate()
    daemon.wait()
    daemon.stdout.close()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def fake_portal(bus):
    return FakePortal(bus)


@pytest.fixture
def player_files(tmp_path):
    folder = tmp_path / "my games ☃"
    folder.mkdir()
    return folder


def question(start, **kinds):
    return portal.Question("Import games", start, **kinds)


@needs_bus
def test_the_portal_gives_the_chosen_file_with_its_name_as_on_disk(fake_portal, player_files):
    chosen = player_files / "Ada's récord 一.json"
    fake_portal.answers.append((0, [uri_of(chosen)]))
    asked = question(player_files, filters=[("Record files", ["*.json"])])
    assert portal.ask(asked, WAIT, fake_portal.address) == (picker.CHOSEN, [chosen])
    [(method, parent, title, options, path)] = fake_portal.calls
    assert (method, parent, title) == ("OpenFile", "", "Import games")
    assert path.endswith("/" + options["handle_token"][1])
    assert options["current_folder"] == ("ay", os.fsencode(str(player_files)) + b"\0")
    assert options["multiple"] == ("b", False) and options["directory"] == ("b", False)
    assert options["filters"] == ("a(sa(us))", [("Record files", [(0, "*.json")])])


@needs_bus
def test_several_files_and_a_folder(fake_portal, player_files):
    files = [player_files / "one game.json", player_files / "zwei Spiele.json"]
    fake_portal.answers.append((0, [uri_of(f) for f in files]))
    assert portal.ask(question(player_files, multiple=True), WAIT,
                      fake_portal.address) == (picker.CHOSEN, files)
    fake_portal.answers.append((0, [uri_of(player_files)]))
    assert portal.ask(question(player_files.parent, folder=True), WAIT,
                      fake_portal.address) == (picker.CHOSEN, [player_files])
    assert fake_portal.calls[0][3]["multiple"] == ("b", True)
    assert fake_portal.calls[1][3]["directory"] == ("b", True)
    assert "filters" not in fake_portal.calls[1][3]


@needs_bus
def test_save_file_suggests_the_name(fake_portal, player_files):
    target = player_files / "Export für Bo.json"
    fake_portal.answers.append((0, [uri_of(target)]))
    asked = question(player_files, save_name="game.json")
    assert portal.ask(asked, WAIT, fake_portal.address) == (picker.CHOSEN, [target])
    [(method, _parent, _title, options, _path)] = fake_portal.calls
    assert method == "SaveFile" and options["current_name"] == ("s", "game.json")


@needs_bus
@pytest.mark.parametrize("answer", [(2, []), (0, ["https://example.org/game.json"])])
def test_a_portal_that_ends_without_a_local_file_gives_the_next_dialog(fake_portal, player_files,
                                                                       answer, capsys):
    fake_portal.answers.append(answer)
    assert portal.ask(question(player_files), WAIT, fake_portal.address) == \
        (picker.UNAVAILABLE, [])
    assert len(capsys.readouterr().err.strip().splitlines()) == 1  # said in one line


@needs_bus
def test_a_portal_that_refuses_the_call_gives_the_next_dialog(bus, player_files, capsys):
    FakePortal(bus, error="org.freedesktop.DBus.Error.InvalidArgs")
    assert portal.ask(question(player_files), WAIT, bus) == (picker.UNAVAILABLE, [])
    assert "InvalidArgs" in capsys.readouterr().err  # a problem of ours: said, in one line


@needs_bus
def test_a_portal_that_does_not_answer_is_given_up(bus, player_files, monkeypatch, capsys):
    FakePortal(bus, silent=True)
    monkeypatch.setattr(portal, "ASK_S", 0.2)
    assert portal.ask(question(player_files), WAIT, bus) == (picker.UNAVAILABLE, [])
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


@needs_bus
def test_an_old_portal_chooses_no_folders(bus, player_files):
    old = FakePortal(bus, version=2)
    assert portal.ask(question(player_files, folder=True), WAIT, bus) == (picker.UNAVAILABLE, [])
    assert old.calls == []


@needs_bus
def test_no_portal_on_the_bus_or_no_bus_at_all(bus, player_files, tmp_path, capsys):
    assert portal.ask(question(player_files), WAIT, bus) == (picker.UNAVAILABLE, [])
    without_a_chooser = FakePortal(bus, version=None)
    assert portal.ask(question(player_files), WAIT, bus) == (picker.UNAVAILABLE, [])
    assert without_a_chooser.calls == []
    gone = f"unix:path={tmp_path / 'no bus here'}"
    assert portal.ask(question(player_files), WAIT, gone) == (picker.UNAVAILABLE, [])
    assert capsys.readouterr().err == ""  # a desktop without a portal is not a problem


@given(st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\0/"),
               min_size=1, max_size=30))
def test_a_file_uri_gives_back_the_path_it_names(name):
    path = Path("/home/ada") / name
    assert portal.path_of_uri(uri_of(path)) == path


# Through the app: Export's Choose... on a desktop (the headless driver said not to be one).

@pytest.fixture
def desktop(monkeypatch, tmp_path, bus):
    """A desktop whose session bus is `bus` and whose PATH has only what a test puts in it."""
    programs = tmp_path / "bin"
    programs.mkdir()
    monkeypatch.setattr(picker, "headless", lambda: False)
    monkeypatch.setattr(picker, "WAIT_S", WAIT)
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", bus)
    monkeypatch.setenv("PATH", str(programs))
    return programs


def stand_in_zenity(programs, answer):
    """A zenity that notes it ran and prints `answer` as the chosen folder."""
    ran = programs / "zenity ran"
    script = programs / "zenity"
    script.write_text(f"#!{sys.executable}\nimport pathlib\n"
                      f"pathlib.Path({str(ran)!r}).write_text('yes')\nprint({str(answer)!r})\n")
    script.chmod(0o755)
    return ran


def choose_export_folder(app):
    app.stack.push(app.make("title"))
    frames(app, 1)
    app.stack.push(app.make("export", record=finished_record()))
    frames(app, 1)
    export = top(app)
    before = export.folder.value
    click(app, export.pick_b.rect.center)  # the window keeps drawing while the dialog is open
    wait_for(app, lambda: top(app).name != "file_dialog", limit=100_000)
    return export, before


@needs_bus
def test_export_takes_the_folder_chosen_in_the_portals_dialog(app, desktop, fake_portal,
                                                              player_files):
    ran = stand_in_zenity(desktop, "/nowhere")
    fake_portal.answers.append((0, [uri_of(player_files)]))
    export, _before = choose_export_folder(app)
    assert top(app) is export and export.folder.value == str(player_files)
    assert fake_portal.calls[0][3]["directory"] == ("b", True) and not ran.exists()


@needs_bus
def test_a_cancelled_portal_dialog_changes_nothing_and_opens_no_other(app, desktop, fake_portal):
    ran = stand_in_zenity(desktop, "/nowhere")
    fake_portal.answers.append((1, []))
    export, before = choose_export_folder(app)
    assert top(app) is export and export.folder.value == before
    assert len(fake_portal.calls) == 1 and not ran.exists()


@needs_bus
def test_without_a_portal_zenity_chooses(app, desktop, player_files):
    ran = stand_in_zenity(desktop, player_files)
    export, _before = choose_export_folder(app)
    assert ran.exists() and top(app) is export and export.folder.value == str(player_files)


@needs_bus
def test_without_a_portal_or_a_program_the_apps_browser_opens(app, desktop):
    choose_export_folder(app)
    assert top(app).name == "browse"


@needs_bus
def test_import_brings_in_the_record_chosen_in_the_portals_dialog(app, data_dir, desktop,
                                                                   fake_portal, player_files):
    record = player_files / "Ada's game 一.json"
    record.write_text(json.dumps(finished_record()))
    fake_portal.answers.append((0, [uri_of(record)]))
    app.stack.push(app.make("title"))
    frames(app, 2)
    click(app, top(app).history.rect.center)
    history = top(app)
    click(app, history.import_b.rect.center)
    wait_for(app, lambda: top(app) is history and history.ids, limit=100_000)
    assert len(finished_records()) == 1 and "Imported 1 game." in app.toasts[-1][0]
    assert fake_portal.calls[0][3]["multiple"] == ("b", True)
