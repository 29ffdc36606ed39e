"""Ratings per bot level from ladder games, the oracle that bounds them, and the setup screen
that shows them."""

import json
import subprocess
import sys

import pytest

from game.services import ratings
from game.assemble.bots import LEVELS
from game.assemble.oracle import ORACLES, OracleBot
from game.assemble.record import new_session
from game.bots import bot_levels
from game.tools.ladder import Pairing, play_game


def results(hero, villain, seats, hero_wins, villain_wins, shared=0):
    """Result lines of tables with one `hero` and seats-1 `villain`s."""
    levels = [hero] + [villain] * (seats - 1)
    win, lose = [25, 5, 1, 0], [9, 3, 1, 0]
    hero_won = {"levels": levels, "keys": [win] + [lose] * (seats - 1)}
    villain_won = {"levels": levels, "keys": [lose, win] + [lose] * (seats - 2)}
    tie = {"levels": levels, "keys": [win, win] + [lose] * (seats - 2)}
    return [hero_won] * hero_wins + [villain_won] * villain_wins + [tie] * shared


def test_three_to_one_heads_up_is_about_190_elo_and_normal_is_1500():
    fitted = ratings.fit(ratings.tables(results("hard", "normal", 2, 750, 250)))
    assert fitted["normal"] == 1500
    assert 185 <= fitted["hard"] - fitted["normal"] <= 195  # 400*log10(3) = 191


def test_winning_half_the_games_against_three_is_three_to_one():
    # the rating is about who wins a table: 1 in 2 against three equals means 3 times as strong
    fitted = ratings.fit(ratings.tables(results("hard", "normal", 4, 500, 500)))
    assert 185 <= fitted["hard"] - fitted["normal"] <= 195


def test_a_shared_win_is_half_a_win_and_same_level_tables_say_nothing():
    lines = results("hard", "normal", 2, 0, 0, shared=10)
    lines.append({"levels": ["easy", "easy"], "keys": [[1, 1, 1, 0], [0, 0, 0, 0]]})
    played = ratings.tables(lines)
    assert len(played) == 10 and played[0] == ({"hard": 1, "normal": 1}, {"hard": 0.5, "normal": 0.5})
    fitted = ratings.fit(played)
    assert fitted == {"hard": 1500, "normal": 1500}


def test_a_chain_of_pairings_orders_every_level():
    lines = (results("easy", "random", 4, 90, 10) + results("normal", "easy", 4, 50, 50)
             + results("hard", "normal", 4, 40, 60))
    fitted = ratings.fit(ratings.tables(lines))
    assert fitted["random"] < fitted["easy"] < fitted["normal"] < fitted["hard"]


def test_a_level_that_never_won_still_gets_a_finite_rating():
    fitted = ratings.fit(ratings.tables(results("easy", "random", 4, 100, 0)))
    assert 0 < fitted["easy"] - fitted["random"] < 3000


def test_bad_result_files_say_where_in_one_line(tmp_path):
    bad = tmp_path / "results.jsonl"
    bad.write_text('{"levels": ["hard", "normal"], "keys": [[1,0,0,0], [2,0,0,0]]}\n[1, 2]\n')
    with pytest.raises(ValueError, match=r"results.jsonl:2: not a ladder result line"):
        ratings.read_results([bad])
    proc = subprocess.run([sys.executable, "-m", "game.services.ratings", str(bad)], capture_output=True,
                          text=True)
    assert proc.returncode == 2 and "results.jsonl:2" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_game_where_an_external_bot_was_replaced_counts_for_nobody(tmp_path):
    path = tmp_path / "results.jsonl"
    keys = [[9, 3, 1, 0], [4, 2, 1, 0]]
    path.write_text(json.dumps({"levels": ["hard", "cmd:bot"], "keys": keys, "replaced": [1]}) + "\n"
                    + json.dumps({"levels": ["hard", "cmd:bot"], "keys": keys[::-1], "replaced": []})
                    + "\n")
    games = ratings.read_results([path])
    assert len(games) == 1 and games[0]["keys"] == keys[::-1]


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
    with pytest.raises(RuntimeError):  # without the ladder's truth it refuses to play
        bot.decide(state.view(state.current_player()), state.legal_actions())
    bot.truth = session
    seen = []
    bot.search.playout = lambda world, noise, models: seen.append(world.setup)  # what its playouts start from
    bot.decide(state.view(state.current_player()), state.legal_actions())
    assert seen and all(setup == state.setup for setup in seen)


def test_ladder_games_write_result_lines_for_the_ratings():
    share, _, _, line = play_game((Pairing.parse("oracle-vs-easy@2"), 1, None, 4, 7))
    # game 1 of seed 7 at two seats: the first deal (its seed 7), the hero in the second seat
    assert line["levels"] == ["easy", "oracle"] and (line["deal"], line["seat"]) == (7, 1)
    assert len(line["keys"]) == 2 and json.dumps(line)
    assert share in (0.0, 0.5, 1.0)


def test_two_heroes_are_compared_on_the_same_deals_and_seats(tmp_path):
    win, lose = [25, 5, 1, 0], [9, 3, 1, 0]

    def line(hero, deal, seat, won, villain="normal"):
        levels = [villain] * 4
        levels[seat] = hero
        keys = [lose] * 4
        keys[seat if won else (seat + 1) % 4] = win
        return {"levels": levels, "keys": keys, "think": 0.8, "deal": deal, "seat": seat}

    games = [line("hard-net", 5, 0, True), line("hard-net", 5, 1, True), line("hard-net", 6, 0, False),
             line("hard", 6, 0, False), line("hard", 5, 1, False), line("hard", 5, 0, True),
             line("hard-net", 9, 2, True),  # hard never played this deal
             line("hard", 9, 2, True, villain="easy")]  # nor against these levels
    result = ratings.paired(games, "hard-net", "hard")
    assert result["games"] == 3 and result["difference"] == pytest.approx(1 / 3)
    assert (result["hard-net"], result["hard"]) == (pytest.approx(2 / 3), pytest.approx(1 / 3))
    assert ratings.paired(games, "hard-net", "expert") is None
    # older lines carry no deal: the n-th game of each hero is the same deal and seat
    old = [{k: v for k, v in game.items() if k not in ("deal", "seat")} for game in games[:4]]
    assert ratings.paired(old, "hard-net", "hard")["games"] == 1
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(game) + "\n" for game in games))
    proc = subprocess.run([sys.executable, "-m", "game.services.ratings", str(path), "--paired", "hard-net",
                           "hard"], capture_output=True, text=True)
    assert proc.returncode == 0 and "3 paired games" in proc.stdout and "+0.333" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "game.services.ratings", str(path), "--paired", "hard",
                           "oracle"], capture_output=True, text=True)
    assert proc.returncode == 2 and "no deal" in proc.stderr and "Traceback" not in proc.stderr
