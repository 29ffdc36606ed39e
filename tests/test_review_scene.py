"""The review screen (issue 42): reached from History, the review runs in the background with its
progress and Cancel, is kept with the game and opens at once the next time; the largest mistakes
jump to the position before them, where the better move is shown and said in the hint's words."""

from __future__ import annotations

import random

import pygame
import pytest

from game.core import records, registry
from game.core.i18n import set_language
from game.review import reviewable
from scenes.replay.review import ReviewScene, open_review, open_stored_review
from tests.ui_helpers import click, frames, key, spy_texts
from tests.waiting import until

PLAYERS = [{"name": "Ada", "seat": "human"}, {"name": "Bo", "seat": "easy"},
           {"name": "Cy", "seat": "normal"}]


def make_record(game: str) -> dict:
    """A finished game whose human plays at random (mistakes to find)."""
    module = registry.game_module(game)
    info = registry.info(game)
    players = PLAYERS[:min(info.default_players, len(PLAYERS))] if not info.solo else []
    session = module.new_session(5, players) if players else module.new_session(5)
    rng = random.Random(3)
    while not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    return records.record_of(session)


@pytest.fixture(autouse=True)
def small_search(monkeypatch):
    monkeypatch.setattr(ReviewScene, "iterations", 4)


def finished(app, scene) -> None:
    until(lambda: (frames(app, 1), scene.review is not None or scene.problem)[1], "the review")
    assert scene.review is not None, scene.problem


REVIEWED = [g for g in registry.ids() if reviewable(g)]


@pytest.mark.parametrize("game", REVIEWED)
def test_a_review_runs_in_the_background_and_lists_its_mistakes(app, game, monkeypatch):
    record = make_record(game)
    drawn = spy_texts(monkeypatch)
    scene = open_review(app, record)
    assert app.stack.top is scene and scene.job is not None
    frames(app, 2)
    words = [string for string, _rect in drawn]
    assert any(w.startswith("Reviewing") for w in words)  # the progress, drawn at once
    finished(app, scene)
    frames(app, 2)
    assert len(scene.chips) == len(scene.review.largest(5, scene.measure)) <= 5
    if scene.chips:  # a click on the costliest jumps to the position before it
        target = scene.review.largest(5, scene.measure)[0]
        click(app, scene.chips[0].rect.center)
        assert scene.cursor == target.index
        drawn.clear()
        frames(app, 1)
        words = [string for string, _rect in drawn]
        assert any(w.startswith("Played:") for w in words), ([w for w in words if "pts" in w or "lay" in w], scene.review_box)
        assert any(w.startswith("Better:") for w in words) or target.played == target.best


def test_cancel_stops_the_review_and_keeps_nothing(app, data_dir):
    record = make_record("assemble")
    game_id = app.store.games.finish(None, record)
    scene = open_stored_review(app, game_id)
    assert scene.job is not None
    job = scene.job
    key(app, pygame.K_ESCAPE)  # Esc cancels the review first, the screen stays
    assert scene.job is None and not job.running and app.stack.top is scene
    assert scene.problem == "Review cancelled."
    assert app.store.reviews.read(game_id, 0) is None


def test_a_finished_review_is_kept_and_opens_at_once(app, data_dir):
    record = make_record("assemble")
    game_id = app.store.games.finish(None, record)
    scene = open_stored_review(app, game_id)
    finished(app, scene)
    frames(app, 1)
    kept = app.store.reviews.read(game_id, 0)
    assert kept is not None and kept["decisions"] == scene.review.to_json()["decisions"]
    app.stack.pop()
    again = open_stored_review(app, game_id)
    assert again.job is None and again.review is not None  # no search: read back
    assert again.review.to_json() == scene.review.to_json()


