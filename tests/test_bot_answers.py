"""Whatever an external bot prints, the app gets a BotFailure (and the easy bot takes over), never
another exception, and its memory stays bounded however much the bot writes."""

import shlex
import sys

import pytest

from game.core import records
from game.bots import BotFailure, ExternalBot
from game.bots.external import MAX_LINE, QUEUE_LINES

from test_external_bots import cmd, two_player_game
from waiting import HANG_S, finishes, until


@pytest.mark.parametrize("mode, needle", [
    ("deep", "not JSON"),
    ("deep_action", "not JSON"),
    ("bignum", "not JSON"),
    ("nan", "not JSON"),
    ("infinity", "not JSON"),
    ("deeper", f"longer than {MAX_LINE} bytes"),
    ("long", f"longer than {MAX_LINE} bytes"),
])
def test_an_unreadable_answer_is_a_bot_failure(mode, needle):
    session, bot, messages = two_player_game(cmd("raw_answer_bot.py", mode))
    record = records.record_of(session)
    records.verify(record)
    player = record["players"][0]
    assert player["replaced_at"] == 0 and needle in player["replaced_reason"]
    assert len(messages) == 1
    bot.proc.wait(timeout=HANG_S)  # killed


def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@linux_only
@pytest.mark.parametrize("command, timeout, needle", [
    ("cat /dev/zero", HANG_S, "longer than"),         # one endless line on stdout
    ("sh -c 'cat /dev/zero >&2'", 1.0, "no hello"),   # an endless stderr, for a second
])
def test_an_endless_output_costs_bounded_memory(command, timeout, needle):
    before = rss()
    bot = ExternalBot(command, "assemble", 0, timeout=timeout)
    try:
        with pytest.raises(BotFailure, match=needle):
            bot.start()
        grown = rss() - before
    finally:
        bot.close()
    assert grown < 50 * 2**20


def test_a_flood_of_short_lines_is_held_in_a_bounded_queue():
    bot = ExternalBot('yes \'{"type": "hello", "name": "again"}\'', "assemble", 0, timeout=HANG_S)
    try:
        bot.start()
        until(lambda: bot._lines.qsize() >= QUEUE_LINES, "the flood filling the queue")
        assert bot._lines.qsize() == QUEUE_LINES  # the reader waits for room
    finally:
        bot.close()


def test_a_flood_of_blank_lines_still_times_out():
    bot = ExternalBot("yes ''", "assemble", 0, timeout=0.5)
    try:
        with pytest.raises(BotFailure, match="no hello within 0.5 s"):
            finishes(bot.start)  # ends, though lines keep coming
    finally:
        bot.close()


def test_the_last_words_on_stderr_are_kept_and_bounded():
    script = "import sys; sys.stderr.write('x' * 100000 + '\\nlast words\\n'); sys.exit(4)"
    bot = ExternalBot(f"{shlex.quote(sys.executable)} -c {shlex.quote(script)}", "assemble", 0,
                      timeout=HANG_S)
    with pytest.raises(BotFailure, match=r"exited with status 4 \(last words\)"):
        bot.start()
    bot.close()
    assert len(bot._stderr) <= 8192
