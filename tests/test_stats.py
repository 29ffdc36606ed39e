"""Statistics (game.services.stats) checked against small hand-made sets, and `alice-assemble stats`."""

import datetime
import json
import os
import subprocess
import sys

import pytest

from game.services import cli, stats
from game.core import registry
from game.storage.history import Entry
from game.services.stats import compute, streaks

from storage_helpers import edit, store
from waiting import HANG_S

D = "2026-11-{:02d}T12:00:00Z".format


def versus(game_id, day, players, scores, winners, game="assemble", **more):
    return Entry(id=game_id, when=D(day), game=game, players=tuple(players), scores=tuple(scores),
                 winners=tuple(winners), over=not more.get("conceded"), finished_at=D(day), **more)


ADA, BO, CY = ("Ada", "human"), ("Bo", "easy"), ("Cy", "hard")


def assemble_set():
    return [
        versus(3, 3, [ADA, BO, CY], [10, 12, 40], [2]),
        versus(1, 1, [ADA, BO], [30, 20], [0]),
        versus(2, 2, [("ada", "human"), BO], [25, 25], [0, 1]),  # a shared win, "ada" is Ada
        versus(4, 4, [ADA, BO], [50, 10], [0], assisted=True, helps=("undo",)),
        versus(5, 5, [ADA, BO], [3, 4], [], conceded=(0,)),
        Entry(id=6, when=D(6), problem="not valid JSON"),
    ]


def test_assemble_wins_shared_wins_assisted_and_conceded_apart():
    figures = compute(assemble_set())
    assert figures["records"] == 6 and figures["unreadable"] == 1
    game = figures["games"]["assemble"]
    assert (game["finished"], game["assisted"], game["conceded"]) == (4, 1, 1)
    ada = game["players"]["Ada"]  # the newest spelling names the player
    assert (ada["games"], ada["wins"], ada["shared_wins"], ada["win_share"]) == (3, 2, 1, 0.6667)
    assert ada["by_players"] == {"2": {"games": 2, "wins": 2, "win_share": 1.0},
                                 "3": {"games": 1, "wins": 0, "win_share": 0.0}}
    assert ada["by_opponent_level"] == {"easy": {"games": 2, "wins": 2, "win_share": 1.0},
                                        "easy+hard": {"games": 1, "wins": 0, "win_share": 0.0}}
    assert (ada["average_score"], ada["best_score"]) == (21.67, 30)
    assert ada["score_over_time"] == [[D(1), 30], [D(2), 25], [D(3), 10]]  # oldest first
    assert ada["distribution"] == {"width": 5, "buckets": [[10, 1], [25, 1], [30, 1]]}
    assert ada["assisted"] == {"games": 1, "wins": 1, "win_share": 1.0, "average_score": 50,
                               "best_score": 50}
    assert ada["conceded"] == 1 and ada["seats"] == {"human": 5}
    bo = game["players"]["Bo"]
    assert (bo["games"], bo["wins"], bo["shared_wins"], bo["conceded"]) == (3, 1, 1, 0)
    assert bo["by_opponent_level"]["human"]["games"] == 2
    assert bo["by_opponent_level"]["human+hard"] == {"games": 1, "wins": 0, "win_share": 0.0}
    cy = game["players"]["Cy"]
    assert (cy["games"], cy["wins"], cy["win_share"], cy["best_score"]) == (1, 1, 1.0, 40)
    assert list(game["players"]) == ["Ada", "Bo", "Cy"]  # most games first


def test_grayblock_champion_wins_and_hands_by_block_and_out():
    hands = ((0, "block", 20), (1, "out", 15), (0, "out", 30))
    entries = [versus(11, 1, [ADA, ("Bo", "normal")], [50, 15], [0], game="grayblock",
                      own=(("hands", hands),)),
               versus(12, 2, [ADA, ("Bo", "normal")], [40, 100], [1], game="grayblock",
                      own=(("hands", ((1, "block", 100), (0, "block", 40))),))]
    game = compute(entries)["games"]["grayblock"]
    ada, bo = game["players"]["Ada"], game["players"]["Bo"]
    assert (ada["matches"], ada["wins"], ada["hands_played"], ada["hands_won"]) == (2, 1, 5, 3)
    assert (ada["hands_won_by_block"], ada["hands_won_by_out"], ada["average_hand_points"]) == (2, 1, 30)
    assert (bo["wins"], bo["hands_won"], bo["hands_won_by_block"], bo["hands_won_by_out"]) == (1, 2, 1, 1)
    assert bo["average_hand_points"] == 57.5 and bo["best_score"] == 100
    assert "shared_wins" not in ada and game["finished"] == 2


