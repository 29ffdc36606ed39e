"""Text from outside the app (issue 40, items 3 and 6): a record's seats and names, the player's
data, what an external bot says. A NUL or a bidi override in a seat, and a 70,000-character
command and name, open in the replay viewer from --replay, from a file dropped on each game's
table and from History, on every registered game; the long text is drawn from a cache (never
measured whole, never drawn again each frame), and a 10 MB command draws a frame; the question
before starting a program shows a long command once, wrapped and capped, and starts it
unchanged; a program seat's label says its whole command in the tooltip. The records keep what
they say: they verify and export as they came (a name as the app reads it)."""

from __future__ import annotations

import json
import shlex
import sys
from contextlib import closing

import pygame
import pytest

from game.core import records, registry
from game.bots import BotFailure, ExternalBot
from game.core.text import NAME, WHOLE, clean
from scenes.config import GameConfig, Seat
from scenes.replay.viewer import open_replay
from scenes.widgets import ui
from tests.storage_helpers import finished_records, keep_in_progress, store
from tests.test_replay import make_record
from tests.ui_helpers import click, frames, key, top
from tests.waiting import HANG_S, until

GAMES = registry.ids()  # every registered game: the viewer, the drop and History are shared
HOSTILE = "\u0000\u202e"  # a NUL (SDL_ttf refuses it) and a right-to-left override
MARK = "0123456789"
LONG = "cmd:bot " + MARK * 7000  # 70,008 characters


# --- helpers ---------------------------------------------------------------------------------

def hostile_record(game: str, seat: str = HOSTILE, name: str = HOSTILE) -> dict:
    """A finished game of `game` whose last seat (Cementopia's only one) is `seat`, named `name`."""
    record = make_record(game)
    players = record.get("players") or [{"name": "Solo", "seat": "human"}]
    players[-1] = dict(players[-1], name=name, seat=seat)
    record["players"] = players
    return record


def written(tmp_path, record: dict):
    path = tmp_path / f"{record['game']}-hostile.json"
    records.write_record(path, record)
    return path


class Counting:
    """A font that notes every string it is asked to draw or measure."""

    def __init__(self, font, calls: list):
        self._font, self._calls = font, calls

    def render(self, string, *args, **kwargs):
        self._calls.append(("render", string, (id(self._font), repr(args))))  # with its colours
        return self._font.render(string, *args, **kwargs)

    def size(self, string):
        self._calls.append(("size", string, id(self._font)))
        return self._font.size(string)

    def __getattr__(self, name):
        return getattr(self._font, name)


@pytest.fixture
def font_calls(monkeypatch) -> list:
    """(what, string, font) for every render and measure of text through scenes.widgets.ui, from
    empty caches (an earlier test may have drawn the same words)."""
    ui._TEXT_CACHE.clear()
    ui._LAID.clear()
    ui._fitted.cache_clear()
    ui._wrapped.cache_clear()
    calls: list = []
    for name in ("_font", "_cjk_font"):
        real = getattr(ui, name)

        def counting(size, style, real=real):
            return Counting(real(size, style), calls)
        counting.cache_clear = real.cache_clear  # type: ignore[attr-defined]
        monkeypatch.setattr(ui, name, counting)
    return calls


def shown_safely(calls: list) -> None:
    """Nothing that reached the font holds a NUL or a bidi override, or is longer than the whole
    text shown on demand."""
    for _what, string, _font in calls:
        assert "\u0000" not in string and "\u202e" not in string, repr(string[:40])
        assert len(string) <= WHOLE + 200, len(string)


def viewed(app, path):
    app.stack.push(app.make("title"))
    frames(app)
    viewer = open_replay(app, path)
    assert viewer is not None and app.stack.top is viewer
    frames(app, 2)
    return viewer


def through(app, viewer) -> None:
    """Every position once (the end screen too, where there is one), then back to the viewer."""
    for _ in range(viewer.total):
        key(app, pygame.K_RIGHT)
    frames(app, 2)
    while app.stack.top is not viewer:
        app.stack.pop()
    key(app, pygame.K_HOME)
    frames(app, 2)


