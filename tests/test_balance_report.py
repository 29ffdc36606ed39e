"""The balance report designers read (issue 60, item 4): `alice-assemble balance --game alicematic
RECORDS [--json | --csv]`, each figure with its n and 95% interval (game.core.intervals), and the same
figures on Statistics' designer page, from the player's own finished games."""

from __future__ import annotations

import csv
import io
import json
import math
import os

import pytest
from hypothesis import given, strategies as st

from game.core import intervals
from game.alicematic.report import Game, report
from game.services.cli import main
from game.core.records import write_record

from tests.test_history import played


# --- the intervals -----------------------------------------------------------------------------

def test_wilson_and_t_intervals_match_worked_values():
    none = intervals.wilson(0, 10)  # no success in 10: the upper end is z²/(n + z²)
    z2 = intervals.Z95 ** 2
    assert none.low == 0 and math.isclose(none.high, z2 / (10 + z2))
    every = intervals.wilson(10, 10)
    assert every.high == 1 and math.isclose(every.low, 1 - z2 / (10 + z2))
    m = intervals.mean([1, 2, 3])  # sd 1, t(2) = 4.303
    assert m.value == 2 and math.isclose(m.high - m.value, 4.303 / math.sqrt(3))
    big = intervals.mean([0, 1] * 500)  # 1,000 values: t is within 0.3% of z
    assert math.isclose(big.half_width, 1.96 * 0.5 / math.sqrt(1000), rel_tol=0.005)


@given(st.integers(1, 10_000), st.floats(0, 1))
def test_a_share_lies_inside_its_interval_inside_0_to_1(n, p):
    i = intervals.wilson(p * n, n)
    assert 0 <= i.low <= i.value <= i.high <= 1 and i.n == n


@given(st.integers(1, 500), st.floats(0.05, 0.95))
def test_more_games_narrow_the_interval(n, p):
    assert intervals.wilson(p * 4 * n, 4 * n).half_width < intervals.wilson(p * n, n).half_width


# --- the report on hand-made games -----------------------------------------------------------

def game(start_won: float, rounds: int = 14, scores=(40, 30, 20)) -> Game:
    """A 3-player game: seat 1 started (turn position 0), seat 0 came last; `start_won` of the win
    went to the start player, the rest to seat 2 (turn position 1)."""
    return Game(3, (2, 0, 1), (0, 1, 2), (0.0, start_won, 1 - start_won), scores, rounds,
                "round_14" if rounds == 14 else "every_city_held",
                (frozenset(), frozenset({"Sage Alice (blue)"}), frozenset()), (("Tile 4", 1),))


def test_the_start_players_win_share_counts_a_shared_win_as_a_half():
    games = [game(1), game(0), game(0), game(0.5, rounds=12)] * 5  # 2.5 wins of 4: 0.375
    out = report(games)
    position = out["by_players"]["3"]["win_share_by_turn_position"]
    assert out["games"] == 20 and out["by_players"]["3"]["fair_share"] == 0.333
    want = intervals.wilson(7.5, 20)
    assert position["1"] == want.json() and position["1"]["value"] == 0.375
    assert position["2"]["value"] == 0.625 and position["3"]["value"] == 0  # the seat that came last
    assert out["by_players"]["3"]["win_share_by_colour"]["blue"] == want.json()  # seat 1 is blue
    assert out["ended_by"]["round_14"]["value"] == 0.75 and out["ended_by"]["round_14"]["n"] == 20
    assert out["rounds"]["value"] == 13.5 and out["winners_margin"]["value"] == 10
    assert out["score_spread"] == {"value": 20, "low": 20, "high": 20, "n": 20}
    # only seat 1 held Sage Alice face up, and seat 1 was also the tile's sole majority holder
    assert out["cards"]["Sage Alice (blue)"] == want.json() == out["tiles"]["Tile 4"]


def test_cards_and_tiles_seen_too_rarely_are_left_out_and_nothing_is_zeros():
    out = report([game(1)] * 4)  # fewer than MIN_N
    assert out["cards"] == {} and out["tiles"] == {}
    empty = report([])
    assert empty["games"] == 0 and empty["by_players"] == {} and empty["rounds"]["n"] == 0


# --- the command line ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """Six finished Alicematic games (random bots, seats coloured as the app does) in a folder."""
    folder = tmp_path_factory.mktemp("records")
    made = []
    for seed in range(1, 7):
        record = played("alicematic", seed)[0]
        write_record(folder / f"game-{seed}.json", record)
        made.append(record)
    return folder, made


def run(capsys, *argv):
    code = main(["balance", "--game", "alicematic", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_report_of_records_counts_the_start_players_wins(capsys, records):
    folder, made = records
    code, out, err = run(capsys, folder, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    n = len(made[0]["players"])
    won = sum(1 / len(r["result"]["winners"]) for r in made
              if r["setup"]["parent"] in r["result"]["winners"])
    start = data["by_players"][str(n)]["win_share_by_turn_position"]["1"]
    assert data["games"] == 6 and start == intervals.wilson(won, 6).json()
    assert sum(f["value"] for f in data["ended_by"].values()) == pytest.approx(1)
    assert set(data["by_players"][str(n)]["win_share_by_colour"]) == {"orange", "blue", "green"}


def test_json_and_csv_give_the_same_figures(capsys, records):
    folder, _made = records
    data = json.loads(run(capsys, folder, "--json")[1])
    table = list(csv.reader(io.StringIO(run(capsys, folder, "--csv")[1])))
    assert table[0] == ["figure", "value", "low", "high", "n"]
    want = [[str(v) for v in row] for row in intervals.rows(data)]
    assert table[1:] == want and len(want) > 10
    assert ["by_players/3/win_share_by_turn_position/1"] == [r[0] for r in table if r[0].endswith("position/1")]
    code, text, _err = run(capsys, folder)  # the terminal's lines: the same figures
    assert code == 0 and "games: 6" in text and f"n={data['rounds']['n']}" in text


def test_bad_input_is_one_line_naming_the_file_and_the_rest_still_counts(capsys, records, tmp_path):
    folder, _made = records
    (tmp_path / "notes.json").write_text("shopping list", encoding="utf-8")
    (tmp_path / "inner.json").mkdir()  # a folder where a record file would be
    os.mkfifo(tmp_path / "pipe.json")
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = run(capsys, folder, tmp_path, tmp_path / "missing.json", empty, "--json")
    assert code == 2 and json.loads(out)["games"] == 6
    lines = err.splitlines()
    assert len(lines) == 5, lines
    for name, words in (("notes.json", "JSON"), ("inner.json", "not a regular file"),
                        ("pipe.json", "not a regular file"), ("missing.json", "no such file"),
                        ("empty", "no record files")):
        [line] = [line for line in lines if name in line]
        assert line.startswith("alice-assemble: balance: ") and words in line, line


def test_a_record_of_another_game_is_named_and_left_out(capsys, records, tmp_path):
    folder, _made = records
    write_record(tmp_path / "assemble.json", played("assemble", 3)[0])
    code, out, err = run(capsys, folder / "game-1.json", tmp_path / "assemble.json", "--csv")
    assert code == 2 and "assemble.json" in err and "not of alicematic" in err
    assert "\nrounds," in out


def test_only_games_with_a_balance_report_are_offered(capsys, records):
    folder, _made = records
    assert main(["balance", "--game", "grayblock", str(folder)]) == 2
    assert "invalid choice" in capsys.readouterr().err
