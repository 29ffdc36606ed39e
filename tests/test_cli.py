"""The headless command line: JSON out, one-line errors with exit status 2, verify."""

import json
import subprocess
import sys

import pytest

from helpers import finished_record
from game.services import cli
from game.core import records


def run(capsys, *args, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_prints_modules_largest_first(capsys):
    code, out, err = run(capsys, "score", "--capacity", "2", "28", "0", "7", "1", "16")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["modules"] == [3, 3, 1] and data["score"] == 18


def test_score_with_the_flaw_and_patterns(capsys):
    code, out, _ = run(capsys, "score", "--flaw", "--", "###--", "-----", "--###")
    assert code == 0
    assert json.loads(out)["score"] == 0  # 9 scored, 9 subtracted


@pytest.mark.parametrize("args, needle", [
    (["score", "32"], "unknown card"),
    (["score", "abc"], "unknown card"),
    (["score", "5", "5"], "appears twice"),
    (["score", "--capacity", "0", "5"], "capacity"),
    (["score"], "give the cards"),
    (["score", "--capacity", "x", "5"], "not a whole number"),
    (["selfplay", "--players", "5"], "2 to 4"),
    (["selfplay", "--players", "3", "--seat", "easy"], "one --seat per player"),
    (["selfplay", "--seat", "easy", "--seat", "wizard"], "unknown seat"),
    (["selfplay", "--rules", "flaw,chaos", "--seat", "easy", "--seat", "easy"], "unknown rule"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, args, needle):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err


def test_score_batch_one_result_per_line(capsys, monkeypatch):
    lines = '{"line": [31], "capacity": 1}\n{"line": [28, 0, 7], "capacity": 1, "flaw": true}\n'
    code, out, _ = run(capsys, "score", "--batch", stdin=lines, monkeypatch=monkeypatch)
    assert code == 0
    assert [json.loads(x)["score"] for x in out.splitlines()] == [25, 0]


def test_score_batch_bad_line_keeps_alignment_and_exits_2(capsys, monkeypatch):
    lines = '{"line": [31]}\n{"line": [31\n{"line": [40]}\n{"line": [1], "capacity": 0}\n'
    code, out, err = run(capsys, "score", "--batch", stdin=lines, monkeypatch=monkeypatch)
    results = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and len(results) == 4
    assert results[0]["score"] == 25
    assert all("error" in r for r in results[1:])
    assert err.count("\n") == 1


def test_selfplay_summary_and_records_that_verify(capsys, tmp_path):
    code, out, _ = run(capsys, "selfplay", "--game", "assemble", "--players", "3",
                       "--rules", "flaw,identity", "--seat", "easy", "--seat", "random",
                       "--seat", "random", "--seed", "9", "--games", "4", "--out", str(tmp_path))
    assert code == 0
    summary = json.loads(out)
    assert summary["games"] == 4 and summary["seats"] == ["easy", "random", "random"]
    assert abs(sum(summary["wins"]) - 4) < 1e-9
    assert len(summary["mean_score"]) == 3
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4
    rec = json.loads(files[0].read_text())
    assert rec["rules"] == {"flaw": True, "identity": True} and len(rec["setup"]["deck"]) == 30
    code, out, _ = run(capsys, "verify", *map(str, files))
    assert code == 0 and json.loads(out) == {"verified": 4}


def snapshot_session_record(game: str, seed: int, seats: list[str], rules_text: str):
    """The record of one selfplay game played the way the app plays: a snapshot session, every
    bot given its view, every action through the command queue."""
    import random
    from game.bots import make_bot
    module = records.game_module(game)
    players = [{"name": f"{seat.title()} {i + 1}", "seat": seat} for i, seat in enumerate(seats)]
    session = module.new_session(seed, players, module.parse_rules(rules_text))
    assert session.history.snapshots
    bots = [make_bot(seat, game, random.Random(f"{seed}:{i}").getrandbits(32), player=i)
            for i, seat in enumerate(seats)]
    while not session.state.is_over():
        state = session.state
        player = state.current_player()
        session.play(bots[player].decide(state.view(player), state.legal_actions()))
    return session


@pytest.mark.parametrize("game, seats, rules", [
    ("assemble", ["random"] * 4, ""),
    ("assemble", ["easy", "random", "normal"], "flaw,identity"),
    ("grayblock", ["random", "easy", "random"], "water-veins"),
    ("cementopia", ["random"], ""),
])
def test_selfplay_records_are_those_of_a_snapshot_session(capsys, tmp_path, game, seats, rules):
    args = ["selfplay", "--game", game, "--rules", rules, "--seed", "5", "--games", "3",
            "--out", str(tmp_path / "selfplay")]
    for seat in seats:
        args += ["--seat", seat]
    assert run(capsys, *args)[0] == 0
    for index, seed in enumerate(range(5, 8)):
        name = f"{game}-{index + 1:04d}-seed{seed}.json"
        session = snapshot_session_record(game, seed, seats, rules)
        records.write_record(tmp_path / "snapshot" / name, records.record_of(session))
        made = (tmp_path / "selfplay" / name).read_bytes()
        assert made == (tmp_path / "snapshot" / name).read_bytes(), name


def test_selfplay_is_reproducible(capsys):
    args = ["selfplay", "--seat", "easy", "--seat", "random", "--seed", "4", "--games", "3"]
    assert run(capsys, *args)[1] == run(capsys, *args)[1]


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_verify_names_an_illegal_action(capsys, tmp_path):
    rec = finished_record()
    rec["actions"][5] = {"lane": rec["actions"][5]["lane"], "take": 99}
    code, _, err = run(capsys, "verify", write(tmp_path, "bad.json", rec))
    assert code == 1 and "action 6" in err and err.count("\n") == 1


def test_verify_catches_a_wrong_result(capsys, tmp_path):
    rec = finished_record()
    rec["result"]["lanes"][0]["score"] += 1
    code, _, err = run(capsys, "verify", write(tmp_path, "bad.json", rec))
    assert code == 1 and "score" in err


@pytest.mark.parametrize("mangle, needle", [
    (lambda t: t[: len(t) // 2], "truncated"),
    (lambda t: t.replace('"alice-record"', '"chess-pgn"'), "format"),
    (lambda t: t.replace('"version": 1', '"version": 7'), "version"),
    (lambda t: "", "not valid JSON"),
])
def test_unreadable_records_are_exit_2(capsys, tmp_path, mangle, needle):
    text = json.dumps(finished_record(), separators=(", ", ": "))
    code, _, err = run(capsys, "verify", write(tmp_path, "r.json", mangle(text)))
    assert code == 2 and needle in err and err.count("\n") == 1


def test_replay_of_an_unfinished_record_resumes(capsys, tmp_path):
    rec = finished_record()
    rec["actions"] = rec["actions"][:20]
    del rec["result"]
    path = write(tmp_path, "open.json", rec)
    code, out, _ = run(capsys, "replay", path)
    data = json.loads(out)
    assert code == 0 and data["over"] is False and data["actions"] == 20
    # and the game goes on from there
    session = records.replay(records.read_record(path))
    session.play(session.state.legal_actions()[0])
    assert len(session.history.actions) == 21


def test_replay_with_an_illegal_action_is_exit_2(capsys, tmp_path):
    rec = finished_record()
    rec["actions"].insert(0, {"lane": 0, "place": 0})
    code, _, err = run(capsys, "replay", write(tmp_path, "r.json", rec))
    assert code == 2 and "action 1" in err


def test_installed_entry_point_version_and_no_traceback():
    out = subprocess.run([sys.executable, "-m", "scenes.main", "--version"],
                         capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("alice-assemble ")
    bad = subprocess.run([sys.executable, "-m", "scenes.main", "score", "99"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_game_package_never_imports_pygame():
    code = ("import sys, game.services.cli, game.assemble, game.bots, game.core.records, game.core.registry;"
            "import game.assemble.bots, game.tools.perf;"
            "game.services.cli.main(['score', '31']); print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip().endswith("False"), out.stderr


def test_replay_reads_every_game(capsys, tmp_path):
    for game, seats in (("grayblock", ["random", "random"]), ("cementopia", ["random"])):
        args = ["selfplay", "--game", game, "--games", "1", "--out", str(tmp_path / game)]
        for seat in seats:
            args += ["--seat", seat]
        assert run(capsys, *args)[0] == 0
        path = next((tmp_path / game).glob("*.json"))
        code, out, err = run(capsys, "replay", str(path))
        assert code == 0, err
        data = json.loads(out)
        assert data["game"] == game and data["over"] is True and data["actions"] > 0


def test_help_lists_the_window_options_too(capsys):
    """`alice-assemble --help` (issue 41, item 17): the commands and the desktop app's options,
    from the one list the window parses and scenes.main routes to the window."""
    import scenes.main
    with pytest.raises(SystemExit) as done:
        scenes.main.run(["--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert "selfplay" in out and "stats" in out  # the commands
    flags = ("--lang", "--size", "--demo", "--tutorial", "--replay", "--screenshots", "--exit-after")
    assert all(f"  {flag}" in out for flag in flags), [f for f in flags if f"  {f}" not in out]
    assert set(flags) <= set(scenes.main.APP_FLAGS) == set(cli.window_flags())
    parser_flags = {flag for action in cli.window_parser()._actions for flag in action.option_strings}
    assert set(scenes.main.APP_FLAGS) == parser_flags - {"-h", "--help"}
