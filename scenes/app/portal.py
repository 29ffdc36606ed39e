"""The desktop's file chooser through the XDG desktop portal (org.freedesktop.portal.FileChooser
on the session bus, spoken with jeepney): the dialog of whatever desktop runs the app, GNOME's,
KDE's or another, without a GTK or Qt of our own.

A call (OpenFile, SaveFile) returns a request's object path at once; the answer comes later as
that request's Response signal. The portal docs ask for the signal to be subscribed to on the
predicted path before the call, so that a quick answer is not missed. Every step has a time limit
but the dialog itself: a portal that is not there, or does not answer, is UNAVAILABLE within
ASK_S and the picker tries the next dialog.
"""

from __future__ import annotations

import os
import secrets
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote_to_bytes, urlsplit

CHOSEN, CANCELLED, UNAVAILABLE = "chosen", "cancelled", "unavailable"  # a dialog's answers
BUS_NAME = "org.freedesktop.portal.Desktop"
OBJECT_PATH = "/org/freedesktop/portal/desktop"
FILE_CHOOSER = "org.freedesktop.portal.FileChooser"
REQUEST = "org.freedesktop.portal.Request"
ASK_S = 5.0  # connecting, the version question, the call itself: each answered in this time
FOLDERS_SINCE = 3  # the FileChooser version that added the `directory` option
# the answers to the version question that mean there is no file chooser to ask
MISSING = tuple(f"org.freedesktop.DBus.Error.{name}" for name in (
    "ServiceUnknown", "NameHasNoOwner", "UnknownInterface", "UnknownObject", "UnknownMethod",
    "UnknownProperty", "InvalidArgs"))


@dataclass
class Question:
    """What to ask the portal: `save_name` set asks SaveFile (that name suggested), else
    OpenFile; `filters` are (label, [glob, ...]) offered in that order."""

    title: str
    start: Path
    folder: bool = False
    multiple: bool = False
    filters: list[tuple[str, list[str]]] = field(default_factory=list)
    save_name: str | None = None
    parent_window: str = ""  # "x11:XID" puts the dialog over the app's window


def session_bus_address() -> str | None:
    """The session bus's address, or None where there is none to reach."""
    address = os.environ.get("DBUS_SESSION_BUS_ADDRESS")
    if address:
        return address
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return None
    default = Path(f"/run/user/{getuid()}/bus")  # systemd's, where the variable is not set
    return f"unix:path={default}" if default.exists() else None


def request_path(unique_name: str, token: str) -> str:
    """The object path the portal will give the request (its docs: the caller's unique name
    without the ':' and with '_' for '.', then the handle_token)."""
    sender = unique_name.lstrip(":").replace(".", "_")
    return f"{OBJECT_PATH}/request/{sender}/{token}"


def path_of_uri(uri: str) -> Path | None:
    """The local path a file:// URI names, or None for any other (its bytes decoded as the file
    system does, so a name in any script comes back as it is on disk)."""
    parts = urlsplit(uri)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    return Path(os.fsdecode(unquote_to_bytes(parts.path)))


def options_of(question: Question, token: str) -> dict[str, tuple[str, Any]]:
    """The call's options vardict: each value a (signature, value) variant as jeepney writes."""
    options: dict[str, tuple[str, Any]] = {"handle_token": ("s", token), "modal": ("b", True)}
    if question.save_name is not None:
        options["current_name"] = ("s", question.save_name)
    else:
        options["multiple"] = ("b", question.multiple)
        options["directory"] = ("b", question.folder)
    if question.filters and not question.folder:
        options["filters"] = ("a(sa(us))", [(label, [(0, glob) for glob in globs])
                                            for label, globs in question.filters])
    folder = nearest_folder(question.start)
    if folder is not None:
        options["current_folder"] = ("ay", os.fsencode(str(folder)) + b"\0")  # NUL-terminated
    return options


def nearest_folder(start: Path) -> Path | None:
    for folder in (start, *start.parents):
        try:
            if folder.is_dir():
                return folder
        except OSError:
            return None
    return None


