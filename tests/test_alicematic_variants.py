"""Alicematic's draft variants (game.alicematic.variants): each switch plays the other reading of
draft 10, is chosen in setup, kept in the record and replayed; the balance tool compares them."""

import json

import pytest

from alicematic_boards import FOREST_HEX, board, city, facility, hold, put, table
from game.core import records, registry
from game.alicematic.balance import main, variants
from game.alicematic.record import new_session, parse_rules
from game.alicematic.scoring import final_scores, tile_majority
from game.alicematic.setup import Action
from game.alicematic.state import EXPEDITION
from game.alicematic.variants import Variants
from game.core.errors import RecordError

TWO = [(0, 0), (1, 0)]  # tile A centred on (0, 0), tile B centred on (2, 1)
FOREST = (1, 0)
SEATS = [{"name": f"P{i + 1}", "seat": "human"} for i in range(3)]


def kinds(state, h):
    return sorted(a.kind for a in state.legal_actions() if a.hex == h)


def with_rules(state, **on):
    state.rules = Variants(**on)
    return state


@pytest.mark.parametrize("held, alices, engine, second", [
    ([3, 2, 0], [0, 0, 0], [6, 0, 0], [6, 3, 0]),  # the second most hexes scores 3
    ([3, 1, 1], [0, 2, 1], [6, 0, 0], [6, 3, 0]),  # seconds tied on hexes: ranked by Alices
    ([3, 1, 1], [0, 1, 1], [6, 0, 0], [6, 0, 0]),  # tied seconds: nothing
    ([2, 2, 1], [3, 1, 5], [6, 3, 0], [6, 3, 0]),  # tied leaders: the same either way
    ([2, 2, 2], [3, 3, 1], [3, 3, 0], [3, 3, 0]),
])
def test_tile_second_lets_the_second_most_hexes_score(held, alices, engine, second):
    assert tile_majority(held, alices) == engine
    assert tile_majority(held, alices, second=True) == second


def test_tile_second_changes_the_final_scores():
    state = table(board(TWO))
    hold(state, 0, (0, 0), (1, -1), (0, 1))
    hold(state, 1, (1, 0))
    assert final_scores(state)[1].tiles == 0
    assert final_scores(with_rules(state, tile_second=True))[1].tiles == 3


def test_forest_early_opens_a_forest_before_it_is_surrounded_to_those_holding_most():
    state = table(board(TWO, {FOREST: FOREST_HEX}))
    hold(state, 0, (0, 0), (1, -1), (0, 1))
    hold(state, 1, (2, 0), (2, 1))
    put(state, 0, "red", 4)
    state.resources[0][0] = 1
    assert kinds(state, FOREST) == []  # (1, 1) is nobody's: closed on the engine's reading
    with_rules(state, forest_early=True)
    assert kinds(state, FOREST) == ["conquer", "war"]
    state.turn = 1
    assert not state.forest_open(1, FOREST)  # 1 neighbour against 3


def _last_turn_of_the_round(**on):
    state = table(board(TWO))
    state.setup = state.setup.__class__(state.setup.seed, 3, 0, state.setup.tiles, state.setup.deck)
    state.rules = Variants(**on)
    hold(state, 1, (0, 0))
    hold(state, 2, (2, 1))  # every city held
    state.turn, state.phase = 2, EXPEDITION
    state.apply(Action("end"))
    return state


def test_round_14_keeps_playing_when_every_city_is_held():
    assert _last_turn_of_the_round().is_over()
    state = _last_turn_of_the_round(round_14=True)
    assert not state.is_over() and state.round == 2 and state.turn == 0