def test_history_reviews_the_chosen_game_and_shows_its_summary(app, data_dir, monkeypatch):
    record = make_record("assemble")
    game_id = app.store.games.finish(None, record)
    history = app.make("history")
    app.stack.push(history)
    frames(app, 1)
    history.rows.index = 0
    key(app, pygame.K_r)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.game_id == game_id
    finished(app, scene)
    frames(app, 1)
    app.stack.pop()
    drawn = spy_texts(monkeypatch)
    frames(app, 1)
    summary = scene.review.mean_loss_points
    assert any(w.startswith(f"-{summary:.1f} pts/move") for w, _rect in drawn)  # the row's tag
    [line] = [w for w, rect in drawn if " review: " in w and rect is not None]  # the chosen
    # game's, whole (drawn, not only measured)
    assert line.startswith("Ada's review: ") and f"-{summary:.1f} pts/move" in line
    for size, n in scene.review.mistakes().items():  # the mistakes by size beside the mean
        plural = "inaccuracies" if size == "inaccuracy" else size + "s"
        assert (f"{n} {size if n == 1 else plural}" in line) == (n > 0), (line, size, n)
    assert sum(scene.review.mistakes().values()) > 0  # (so the sizes were there to say)


def test_the_measure_switches_and_japanese_words(app):
    record = make_record("assemble")
    scene = open_review(app, record)
    finished(app, scene)
    assert scene.measure == "points"
    key(app, pygame.K_m)
    assert scene.measure == "win"
    try:
        set_language("ja")
        frames(app, 1)
        assert scene.measure_b.label == "Win share"  # drawn through the catalogue: 勝率
    finally:
        set_language("en")


def test_statistics_chart_the_reviews_over_time(app, data_dir, monkeypatch):
    from game.storage.kept_reviews import review_and_keep
    ids = []
    for seed in (1, 2, 3):
        record = make_record("assemble")
        record["seed"] = seed  # three games (the same moves: one fingerprint each by its seed)
        game_id = app.store.games.finish(None, dict(record, finished_at=f"2026-11-0{seed}T10:00:00Z"))
        review_and_keep(app.store, game_id, record, 0, iterations=2)
        ids.append(game_id)
    drawn = spy_texts(monkeypatch)
    stats = app.make("stats", player="Ada")
    app.stack.push(stats)
    frames(app, 1)
    assert "reviews" in stats.charts  # the chart of points lost per decision, game after game
    words = [w for w, _rect in drawn]
    assert "Games reviewed" in words and "Points lost per decision" in words
    assert len(stats.reviews()) == 3
    assert [when for when, _loss in stats.reviews()] == sorted(w for w, _l in stats.reviews())


# --- from each game's results -----------------------------------------------------------------

def test_the_assemble_results_offer_review(app, data_dir):
    from scenes.assemble.scoring import ScoringScene
    from scenes.config import GameConfig, Seat
    record = make_record("assemble")
    session = records.replay(record)
    config = GameConfig([Seat("Ada"), Seat("Bo", "easy", 1), Seat("Cy", "normal", 2)], None, 5,
                        "assemble")
    scoring = ScoringScene(app, session, config, game_id=app.store.games.finish(None, record))
    app.stack.push(scoring)
    scoring.skip()
    frames(app, 2)
    click(app, scoring.review_btn.rect.center)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.seat == 0 and scene.game_id == scoring.game_id


def test_the_cementopia_end_offers_review(app, data_dir):
    from scenes.cementopia.end import CementopiaEndScene
    record = make_record("cementopia")
    end = CementopiaEndScene(app, records.replay(record))
    app.stack.push(end)
    frames(app, 2)
    assert end.review_b.rect.w > 0
    click(app, end.review_b.rect.center)
    assert isinstance(app.stack.top, ReviewScene)


def test_the_grayblock_match_end_offers_review(app, data_dir):
    from game.grayblock.setup import Rules
    from scenes.config import GameConfig, Seat
    from tests.test_grayblock_scene import open_table, play_match_through
    config = GameConfig([Seat("Ada", "human", 0), Seat("Bo", "human", 1)], Rules(), 5, "grayblock", 10)
    table = open_table(app, config)
    play_match_through(app, table)
    assert table.review_b in table.ring.widgets
    click(app, table.review_b.rect.center)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.game == "grayblock"


