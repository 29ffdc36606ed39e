"""Issue 59, item 7: the native Japanese review's table (../shared/reviews/ja-review-2026-12-01.md)
as the player sees it: the delete question's own 「削除しない」, full-width marks in the figures
built in code, the replay's 「…の手番」 in one piece, and the rule items' numerals."""

import pygame

from game.core import i18n
from storage_helpers import keep_in_progress
from test_files_faults import assemble_record
from ui_helpers import frames, key, top


def test_the_delete_question_says_do_not_delete_not_do_not_undo(app, ja):
    keep_in_progress(assemble_record()[1])
    listed = app.stack.push(app.make("continue"))
    frames(app, 2)
    listed.delete_chosen()
    frames(app)
    question = top(app)
    assert (question.yes_b.label, question.no_b.label) == ("削除", "削除しない")
    assert i18n._("Keep it") != "削除しない"  # the undo request keeps its own answer
    key(app, pygame.K_ESCAPE)
    frames(app)
    assert top(app) is listed and len(listed.games) == 1


def stats_rows(app, game: str, page: dict) -> dict:
    from game.core import registry
    scene = app.stack.push(app.make("stats"))
    scene.game_c.index = registry.ids().index(game)
    rows: dict = {}
    for label, value in scene.lines(page):
        rows.setdefault(label, value)  # the first "Wins": the games', not those with help
    return rows


PAGE = {"games": 3, "wins": 1, "win_share": 1 / 3, "matches": 2, "hands_won_by_block": 1,
        "hands_won_by_out": 0, "by_opponent_level": {"easy+random": {"wins": 1, "games": 1, "win_share": 1.0}}}
SOLO = {"finished": 5, "complete": 1, "stuck": 0, "daily": {"days": 2, "streak": 0, "best_streak": 0}}


def test_statistics_figures_keep_full_width_marks_in_japanese(app, ja):
    """「勝利 1（33%）」, 「0（0）」, 「1／0」 and 「CPU・ランダム、CPU・初級」: the marks built in
    code are the catalogue's, so English keeps its own (next test)."""
    rows = stats_rows(app, "grayblock", PAGE)
    assert rows["勝利"] == "1（33%）"
    assert rows["ブロック勝利／ゴーアウト勝利"] == "1／0"
    assert "CPU・ランダム、CPU・初級" in rows or "CPU・初級、CPU・ランダム" in rows
    solo = stats_rows(app, "cementopia", SOLO)
    assert solo["連続日数（最高）"] == "0（0）"
    assert any(value == "1／0" for value in solo.values())


def test_statistics_figures_stay_as_they_were_in_english(app):
    rows = stats_rows(app, "grayblock", PAGE)
    assert rows["Wins"] == "1 (33%)" and rows["Hands won: block / out"] == "1 / 0"
    assert "random bot + easy bot" in rows or "easy bot + random bot" in rows
    assert stats_rows(app, "cementopia", SOLO)["Streak (best)"] == "0 (0)"


def history_figures(app, scores: list[int]) -> str:
    """The scores column of History's row for a finished game with these scores."""
    from types import SimpleNamespace
    history = app.stack.push(app.make("history"))
    entry = SimpleNamespace(game="assemble", when="2026-12-01 10:00:00", problem=None, scores=scores,
                            players=[(f"P{i}", "human") for i in range(len(scores))], conceded=False,
                            winners=[0], outcome=None, over=True)
    return str(history.cells(entry)[3])


def test_history_scores_and_review_chips_use_japanese_marks(app, ja):
    from types import SimpleNamespace
    from scenes.replay.review import chip_words
    assert history_figures(app, [27, 27, -3, 12]) == "27・27・−3・12"
    assert chip_words(SimpleNamespace(loss_win=0.11, loss_points=4.0), "win") == "−11%"
    assert chip_words(SimpleNamespace(loss_win=0.11, loss_points=4.0), "points") == "−4点"
    i18n.set_language("en")
    assert history_figures(app, [27, -3]) == "27\u00b7-3"
    assert chip_words(SimpleNamespace(loss_win=0.11, loss_points=4.0), "win") == "-11%"


def test_the_replay_says_whose_move_as_one_phrase(app, ja):
    """「Hard 1（CPU）の手番」: the name and 「の手番」 are one text, not two with a gap."""
    from game.core import records
    from game.bots import make_bot
    from game.services.play import play_out
    from scenes.widgets import ui
    module = records.game_module("assemble")
    seats = ["hard", "easy"]
    session = module.new_session(5, [{"name": f"Hard {i + 1}", "seat": s} for i, s in enumerate(seats)],
                                 snapshots=False)
    play_out(session, {i: make_bot(s, "assemble", 50 + i, iterations=60, seats=seats)  # (not timed)
                       for i, s in enumerate(seats)})
    viewer = app.make("replay", record=records.record_of(session))
    app.stack.push(viewer)
    viewer.home()
    viewer.step(1)
    with ui.noting_texts() as drawn:
        frames(app)
    words = [t.wanted for t in drawn]
    assert any(w.endswith("（CPU）の手番") for w in words), words
    assert "の手番" not in words