def table_of(app, game: str):
    """`game`'s real table, its usual number of human players."""
    info = registry.info(game)
    seats = [Seat(f"P{i + 1}", "human", i) for i in range(info.default_players)]
    config = GameConfig(seats, registry.game_module(game).parse_rules(""), 5, game)
    app.stack.push(app.make("title"))
    table = app.stack.push(app.make(config.scene, config=config))
    frames(app, 2)
    return table


def dropped(app, path) -> None:
    app.dispatch(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app)


# --- item 6: a NUL and a bidi override -------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_nul_in_a_seat_opens_with_replay(app, tmp_path, font_calls, game):
    viewer = viewed(app, written(tmp_path, hostile_record(game)))
    through(app, viewer)
    shown_safely(font_calls)


SEATS = {"NUL": (HOSTILE, "Ann" + HOSTILE + "X"), "long": (LONG, "Ann" + "N" * 70_000)}


@pytest.mark.parametrize("seat", list(SEATS))
@pytest.mark.parametrize("game", GAMES)
def test_a_seat_dropped_on_a_game_opens_and_imports_unchanged(app, data_dir, tmp_path, font_calls,
                                                             game, seat):
    record = hostile_record(game, *SEATS[seat])
    path = written(tmp_path, record)
    table = table_of(app, game)
    dropped(app, path)
    ask = top(app)
    assert ask.name == "confirm"
    frames(app, 2)
    click(app, ask.also_b.rect.center)  # Only look
    viewer = top(app)
    assert viewer.name == "replay"
    through(app, viewer)
    key(app, pygame.K_ESCAPE)
    assert top(app) is table
    dropped(app, path)
    key(app, pygame.K_RETURN)  # Import
    assert top(app).name == "replay"
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert top(app) is table
    frames(app, 2)
    shown_safely(font_calls)
    [kept] = finished_records()
    assert kept["players"][-1]["seat"] == SEATS[seat][0]  # the record keeps what it says
    assert kept["players"][-1]["name"] == clean(SEATS[seat][1], NAME)  # a name as it is shown
    assert {k: v for k, v in kept.items() if k != "players"} == \
        {k: v for k, v in json.loads(path.read_text()).items() if k != "players"}
    records.verify(kept)


