"""External bots: a program that plays through JSON lines on stdin/stdout (bot-protocol.md).

The program is started once per game (on `start()` or the first decision), without a shell.
A thread reads its stdout into a queue, so that a silent bot costs us a timeout and not a hang,
on Windows as on Linux (select() does not work on pipes there). Its stderr is drained too (a
full pipe would block the bot) and its last line goes into failure reasons.
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import subprocess
import threading
import time
from collections import deque

PROTOCOL = 1
_EOF = object()


class BotFailure(Exception):
    """An external bot answered something unusable, exited, or stayed silent too long."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def split_command(command: str):
    """What Popen gets: the argument list on POSIX (shlex rules); on Windows the command line
    itself, which is how programs there receive their arguments anyway (no shell either way)."""
    if not command.strip():
        raise ValueError("cmd: needs a command line, e.g. cmd:python mybot.py")
    if os.name == "nt":
        return command
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise ValueError(f"cannot read the command line {command!r}: {exc}") from None
    if not argv:
        raise ValueError("cmd: needs a command line, e.g. cmd:python mybot.py")
    return argv


def _canonical(data) -> str:
    # "copied" means equal as JSON: true is not 1 and 17.0 is not 17
    return json.dumps(data, sort_keys=True)


class ExternalBot:
    def __init__(self, command: str, game: str, player: int, timeout: float = 10.0):
        self.argv = split_command(command)
        self.command, self.game, self.player, self.timeout = command, game, player, timeout
        self.name = "cmd"
        self.hello_name: str | None = None
        self.proc: subprocess.Popen | None = None
        self._lines: queue.Queue = queue.Queue()
        self._stderr: deque = deque(maxlen=20)
        self._threads: list[threading.Thread] = []

    # --- life cycle --------------------------------------------------------------------------

    def start(self) -> None:
        if self.proc is not None:
            return
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace",
                bufsize=1)
        except OSError as exc:
            program = self.argv if isinstance(self.argv, str) else self.argv[0]
            raise BotFailure(f"cannot start {program!r}: {exc.strerror or exc}") from None
        for target, stream in ((self._read_stdout, self.proc.stdout),
                               (self._read_stderr, self.proc.stderr)):
            thread = threading.Thread(target=target, args=(stream,), daemon=True)
            thread.start()
            self._threads.append(thread)
        self._send({"type": "hello", "protocol": PROTOCOL, "game": self.game,
                    "player": self.player})
        reply = self._receive("hello")
        if reply.get("type") != "hello":
            raise BotFailure(f"expected a hello message first, got {_short(reply)}")
        name = reply.get("name")
        self.hello_name = name if isinstance(name, str) else None

    def decide(self, view, legal: list):
        self.start()
        self._send({"type": "decide", "game": self.game, "player": self.player,
                    "state": view.to_json(), "legal": [a.to_json() for a in legal]})
        reply = self._receive("action")
        if reply.get("type") != "action" or "action" not in reply:
            raise BotFailure(f"expected an action message, got {_short(reply)}")
        wanted = _canonical(reply["action"])
        for action in legal:
            if _canonical(action.to_json()) == wanted:
                return action
        raise BotFailure(f"illegal action {_short(reply['action'])}")

    def end(self, result) -> None:
        """Send the result and close stdin; give the bot a moment to exit on its own."""
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            self._send({"type": "end", "result": result})
            self.proc.stdin.close()
            self.proc.wait(timeout=min(1.0, self.timeout))
        except (BotFailure, OSError, subprocess.TimeoutExpired):
            pass

    def close(self) -> None:
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except (OSError, ValueError):
                pass
        for thread in self._threads:
            thread.join(timeout=1)

    # --- talking -----------------------------------------------------------------------------

    def _send(self, message: dict) -> None:
        try:
            self.proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise BotFailure(self._exit_reason()) from None

    def _receive(self, what: str) -> dict:
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise BotFailure(f"no {what} within {self.timeout:g} s") from None
            if line is _EOF:
                raise BotFailure(self._exit_reason())
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError:
                raise BotFailure(f"not JSON: {line.strip()[:60]!r}") from None
            if not isinstance(data, dict):
                raise BotFailure(f"expected a JSON object, got {_short(data)}")
            return data

    def _exit_reason(self) -> str:
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        reason = "closed its output" if code is None else f"exited with status {code}"
        if code is not None and len(self._threads) > 1:
            self._threads[1].join(timeout=0.5)  # let its last words arrive
        if self._stderr:
            reason += f" ({self._stderr[-1][:80]})"
        return reason

    def _read_stdout(self, stream) -> None:
        try:
            for line in stream:
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(_EOF)

    def _read_stderr(self, stream) -> None:
        try:
            for line in stream:
                if line.strip():
                    self._stderr.append(line.strip())
        except (OSError, ValueError):
            pass


def _short(data) -> str:
    try:
        return json.dumps(data)[:80]
    except (TypeError, ValueError):
        return repr(data)[:80]
