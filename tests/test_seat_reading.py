"""A bot's seat says how it plays, as its moves so far read (issue 57, item 3): "plays like:
greedy 80%" under its level line, from the public side only; no such line in games without a
reading, nor before the seat has made a few moves."""

import pygame
import pytest

from game.core import registry
from game.bots import moves_seen
from game.assemble import opponents
from scenes.assemble import draw
from scenes.assemble.table import TableScene
from scenes.config import GameConfig, Seat
from scenes.table.reading import SHOWN_AFTER, label_words
from ui_helpers import frames, resize, settle, wait_for

SEATS = [Seat("You", "human", 0), Seat("Greta", "easy", 1), Seat("Hal", "hard", 2)]


def drawn_texts(app, monkeypatch):
    """Every (string, rect) the Assemble table draws in one frame."""
    seen = []
    real = draw.ui.text

    def spy(surface, string, *args, **kw):
        r = real(surface, string, *args, **kw)
        seen.append((string, r, kw.get("max_width")))
        return r
    monkeypatch.setattr(draw.ui, "text", spy)
    app.draw()
    monkeypatch.setattr(draw.ui, "text", real)
    return seen


def open_table(app, seats=SEATS):
    table = TableScene(app, GameConfig(list(seats), seed=11, game="assemble"))
    app.stack.push(table)
    frames(app, 2)
    return table


def play_rounds(app, table, moves):
    """Play until `moves` moves stand in the history: the human its first legal move, the
    bots their own."""
    while len(table.session.history.actions) < moves:
        wait_for(app, lambda: table.can_act() or len(table.session.history.actions) >= moves)
        if len(table.session.history.actions) >= moves:
            break
        table.play(table.state.legal_actions()[0])
    settle(app, table)


def label_of(table, seat):
    read = opponents.read_seats([s.kind for s in table.config.seats],
                                moves_seen(table.session.history, table.viewer))
    return label_words(*read[seat])


def test_no_reading_before_a_seat_has_made_a_few_moves(app, monkeypatch):
    table = open_table(app)
    assert table.reading.seats() == {}
    texts = [s for s, _r, _w in drawn_texts(app, monkeypatch)]
    assert not any(s.startswith("plays like") for s in texts)


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_bot_seats_say_how_they_play_and_it_fits(app, monkeypatch, request, size, lang):
    if lang == "ja":
        request.getfixturevalue("ja")
    resize(app, size)
    table = open_table(app)
    play_rounds(app, table, 6 * len(SEATS))
    made = {p: 0 for p in range(len(SEATS))}
    for p, _v, _a in moves_seen(table.session.history, table.viewer):
        made[p] += 1
    assert all(made[p] >= SHOWN_AFTER for p in (1, 2))
    shown = table.reading.seats()
    assert set(shown) == {1, 2}  # the bots; never the viewer's own seat
    drawn = drawn_texts(app, monkeypatch)
    for seat in (1, 2):
        choices = label_of(table, seat)
        hits = [(s, r, w) for s, r, w in drawn if s in choices]
        assert hits, f"seat {seat}: {choices} not drawn"
        lane = table.state.owners.index(seat)
        box = pygame.Rect(*draw.frect(table.layout.lanes[lane].label).to_int()) \
            if hasattr(draw.frect(table.layout.lanes[lane].label), "to_int") \
            else pygame.Rect(draw.frect(table.layout.lanes[lane].label))
        for s, r, w in hits:
            # across: inside the panel; down: the wide one-line row (3 players, a small window)
            # is as tall as the smallest face, so only its middle is asked of the line
            assert box.left - 1 <= r.left and r.right <= box.right + 1, f"{s!r} {r} wider than {box}"
            assert box.top <= r.centery <= box.bottom, f"{s!r} {r} off its panel {box}"
        if lang == "ja":
            assert any("打ち筋" in s for s, _r, _w in hits)


def test_no_reading_in_games_without_one(app):
    games = [info for info in registry.GAMES if info.reading is None]
    assert games  # Grayblock and Cementopia have none
    for info in games:
        players = info.player_counts[0]
        seats = [Seat("You", "human", 0)] + [Seat(f"Bot {i}", "easy", i) for i in range(1, players)]
        config = GameConfig(seats, seed=5, game=info.id)
        table = app.make(config.scene, config=config)
        app.stack.push(table)
        frames(app, 2)
        for _ in range(8):  # a few moves in, the bots' and the human's
            frames(app, 20)
            if not table.state.is_over() and table.can_act():
                table.play(table.state.legal_actions()[0])
        assert table.session.history.actions, info.id
        frames(app, 2)
        assert table.reading.module is None and table.reading.seats() == {}, info.id
        app.stack.pop()
