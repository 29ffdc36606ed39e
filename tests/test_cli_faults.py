"""Issue 11, items 9 and 10: hostile or odd input to the command line gets one line on stderr and
exit status 2 (never a traceback, an "internal error", a hang), and messages say the right thing."""

import io
import json
import os
import subprocess
import sys

import pytest

from helpers import finished_record
from cli_helpers import one_line, run
from waiting import HANG_S
from game.services import cli
from game.core import records

ARABIC_3 = "\u0663"  # ARABIC-INDIC DIGIT THREE: str.isdigit() and int() both take it


def run_app_args(capsys, *args):
    """The entry point with app options, in this process (options are refused before any window)."""
    from scenes import main
    code = main.run(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def record_text(**changes) -> str:
    rec = {"format": "alice-record", "version": 1, "game": "assemble", "seed": 1, "actions": []}
    rec.update(changes)
    return json.dumps(rec)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def no_play(monkeypatch):
    """Selfplay must refuse before any game is played."""
    import game.services.play

    def refuse(*_a, **_k):
        raise AssertionError("a game was played")
    monkeypatch.setattr(game.services.play, "play_out", refuse)


# --- 9: records that blow up the JSON reader -------------------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 5000


@pytest.mark.parametrize("command", ["verify", "replay"])
@pytest.mark.parametrize("text, needle", [
    (record_text(actions=["@"]).replace('"@"', DEEP), "nested too deeply"),
    (record_text().replace('"seed": 1', f'"seed": {HUGE}'), "too long"),
    (record_text(actions=["@"]).replace('"@"', '{"lane": 0, "take": ' + HUGE + '}'), "too long"),
], ids=["deep-action", "huge-seed", "huge-action"])
def test_hostile_records_are_one_line(capsys, tmp_path, command, text, needle):
    code, out, err = run(capsys, command, write(tmp_path, "r.json", text))
    one_line(code, err, needle)
    assert out == ""


@pytest.mark.parametrize("command", ["verify", "replay"])
def test_nesting_that_json_can_read_is_still_one_line(capsys, tmp_path, command):
    """Just under the JSON reader's own limit: the game's reader gets it and must cope too."""
    rec = finished_record()
    rec["actions"][3] = "@"
    for depth in (200, 900, 990, 2000):
        text = json.dumps(rec).replace('"@"', "[" * depth + "]" * depth)
        code, _, err = run(capsys, command, write(tmp_path, "r.json", text))
        assert code in (1, 2) and err.count("\n") == 1, err
        assert "internal error" not in err and "Traceback" not in err, err


def test_batch_bad_lines_are_reported_and_the_batch_goes_on(capsys, monkeypatch):
    lines = "\n".join([
        '{"line": ' + DEEP + '}',
        '{"line": [31], "capacity": ' + HUGE + '}',
        '{"line": [' + HUGE + ']}',
        '{"line": ["' + ARABIC_3 + '"]}',
        '{"line": [31]}',
    ]) + "\n"
    code, out, err = run(capsys, "score", "--batch", stdin=lines, monkeypatch=monkeypatch)
    results = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and len(results) == 5
    assert [r.get("error", "")[:7] for r in results[:4]] == ["line 1:", "line 2:", "line 3:", "line 4:"]
    assert "nested too deeply" in results[0]["error"]
    assert "too long" in results[1]["error"] and "too long" in results[2]["error"]
    assert "unknown card" in results[3]["error"]
    assert all(len(r["error"]) < 200 for r in results[:4])
    assert results[4]["score"] == 25
    assert err == "alice-assemble: score: 4 of 5 input lines had errors\n"


def test_batch_line_that_is_not_utf8_is_that_lines_error(capsys, monkeypatch):
    raw = b'{"line": [31]}\n{"line": [\xff]}\n{"line": [1]}\n'
    stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    code, out, err = run(capsys, "score", "--batch", stdin=stdin, monkeypatch=monkeypatch)
    results = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and len(results) == 3
    assert "line 2:" in results[1]["error"] and "UTF-8" in results[1]["error"]
    assert results[2]["score"] == 1 and err.count("\n") == 1


# --- 9: numbers on the command line -----------------------------------------------------------

@pytest.mark.parametrize("args, needle", [
    (["--think", "nan"], "--think"),
    (["--think", "inf"], "--think"),
    (["--think", "0"], "--think"),
    (["--think", "61"], "--think"),
    (["--think", "-1"], "--think"),
    (["--bot-timeout", "inf"], "--bot-timeout"),
    (["--bot-timeout", "1e300"], "--bot-timeout"),
    (["--bot-timeout", "nan"], "--bot-timeout"),
    (["--bot-timeout", "0"], "--bot-timeout"),
    (["--games", "0"], "--games"),
    (["--games", "1" * 40], "--games"),
    (["--seed", HUGE], "--seed"),
])
def test_selfplay_refuses_absurd_numbers_before_playing(capsys, no_play, args, needle):
    code, out, err = run(capsys, "selfplay", "--seat", "hard", "--seat", "hard", *args)
    one_line(code, err, needle)
    assert out == "" and len(err) < 300


def test_selfplay_help_documents_the_bounds(capsys):
    with pytest.raises(SystemExit):
        cli.main(["selfplay", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "0 < SECONDS <= 60" in text and "0 < SECONDS <= 3600" in text


@pytest.mark.parametrize("args, needle", [
    (["--exit-after", "nan"], "--exit-after"),
    (["--exit-after", "inf"], "--exit-after"),
    (["--exit-after", "1e300"], "--exit-after"),
    (["--exit-after", "-1"], "--exit-after"),
    (["--players", "0"], "2 to 4 players, not 0"),
    (["--size", "99999x720"], "--size"),
])
def test_app_refuses_absurd_numbers(capsys, args, needle):
    code, out, err = run_app_args(capsys, "--demo", *args)
    one_line(code, err, needle)


def test_selfplay_players_0_is_refused_not_ignored(capsys, no_play):
    code, _, err = run(capsys, "selfplay", "--players", "0")
    one_line(code, err, "not 0")


@pytest.mark.parametrize("args", [
    ["score", ARABIC_3],
    ["score", "--capacity", ARABIC_3, "5"],
    ["score", "\u00b3"],  # superscript three: isdigit() but int() fails
    ["selfplay", "--seed", ARABIC_3],
    ["selfplay", "--games", ARABIC_3],
    ["selfplay", "--players", ARABIC_3],
    ["selfplay", "--think", ARABIC_3],
    ["selfplay", "--bot-timeout", ARABIC_3],
])
def test_only_ascii_digits_are_numbers(capsys, no_play, args):
    code, out, err = run(capsys, *args)
    one_line(code, err, "0-9" if args[0] == "selfplay" or "--capacity" in args else "unknown card")
    assert out == ""


@pytest.mark.parametrize("args", [
    ["--seed", ARABIC_3], ["--players", ARABIC_3], ["--exit-after", ARABIC_3],
    ["--size", "\u0661\u0662\u0668\u0660x\u0667\u0662\u0660"],
])
def test_app_takes_only_ascii_digits(capsys, args):
    code, _, err = run_app_args(capsys, "--demo", *args)
    one_line(code, err, "0-9")


def test_score_duplicate_check_is_linear(capsys, monkeypatch):
    """40,000 cards once took 36 s of pairwise checks: each card is compared a few times at most
    (counted, not timed; pairwise, the count runs out and the answer is not the usage error)."""
    cards = [str(i % 32) for i in range(40_000)]
    compared = 0

    class Card(int):
        __hash__ = int.__hash__

        def __eq__(self, other):
            nonlocal compared
            compared += 1
            if compared > 3 * len(cards):
                raise RuntimeError("cards compared pairwise")
            return int.__eq__(self, other)
    parse = cli._card
    monkeypatch.setattr(cli, "_card", lambda text: Card(parse(text)))
    code, _, err = run(capsys, "score", *cards)
    one_line(code, err, "appears twice")
    assert compared


# --- 9: files and folders ---------------------------------------------------------------------

def test_selfplay_out_unwritable_fails_before_playing(capsys, no_play, tmp_path):
    code, out, err = run(capsys, "selfplay", "--out", "/proc")
    one_line(code, err, "cannot write")
    (tmp_path / "file").write_text("x")
    code, out, err = run(capsys, "selfplay", "--out", str(tmp_path / "file" / "sub"))
    one_line(code, err, "cannot create")
    assert err.count(str(tmp_path / "file" / "sub")) == 1


def test_app_screenshots_folder_that_cannot_be_made(capsys, monkeypatch):
    from scenes.app import window

    def no_window(*_a, **_k):
        raise AssertionError("a window was opened")
    monkeypatch.setattr(window, "App", no_window)
    code, _, err = run_app_args(capsys, "--demo", "--screenshots", "/proc/nope")
    one_line(code, err, "cannot create")
    code, _, err = run_app_args(capsys, "--demo", "--screenshots", "/proc")
    one_line(code, err, "cannot write")


def test_no_display_is_one_line():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "--demo", "--exit-after", "0"],
                          capture_output=True, text=True, env=env, timeout=HANG_S)
    one_line(proc.returncode, proc.stderr, "cannot open a window: ")
    assert proc.stdout == ""


def verify_in_process_or_subprocess(path):
    """A file that would hang or eat memory if read: a separate process, ended if it hangs."""
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "verify", str(path)],
                          capture_output=True, text=True, timeout=HANG_S)
    return proc.returncode, proc.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_verify_of_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    code, err = verify_in_process_or_subprocess(fifo)
    one_line(code, err, "not a regular file")
    assert err.count(str(fifo)) == 1


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_verify_of_dev_zero_is_refused():
    code, err = verify_in_process_or_subprocess("/dev/zero")
    one_line(code, err, "not a regular file")