@pytest.mark.parametrize("seat", list(SEATS))
@pytest.mark.parametrize("game", GAMES)
def test_a_seat_and_a_name_open_from_history(app, data_dir, font_calls, game, seat):
    record = hostile_record(game, *SEATS[seat])
    with closing(store()) as db:  # kept as another program (or an edit) could have left it
        db.games.finish(None, record)
    app.stack.push(app.make("title"))
    frames(app, 2)
    click(app, app.stack.top.history.rect.center)
    history = top(app)
    assert history.name == "history"
    frames(app, 2)
    cells = history.cells(history.shown[0])
    assert clean(SEATS[seat][1], NAME) in cells[2] and "\u0000" not in "".join(cells)
    while history.player_c.value != record["players"][-1]["name"]:  # the filter finds the game
        click(app, (history.player_c.rect.right - 4, history.player_c.rect.centery))
        assert history.player_c.index
    frames(app, 2)
    assert len(history.shown) == 1
    rows = history.rows
    click(app, (rows.view.centerx, rows.view.y + rows.row_h // 2))
    viewer = top(app)
    assert viewer.name == "replay"
    through(app, viewer)
    key(app, pygame.K_ESCAPE)
    assert top(app) is history
    frames(app, 2)
    shown_safely(font_calls)
    with closing(store()) as db:
        [(_id, kept)] = list(db.finished.records())
    assert kept["players"][-1]["seat"] == SEATS[seat][0]


# --- item 3: long text ------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_long_command_and_name_are_drawn_from_a_cache(app, tmp_path, font_calls, game):
    viewer = viewed(app, written(tmp_path, hostile_record(game, seat=LONG, name="N" * 70_000)))
    frames(app, 50)
    shown_safely(font_calls)
    renders = [(string, font) for what, string, font in font_calls if what == "render"
               and (MARK in string or "NNNN" in string)]
    assert renders or registry.info(game).default_players == 1  # (Cementopia names no one)
    assert len(renders) == len(set(renders)), [r for r in set(renders) if renders.count(r) > 1]  # each drawn once, then from the cache
    before = len(font_calls)
    frames(app, 50)
    assert [c for c in font_calls[before:] if c[0] == "render" and MARK in c[1]] == []
    assert viewer.table.config.seats[-1].kind == LONG  # what the record says, kept whole


@pytest.mark.parametrize("game", GAMES)
def test_ten_megabytes_of_command_draw_a_frame(app, tmp_path, game):
    record = hostile_record(game, seat="cmd:" + "x" * 10_000_000, name="y" * 5_000_000)
    viewer = viewed(app, written(tmp_path, record))
    key(app, pygame.K_END)
    frames(app, 2)
    assert len(viewer.table.config.seats[-1].kind) == 10_000_004


@pytest.mark.parametrize("string", ["a\u0000b", "\ud800 lone", "\u0000" * 5, "x" * 10_000_000,
                                    "word " * 2_000_000, "\u202e" + "y" * 70_000],
                         ids=["NUL", "surrogate", "NULs", "10 MB", "10 MB of words", "override"])
def test_no_string_can_stop_the_text_drawing(app, string):
    """The last guard, for text no cleaner saw: SDL_ttf refuses a NUL and a lone surrogate and
    crashes on a surface millions of pixels wide."""
    surface = app.screen
    ui.text(surface, string, 16, (10, 10))
    ui.text(surface, string, 16, (10, 10), max_width=300)
    ui.render(string, 16)
    ui.paragraph(surface, string, 14, (10, 40, 300, 200))
    assert len(ui.fit(string, 14, 300)) <= ui.LINE_CHARS and ui.wrap(string, 14, 300)
    ui.paragraph_height(string, 14, 300)


# --- the question before starting a program ---------------------------------------------------

def saved_with(command: str) -> None:
    from game.assemble.record import new_session
    from game.assemble.setup import Rules
    session = new_session(42, [{"name": "Ann", "seat": "human", "colour": 2},
                               {"name": "Bot", "seat": command, "colour": 0}], Rules())
    session.play(session.state.legal_actions()[0])
    keep_in_progress(records.record_of(session))


def asked_to_start(app, command: str):
    """A game saved with `command` in a seat, Continue pressed at the title: the question before
    the program starts."""
    saved_with(command)
    app.stack.push(app.make("title"))
    frames(app, 2)
    click(app, app.stack.top.cont.rect.center)
    key(app, pygame.K_RETURN)
    ask = top(app)
    assert ask.name == "start_program"
    return ask


@pytest.mark.parametrize("command", [
    "cmd:python3 mybot.py " + "--flag " * 714,  # about 5,000 characters in words
    "cmd:" + "/very/long/path" * 334,  # one word of about 5,000
    "cmd:ボット " + "長い引数" * 1250,  # Japanese, broken between characters
], ids=["words", "one word", "Japanese"])
def test_a_long_command_in_a_saved_game_is_asked_about_once_wrapped(app, table, font_calls,
                                                                    command):
    ask = asked_to_start(app, command)
    frames(app, 50)
    shown_safely(font_calls)
    program = command[4:].strip()
    assert clean(program, WHOLE)[:-1] in ask.question  # the start of it, whole words and all
    assert str(len(program)) in ask.question  # and how long the whole is
    renders = [(string, font) for what, string, font in font_calls if what == "render"
               and len(string) > 8 and string.rstrip("\u2026").strip() in ask.question]
    assert renders and len(renders) == len(set(renders))  # drawn once, then from the cache
    click(app, ask.start_b.rect.center)
    assert len(table) == 1 and table[0]["config"].seats[1].kind == command  # started unchanged


def test_a_short_command_is_asked_about_whole(app, table):
    ask = asked_to_start(app, "cmd:python3 mybot.py --fast")
    assert ask.question == "This game starts the program: python3 mybot.py --fast. Start it?"
    frames(app, 2)


# --- what an external bot says ----------------------------------------------------------------

HOSTILE_BOT = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "\\u0000\\u202e" + "n" * 10000}), flush=True)
    elif message["type"] == "decide":
        sys.stderr.write("e" * 10000 + "\\n" + "\\u0000\\u202e\\u001b[31m" + "e" * 100 + "\\n")
        sys.stderr.flush()
        sys.exit(3)