def solo(game_id, day, score, outcome="complete", seed=1, daily=None, **more):
    return Entry(id=game_id, when=D(day), game="cementopia", scores=(score,), over=not more.get("conceded"),
                 winners=(0,) if outcome == "complete" else (), outcome=outcome, seed=seed,
                 daily=daily, **more)


def test_cementopia_deals_best_per_deal_assisted_apart_and_the_daily_streak():
    entries = [
        solo(21, 1, 9, seed=5), solo(22, 2, 12, seed=5, outcome="stuck"),
        solo(23, 3, 20, seed=5, assisted=True),
        solo(24, 10, 7, seed=70, daily="2026-11-10"), solo(25, 11, 8, seed=71, daily="2026-11-11"),
        solo(26, 20, 6, seed=80, daily="2026-11-20"), solo(27, 21, 11, seed=81, daily="2026-11-21"),
        solo(28, 22, 4, seed=82, daily="2026-11-22", outcome="stuck"),
        solo(29, 23, 0, seed=83, daily="2026-11-23", outcome=None, conceded=(0,)),
    ]
    c = compute(entries, today=datetime.date(2026, 11, 23))["games"]["cementopia"]
    assert (c["finished"], c["complete"], c["stuck"], c["conceded"], c["deals_played"]) == (8, 5, 2, 1, 6)
    assert (c["best_score"], c["average_score"]) == (12, 8.14)  # the assisted 20 is apart
    assert c["assisted"] == {"finished": 1, "complete": 1, "stuck": 0, "average_score": 20,
                            "best_score": 20}
    deal = next(d for d in c["best_per_deal"] if d["seed"] == 5)
    assert deal == {"seed": 5, "daily": None, "attempts": 3, "best": 12, "best_assisted": 20}
    assert c["daily"] == {"days": 5, "streak": 3, "best_streak": 3, "last": "2026-11-22"}
    assert c["distribution"]["buckets"][-1] == [12, 1]


@pytest.mark.parametrize("today, streak", [("2026-11-22", 3), ("2026-11-23", 3), ("2026-11-24", 0)])
def test_the_daily_streak_counts_to_today_or_yesterday(today, streak):
    days = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-01", "bad", "2026-11-21"]
    found = streaks(days, datetime.date.fromisoformat(today))
    assert found["streak"] == streak and found["best_streak"] == 3 and found["days"] == 4


def test_alicematic_wins_by_the_colour_each_seat_played():
    ali = ("Ali", "human")
    entries = [versus("m1.json", 1, [ali, BO, CY], [40, 30, 20], [0], game="alicematic", colours=(4, 1, 2)),
               versus("m2.json", 2, [CY, ali, BO], [40, 30, 20], [0], game="alicematic", colours=(4, 1, 2)),
               versus("m3.json", 3, [BO, CY, ali, ("Dot", "easy")], [9, 8, 50, 7], [2], game="alicematic",
                      colours=(0, 1, 4, 3)),
               versus("m4.json", 4, [ali, BO, CY], [10, 30, 20], [1], game="alicematic")]  # no colours
    game = compute(entries)["games"]["alicematic"]
    ali_figures = game["players"]["Ali"]
    assert (ali_figures["games"], ali_figures["wins"]) == (4, 2)
    assert ali_figures["by_colour"] == {"blue": {"games": 1, "wins": 0, "win_share": 0.0},
                                        "purple": {"games": 2, "wins": 2, "win_share": 1.0}}
    assert game["players"]["Cy"]["by_colour"]["purple"] == {"games": 1, "wins": 1, "win_share": 1.0}
    assert ali_figures["distribution"]["width"] == 5 and "shared_wins" not in ali_figures
    assert "by_colour" not in compute(assemble_set())["games"]["assemble"]["players"]["Ada"]
    assert "by colour blue 0/1, purple 2/2" in stats.text_report(compute(entries))


def test_nothing_to_count_is_zeros():
    figures = compute([])
    assert figures["records"] == 0 and list(figures["games"]) == registry.ids()
    for game in registry.GAMES:
        g = figures["games"][game.id]
        if game.solo:
            assert g["finished"] == 0 and g["best_score"] is None
            assert g["daily"]["streak"] == 0 if game.daily_seed else "daily" not in g
        else:
            assert g == {"finished": 0, "assisted": 0, "conceded": 0, "players": {}}


def test_one_players_figures_for_the_statistics_screen():
    mine = stats.player(assemble_set(), "ADA")
    assert list(mine) == registry.ids() and mine["assemble"]["games"] == 3
    for game in registry.GAMES:
        if game.solo:
            assert "finished" in mine[game.id]  # a solo game's page is the folder's
        elif game.id != "assemble":
            assert mine[game.id] == {}  # Ada played no other game