def test_two_digit_rule_items_get_the_bold_numeral_too(app, ja):
    """The designer's list on Alicematic's page: 10.–21. are bold numerals like 1.–9., not a
    bullet with the number in the text; the words beside them line up."""
    from scenes.widgets import ui
    from ui_helpers import open_rules
    rules = open_rules(app, "alicematic", (1280, 720))
    firsts = [p for kind, _y, p in rules.lines if kind == "b"]
    marks = [mark for mark, _line in firsts if mark]
    assert "14." in marks and "21." in marks and "9." in marks
    assert not any(line[:1].isdigit() and line[1:3] == ". " for _m, line in firsts)
    assert not any(line[:2].isdigit() and line[2:4] == ". " for _m, line in firsts)
    bold = ui.font(rules.body_px, "bold")
    assert all(rules.indent > bold.size(mark)[0] for mark in marks)  # room left of the words


def test_japanese_names_on_the_turn_chips_stay_readable_at_640x360(app, ja, monkeypatch):
    """「あ…」「ふ…」 told nobody anything: two Japanese names, two dolls each, in the smallest
    window: each chip says whose doll (its name's first character at least) and which, none cut."""
    from game.assemble.setup import Rules
    from scenes.assemble.table import TableScene
    from scenes.config import GameConfig, Seat
    from test_larger_names import spy_chips
    from ui_helpers import resize
    names = ["あなた", "ふいご丸"]
    table = TableScene(app, GameConfig([Seat(n, "human", i) for i, n in enumerate(names)], Rules(), 5))
    app.stack.push(table)
    resize(app, (640, 360))
    chips = spy_chips(monkeypatch)
    seen = set()
    for _ in range(10):
        frames(app, 1)
        shown = list(chips)
        assert len(shown) == len(table.state.turn_order())
        assert not any("\u2026" in words for words in shown), shown
        seen |= {words[0] for words in shown if words[0] not in "AB"}
        table.play(table.state.legal_actions()[0])
    assert seen == {"あ", "ふ"}


def test_four_long_japanese_names_on_the_turn_chips_are_initials_not_cut(app, ja, monkeypatch):
    """Row 67 at four players, one doll each, the largest text in the smallest window: where
    the whole names do not fit, each chip says the name's first character(s), never 「あ…」."""
    from game.assemble.setup import Rules
    from scenes.assemble.table import TableScene
    from scenes.config import GameConfig, Seat
    from scenes.widgets import ui
    from test_larger_names import spy_chips
    from ui_helpers import resize
    names = ["あなたさま", "ふいご丸子", "くさり丸子", "歯車丸之介"]
    table = TableScene(app, GameConfig([Seat(n, "human", i) for i, n in enumerate(names)], Rules(), 5))
    app.stack.push(table)
    ui.set_text_size("larger")
    try:
        resize(app, (640, 360))
        chips = spy_chips(monkeypatch)
        frames(app, 1)
        shown = list(chips)
        assert len(shown) == 4 and not any("\u2026" in words for words in shown), shown
        assert sorted(words[:1] for words in shown) == sorted(n[:1] for n in names), shown
    finally:
        ui.set_text_size("normal")


def test_selfplay_names_its_seats_in_the_players_language(tmp_path, monkeypatch, capsys):
    """Row 19: records written by `selfplay` name their seats with the app's words, so a
    Japanese History lists 「CPU上級1」, not 「Hard 1」; English stays "Hard 1"."""
    import json

    from cli_helpers import run
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    out = tmp_path / "records"
    out.mkdir()
    try:
        code, _out, err = run(capsys, "selfplay", "--games", "1", "--seat", "hard", "--seat",
                              "random", "--think", "0.01", "--out", str(out))
    finally:
        i18n.set_language("en")
    assert code == 0, err
    (record,) = out.iterdir()
    names = [p["name"] for p in json.loads(record.read_text(encoding="utf-8"))["players"]]
    assert names == ["CPU上級1", "CPUランダム2"]
    monkeypatch.setenv("LANG", "C")
    again = tmp_path / "en"
    again.mkdir()
    assert run(capsys, "selfplay", "--games", "1", "--seat", "hard", "--seat", "random",
               "--think", "0.01", "--out", str(again))[0] == 0
    (record,) = again.iterdir()
    assert [p["name"] for p in json.loads(record.read_text(encoding="utf-8"))["players"]] == \
        ["Hard 1", "Random 2"]


def test_the_setup_selectors_keep_their_labels_at_the_smallest_window(app, ja):
    """Row 68: at 640x360 「待った：自分の手」 does not fit its box; the value alone 「自分の手」 said
    nothing. A selector too narrow for its label shows the label above it, for every game."""
    import pygame

    from game.core import registry
    from scenes.widgets import ui
    pygame.display.set_mode((640, 360), pygame.RESIZABLE)
    app.resized()
    scene = app.stack.push(app.make("setup"))
    for game in registry.ids():
        scene.game.set(game)
        scene._game_changed()
        frames(app, 2)
        with ui.noting_texts() as noted:
            app.draw()
        drawn = " ".join(t.shown for t in noted)
        for widget in (scene.game, scene.players, scene.undo):
            if widget.rect.w and widget.label:
                assert i18n._(widget.label) in drawn, (game, widget.label, drawn[:300])
