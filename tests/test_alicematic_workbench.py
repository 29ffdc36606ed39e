"""Issue 60 items 2, 3 and 5: a designer's parameters file (--params), a content folder outside the
install (--content), check-content listing every problem, and the readable log from the command
line in the player's language."""

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from cli_helpers import one_line, run
from game.core import records
from game.alicematic.content import cards_path

ASSETS = cards_path().parent


def selfplay(capsys, tmp_path, *more):
    out = tmp_path / "out"
    code, stdout, err = run(capsys, "selfplay", "--game", "alicematic", "--seat", "easy",
                            "--seat", "easy", "--seat", "easy", "--out", str(out), *more)
    return code, stdout, err, sorted(out.glob("*.json")) if out.is_dir() else []


def content_copy(tmp_path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(ASSETS, folder, ignore=shutil.ignore_patterns("archive", "README.md"))
    return folder


def edit_cards(folder: Path, change) -> None:
    path = folder / "cards.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["cards"])
    path.write_text(json.dumps(data), encoding="utf-8")


# --- item 2: parameters -------------------------------------------------------------------

def test_a_parameters_file_changes_the_numbers_and_the_record_keeps_them(capsys, tmp_path):
    params = tmp_path / "params.json"
    params.write_text(json.dumps({"rounds": 3, "hand": 7, "chits": 9, "city_vp": 5}))
    code, out, err, made = selfplay(capsys, tmp_path, "--params", str(params), "--games", "2")
    assert code == 0, err
    for path in made:
        record = records.read_record(str(path))
        assert record["params"]["rounds"] == 3 and record["params"]["city_vp"] == 5
        state = records.replay(record).state
        assert state.is_over() and state.round <= 3
        first = records.replay(record).history.start
        assert all(len(hand) == 7 for hand in first.hands) and first.supply == [9, 9, 9]
    assert run(capsys, "verify", *map(str, made))[0] == 0


def test_a_record_s_params_are_checked_when_it_is_replayed(capsys, tmp_path):
    code, _out, err, made = selfplay(capsys, tmp_path)
    record = json.loads(made[0].read_text())
    assert record["params"] == {"rounds": 14, "area_max": 4, "hand": 5, "chits": 16,
                                "tile_first": 6, "tile_second": 3, "tile_shared": 3,
                                "city_vp": 3, "resource_pool": 20, "refill": 3}
    record["params"]["rounds"] = 0
    made[0].write_text(json.dumps(record))
    code, _out, err = run(capsys, "verify", str(made[0]))
    assert code == 1 and err.count("\n") == 1 and "params: rounds" in err, err


@pytest.mark.parametrize("text, needle", [
    ('{"rounds": 14, "roundz": 3}', "unknown field 'roundz'"),
    ('{"rounds": NaN}', "rounds (rounds in a game) must be a whole number from 1 to 99, not nan"),
    ('{"city_vp": 1e999}', "city_vp"),
    ('{"resource_pool": 100000000000000000000000}', "resource_pool"),
    ('{"hand": 2.0}', "hand"),
    ('{"hand": true}', "hand"),
    ('{"rounds": ' + "9" * 5000 + "}", "too long"),
    ("[" * 20000 + "]" * 20000, "nested too deeply"),
    ('{"rounds": 14', "not valid JSON"),
    ("[14]", "must be an object"),
    ('{"hand": 18}', "hand: 3 opening hands of 18 need 54 cards"),
], ids=["unknown", "nan", "inf", "huge", "float", "bool", "digits", "deep", "broken", "list", "hand"])
def test_a_bad_parameters_file_is_refused_in_one_line_naming_the_field(capsys, tmp_path, text, needle):
    params = tmp_path / "params.json"
    params.write_text(text)
    if "18" in text:  # a hand the deck cannot give: with a 40-card content
        folder = content_copy(tmp_path)
        edit_cards(folder, lambda cards: cards.__delitem__(slice(40, None)))
        code, _out, err, made = selfplay(capsys, tmp_path, "--params", str(params),
                                         "--content", str(folder))
    else:
        code, _out, err, made = selfplay(capsys, tmp_path, "--params", str(params))
    one_line(code, err, needle)
    assert made == []


def hostile(tmp_path, kind):
    if kind == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)
        return path
    if kind == "zero":
        return Path("/dev/zero")
    path = tmp_path / "big.json"
    path.write_text('{"rounds": 14' + " " * (10 * 1024 * 1024) + "}")
    return path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("kind, needle", [("fifo", "not a regular file"),
                                          ("zero", "not a regular file"), ("big", "too large")])
