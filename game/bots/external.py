"""External bots: a program that plays through JSON lines on stdin/stdout (bot-protocol.md).

The program is started once per game (on `start()` or the first decision), without a shell, in
a process group (POSIX session) of its own, so that closing it also stops whatever it started.
Threads talk to its pipes, so that a silent or stuck bot costs us a timeout and not a hang, on
Windows as on Linux (select() does not work on pipes there): one writes our messages, one reads
its stdout into a bounded queue of bounded lines, one drains its stderr and keeps a bounded tail
for failure reasons. close() never waits on a pipe: a daemon the bot left behind may hold one.
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO, Iterator, NoReturn

from ..core.text import LINE, NAME, clean

PROTOCOL = 1
MAX_LINE = 64 * 1024  # bytes in one line from the bot; a longer one is a failure
QUEUE_LINES = 64  # lines read ahead; a bot that floods waits on its full pipe
STDERR_TAIL = 4096  # bytes of the bot's stderr kept for failure reasons
MAX_COMMAND = 4096  # characters in a command line (setup takes 160; shlex is slow on megabytes)
_EOF = object()
_TOO_LONG = object()
_CLOSE = object()


class BotFailure(Exception):
    """An external bot answered something unusable, exited, or stayed silent too long."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def split_command(command: str) -> str | list[str]:
    """What Popen gets: the argument list on POSIX (shlex rules); on Windows the command line
    itself, which is how programs there receive their arguments anyway (no shell either way)."""
    if not command.strip():
        raise ValueError("cmd: needs a command line, e.g. cmd:python mybot.py")
    if len(command) > MAX_COMMAND:
        raise ValueError(f"cmd: the command line is too long (at most {MAX_COMMAND} characters)")
    if os.name == "nt":
        return command
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise ValueError(f"cannot read the command line {command!r}: {exc}") from None
    if not argv:
        raise ValueError("cmd: needs a command line, e.g. cmd:python mybot.py")
    return argv


def check_program(command: str) -> None:
    """Refuse a command line whose program is not there, before anyone waits on it: a ladder
    would otherwise play its whole run with easy in that seat. On Windows the command line is
    the program's to read, so only split_command's checks apply."""
    argv = split_command(command)
    if isinstance(argv, str):
        return
    if shutil.which(argv[0]) is None:
        raise ValueError(f"cmd: no program {argv[0]!r} here "
                         "(not found on PATH, or not an executable file)")


def _canonical(data: object) -> str:
    # "copied" means equal as JSON: true is not 1 and 17.0 is not 17
    return json.dumps(data, sort_keys=True)


def _environment() -> dict[str, Any]:
    """The user's environment without the app's own variables (ALICE_*: data folder, debug,
    benchmark files). Nothing about the game is ever put there: a bot learns it from messages."""
    return {k: v for k, v in os.environ.items() if not k.upper().startswith("ALICE")}


def _folder() -> str | None:
    """Where the bot runs: the current folder (relative paths in its command line work), except
    the app's data folder, whose games in progress hold their seeds."""
    try:
        from ..core.files import data_dir
        here, data = Path.cwd().resolve(), data_dir().resolve()
    except (ImportError, OSError, RuntimeError):
        return None
    if here == data or data in here.parents:
        return tempfile.gettempdir()
    return None


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


