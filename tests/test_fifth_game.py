"""A fifth game is its two declarations and a line in each list (issue 39): a tiny game, Pebbles,
declared here and added to game.core.registry.GAMES and scenes.games.GAMES for the test, is offered by
`selfplay --game`, set up on the setup screen, listed by History and counted by Statistics, and
(issue 58) its table opens and is played, its Statistics page opens on it, its record opens in
the replay viewer and its own table (its bests per deal) is kept in the player's data, with nothing
shared told about it.

Pebbles: a pile of 7; players take 1 or 2 in turn; who takes the last one wins. This module is
also its record module and its bots module (the declaration names them by import path)."""

from __future__ import annotations

import copy
import json

import pytest

from game.services import cli, stats
from game.core import registry
from game.bots import RandomBot
from game.core.commands import History, Session
from game.core.contract import Event, Result
from game.core.descriptor import Bests, Figures, GameInfo
from game.core.errors import IllegalAction
from game.core.records import apply_recorded, envelope, record_of, session_meta

from tests.storage_helpers import store
from tests.ui_helpers import frames, spy_texts

GAME = "pebbles"
PILE = 7


class Pebbles:
    game = GAME

    def __init__(self, players: int):
        self.left, self.turn, self.taken = PILE, 0, [0] * players

    def __eq__(self, other) -> bool:
        return vars(self) == vars(other)

    def legal_actions(self) -> list:
        return [n for n in (1, 2) if n <= self.left]

    def why_illegal(self, action) -> str | None:
        return None if action in self.legal_actions() else "take 1 or 2 of the pebbles left"

    def apply(self, action) -> list[Event]:
        why = self.why_illegal(action)
        if why:
            raise IllegalAction(why)
        player = self.turn
        self.apply_unchecked(action)
        return [Event("took", player, value=action)]

    def apply_unchecked(self, action) -> None:
        self.left -= action
        self.taken[self.turn] += action
        if self.left:
            self.turn = (self.turn + 1) % len(self.taken)

    def clone(self) -> "Pebbles":
        return copy.deepcopy(self)

    def is_over(self) -> bool:
        return self.left == 0

    def current_player(self) -> int | None:
        return None if self.is_over() else self.turn

    def scores(self) -> list[int]:
        return list(self.taken)

    def result(self) -> Result:
        return Result((self.turn,), tuple(self.taken), {"winner": self.turn})

    def view(self, player: int):
        return self.clone()


# --- its record module and bots module ----------------------------------------------------------

LEVELS = {"random": RandomBot}


def parse_rules(text: str) -> None:
    if text:
        raise ValueError("Pebbles has no optional rules")


def new_session(seed: int, players: list[dict], rules=None, snapshots: bool = True) -> Session:
    return Session(History(Pebbles(len(players)), snapshots), {"game": GAME, "seed": seed,
                                                               "players": players})


def to_record(session: Session) -> dict:
    record = envelope(session, GAME)
    record["actions"] = list(session.history.actions)
    if session.state.is_over():
        record["result"] = session.state.result().record
    return record


def replay(record: dict, snapshots: bool = True) -> Session:
    session = Session(History(Pebbles(len(record["players"])), snapshots), session_meta(record, GAME))
    apply_recorded(session, record.get("actions", []), int)
    return session


def compare_result(given, actual: dict) -> str | None:
    return None if given == actual else f"result {given!r} but the replay gives {actual!r}"


# --- its declarations ---------------------------------------------------------------------------

class Extra(stats.Extra):
    """Its own figure of a player (Figures.extra): the games they took the last pebble in."""

    after = "win_share"

    def __init__(self) -> None:
        self.last = 0

    def add(self, entry, seat: int, won: bool) -> None:
        self.last += won

    def json(self) -> dict:
        return {"last_pebbles": self.last}

    @staticmethod
    def words(figures: dict) -> str:
        return f"; took the last pebble {figures['last_pebbles']} times"


def figure_rows(page: dict) -> list:
    """Its rows on the Statistics page (SceneInfo.figure_rows), after the scores."""
    return [("scores", [("Last pebbles taken", str(page.get("last_pebbles")))])]


INFO = GameInfo(id=GAME, title="Pebbles", short_title="Pebbles", player_counts=(2, 3),
                default_players=2, record=__name__, bots=__name__,
                figures=Figures(width=2, extra=__name__), bests=Bests("pebbles_best", since=1))


@pytest.fixture
def fifth(monkeypatch):
    """Pebbles registered: its engine declaration, and its screens."""
    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (INFO,))
    from scenes import games
    from scenes.descriptor import RulesPage, SceneInfo, SetupPage
    from scenes.table.base import GameTable

    class PebblesTable(GameTable):
        """Its table: what every game's table does of its own, no more (its session, its
        drawing, whether a human may act)."""

        name = game = GAME

        def __init__(self, app, config, session=None):
            super().__init__(app, config, session or new_session(
                config.resolved_seed(), [seat.to_json() for seat in config.seats]))

    screens = SceneInfo(table=PebblesTable, rules=RulesPage("Pebbles", (("p", "Take 1 or 2."),)),
                        setup=SetupPage("THE PILE", ((2, "Two players take turns."),
                                                     (3, "Three players take turns."))),
                        figure_rows=figure_rows)
    monkeypatch.setattr(games, "GAMES", games.GAMES + (screens,))