def test_a_fifo_dev_zero_or_a_huge_file_as_parameters_is_refused_at_once(capsys, tmp_path, kind, needle):
    code, _out, err, _made = selfplay(capsys, tmp_path, "--params", str(hostile(tmp_path, kind)))
    one_line(code, err, needle)


def test_the_window_refuses_a_bad_parameters_file_or_content_folder_before_it_opens(tmp_path):
    from game.services.cli import UsageError
    from scenes.app.window import parse_app_args
    params = tmp_path / "p.json"
    params.write_text('{"rounds": -1}')
    with pytest.raises(UsageError, match="rounds"):
        parse_app_args(["--params", str(params)])
    with pytest.raises(UsageError, match="no such folder"):
        parse_app_args(["--content", str(tmp_path / "nowhere")])
    params.write_text('{"rounds": 5}')
    folder = content_copy(tmp_path)
    options = parse_app_args(["--params", str(params), "--content", str(folder)])
    assert options.workbench["alicematic"] == {"params": params, "content": folder}


def _rules_page(app):
    from ui_helpers import frames
    app.stack.push(app.make("rules", game="alicematic"))
    frames(app, 1)
    page = app.stack.top
    return " ".join(str(line[2][1] if isinstance(line[2], tuple) else line[2]) for line in page.lines)


def test_the_rules_page_reads_its_numbers_from_the_parameters_in_force(app, tmp_path):
    from game.core.i18n import set_language
    default = _rules_page(app)
    assert "After round 14," in default and "4 cards each" in default
    params = tmp_path / "p.json"
    params.write_text('{"rounds": 9, "area_max": 5, "city_vp": 4}')
    app.options.workbench = {"alicematic": {"params": params, "content": None}}
    app.stack.pop()
    changed = _rules_page(app)
    assert "After round 9," in changed and "5 cards each" in changed and "4 VP per city" in changed
    app.stack.pop()
    set_language("ja")
    try:
        assert "9" in _rules_page(app) and "{rounds}" not in _rules_page(app)
    finally:
        set_language("en")


def test_a_game_started_in_the_window_plays_the_parameters_and_content_given(app, tmp_path):
    from scenes.config import GameConfig, Seat
    folder = content_copy(tmp_path)
    edit_cards(folder, lambda cards: cards[0].update(name="Designer Alice"))
    params = tmp_path / "p.json"
    params.write_text('{"rounds": 6}')
    app.options.workbench = {"alicematic": {"params": params, "content": folder}}
    scene = app.make("alicematic", config=GameConfig(
        [Seat(f"P{i}", kind, i) for i, kind in enumerate(("human", "easy", "easy"))], None, 3,
        "alicematic"))
    assert scene.state.params.rounds == 6 and scene.state.cards[0].name == "Designer Alice"


# --- item 3: content folders --------------------------------------------------------------

def test_check_content_passes_good_content_and_selfplay_plays_a_folder_outside_the_install(capsys, tmp_path):
    folder = content_copy(tmp_path)
    code, out, err = run(capsys, "check-content", str(folder))
    assert code == 0, err
    assert "90 cards, 15 tiles: good" in out
    edit_cards(folder, lambda cards: cards[0].update(name="Designer Alice"))
    code, _out, err, made = selfplay(capsys, tmp_path, "--content", str(folder))
    assert code == 0, err
    record = records.read_record(str(made[0]))
    assert record["content"]["cards"][0]["name"] == "Designer Alice"
    assert run(capsys, "verify", str(made[0]))[0] == 0


