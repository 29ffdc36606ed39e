"""The ladder seats external programs (the independent greedy bot hard cannot model) and draws
fresh seeds for a final run."""

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from game.tools import ladder
from game.assemble.scoring import score_line
from game.tools.ladder import Pairing, play_game

GREEDY = Path(__file__).parent / "bots" / "greedy_bot.py"


def test_a_pairing_may_name_an_external_program_even_with_at_signs_in_it():
    pairing = Pairing.parse("hard-vs-cmd:python /a@b/bot.py@3")
    assert (pairing.hero, pairing.villain, pairing.players) == ("hard", "cmd:python /a@b/bot.py", 3)
    assert Pairing.parse("hard-vs-cmd:python bot.py --mode@x").villain == "cmd:python bot.py --mode@x"
    with pytest.raises(ValueError, match="2 to 4 players"):
        Pairing.parse("hard-vs-easy@5")


def test_the_greedy_bot_plays_whole_games_and_no_seat_is_replaced():
    pairing = Pairing.parse(f"easy-vs-cmd:{sys.executable} {GREEDY}@3")
    share, _, _, line = play_game((pairing, 2, None, 4, 11, True))
    assert line["replaced"] == [] and line["levels"][2] == "easy"
    assert share in (0.0, 0.5, 1.0, 1 / 3)


def ask(state: dict, legal: list) -> dict:
    messages = [{"type": "hello", "protocol": 1, "game": "assemble", "player": 0},
                {"type": "decide", "game": "assemble", "player": 0, "state": state, "legal": legal}]
    proc = subprocess.run([sys.executable, str(GREEDY)], input="".join(json.dumps(m) + "\n" for m in messages),
                          capture_output=True, text=True, timeout=60, check=True)
    hello, answer = [json.loads(line) for line in proc.stdout.splitlines()]
    assert hello["type"] == "hello"
    return answer["action"]


def lane(line, bench=None, capacity=1):
    return {"owner": 0, "counter": 0, "capacity": capacity, "bench": bench, "upright": False,
            "line": line}


def test_the_greedy_bot_places_where_its_line_scores_most_and_takes_the_best_card():
    rules = {"flaw": False, "identity": False}
    line = [0b11000, 0b00011]  # gears top two rows, then bottom two
    base = {"players": 2, "rules": rules, "round": 2, "last_round": False, "field": [],
            "deck_count": 10, "unseen": [], "active_lane": 0}
    # card 0b01110 joins both pairs into one five-row module only between them
    state = {**base, "phase": "place", "lanes": [lane(line, 0b01110), lane([])]}
    legal = [{"lane": 0, "place": p} for p in range(3)]
    assert [score_line(line[:p] + [0b01110] + line[p:], 1) for p in range(3)] == [16, 25, 16]
    assert ask(state, legal) == {"lane": 0, "place": 1}
    # a take: 0b11111 makes a 25-point module somewhere; 0b00001 adds at most one row
    state = {**base, "phase": "take", "field": [1, 31], "lanes": [lane(line), lane([])]}
    legal = [{"lane": 0, "take": 1}, {"lane": 0, "take": 31}]
    assert ask(state, legal) == {"lane": 0, "take": 31}


def test_a_random_seed_is_drawn_and_printed(tmp_path, capsys):
    seeds = []
    for _ in range(2):
        assert ladder.main(["--seed", "random", "--games", "2", "--workers", "1",
                            "--pairings", "easy-vs-random@2"]) == 0
        seeds.append(int(re.search(r"seed (\d+)", capsys.readouterr().out).group(1)))
    assert seeds[0] != seeds[1]
    with pytest.raises(SystemExit):
        ladder.main(["--seed", "randomly"])
    assert "not a whole number" in capsys.readouterr().err


def test_a_failing_program_is_named_and_a_missing_command_line_refused(tmp_path, capsys):
    results = tmp_path / "games.jsonl"
    quits = f"cmd:{shlex.quote(sys.executable)} -c 'raise SystemExit(3)'"
    assert ladder.main(["--games", "2", "--workers", "1", "--results", str(results),
                        "--pairings", f"easy-vs-{quits}@2"]) == 0
    assert "in 2 of 2 games an external bot failed" in capsys.readouterr().err
    assert all(json.loads(line)["replaced"] for line in results.read_text().splitlines())
    with pytest.raises(SystemExit):
        ladder.main(["--pairings", "hard-vs-cmd:  "])
    assert "needs a command line" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        ladder.main(["--pairings", "hard-vs-cmd:python3 " + "x" * 100_000])
    assert "command line is too long" in capsys.readouterr().err


@pytest.mark.skipif(os.name == "nt", reason="the command line is the program's to read there")
@pytest.mark.parametrize("program", ["no-such-bot", "/dev/zero", "."])
def test_a_program_that_is_not_there_is_refused_before_any_game(tmp_path, capsys, program):
    results = tmp_path / "games.jsonl"
    with pytest.raises(SystemExit):
        ladder.main(["--games", "2", "--workers", "1", "--results", str(results),
                     "--pairings", f"hard-vs-cmd:{tmp_path / program} --fast"])
    err = capsys.readouterr().err.strip().splitlines()
    assert "not found on PATH, or not an executable file" in err[-1]
    assert not results.exists()


def test_the_ladder_prints_what_hard_read_of_its_opponents(capsys):
    """Under the table: the hero's belief about the villain's play, averaged over its seats and
    games, likeliest first; a program whose ties go to the higher card is read as one."""
    villain = f"cmd:{sys.executable} {GREEDY} --ties high"
    assert ladder.main(["--games", "4", "--iterations", "5", "--workers", "1", "--seed", "3",
                        "--pairings", f"hard-vs-{villain}"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    at = lines.index("What each hero read of its opponents' play (mean belief at the game's end):")
    reading = lines[at + 1]
    assert reading.startswith("  4p hard vs 3 cmd:") and "--ties high: " in reading
    shares = re.findall(r"([a-z, ]+) (\d\.\d\d)", reading.split("--ties high: ")[1])
    assert shares[0][0].strip() == "greedy, high card on ties"
    assert [float(s) for _, s in shares] == sorted((float(s) for _, s in shares), reverse=True)