def test_verify_of_a_folder_and_of_a_too_large_file(capsys, tmp_path):
    code, _, err = run(capsys, "verify", str(tmp_path))
    one_line(code, err, "not a regular file")
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(17 * 1024 * 1024)  # sparse: no disk used
    code, _, err = run(capsys, "verify", str(big))
    one_line(code, err, "too large")


# --- 10: wording -----------------------------------------------------------------------------

@pytest.mark.parametrize("args, needle", [
    (["--game", "cementopia", "--players", "2"], "Cementopia is played solo (1 player), not 2"),
    (["--game", "grayblock", "--players", "5"], "Grayblock is for 2 to 4 players, not 5"),
    (["--game", "assemble", "--players", "1"], "Alice Assemble is for 2 to 4 players, not 1"),
])
def test_player_counts_name_the_game(capsys, no_play, args, needle):
    code, _, err = run(capsys, "selfplay", *args)
    one_line(code, err, needle)
    code, _, err = run_app_args(capsys, "--demo", *args)
    one_line(code, err, needle)


def test_app_takes_cementopia_solo():
    from scenes.app.window import parse_app_args
    assert parse_app_args(["--demo", "--game", "cementopia", "--players", "1"]).players == 1
    assert parse_app_args(["--demo", "--game", "cementopia"]).game == "cementopia"
    assert parse_app_args(["--demo"]).players == 4


