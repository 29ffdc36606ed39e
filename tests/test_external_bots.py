"""External bots (bot-protocol.md): a good one plays a whole game; each kind of bad one is
replaced by `easy`, the record says where, and the game still verifies."""

import json
import shlex
import sys
from pathlib import Path

import pytest

from game.services import cli
from game.core import records
from game.assemble.record import new_session
from game.bots import BotFailure, ExternalBot, make_bot
from game.services.play import play_out
from waiting import HANG_S

BOTS = Path(__file__).parent / "bots"


def cmd(script, *args):
    return "cmd:" + " ".join(shlex.quote(str(a)) for a in (sys.executable, BOTS / script, *args))


def two_player_game(seat, timeout=HANG_S, seed=3):
    """A game of the external bot `seat` against easy. Its third decision (where the misbehaving
    bots misbehave) is awaited `timeout` seconds; its start and its other answers as long as a
    busy machine needs: a short timeout runs out only where a bot is silent."""
    session = new_session(seed, [{"name": "Ext", "seat": seat}, {"name": "Easy", "seat": "easy"}])
    bot = make_bot(seat, "assemble", 0, player=0, timeout=HANG_S)
    decide, decisions = bot.decide, []

    def third_in_time(view, legal):
        decisions.append(view)
        bot.timeout = timeout if len(decisions) == 3 else HANG_S
        return decide(view, legal)
    bot.decide = third_in_time
    messages = []
    play_out(session, {0: bot, 1: make_bot("easy", "assemble", 1)}, on_message=messages.append)
    return session, bot, messages


def test_good_bot_plays_a_whole_game_and_gets_the_result(tmp_path):
    out = tmp_path / "result.json"
    session, bot, messages = two_player_game(cmd("good_bot.py", out))
    record = records.record_of(session)
    records.verify(record)
    assert messages == [] and "replaced_at" not in record["players"][0]
    assert session.state.is_over() and len(record["actions"]) == 64
    assert bot.hello_name == "First legal"
    assert json.loads(out.read_text()) == json.loads(json.dumps(record["result"]))
    bot.proc.wait(timeout=HANG_S)  # ended and closed


@pytest.mark.parametrize("script, timeout, needle", [
    ("illegal_bot.py", HANG_S, "illegal action"),
    ("nonjson_bot.py", HANG_S, "not JSON"),
    ("exits_bot.py", HANG_S, "exited with status 3 (giving up)"),
    ("silent_bot.py", 0.5, "no action within 0.5 s"),
])
def test_a_failing_bot_is_replaced_by_easy_and_the_game_goes_on(script, timeout, needle):
    session, bot, messages = two_player_game(cmd(script), timeout)
    assert session.state.is_over()
    record = records.record_of(session)
    records.verify(record)
    player = record["players"][0]
    assert player["replaced_at"] == 4  # its first two decisions stand (the draft is action 1-4)
    assert needle in player["replaced_reason"]
    assert len(messages) == 1 and needle in messages[0] and "easy" in messages[0]
    bot.proc.wait(timeout=HANG_S)  # killed, not left running


def test_a_program_that_cannot_start_is_replaced_from_the_first_action():
    session, _, messages = two_player_game("cmd:/nonexistent/alice-bot --fast")
    player = records.record_of(session)["players"][0]
    assert player["replaced_at"] == 0 and "cannot start" in player["replaced_reason"]
    assert len(messages) == 1


def test_bot_failure_names_the_reason():
    bot = ExternalBot(f"{shlex.quote(sys.executable)} -c pass", "assemble", 0, timeout=HANG_S)
    with pytest.raises(BotFailure, match="exited with status 0"):
        bot.start()
    bot.close()


def test_empty_command_is_refused():
    with pytest.raises(ValueError, match="command line"):
        make_bot("cmd:  ", "assemble")


def test_selfplay_with_cmd_seats_writes_records_that_verify(capsys, tmp_path, monkeypatch):
    waits = set()  # how long each program's answers are awaited
    start = ExternalBot.start
    monkeypatch.setattr(ExternalBot, "start", lambda bot: waits.add(bot.timeout) or start(bot))
    code = cli.main(["selfplay", "--seat", cmd("nonjson_bot.py"), "--seat", cmd("good_bot.py"),
                     "--seat", "easy", "--bot-timeout", "240", "--seed", "5", "--out",
                     str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 0
    summary = json.loads(out)
    assert set(summary) == {"game", "players", "rules", "seats", "seed", "games", "wins",
                            "win_share", "draws", "mean_score", "records"}
    assert "not JSON" in err and err.count("\n") == 1 and waits == {240}
    [path] = tmp_path.glob("*.json")
    rec = json.loads(path.read_text())
    assert rec["players"][0]["replaced_at"] > 0 and "replaced_at" not in rec["players"][1]
    assert cli.main(["verify", str(path)]) == 0


def test_selfplay_refuses_an_unreadable_cmd_seat(capsys):
    code = cli.main(["selfplay", "--seat", "cmd:", "--seat", "easy"])
    _, err = capsys.readouterr()
    assert code == 2 and "command line" in err
