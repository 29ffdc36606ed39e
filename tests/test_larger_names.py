"""Names at the largest text size in the smallest window (issue 41, item 16): the turn chips keep
whole names, dropping the bench numbers (the bench cards show them) before they cut a name."""

from __future__ import annotations

from game.assemble.setup import Rules
from scenes.assemble import draw
from scenes.assemble.table import TableScene
from scenes.config import GameConfig, Seat
from scenes.widgets import ui

from tests.ui_helpers import frames, resize


def test_turn_chips_keep_whole_names_at_larger_text_in_640x360(app, monkeypatch):
    names = ["Ada", "Bramble", "Cog", "Dot"]
    table = TableScene(app, GameConfig([Seat(n, "human", i) for i, n in enumerate(names)], Rules(), 5))
    app.stack.push(table)
    ui.set_text_size("larger")
    try:
        resize(app, (640, 360))
        chips: list = []  # the words of the chips drawn last
        render, turn_chips = ui.render, draw.turn_chips

        def spied(*args):
            chips.clear()
            monkeypatch.setattr(ui, "render",
                                lambda string, *a, **k: chips.append(string) or render(string, *a, **k))
            try:
                made, fits = turn_chips(*args)
            finally:
                monkeypatch.setattr(ui, "render", render)
            del chips[:-len(made)]
            return made, fits
        monkeypatch.setattr(draw, "turn_chips", spied)
        for _ in range(12):  # the draft, then a round with bench numbers
            table.play(table.state.legal_actions()[0])
        frames(app, 1)
        order = table.state.turn_order()
        shown = list(chips)
        assert all(b is not None for b in table.state.bench)
        assert shown == [names[table.state.owners[lane]] for lane in order], shown  # no "C\u2026 11"
        assert len(table.turn_chip_rects) == len(order)
    finally:
        ui.set_text_size("normal")
