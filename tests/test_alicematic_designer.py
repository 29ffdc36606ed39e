"""What an Alicematic designer reads after a playtest: every gain names its source (a card's power,
a hex's conquest bonus, hiring, an empty hand), a game exports as a readable log with every score's
breakdown, and per-card and per-game-length figures come from human games and bot games apart."""

import json
import random

from alicematic_boards import board, facility, hold, put, table
from game.core import records
from game.alicematic import state as st
from game.alicematic.balance import bot_figures, main
from game.alicematic.figures import game_figures, human_and_bot
from game.alicematic.log import readable_log
from game.alicematic.record import new_session
from game.alicematic.scoring import final_scores
from game.alicematic.setup import Action
from game.alicematic.words import source_words
from game.core.messages import shown

TWO = [(0, 0), (1, 0)]


def card(state, name, colour=None):
    return next(c.id for c in state.cards if c.name == name and colour in (None, c.colour))


def played(seed=4, seats=("human", "easy", "easy")) -> dict:
    session = new_session(seed, [{"name": f"P{i + 1}", "seat": s} for i, s in enumerate(seats)])
    rng = random.Random(seed)
    while not session.state.is_over():
        session.history.apply(rng.choice(session.state.legal_actions()))
    return records.record_of(session)


def test_a_conquest_bonus_and_a_conquest_power_name_their_sources():
    state = table(board(TWO, {(1, 0): facility("green", 1)}))
    hold(state, 0, (0, 0))
    put(state, 0, "green", 2)
    put(state, 0, "red", 1, up=True, card=card(state, "Knight Alice"))  # conquest: +2 red
    events = state.apply(Action("conquer", hex=(1, 0)))
    gains = [(e.where, e.value, e.source) for e in events if e.kind == st.GAINED]
    knight = card(state, "Knight Alice")
    assert gains == [("green", 2, st.Source(st.BONUS, hex=(1, 0))),
                     ("red", 2, st.Source(st.POWER, knight))]
    words = [source_words(source, state.cards, state.board) for _c, _n, source in gains]
    assert words == ["from the green facility on tile 1", "from Knight Alice"]
    assert shown(words[1]) == "from Knight Alice"


def test_every_gain_of_a_whole_game_carries_a_source():
    session = new_session(9, [{"name": f"P{i}", "seat": "human"} for i in range(4)])
    rng = random.Random(9)
    kinds = set()
    while not session.state.is_over():
        for e in session.history.apply(rng.choice(session.state.legal_actions())):
            if e.kind in (st.GAINED, st.DREW, st.SCORED, st.RECRUITED):
                assert e.source is not None, e
                kinds.add(e.source.kind)
                assert "somewhere" not in source_words(e.source, session.state.cards,
                                                       session.state.board)
    assert {st.POWER, st.BONUS, st.HIRING} <= kinds


def test_the_readable_log_has_every_gain_with_its_source_and_every_score_broken_down():
    record = played()
    text = readable_log(record)
    lines = text.splitlines()
    assert lines[0].startswith("Alicematic Eiketsuden, seed 4, 3 players; draft variants: none")
    gains = [line for line in lines if " gains " in line or " draws " in line and "turn ends" not in line]
    assert gains and all(" from " in line or " for " in line for line in gains)
    state = records.replay(record).state
    for p, score in enumerate(final_scores(state)):
        line = next(line for line in lines if line.startswith(f"  P{p + 1} (player {p + 1}): "))
        assert f": {score.total} VP = " in line
        if score.tiles:
            assert f"{score.tiles} tile majorities" in line
    assert any(line.startswith(("The game is over: the final scoring.", "Every city is held: the game is over"))
               for line in lines)


def test_the_log_command_refuses_what_is_not_a_record_of_a_game_with_a_log_in_one_line(tmp_path, capsys):
    from cli_helpers import one_line, run
    from helpers import finished_record
    bad = tmp_path / "x.json"
    records.write_record(bad, finished_record())
    code, _out, err = run(capsys, "log", str(bad))
    one_line(code, err, "assemble has no parameters files, content folders or readable log")


def test_figures_split_human_and_bot_games_with_length_endings_and_cards():
    human, bot = played(4), played(5, ("easy", "easy", "normal"))
    figures = game_figures(human)
    assert figures["human"] and figures["rounds"] == records.replay(human).state.round
    out = human_and_bot([("a", human), ("b", bot), ("c", "broken file"), ("d", {"game": "x"})])
    assert out["human_games"]["games"] == 1 and out["bot_games"]["games"] == 1
    assert out["not_counted"] == {"c": "broken file"}
    one = out["human_games"]
    assert sum(one["rounds_played"].values()) == 1
    assert set(one["ended_by"]) == {"round_14", "every_city_held"}
    assert abs(sum(one["share_of_points"].values()) - 1) < 0.01
    assert str(figures["rounds"]) in one["by_length"]


def test_bot_figures_read_as_the_human_ones_and_the_tool_prints_them(capsys, tmp_path):
    out = bot_figures(3, 3, "easy")
    assert out["games"] == 3 and sum(out["rounds_played"].values()) == 3
    assert "cards" in out and "spent_on_expeditions" in out["per_game"]
    (tmp_path / "one.json").write_text(json.dumps(played()), encoding="utf-8")
    assert main(["--records", str(tmp_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["human_games"]["games"] == 1 and printed["bot_games"] == {"games": 0}


def test_the_sample_set_makes_red_chits_pay_for_expeditions_in_bot_games(monkeypatch):
    """Issue 44's bar for the content: red chits are spent on expeditions (the set before spent
    about 0.1-0.5 a game: its hexes asked for strength 1-3, which a red area covers)."""
    from game.alicematic import content as ct, setup
    now = bot_figures(4, 12, "normal")
    for module in (st, setup):  # new games dealt with the set before, on the same deals
        monkeypatch.setattr(module, "current", ct.legacy)
    before = bot_figures(4, 12, "normal")
    assert now["per_game"]["spent_on_expeditions"]["red"] >= 1.0
    assert before["per_game"]["spent_on_expeditions"]["red"] < 0.6
    assert now["games"] == before["games"] == 12 and 1 <= now["mean_rounds"] <= 14


def test_the_figures_of_the_apps_own_games_come_from_its_store(tmp_path, monkeypatch, capsys):
    from game.storage import Store
    monkeypatch.setenv("ALICE_DATA_DIR", str(tmp_path))
    store = Store.open()
    try:
        store.games.finish(None, played(4))
        store.games.finish(None, played(5, ("easy", "easy", "normal")))
    finally:
        store.close()
    assert main(["--store"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["human_games"]["games"] == 1 and printed["bot_games"]["games"] == 1
