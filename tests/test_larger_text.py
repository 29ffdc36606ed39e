"""No label disappears at the larger text sizes (issue 59, item 6): Cementopia's counters keep
saying how many pairs each pays for, shrunk to their room rather than dropped."""

import pytest

from scenes.config import GameConfig, Seat
from scenes.widgets import ui
from ui_helpers import frames, spy_texts


@pytest.mark.parametrize("size", ["normal", "large", "larger"])
def test_every_counter_says_its_pairs_at_every_text_size(app, monkeypatch, size):
    ui.set_text_size(size)
    try:
        table = app.make("cementopia", config=GameConfig([Seat("You")], None, 3, "cementopia"))
        app.stack.push(table)
        frames(app, 1)
        drawn = spy_texts(monkeypatch)
        frames(app, 1)
        shown = {string for string, rect in drawn if rect is not None}
        assert {"1 pair", "2 pairs", "3 pairs", "4 pairs"} <= shown
    finally:
        ui.set_text_size("normal")