def test_the_player_reviewed_can_be_changed(app, data_dir):
    record = make_record("assemble")
    game_id = app.store.games.finish(None, record)
    scene = open_stored_review(app, game_id)
    assert scene.seat == 0  # the human by default
    finished(app, scene)
    frames(app, 1)
    click(app, scene.player_b.rect.center)  # Bo's review next
    assert scene.seat == 1 and scene.review is None and scene.job is not None
    finished(app, scene)
    assert app.store.reviews.read(game_id, 1) is not None and app.store.reviews.read(game_id, 0) is not None
    key(app, pygame.K_p)
    key(app, pygame.K_p)  # round to Ada again: read back at once
    assert scene.seat == 0 and scene.job is None and scene.review is not None


# --- the screen to learn from (issue 57, item 4) ------------------------------------------------

def test_the_chart_has_its_axes_a_legend_and_a_readout_under_the_pointer(app, monkeypatch):
    from tests.ui_helpers import move
    record = make_record("assemble")
    scene = open_review(app, record)
    finished(app, scene)
    drawn = spy_texts(monkeypatch)
    frames(app, 1)
    words = {string for string, rect in drawn if rect is not None}
    assert {"move played", "best move", "expected points"} <= words  # the legend
    moves = len(record["actions"])
    assert {"10", "20"} <= words and str(moves + 10) not in words  # move numbers along it
    d = scene.review.decisions[len(scene.review.decisions) // 2]
    x = scene.plot_area(scene.strip, 1.0).x + scene.plot_area(scene.strip, 1.0).w * d.index / scene.total
    drawn.clear()
    move(app, (round(x), scene.strip.centery))
    frames(app, 1)
    said = [string for string, rect in drawn if rect is not None and ": played " in string]
    assert said and said[0].startswith(f"Move {d.index + 1}: played ")


def test_switching_players_shows_a_finished_review_at_once(app):
    record = make_record("assemble")
    scene = open_review(app, record)
    finished(app, scene)
    first, seat = scene.review, scene.seat
    key(app, pygame.K_p)  # the next player's: worked out now
    assert scene.seat != seat and scene.review is None and scene.job is not None
    key(app, pygame.K_p)  # on to the third while the second's goes on
    key(app, pygame.K_p)  # and back: the first player's, at once
    assert scene.seat == seat and scene.review is first and scene.job is None
    until(lambda: (frames(app, 1), not scene.jobs)[1], "the other reviews")
    key(app, pygame.K_p)
    assert scene.review is not None and scene.job is None  # finished meanwhile, shown at once


def test_a_mistake_says_what_the_move_played_was_for_and_what_it_cost(app):
    """Issue 57, item 4: the better move's reason is set against the played move's own ("it
    raised your capacity"), and where the two pull apart, in points: now against later."""
    from game.review import judge_module
    record = make_record("assemble")
    scene = open_review(app, record)
    finished(app, scene)
    judge = judge_module("assemble")
    traded = 0
    for d in scene.review.decisions:
        if d.played == d.best:
            continue
        scene.jump(d.index)
        lines = [text for text, _colour in scene.words_at(d)]
        played, best = scene.action_of(d.played), scene.action_of(d.best)
        assert lines[1].startswith("Better: ")
        assert lines[-1] == judge.words(scene.state, scene.seat, played)  # what it was for
        now = []
        for action in (best, played):
            after = scene.state.clone()
            after.apply(action)
            now.append(after.scores()[scene.seat])
        lead = now[0] - now[1]
        from scenes.replay.review import points_figure
        if lead >= 1 and lead - d.loss_points >= 0.5:
            traded += 1
            assert lines[2].startswith(f"The better move scores {lead} more now")
        elif lead <= -1 and d.loss_points - lead >= 0.5:  # points now, more lost later
            traded += 1
            assert lines[2] == (f"The move played scores {-lead} more now, but the better one is "
                                f"worth about {points_figure(d.loss_points - lead)} more later.")
        else:
            assert len(lines) == 3
        if lead >= 3:  # had the move played been worth 2 points more later, the trade is said
            import dataclasses
            cheaper = dataclasses.replace(d, loss_points=lead - 2)
            assert scene.words_at(cheaper)[2][0] == (
                f"The better move scores {lead} more now, against about 2 more later for the "
                "move played.")
            traded += 1
    assert traded