# --- the command line -------------------------------------------------------------------------

def run(capsys, *args):
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_stats_with_no_records_prints_zeros(capsys, data_dir):
    code, out, err = run(capsys, "stats", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["games"]["assemble"] == {"finished": 0, "assisted": 0, "conceded": 0, "players": {}}
    assert data["games"]["cementopia"]["finished"] == 0
    code, out, err = run(capsys, "stats")
    assert code == 0 and all(f"{game.title}: 0 finished" in out for game in registry.GAMES)


def archive_games(data_dir):
    """A finished game of every registered game (two of Alice Assemble), and one more whose row
    was damaged behind the app's back."""
    from tests.test_history import played
    results = {}
    db = store()
    for game, seed in [("assemble", 4)] + [(game, 3) for game in registry.ids()]:
        record, result = played(game, seed)
        db.games.finish(None, record)
        results.setdefault(game, []).append(result)
    damaged = db.games.finish(None, played("cementopia", 9)[0])
    db.close()
    edit("UPDATE games SET entry = '{', record = '{' WHERE id = ?", damaged)
    return results


def test_stats_json_shape_from_the_data_folder(capsys, data_dir):
    results = archive_games(data_dir)
    code, out, err = run(capsys, "stats", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["records"] == len(registry.GAMES) + 2 and data["unreadable"] == 1
    games = data["games"]
    assert list(games) == registry.ids()
    for game in registry.GAMES:
        assert games[game.id]["finished"] == len(results[game.id])
        if game.solo:
            continue
        ada = games[game.id]["players"]["Ada"]
        assert ada["games"] == len(results[game.id])
        assert ada["wins"] == sum(0 in r.winners for r in results[game.id])
        assert {"games", "wins", "win_share", "average_score", "best_score", "score_over_time",
                "distribution", "by_players", "by_opponent_level", "assisted"} <= set(ada)
        assert ("by_colour" in ada) == (game.id == "alicematic")
        champion = results[game.id][0].winners[0]
        name = ["Ada", "Bo", "Cy", "Dee", "Eve"][champion]
        assert games[game.id]["players"][name]["wins"] >= 1
    code, text, _ = run(capsys, "stats")
    assert code == 0 and "1 unreadable" in text and "Ada: 2 games" in text
    assert all(f"{game.title}: {len(results[game.id])} finished" in text for game in registry.GAMES)


def test_stats_bad_arguments_are_one_line_and_exit_2(capsys, data_dir):
    code, out, err = run(capsys, "stats", "--jsn")
    assert code == 2 and out == "" and err.count("\n") == 1 and "unrecognized arguments" in err


def test_stats_through_the_entry_point_honours_alice_data_dir(tmp_path):
    """An old data folder (records/ of release 0.1) is brought in first; a file that is not a
    record is named in one line on stderr and left where it is."""
    from tests.test_history import played
    env = dict(os.environ, ALICE_DATA_DIR=str(tmp_path / "data"),
               PYTHONPATH=os.pathsep.join([os.getcwd()] + sys.path))
    (tmp_path / "data" / "records").mkdir(parents=True)
    (tmp_path / "data" / "records" / "x.json").write_text("[]")
    (tmp_path / "data" / "records" / "a.json").write_text(json.dumps(played("assemble", 3)[0]))
    done = subprocess.run([sys.executable, "-m", "scenes.main", "stats", "--json"], env=env,
                          capture_output=True, text=True, timeout=HANG_S)
    assert done.returncode == 0 and json.loads(done.stdout)["games"]["assemble"]["finished"] == 1
    assert done.stderr.count("\n") == 1 and "x.json" in done.stderr
    assert (tmp_path / "data" / "alice.sqlite3").is_file()
    assert (tmp_path / "data" / "records" / "x.json").read_text() == "[]"  # left in place


def test_stats_from_real_records_agree_with_the_history(data_dir):
    archive_games(data_dir)
    db = store()
    entries = db.finished.entries()
    db.close()
    figures = compute(entries)
    bo = figures["games"]["assemble"]["players"]["Bo"]
    assert bo["seats"] == {"easy": 2} and bo["games"] == 2
    [game] = [e for e in entries if e.game == "alicematic"]  # Bo played seat 2, blue (colour 1)
    won = 1 in game.winners
    assert figures["games"]["alicematic"]["players"]["Bo"]["by_colour"] == {
        "blue": {"games": 1, "wins": int(won), "win_share": float(won)}}
    assert sorted(s for _w, s in bo["score_over_time"]) == sorted(
        e.scores[1] for e in entries if e.game == "assemble")