def ask(question: Question, wait: float, address: str | None = None) -> tuple[str, list[Path]]:
    """Open the portal's dialog and wait for the player (at most `wait` seconds): (CHOSEN,
    paths), (CANCELLED, []) or (UNAVAILABLE, []) where the portal could not be used. Never
    raises: a problem other than a missing portal is said in one line on stderr."""
    address = address or session_bus_address()
    if address is None:
        return UNAVAILABLE, []
    try:
        from jeepney.io.blocking import open_dbus_connection
    except ImportError:  # the app runs without it: the other dialogs
        return UNAVAILABLE, []
    try:
        connection = open_dbus_connection(address, auth_timeout=ASK_S)
    except Exception:  # no bus there (a stale address, a closed socket): not a problem to say
        return UNAVAILABLE, []
    try:
        with connection:
            return _ask_on(connection, question, wait)
    except TimeoutError:
        print(f"alice-assemble: the desktop portal did not answer within {ASK_S:g} s",
              file=sys.stderr)
        return UNAVAILABLE, []
    except Exception as exc:  # the D-Bus layer raises many kinds; none may end the app
        print(f"alice-assemble: the desktop portal's file dialog failed: "
              f"{type(exc).__name__}: {str(exc)[:200]}", file=sys.stderr)
        return UNAVAILABLE, []


def _ask_on(connection: Any, question: Question, wait: float) -> tuple[str, list[Path]]:
    from jeepney import (DBusAddress, HeaderFields, MatchRule, MessageType, Properties,
                         message_bus, new_method_call)
    from jeepney.io.blocking import Proxy
    from jeepney.wrappers import DBusErrorResponse, unwrap_msg

    def response_rule(path: str | None = None) -> Any:
        return MatchRule(type="signal", interface=REQUEST, member="Response", path=path)

    chooser = DBusAddress(OBJECT_PATH, bus_name=BUS_NAME, interface=FILE_CHOOSER)
    reply = connection.send_and_get_reply(Properties(chooser).get("version"), timeout=ASK_S)
    try:
        version = unwrap_msg(reply)[0][1]
    except DBusErrorResponse as exc:
        if exc.name in MISSING:  # no portal, or one without a file chooser: not a problem to say
            return UNAVAILABLE, []
        raise
    if question.folder and version < FOLDERS_SINCE:
        return UNAVAILABLE, []  # this portal chooses files only: another dialog chooses folders

    token = "alice_" + secrets.token_hex(8)
    bus = Proxy(message_bus, connection, timeout=ASK_S)
    responses: deque[Any] = deque()
    # any Response comes to the queue; the one on our request's path is the answer
    with connection.filter(response_rule(), queue=responses):
        expected = request_path(connection.unique_name, token)
        bus.AddMatch(response_rule(expected))  # before the call, as the docs say
        method = "OpenFile" if question.save_name is None else "SaveFile"
        call = new_method_call(chooser, method, "ssa{sv}",
                               (question.parent_window, question.title, options_of(question, token)))
        handle = unwrap_msg(connection.send_and_get_reply(call, timeout=ASK_S))[0]
        if handle != expected:  # an older portal names its requests its own way
            bus.AddMatch(response_rule(handle))
        deadline = time.monotonic() + wait
        try:
            while True:
                signal = connection.recv_until_filtered(
                    responses, timeout=max(0.0, deadline - time.monotonic()))
                if (signal.header.message_type == MessageType.signal
                        and signal.header.fields.get(HeaderFields.path) == handle):
                    break
        except TimeoutError:  # left open too long: closed, as a cancel
            connection.send(new_method_call(DBusAddress(handle, bus_name=BUS_NAME,
                                                        interface=REQUEST), "Close"))
            return CANCELLED, []
    code, results = signal.body
    if code == 1:
        return CANCELLED, []
    if code != 0:  # "the interaction was ended in some other way": the next dialog
        print(f"alice-assemble: the desktop portal's file dialog ended without an answer "
              f"(response {code})", file=sys.stderr)
        return UNAVAILABLE, []
    uris = results.get("uris", ("as", []))[1]
    paths = [path for path in map(path_of_uri, uris) if path is not None]
    if not paths:
        print("alice-assemble: the desktop portal's file dialog gave no local file",
              file=sys.stderr)
        return UNAVAILABLE, []
    return CHOSEN, paths

