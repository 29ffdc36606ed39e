"""External bots and the built-in bot worker leave no processes behind: a bot's whole process
group goes on close or failure, close() never blocks on a pipe that a daemonized grandchild
keeps open, and the worker process dies with the app even when the app is killed. A bot gets no
hint of hidden information from its environment."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.core import records
from game.bots import BotFailure, ExternalBot

from test_external_bots import cmd, two_player_game
from waiting import HANG_S, finishes, until

posix_only = pytest.mark.skipif(os.name != "posix", reason="process groups and signals")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie is dead, whoever should reap it
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def wait_gone(pid: int, what: str) -> None:
    """Until the process has ended (a killed one does; HANG_S is far less than the 600 s the
    processes here would otherwise sleep)."""
    until(lambda: not alive(pid), what)


def read_pid(path: Path) -> int:
    until(lambda: path.exists() and path.read_text(), "the bot writing its child's pid")
    return int(path.read_text())


@posix_only
def test_a_silent_shell_with_a_child_is_killed_with_its_group_on_time_out():
    bot = ExternalBot("sh -c 'sleep 600; true'", "assemble", 0, timeout=0.5)
    with pytest.raises(BotFailure, match="no hello within 0.5 s"):
        finishes(bot.start)  # gives up: does not wait for the shell's 600 s
    group = bot.proc.pid
    finishes(bot.close)

    def group_gone() -> bool:  # nothing left in the bot's process group (sleep included)
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        return False
    until(group_gone, "the bot's process group gone after close()")


@posix_only
def test_a_child_holding_the_pipe_does_not_hang_a_game(tmp_path):
    pidfile = tmp_path / "child.pid"
    session, bot, messages = two_player_game(cmd("child_bot.py", pidfile))
    child = read_pid(pidfile)
    try:
        assert messages == [] and session.state.is_over()
        records.verify(records.record_of(session))
        wait_gone(child, "the bot's child gone with the game")
    finally:
        if alive(child):
            os.kill(child, signal.SIGKILL)


@posix_only
def test_close_does_not_wait_for_a_daemonized_grandchild_that_holds_the_pipe(tmp_path):
    pidfile = tmp_path / "daemon.pid"
    bot = ExternalBot(cmd("child_bot.py", pidfile, "setsid")[4:], "assemble", 0, timeout=HANG_S)
    daemon = None
    try:
        bot.start()
        daemon = read_pid(pidfile)
        finishes(bot.close)  # returns, though the daemon keeps the pipe for 600 s
        bot.proc.wait(timeout=HANG_S)
        assert alive(daemon)  # out of our reach by design; it only keeps a pipe that we let go
    finally:
        if daemon is not None and alive(daemon):
            os.kill(daemon, signal.SIGKILL)


@posix_only
def test_a_failing_bot_is_killed_even_before_close(tmp_path):
    bot = ExternalBot("sh -c 'sleep 600; true'", "assemble", 0, timeout=0.3)
    with pytest.raises(BotFailure):
        bot.start()
    bot.proc.wait(timeout=HANG_S)  # killed: the shell would sleep for 600 s
    bot.close()


def test_the_bot_sees_no_alice_variables_and_not_the_data_folder(tmp_path, monkeypatch):
    data = tmp_path / "userdata"
    data.mkdir()
    monkeypatch.setenv("ALICE_DATA_DIR", str(data))
    monkeypatch.setenv("ALICE_DEBUG", "1")
    monkeypatch.setenv("ALICE_SEED", "12345")
    monkeypatch.chdir(data)
    bot = ExternalBot(cmd("env_bot.py")[4:], "assemble", 0, timeout=HANG_S)
    try:
        bot.start()
    finally:
        bot.close()
    report = json.loads(bot.hello["name"])  # (the name as it came: hello_name is cleaned)
    assert report["env"] == [] and report["argv"] == []
    assert Path(report["cwd"]).resolve() != data.resolve()


WORKER_PARENT = """
import multiprocessing.resource_tracker as rt, sys, time
from game.bots.worker import BackgroundDecider
decider = BackgroundDecider()
decider.warm_up()
deadline = time.monotonic() + {hang}  # a parent that never reports exits: the test cannot hang
while decider.poll(1) is None:
    if time.monotonic() > deadline:
        sys.exit("no worker")
    time.sleep(0.05)
worker = list(decider._process._processes)[0]
print(worker, rt._resource_tracker._pid, flush=True)
time.sleep(600)
"""


@posix_only
def test_the_worker_process_dies_when_the_app_is_killed():
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root))
    parent = subprocess.Popen([sys.executable, "-c", WORKER_PARENT.format(hang=HANG_S)],
                              stdout=subprocess.PIPE, text=True, env=env, cwd=root,
                              stderr=subprocess.DEVNULL)
    pids = []
    try:
        pids = [int(p) for p in parent.stdout.readline().split() if p != "None"]
        assert pids, "the parent did not report its worker"
        parent.kill()
        parent.wait()
        for pid in pids:  # the worker, then the resource tracker that waits for it
            wait_gone(pid, f"process {pid} gone with the killed app")
    finally:
        parent.kill()
        parent.stdout.close()
        for pid in pids:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