def test_city_war_puts_a_city_out_of_strength_at_war_and_takes_it_next_time():
    state = table(board(TWO, {(2, 1): city(size=2, strength=3)}))
    hold(state, 0, (0, 0), (1, 0))  # a base on tile A; tile B's city needs strength 3
    put(state, 0, "green", 2)
    assert kinds(state, (2, 1)) == []  # refused: the draft discards a failed city's chit
    with_rules(state, city_war=True)
    assert kinds(state, (2, 1)) == ["war"]
    state.apply(Action("war", hex=(2, 1)))
    assert state.war == {(2, 1): 0}
    state.turn, state.phase = 0, EXPEDITION
    assert kinds(state, (2, 1)) == ["conquer"]
    state.apply(Action("conquer", hex=(2, 1)))
    assert state.holders[(2, 1)] == (0,) and (2, 1) in state.bases(0)


def test_the_variants_are_kept_in_the_record_and_replayed():
    rules = parse_rules("round-14, city-war")
    assert rules == Variants(round_14=True, city_war=True)
    session = new_session(5, SEATS, rules)
    record = records.record_of(session)
    assert record["rules"] == {"tile_second": False, "forest_early": False, "round_14": True,
                               "city_war": True, "forest_lenient": False}
    back = records.replay(json.loads(json.dumps(record)))
    assert back.state.rules == rules
    del record["rules"]  # a record from before the switches: the readings of its time
    assert records.replay(record).state.rules == Variants(forest_lenient=True)
    record["rules"] = {"round_14": True}  # from before decision 22 (issue 60): played lenient
    assert records.replay(record).state.rules == Variants(round_14=True, forest_lenient=True)


def test_bad_variants_are_refused_in_one_line():
    with pytest.raises(ValueError, match="unknown rule 'round-15'.*round-14"):
        parse_rules("round-15")
    record = records.record_of(new_session(5, SEATS))
    record["rules"] = {"round_14": "yes"}
    with pytest.raises(RecordError, match="rules.round_14 must be true or false"):
        records.replay(record)
    record["rules"] = {"flaw": True}
    with pytest.raises(RecordError, match="unknown rule 'flaw'"):
        records.replay(record)


def test_setup_offers_every_switch_and_its_choice_reaches_the_game():
    info = registry.info("alicematic")
    assert [rule.key for rule in info.rules] == ["tile_second", "forest_early", "round_14",
                                                 "city_war", "forest_lenient"]
    chosen = registry.rules_of("alicematic", {"round_14": True})
    assert chosen == Variants(round_14=True)


def test_the_balance_tool_compares_the_variants_on_the_same_deals(capsys):
    out = variants(3, 2, "easy")
    assert list(out) == ["engine", "tile_second", "forest_early", "round_14", "city_war",
                         "forest_lenient"]
    assert out["round_14"]["ended_by"] == {"round_14": 1.0}
    assert out["round_14"]["mean_rounds"] == 14
    assert out["engine"]["rules"] == [] and out["city_war"]["rules"] == ["city_war"]
    assert main(["--players", "3", "--games", "1", "--seat", "easy", "--rules", "round-14"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == ["round_14"]
    with pytest.raises(SystemExit):
        main(["--rules", "nope"])
    assert "unknown rule 'nope'" in capsys.readouterr().err


def test_the_questions_for_the_designers_are_on_the_rules_page_and_in_the_readme():
    from pathlib import Path

    from game.alicematic.questions import QUESTIONS
    from scenes.alicematic import rules_text
    page = [item[1] for item in rules_text.PAGE]
    heading = page.index("Questions for the designers")
    assert page[heading + 1:heading + 1 + len(QUESTIONS)] == list(QUESTIONS)
    readme = " ".join(Path("assets/alicematic/README.md").read_text(encoding="utf-8").split())
    for switch in ("Tile second place by hexes", "Forests open early", "Round 14 only",
                   "Cities go to war", "Forest rule for new entries only"):
        assert f"Switch: *{switch}*" in readme
        assert any(f"Switch: {switch}." in q for q in QUESTIONS)
    for topic in ("phase 2 missing", "produced by each facility", "never says where food comes"):
        assert topic in readme and any(topic in q for q in QUESTIONS)