def played(seed: int, names=("Ada", "Bo")) -> dict:
    session = new_session(seed, [{"name": n, "seat": "human", "colour": i} for i, n in enumerate(names)])
    while not session.state.is_over():
        session.play(RandomBot(seed).decide(None, session.state.legal_actions()))
    return record_of(session)


def test_selfplay_offers_it_plays_it_and_its_records_are_counted(fifth, capsys, tmp_path, data_dir):
    with pytest.raises(SystemExit):
        cli.main(["selfplay", "--help"])
    words = capsys.readouterr().out
    assert GAME in words and "Pebbles 2 to 3" in words
    assert cli.main(["selfplay", "--game", GAME, "--games", "3", "--out", str(tmp_path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3 and sum(summary["wins"]) == 3
    assert cli.main(["import", str(tmp_path)]) == 0  # its records come in as any game's
    assert json.loads(capsys.readouterr().out)["added"] == 3
    db = store()
    entries = db.finished.entries()
    db.close()
    assert len(entries) == 3 and all(e.game == GAME and e.over and not e.unreadable for e in entries)
    figures = stats.compute(entries)["games"][GAME]
    assert figures["finished"] == 3 and sum(p["wins"] for p in figures["players"].values()) == 3
    report = stats.text_report(stats.compute(entries))
    assert "Pebbles: 3 finished" in report and "took the last pebble" in report


def test_its_table_plays_its_statistics_page_counts_it_and_its_record_replays(fifth, app, data_dir,
                                                                               monkeypatch):
    from scenes.config import GameConfig, Seat
    from scenes.replay.viewer import open_stored
    app.stack.push(app.make("title"))
    config = GameConfig([Seat("Ada"), Seat("Bo")], seed=3, game=GAME)
    # its own defaults (no rules, no match target), none of another game's
    assert config.scene == GAME and config.rules is None and config.target is None
    table = app.stack.push(app.make(GAME, config=config))
    frames(app, 2)
    assert app.stack.top is table and table.state.left == PILE
    while not table.state.is_over():
        table.play(table.state.legal_actions()[0])
        frames(app, 1)
    assert table.state.left == 0
    app.stack.replace(app.make("title"))
    stored = app.store.games.finish(None, played(2))
    page = app.stack.push(app.make("stats", player="Ada"))
    assert GAME in page.game_c.options
    page.game_c.set(GAME)
    page.refigure()
    said = spy_texts(monkeypatch)
    frames(app, 1)
    words = [t for t, _rect in said]
    assert page.page["games"] >= 1 and "Games" in words and "By number of players" in words
    assert "Last pebbles taken" in words and page.page["last_pebbles"] == page.page["wins"]
    app.stack.pop()
    viewer = open_stored(app, stored)
    assert viewer is not None and app.stack.top is viewer and viewer.game == GAME
    frames(app, 1)
    viewer.home()
    frames(app, 1)
    assert viewer.cursor == 0 and viewer.state.left == PILE
    viewer.end()
    frames(app, 1)
    assert viewer.state.is_over()


def test_setup_history_and_statistics_show_it(fifth, app, data_dir, monkeypatch):
    app.store.games.finish(None, played(1))
    setup = app.stack.push(app.make("setup"))
    assert GAME in setup.game.options
    setup.game.set(GAME)
    setup._game_changed()
    setup.players.set(2)
    setup.layout()
    said = spy_texts(monkeypatch)
    frames(app, 1)
    assert "Two players take turns." in [t for t, _rect in said] and setup.players.options == [2, 3]
    config = setup.config()
    assert (config.game, config.scene, len(config.seats)) == (GAME, GAME, setup.players.value)
    app.stack.replace(app.make("title"))
    listing = app.stack.push(app.make("history"))
    assert GAME in listing.game_c.options
    [entry] = listing.shown
    assert entry.game == GAME and listing.cells(entry)[1] == "Pebbles"
    page = app.stack.push(app.make("stats", player="Ada"))
    page.game_c.set(GAME)
    page.refigure()
    said.clear()
    frames(app, 1)
    assert page.page["games"] == 1 and "Games" in [t for t, _rect in said]


def test_its_own_table_is_kept_in_the_players_data(fifth, data_dir):
    db = store()
    try:
        assert db.bests.read(GAME) == {} and not db.problems
        assert db.bests.keep(GAME, "4", 3, False)[0] == {"best": 3, "unassisted_best": 3}
        db.bests.keep(GAME, "4", 5, True)
    finally:
        db.close()
    db = store()  # opened again: its table is as the schema wants it, and what it keeps is there
    try:
        assert not db.problems and db.bests.read("cementopia") == {}
        assert db.bests.read(GAME) == {"4": {"best": 5, "unassisted_best": 3}}
    finally:
        db.close()