"""


def hostile_bot(tmp_path) -> str:
    script = tmp_path / "hostile_bot.py"
    script.write_text(HOSTILE_BOT)
    return f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(script))}"


def test_what_an_external_bot_says_is_cleaned_where_it_comes_in(tmp_path):
    from game.assemble.record import new_session
    session = new_session(3, [{"name": "Ext", "seat": "cmd:x"}, {"name": "Ann", "seat": "human"}])
    bot = ExternalBot(hostile_bot(tmp_path)[4:], "assemble", 0, timeout=HANG_S)
    try:
        bot.start()
        assert bot.hello_name == clean("\u0000\u202e" + "n" * 10000, NAME) == "n" * (NAME - 1) + "\u2026"
        state = session.state
        with pytest.raises(BotFailure) as failed:
            bot.decide(state.view(state.current_player()), state.legal_actions())
        said = str(failed.value)
        assert "exited with status 3" in said and said.isprintable() and len(said) < 200
    finally:
        bot.close()


def test_a_failing_bot_is_told_in_printable_words_on_the_table(app, tmp_path):
    seats = [Seat("Ext", hostile_bot(tmp_path), 0), Seat("Ann", "human", 1)]
    config = GameConfig(seats, registry.game_module("assemble").parse_rules(""), 3, "assemble")
    app.stack.push(app.make("title"))
    table = app.stack.push(app.make(config.scene, config=config))

    def told() -> bool:
        app.step(1 / 60)
        return any("bot failed" in str(m) for m, _t in app.toasts)
    until(told, "the failing bot's toast")
    [said] = [str(m) for m, _t in app.toasts if "bot failed" in str(m)]
    assert said.isprintable() and "\u202e" not in said and len(said) < 300
    frames(app, 2)
    reason = table.session.meta["players"][0]["replaced_reason"]
    assert json.dumps(reason)  # the record keeps the reason (it is the record's, not the screen's)


def test_a_program_seats_label_says_its_whole_command_on_demand(app, font_calls):
    """Assemble's seat label shows a command line cut short; resting the mouse on it, the tooltip
    says it whole (cleaned, as far as a tooltip goes)."""
    from game.assemble import Rules
    from game.assemble.record import new_session
    from scenes.assemble.table import TableScene
    from tests.ui_helpers import move, wait
    command = "cmd:run\u0000\u202e " + MARK * 100
    session = new_session(9, [{"name": "Ann", "seat": "human"}, {"name": "Ext", "seat": command}],
                          Rules())
    config = GameConfig([Seat("Ann", "human", 0), Seat("Ext", command, 1)], Rules(), 9)
    config.replay = True  # as the replay viewer shows it: no program starts
    table = app.stack.push(TableScene(app, config, session))
    frames(app, 2)
    spots = [rect for rect, what in table.tip_spots if what == ("program", 1)]
    assert spots  # (two: with two players each has two dolls)
    move(app, spots[0].center)
    wait(app, 0.5)
    assert table.tooltip.words == "Played by the program: " + clean(command[4:], WHOLE)
    assert table.tooltip.words.endswith("\u2026") and table.tooltip.complete
    shown_safely(font_calls)
