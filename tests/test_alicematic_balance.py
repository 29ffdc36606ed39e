"""The balance tool's colour specialists: a normal bot with a taste for one colour."""

from __future__ import annotations

import pytest

from game.alicematic.balance import Specialist, Taste, _played, card_effects, main, specialists
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


def test_a_card_avoider_never_summons_it_and_says_it_could_have():
    for view, legal, _colours in _summon_choices():
        names = {view.cards[a.card].name for a in legal if a.kind == SUMMON}
        for name in names:
            bot = Taste(lambda card, name=name: card.name == name, None, seed=2)
            action = bot.decide(view, legal)
            assert bot.met
            assert not (action.kind == SUMMON and view.cards[action.card].name == name)


def test_a_deal_where_the_card_never_came_within_reach_is_the_same_game_either_way():
    """card_effects plays a deal twice only when the taster could summon the card: otherwise
    the eager and the never game are equal move for move, which this checks by playing both."""
    checked = 0
    for index in range(4):
        ends, met = [], []
        for taste in (3.0, None):
            made: list = []

            def make(s, taste=taste):
                made.append(Taste(lambda card: card.name == "Jabberwock Alice", taste, seed=s))
                return made[-1]
            state = _played(50 + index, 3, "normal", (index % 3, make))
            ends.append(state.snapshot())
            met.append(made[0].met)
        assert met[0] == met[1]
        if not met[0]:
            assert ends[0] == ends[1]
            checked += 1
    assert checked  # some deal kept the card out of the taster's reach


def test_card_effects_lists_every_name_once_with_paired_figures():
    report = card_effects(3, 2, seed=5, bonus=3.0)
    cards = report["cards"]
    assert len(cards) == 45 and "Jabberwock Alice (red)" in cards
    effects = [c["effect"] for c in cards.values()]
    assert effects == sorted(effects, reverse=True)
    for figures in cards.values():
        assert 0 <= figures["met"] <= 2 and -1 <= figures["effect"] <= 1


def test_the_tool_refuses_bad_counts_and_bonuses_in_one_line(capsys):
    for args in (["--games", "0"], ["--specialists", "nan"], ["--specialists", "inf"],
                 ["--specialists", "-1"], ["--games", "9" * 30], ["--cards", "nan"],
                 ["--cards", "-3"]):
        with pytest.raises(SystemExit) as stop:
            main(["--players", "3", *args])
        assert stop.value.code == 2
        assert "error: argument" in capsys.readouterr().err.strip().splitlines()[-1]


def test_each_colours_girl_alice_is_its_own_card():
    """Girl Alice has one name in five colours: the report measures each colour apart (a taster
    for the green one does not summon the red one), and --only picks single cards."""
    report = card_effects(3, 3, seed=2, only=[("Girl Alice", "green"), ("Girl Alice", "red")])
    assert set(report["cards"]) == {"Girl Alice (green)", "Girl Alice (red)"}
    seen = set()
    for seed in range(40):
        session = new_session(seed, [{"name": f"p{i}", "seat": "normal"} for i in range(3)],
                              snapshots=False)
        state, bots = session.state, [NormalBot(seed=i) for i in range(3)]
        while not state.is_over():
            player = state.current_player()
            view, legal = state.view(player), state.legal_actions()
            girls = {view.cards[a.card].colour for a in legal
                     if a.kind == SUMMON and view.cards[a.card].name == "Girl Alice"}
            if girls:
                bot = Taste(lambda card: (card.name, card.colour) == ("Girl Alice", "green"),
                            None, seed=2)
                action = bot.decide(view, legal)
                assert not (action.kind == SUMMON and view.cards[action.card].name ==
                            "Girl Alice" and view.cards[action.card].colour == "green")
                assert bot.met == ("green" in girls)  # another colour's Girl Alice is not it
                seen.add("green" in girls)
            state.apply(bots[player].decide(view, legal))
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_only_names_a_card_as_the_report_does(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--cards", "3", "--only", "Shepherd Alice"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "no card 'Shepherd Alice'" in err and "(green)" in err
    with pytest.raises(SystemExit) as stop:
        main(["--only", "Shepherd Alice (green)"])
    assert stop.value.code == 2
    assert "--only goes with --cards" in capsys.readouterr().err
