"""Ratings per bot level from ladder games, the oracle that bounds them, and the setup screen
that shows them."""

import json
import subprocess
import sys

import pytest

from game import ratings
from game.assemble.bots import LEVELS
from game.assemble.oracle import ORACLES, OracleBot
from game.assemble.record import new_session
from game.bots import bot_levels
from game.ladder import Pairing, play_game


def games(a, b, wins_a, wins_b, ties=0):
    """Two-seat result lines: `a` ahead `wins_a` times, `b` ahead `wins_b` times."""
    out = [{"levels": [a, b], "keys": [[9, 0, 0, 0], [1, 0, 0, 0]]}] * wins_a
    out += [{"levels": [a, b], "keys": [[1, 0, 0, 0], [9, 0, 0, 0]]}] * wins_b
    out += [{"levels": [a, b], "keys": [[5, 0, 0, 0], [5, 0, 0, 0]]}] * ties
    return out


def test_three_to_one_is_about_190_elo_and_normal_is_1500():
    fitted = ratings.fit(ratings.comparisons(games("hard", "normal", 750, 250)))
    assert fitted["normal"] == 1500
    assert 185 <= fitted["hard"] - fitted["normal"] <= 195  # 400*log10(3) = 191


def test_a_chain_of_pairings_orders_every_level():
    lines = (games("easy", "random", 90, 10) + games("normal", "easy", 70, 30)
             + games("hard", "normal", 65, 35))
    fitted = ratings.fit(ratings.comparisons(lines))
    assert fitted["random"] < fitted["easy"] < fitted["normal"] < fitted["hard"]


def test_a_four_seat_game_gives_a_comparison_per_pair_of_different_levels():
    line = {"levels": ["hard", "normal", "normal", "normal"],
            "keys": [[20, 4, 2, 0], [25, 5, 1, 0], [16, 4, 1, 0], [20, 4, 2, 0]]}
    wins = ratings.comparisons([line])
    # hard beat one normal, lost to one, tied one; normal against normal says nothing
    assert wins == {("hard", "normal"): 1.5, ("normal", "hard"): 1.5}


def test_a_level_that_never_lost_still_gets_a_finite_rating():
    fitted = ratings.fit(ratings.comparisons(games("easy", "random", 100, 0)))
    assert 0 < fitted["easy"] - fitted["random"] < 2000


def test_bad_result_files_say_where_in_one_line(tmp_path):
    bad = tmp_path / "results.jsonl"
    bad.write_text('{"levels": ["hard", "normal"], "keys": [[1,0,0,0], [2,0,0,0]]}\n[1, 2]\n')
    with pytest.raises(ValueError, match=r"results.jsonl:2: not a ladder result line"):
        ratings.read_results([bad])
    proc = subprocess.run([sys.executable, "-m", "game.ratings", str(bad)], capture_output=True,
                          text=True)
    assert proc.returncode == 2 and "results.jsonl:2" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_stored_ratings_cover_every_assemble_level():
    stored = ratings.load_ratings("assemble")
    assert set(stored) == set(LEVELS)
    order = ["random", "easy", "normal", "hard"]
    assert [stored[level] for level in order] == sorted(stored[level] for level in order)


def test_unreadable_ratings_file_means_no_ratings(tmp_path, monkeypatch):
    (tmp_path / "bot-ratings.json").write_text("{not json")
    monkeypatch.setattr(ratings, "asset", lambda *parts: tmp_path.joinpath(*parts))
    monkeypatch.setattr(ratings, "_LOADED", {})
    assert ratings.load_ratings("assemble") == {}


def test_the_oracle_is_never_offered():
    assert not set(ORACLES) & set(bot_levels("assemble"))


def test_the_oracle_plays_the_real_deck_where_the_ladder_shows_it():
    session = new_session(5, [{"name": "a", "seat": "normal"}, {"name": "b", "seat": "normal"},
                              {"name": "c", "seat": "normal"}, {"name": "d", "seat": "normal"}])
    bot = OracleBot(seed=1, iterations=8)
    state = session.state
    with pytest.raises(AssertionError):  # without the ladder's truth it refuses to play
        bot.decide(state.view(state.current_player()), state.legal_actions())
    bot.truth = session
    seen = []
    bot.search.playout = lambda world, noise: seen.append(world.setup)  # what its playouts start from
    bot.decide(state.view(state.current_player()), state.legal_actions())
    assert seen and all(setup == state.setup for setup in seen)


def test_ladder_games_write_result_lines_for_the_ratings():
    share, _, _, line = play_game((Pairing.parse("oracle-vs-easy@2"), 1, None, 4, 7))
    assert line["levels"] in (["oracle", "easy"], ["easy", "oracle"])
    assert len(line["keys"]) == 2 and json.dumps(line)
    assert share in (0.0, 0.5, 1.0)