@pytest.mark.parametrize("command", ["verify", "replay"])
def test_paths_are_named_once(capsys, tmp_path, command):
    missing = str(tmp_path / "missing.json")
    code, _, err = run(capsys, command, missing)
    one_line(code, err, "no such file")
    assert err.count(missing) == 1


def test_a_record_with_a_byte_order_mark_verifies(capsys, tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(finished_record()).encode("utf-8"))
    code, out, err = run(capsys, "verify", str(path))
    assert code == 0 and json.loads(out) == {"verified": 1}, err
    assert records.parse_record("\ufeff" + record_text())["game"] == "assemble"


def test_no_pygame_banner_on_stdout():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "selfplay", "--seat", "random",
                           "--seat", "random"], capture_output=True, text=True, env=env, timeout=HANG_S)
    assert proc.returncode == 0 and json.loads(proc.stdout)["games"] == 1
    # the app's path imports pygame: its stdout stays empty too
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "--demo", "--players", "9"],
                          capture_output=True, text=True, env=env, timeout=HANG_S)
    assert proc.returncode == 2 and proc.stdout == ""
    proc = subprocess.run([sys.executable, "-c", "import scenes.app.window"],
                          capture_output=True, text=True, env=env, timeout=HANG_S)
    assert proc.returncode == 0 and proc.stdout == ""


def test_player_names_are_capped_where_records_are_read(tmp_path):
    rec = finished_record()
    rec["players"][0]["name"] = "\x1b[31m" + "A" * 1_000_000 + "\n"
    rec["players"][1]["name"] = "\u200b\x07"  # nothing printable is left
    path = write(tmp_path, "r.json", json.dumps(rec))
    loaded = records.read_record(path)
    names = [p["name"] for p in loaded["players"]]
    assert names[0] == "[31m" + "A" * 19 + "\u2026" and names[1] == "Player 2"  # cut: it says so
    assert all(len(n) <= records.NAME_LEN and n.isprintable() for n in names)
    session = records.replay(loaded)
    assert [p["name"] for p in session.meta["players"]] == names
    from scenes.config import GameConfig
    assert [s.name for s in GameConfig.from_record(loaded).seats] == names


@pytest.mark.parametrize("module, option", [("game.tools.ladder", "--think"), ("game.cementopia.perf", "--think"),
                                            ("game.grayblock.perf", "--think"), ("game.tools.perf", "--games"),
                                            ("game.tools.ladder", "--games"), ("game.grayblock.perf", "--matches"),
                                            ("game.tools.ladder", "--helpers")])
@pytest.mark.parametrize("value", ["nan", "inf", "\u0663"])
def test_developer_tools_check_numbers_like_the_cli(module, option, value):
    proc = subprocess.run([sys.executable, "-m", module, option, value], capture_output=True, text=True,
                          timeout=HANG_S)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr  # argparse: usage, then the error
    assert option in proc.stderr.strip().splitlines()[-1]