class ExternalBot:
    def __init__(self, command: str, game: str, player: int, timeout: float = 10.0):
        self.argv = split_command(command)
        self.command, self.game, self.player, self.timeout = command, game, player, timeout
        self.name = "cmd"
        self.hello: dict[str, Any] = {}  # the program's hello message as it came (protocol data)
        self.hello_name: str | None = None  # the name it gave, as the screen may show it
        self.proc: subprocess.Popen[bytes] | None = None
        # a line read, or _EOF, _TOO_LONG
        self._lines: queue.Queue[bytes | object] = queue.Queue(maxsize=QUEUE_LINES)
        self._outbox: queue.Queue[bytes | object] = queue.Queue()  # or _CLOSE
        self._stderr = bytearray()
        self._closed = threading.Event()
        self._threads: list[threading.Thread] = []

    # --- life cycle --------------------------------------------------------------------------

    def start(self) -> None:
        if self.proc is not None:
            return
        group: dict[str, Any] = (
            {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
            if os.name == "nt" else {"start_new_session": True})
        try:
            # unbuffered binary pipes: no buffer lock that a blocked reader could hold on close
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, bufsize=0, env=_environment(), cwd=_folder(), **group)
        except OSError as exc:
            program = self.argv if isinstance(self.argv, str) else self.argv[0]
            raise BotFailure(f"cannot start {program!r}: {exc.strerror or exc}") from None
        for target, stream in ((self._write_stdin, self.proc.stdin),
                               (self._read_stdout, self.proc.stdout),
                               (self._read_stderr, self.proc.stderr)):
            thread = threading.Thread(target=target, args=(stream,), daemon=True)
            thread.start()
            self._threads.append(thread)
        with self._failing():
            self._send({"type": "hello", "protocol": PROTOCOL, "game": self.game,
                        "player": self.player})
            reply = self._receive("hello")
            if reply.get("type") != "hello":
                raise BotFailure(f"expected a hello message first, got {_short(reply)}")
            self.hello = reply
            name = reply.get("name")  # the program's words: cleaned as they come in
            self.hello_name = clean(name, NAME) if isinstance(name, str) else None

    def decide(self, view: Any, legal: list[Any]) -> Any:
        self.start()
        with self._failing():
            self._send({"type": "decide", "game": self.game, "player": self.player,
                        "state": view.to_json(), "legal": [a.to_json() for a in legal]})
            reply = self._receive("action")
            if reply.get("type") != "action" or "action" not in reply:
                raise BotFailure(f"expected an action message, got {_short(reply)}")
            try:
                wanted = _canonical(reply["action"])
            except (RecursionError, ValueError, TypeError):
                raise BotFailure(f"unusable action {_short(reply['action'])}") from None
            for action in legal:
                if _canonical(action.to_json()) == wanted:
                    return action
            raise BotFailure(f"illegal action {_short(reply['action'])}")

    def end(self, result: object) -> None:
        """Send the result and close stdin; give the bot a moment to exit on its own."""
        if self.proc is None or self.proc.poll() is not None or self._closed.is_set():
            return
        try:
            self._send({"type": "end", "result": result})
            self._outbox.put(_CLOSE)
            self.proc.wait(timeout=min(1.0, self.timeout))
        except (BotFailure, OSError, subprocess.TimeoutExpired):
            pass

    def close(self) -> None:
        """Stop the bot and everything it started; returns within about a second whatever the
        bot does (the reader threads are daemons and are not waited for)."""
        proc = self.proc
        if proc is None or self._closed.is_set():
            return
        self._closed.set()
        self._outbox.put(_CLOSE)
        self._kill_group()
        try:
            proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            pass
        # Only stdout and stderr: stdin belongs to the writer thread, which closes it. Closing a
        # raw pipe takes no lock, even while a thread still blocks in a read on it.
        for stream in (proc.stdout, proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except (OSError, ValueError):
                pass

    def _kill_group(self) -> None:
        proc = self.proc
        if proc is None:
            return
        if os.name == "nt":
            if proc.poll() is None:  # /T finds the children through the living parent
                try:
                    subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)],
                                   capture_output=True, timeout=2)
                except (OSError, subprocess.SubprocessError):
                    pass
        else:
            # the group outlives its leader: children it left must go too
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if proc.poll() is None:
            proc.kill()

    @contextmanager
    def _failing(self) -> Iterator[None]:
        """A failed bot is of no more use: stop it at once, whether or not the caller closes it."""
        try:
            yield
        except BotFailure:
            self.close()
            raise

    # --- talking -----------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        if self._closed.is_set():
            raise BotFailure("closed")
        self._outbox.put((json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8"))

    def _receive(self, what: str) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()  # checked every line: a flood must time out too
            if left <= 0:
                raise BotFailure(f"no {what} within {self.timeout:g} s")
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                raise BotFailure(f"no {what} within {self.timeout:g} s") from None
            if line is _EOF:
                raise BotFailure(self._exit_reason())
            if line is _TOO_LONG:
                raise BotFailure(f"a line longer than {MAX_LINE} bytes")
            assert isinstance(line, bytes)  # the other marks are the readers' own
            text = line.decode("utf-8", errors="replace").strip()
            if not text:
                continue
            try:
                # RecursionError: deep nesting; ValueError: also huge integers, NaN, Infinity
                data = json.loads(text, parse_constant=_no_constant)
            except (RecursionError, ValueError):
                raise BotFailure(f"not JSON: {text[:60]!r}") from None
            if not isinstance(data, dict):
                raise BotFailure(f"expected a JSON object, got {_short(data)}")
            return data

    def _exit_reason(self) -> str:
        assert self.proc is not None  # only asked once the bot has started
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        reason = "closed its output" if code is None else f"exited with status {code}"
        if code is not None:
            self._threads[2].join(timeout=0.5)  # let its last words arrive
        last = self._last_words()
        if last:
            reason += f" ({last})"
        return reason

    def _last_words(self) -> str:
        """The last line the program wrote to stderr that shows anything, cleaned as it comes in
        (game.core.text.clean: a failure's reason is shown on the table and kept in the record)."""
        lines = bytes(self._stderr).decode("utf-8", errors="replace").splitlines()
        for line in reversed(lines):
            words = clean(line, LINE)
            if words:
                return words
        return ""

    def _put(self, item: bytes | object) -> bool:
        while not self._closed.is_set():
            try:
                self._lines.put(item, timeout=0.2)
                return True
            except queue.Full:
                pass
        return False

    def _write_stdin(self, stream: BinaryIO) -> None:
        # A bot that does not read would block this write, never the game (which has timeouts).
        try:
            while True:
                data = self._outbox.get()
                if data is _CLOSE:
                    break
                assert isinstance(data, bytes)
                view = memoryview(data)
                while view:
                    view = view[stream.write(view):]
        except (OSError, ValueError):
            pass
        try:
            stream.close()
        except OSError:
            pass

    def _read_stdout(self, stream: BinaryIO) -> None:
        buffer = bytearray()
        skipping = False  # inside a line that was too long: drop it up to its end
        try:
            while not self._closed.is_set():
                chunk = stream.read(65536)
                if not chunk:
                    break
                buffer += chunk
                while True:
                    end = buffer.find(b"\n")
                    if end < 0:
                        break
                    line = bytes(buffer[:end])
                    del buffer[:end + 1]
                    if skipping:
                        skipping = False
                    elif not self._put(line if len(line) <= MAX_LINE else _TOO_LONG):
                        return
                if len(buffer) > MAX_LINE:
                    buffer.clear()
                    if not skipping:
                        skipping = True
                        if not self._put(_TOO_LONG):
                            return
                elif skipping:
                    buffer.clear()
        except (OSError, ValueError):
            pass
        if buffer and not skipping:
            self._put(bytes(buffer))
        self._put(_EOF)

    def _read_stderr(self, stream: BinaryIO) -> None:
        try:
            while not self._closed.is_set():
                chunk = stream.read(65536)
                if not chunk:
                    break
                self._stderr += chunk
                del self._stderr[:-STDERR_TAIL]
        except (OSError, ValueError):
            pass


def _short(data: object) -> str:
    try:
        return json.dumps(data)[:80]
    except (TypeError, ValueError, RecursionError):
        return repr(data)[:80]
