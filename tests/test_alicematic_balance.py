"""The balance tool's colour specialists: a normal bot with a taste for one colour."""

from __future__ import annotations

import pytest

from game.alicematic.balance import Specialist, main, specialists
from game.alicematic.bots import NormalBot
from game.alicematic.content import COLOURS
from game.alicematic.record import new_session
from game.alicematic.setup import SUMMON


def _summon_choices(count: int = 3):
    """Decisions of a normal-bot game where summons of at least two colours are legal."""
    session = new_session(7, [{"name": f"p{i}", "seat": "normal"} for i in range(3)],
                          snapshots=False)
    state, bots, found = session.state, [NormalBot(seed=i) for i in range(3)], []
    while not state.is_over() and len(found) < count:
        player = state.current_player()
        view, legal = state.view(player), state.legal_actions()
        colours = {view.cards[a.card].colour for a in legal if a.kind == SUMMON}
        if len(colours) >= 2:
            found.append((view, legal, colours))
        state.apply(bots[player].decide(view, legal))
    assert found
    return found


def test_a_specialist_summons_its_colour_when_it_can():
    for view, legal, colours in _summon_choices():
        for colour in colours:
            action = Specialist(colour, 100.0, seed=1).decide(view, legal)
            assert action.kind == SUMMON and view.cards[action.card].colour == colour


def test_without_a_bonus_the_specialist_plays_as_normal():
    for view, legal, colours in _summon_choices():
        plain = NormalBot(seed=4).decide(view, legal)
        assert Specialist(sorted(colours)[0], 0.0, seed=4).decide(view, legal) == plain


def test_every_colour_is_measured_on_the_same_deals():
    """With no bonus a specialist is a plain normal bot: then every colour's share is the same,
    which holds only if every colour played the same deals and seats."""
    shares = specialists(3, 6, seed=3, bonus=0.0)["specialist_win_share"]
    assert list(shares) == list(COLOURS) and len(set(shares.values())) == 1



def test_the_tool_refuses_bad_counts_and_bonuses_in_one_line(capsys):
    for args in (["--games", "0"], ["--specialists", "nan"], ["--specialists", "inf"],
                 ["--specialists", "-1"], ["--games", "9" * 30]):
        with pytest.raises(SystemExit) as stop:
            main(["--players", "3", *args])
        assert stop.value.code == 2
        assert "error: argument" in capsys.readouterr().err.strip().splitlines()[-1]