def test_check_content_lists_every_problem_one_line_each(capsys, tmp_path):
    folder = content_copy(tmp_path)

    def break_cards(cards):
        cards[3]["colour"] = "purple"
        cards[5]["dp"] = "two"
        cards[7]["power"]["om"] = cards[7]["power"].pop("on", "city")  # the review's typo
        del cards[9]["colour"]
        cards[11]["speed"] = 3
    edit_cards(folder, break_cards)
    tile = folder / "tiles" / "tile-02.tmx"
    tile.write_text("<map")
    code, out, err = run(capsys, "check-content", str(folder))
    lines = out.splitlines()
    assert code == 2 and err.count("\n") == 1 and "6 problems" in err
    names = {c["id"]: c["name"] for c in json.loads((folder / "cards.json").read_text())["cards"]}
    expected = [f"cards.json: card id 3 ({names[3]}): colour: must be one of red, blue, yellow, green, white, not 'purple'",
                f"cards.json: card id 5 ({names[5]}): dp: must be a whole number from 0 to 20, not 'two'",
                f"cards.json: card id 7 ({names[7]}): power.om: unknown field (allowed: timing, effect, amount, on)",
                f"cards.json: card id 9 ({names[9]}): colour: must be one of",
                f"cards.json: card id 11 ({names[11]}): 'speed': unknown field (allowed: id, name, colour, dp, power)",
                "tiles/tile-02.tmx: not a readable Tiled map"]
    for want in expected:
        assert any(line.startswith(want) for line in lines), (want, out)
    assert len(lines) == len(expected), out
    assert "Traceback" not in err and "internal error" not in err


def test_a_city_off_a_tile_s_centre_is_a_problem_of_its_cell(capsys, tmp_path):
    folder = content_copy(tmp_path)
    tile = folder / "tiles" / "tile-01.tmx"
    text = tile.read_text()
    city_gid = 27  # the tileset's "city 1p s2" (id 26, firstgid 1)
    rows = text.split("<data encoding=\"csv\">")[1].split("</data>")[0].strip().splitlines()
    first = rows[0].split(",")
    first[1] = str(city_gid)
    rows[0] = ",".join(first)
    head, rest = text.split("<data encoding=\"csv\">")
    tile.write_text(head + "<data encoding=\"csv\">\n" + "\n".join(rows) + "\n</data>" + rest.split("</data>")[1])
    code, out, _err = run(capsys, "check-content", str(folder))
    assert code == 2
    assert "tiles/tile-01.tmx: cell (1, 0): kind: a fantasy city stands only at the centre" in out


def test_a_deck_that_is_not_90_cards_is_warned_about_and_an_id_gap_needs_no_renumbering(capsys, tmp_path):
    folder = content_copy(tmp_path)
    edit_cards(folder, lambda cards: cards.__delitem__(3))  # ids 0, 1, 2, 4, ...: a gap
    code, out, err = run(capsys, "check-content", str(folder))
    assert code == 0, out + err
    assert "warning: cards.json: 89 cards, not the draft's 90" in out
    code, _out, err, made = selfplay(capsys, tmp_path, "--content", str(folder))
    assert code == 0, err
    assert "warning: cards.json: 89 cards, not the draft's 90" in err
    assert len(records.read_record(str(made[0]))["content"]["cards"]) == 89


def test_a_deck_too_small_for_five_hands_is_warned_about(capsys, tmp_path):
    folder = content_copy(tmp_path)
    edit_cards(folder, lambda cards: cards.__delitem__(slice(20, None)))
    code, out, _err = run(capsys, "check-content", str(folder))
    assert code == 0 and "warning: cards.json: too few for five players' opening hands" in out


