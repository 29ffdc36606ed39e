"""Names at the largest text size in the smallest window (issue 41, item 16): the turn chips keep
whole names, dropping the bench numbers (the bench cards show them) before they cut a name; in a
two-player game (two dolls each) a player's neighbouring dolls share the name on joined chips, or
the chips say initials and doll letters, before any name is cut with an ellipsis."""

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
        chips = spy_chips(monkeypatch)  # the words of the chips drawn last
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


def spy_chips(monkeypatch) -> list:
    """The words of the turn chips drawn last."""
    chips: list = []
    render, turn_chips = ui.render, draw.turn_chips

    def spied(*args):
        chips.clear()
        monkeypatch.setattr(ui, "render", lambda string, *a, **k: chips.append(string) or render(string, *a, **k))
        try:
            made, fits, joined = turn_chips(*args)
        finally:
            monkeypatch.setattr(ui, "render", render)
        del chips[:-len(made)]
        return made, fits, joined
    monkeypatch.setattr(draw, "turn_chips", spied)
    return chips


def test_two_players_turn_chips_say_who_and_which_doll_at_larger_text_in_640x360(app, monkeypatch):
    """Two players, four dolls: "Br\u2026 Br\u2026 Ada Ada" told nobody which doll went when. At the
    largest text in the smallest window every chip still says whose doll and which (whole name
    or initials, and the doll letter), no name is cut with an ellipsis, and each chip's tooltip
    says the player's whole name and the doll."""
    names = ["Ada", "Bramble"]
    table = TableScene(app, GameConfig([Seat(n, "human", i) for i, n in enumerate(names)], Rules(), 5))
    app.stack.push(table)
    ui.set_text_size("larger")
    try:
        resize(app, (640, 360))
        chips = spy_chips(monkeypatch)
        seen = set()
        for _ in range(14):  # the draft, then rounds with bench numbers
            frames(app, 1)
            order = table.state.turn_order()
            shown = list(chips)
            assert len(shown) == len(order) == len(table.turn_chip_rects)
            assert not any("\u2026" in words for words in shown), shown
            owners = [table.state.owners[lane] for lane in order]
            for k, (words, lane) in enumerate(zip(shown, order)):
                letter = "AB"[[i for i, o in enumerate(table.state.owners) if o == owners[k]].index(lane)]
                name = names[owners[k]]
                parts = words.split()
                if parts[0] == letter:  # a joined chip: the player's next doll, the name on the last
                    assert k and owners[k - 1] == owners[k], shown
                else:  # whose doll (the whole name or its first letters), which, or its bench card
                    assert parts[0] in (name, name[:2]), shown
                    assert len(parts) == 1 or parts[1] == letter or parts[1].isdigit(), shown
                seen.add(words)
                tip = table.tips.at(table.turn_chip_rects[k].center)
                assert tip and name in tip and f"doll {letter}" in tip, tip
            rects = table.turn_chip_rects
            assert all(a.right <= b.left for a, b in zip(rects, rects[1:]))
            assert all(app.screen.get_rect().contains(r) for r in rects)
            table.play(table.state.legal_actions()[0])
        assert any(w.endswith((" A", " B")) for w in seen), seen  # the doll letters, not "Br\u2026 Br\u2026"
    finally:
        ui.set_text_size("normal")