def test_duplicate_ids_are_a_problem(capsys, tmp_path):
    folder = content_copy(tmp_path)
    edit_cards(folder, lambda cards: cards[4].update(id=2))
    code, out, _err = run(capsys, "check-content", str(folder))
    assert code == 2 and "id: 2 is taken by card 3 in the file" in out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("make, needle", [
    (lambda f: (os.remove(f / "cards.json"), os.mkfifo(f / "cards.json")), "not a regular file"),
    (lambda f: (f / "cards.json").write_text('{"cards": []' + " " * (10 * 1024 * 1024) + "}"), "too large"),
    (lambda f: (f / "cards.json").write_text("[" * 100000), "nested too deeply"),
    (lambda f: edit_cards(f, lambda c: c[0].update(dp=float("nan"))), "dp: must be a whole number from 0 to 20, not nan"),
    (lambda f: edit_cards(f, lambda c: c[0].update(dp=10 ** 30)), "dp: must be a whole number"),
    (lambda f: (os.remove(f / "tiles" / "tile-04.tmx"), os.mkfifo(f / "tiles" / "tile-04.tmx")), "tile-04.tmx: cannot read"),
    (lambda f: (os.remove(f / "tiles" / "alicematic-hexes.tsx"), os.mkfifo(f / "tiles" / "alicematic-hexes.tsx")), "cannot read"),
], ids=["fifo", "big", "deep", "nan", "huge", "tile-fifo", "tileset-fifo"])
def test_hostile_content_is_refused_in_one_line(capsys, tmp_path, make, needle):
    folder = content_copy(tmp_path)
    make(folder)
    code, _out, err, made = selfplay(capsys, tmp_path, "--content", str(folder))
    one_line(code, err, needle)
    assert made == []
    code, out, err = run(capsys, "check-content", str(folder))
    assert code == 2 and needle in out and "Traceback" not in err + out


@pytest.mark.parametrize("where", ["/dev/zero", "nowhere", "file"])
def test_a_content_folder_that_is_no_folder_is_refused_in_one_line(capsys, tmp_path, where):
    path = {"/dev/zero": "/dev/zero", "nowhere": str(tmp_path / "nowhere"), "file": str(tmp_path / "f")}[where]
    (tmp_path / "f").write_text("x")
    for args in (("check-content", path), ("selfplay", "--game", "alicematic", "--content", path)):
        code, _out, err = run(capsys, *args)
        one_line(code, err, "folder")


def test_a_bad_content_folder_in_the_window_gets_a_message_not_a_crash(app, tmp_path):
    """The content a game starts with is checked where it starts (setup's Start): a broken
    cards.json leaves the setup screen up with a message."""
    from ui_helpers import frames
    folder = content_copy(tmp_path)
    app.options.workbench = {"alicematic": {"params": None, "content": folder}}
    (folder / "cards.json").write_text("{broken")  # (broken after the window opened)
    setup = app.make("setup")
    app.stack.replace(setup)
    setup.game.set("alicematic")
    setup._game_changed()
    frames(app, 1)
    setup.start_game()
    frames(app, 1)
    assert app.stack.top is setup
    assert any("cards.json" in str(toast[0]) for toast in app.toasts)


# --- item 5: the log ----------------------------------------------------------------------

def test_the_log_command_prints_the_readable_log_in_the_chosen_language(capsys, tmp_path):
    _code, _out, _err, made = selfplay(capsys, tmp_path)
    code, english, err = run(capsys, "log", str(made[0]))
    assert code == 0, err
    assert "Final scoring" in english and "Round 1 of 14" in english
    code, japanese, err = run(capsys, "log", "--lang", "ja", str(made[0]))
    assert code == 0, err
    assert "最終得点" in japanese and "ラウンド" in japanese and "Final scoring" not in japanese


def test_the_log_names_each_colour_one_way(capsys, tmp_path):
    _code, _out, _err, made = selfplay(capsys, tmp_path)
    _code, text, _err = run(capsys, "log", str(made[0]))
    for colour in ("Red", "Blue", "Yellow", "Green", "White"):
        assert f"{colour} facility" not in text and f"{colour} area" not in text
    assert "facility" in text


def test_the_log_of_a_bad_file_is_one_line(capsys, tmp_path):
    code, _out, err = run(capsys, "log", "/dev/zero")
    one_line(code, err, "not a regular file")
    path = tmp_path / "r.json"
    path.write_text("{}")
    code, _out, err = run(capsys, "log", str(path))
    assert code == 2 and err.count("\n") == 1


def test_export_offers_an_alicematic_game_s_readable_log_in_the_player_s_language(app, tmp_path, capsys):
    from game.core.i18n import set_language
    _code, _out, _err, made = selfplay(capsys, tmp_path)
    record = records.read_record(str(made[0]))
    export = app.stack.push(app.make("export", record=record))
    assert export.what.options == ["one", "log"]
    export.what.set("log")
    export.folder.value = str(tmp_path / "logs")
    set_language("ja")
    try:
        export.export()
    finally:
        set_language("en")
    [written] = (tmp_path / "logs").glob("*.txt")
    assert "最終得点" in written.read_text(encoding="utf-8")
    assert app.stack.top is not export


def test_export_of_another_game_offers_no_log(app):
    from helpers import finished_record
    export = app.stack.push(app.make("export", record=finished_record()))
    assert export.what.options == ["one"]


def test_history_s_export_offers_the_chosen_alicematic_game_s_log(app, tmp_path, capsys):
    from ui_helpers import frames
    _code, _out, _err, made = selfplay(capsys, tmp_path)
    app.store.games.finish(None, records.read_record(str(made[0])))
    listing = app.stack.push(app.make("history"))
    frames(app, 1)
    listing.export()
    export = app.stack.top
    assert "log" in export.what.options
    export.what.set("log")
    export.folder.value = str(tmp_path / "logs")
    export.export()
    [written] = (tmp_path / "logs").glob("*.txt")
    assert "Final scoring" in written.read_text(encoding="utf-8")


def test_settings_content_folder_is_played_by_new_games_and_kept(app, tmp_path):
    from scenes.config import GameConfig, Seat
    from ui_helpers import frames
    folder = content_copy(tmp_path)
    edit_cards(folder, lambda cards: cards[0].update(name="Settings Alice"))
    overlay = app.stack.push(app.make("settings"))
    frames(app, 1)
    overlay.content.value = str(folder)
    overlay.dismiss()
    assert app.settings["content_folder"] == str(folder)
    app.reload_settings()
    assert app.settings["content_folder"] == str(folder)  # (saved in the store)
    config = GameConfig([Seat(f"P{i}", kind, i) for i, kind in enumerate(("human", "easy", "easy"))],
                        None, 3, "alicematic")
    assert app.make("alicematic", config=config).state.cards[0].name == "Settings Alice"
    (folder / "cards.json").write_text("[]")
    setup = app.make("setup")
    app.stack.replace(setup)
    setup.game.set("alicematic")
    setup._game_changed()
    setup.start_game()
    frames(app, 1)
    assert app.stack.top is setup and any("cards.json" in str(t[0]) for t in app.toasts)

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
CARD = st.fixed_dictionaries({}, optional={"id": JSON, "name": JSON, "colour": JSON, "dp": JSON,
                                           "power": JSON | st.fixed_dictionaries(
                                               {}, optional={"timing": JSON, "effect": JSON,
                                                             "amount": JSON, "on": JSON}),
                                           "om": JSON})


@settings(max_examples=200, deadline=None)
@given(data=JSON | st.dictionaries(st.sampled_from(["rounds", "hand", "chits", "refill", "x"]), JSON))
def test_any_parameters_are_taken_or_refused_in_one_line(data):
    from game.alicematic.params import Params, ParamsError
    try:
        params = Params.from_json(data)
    except ParamsError as exc:
        assert "\n" not in str(exc)
    else:
        assert all(type(v) is int for v in params.to_json().values())


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(CARD | JSON, max_size=5))
def test_any_cards_json_is_checked_into_lines_never_an_exception(cards):
    from game.alicematic.content import card_problems
    good, problems = card_problems({"cards": cards}, "cards.json")
    assert all("\n" not in line and line.startswith("cards.json: ") for line in problems)
    assert problems or len(good) == len(cards)


def test_an_unknown_hex_property_is_a_problem_of_every_cell_painted_with_it(capsys, tmp_path):
    folder = content_copy(tmp_path)
    tileset = folder / "tiles" / "alicematic-hexes.tsx"
    text = tileset.read_text(encoding="utf-8")
    text = text.replace('<property name="city_size" type="int" value="0"/>\n  </properties>\n </tile>\n <tile id="1">',
                        '<property name="city_size" type="int" value="0"/>\n   <property name="strenght" type="int" value="3"/>\n  </properties>\n </tile>\n <tile id="1">', 1)
    tileset.write_text(text, encoding="utf-8")
    code, out, _err = run(capsys, "check-content", str(folder))
    assert code == 2
    lines = [line for line in out.splitlines() if "'strenght': unknown property" in line]
    assert lines and all(line.startswith("tiles/tile-") and "cell (" in line and
                         "(allowed: kind, colour, strength, city_size)" in line for line in lines)
