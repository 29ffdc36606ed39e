"""play_out, selfplay's loop: views only for bots that read them, every action still checked
unless it is one of the legal actions itself, listeners still told."""

import pytest

from game.assemble.record import new_session
from game.assemble.setup import Action
from game.bots import RandomBot
from game.core.errors import IllegalAction
from game.services.play import play_out

PLAYERS = [{"name": f"P{i + 1}", "seat": "random"} for i in range(4)]


class Watching(RandomBot):
    needs_view = True

    def __init__(self, seed):
        super().__init__(seed)
        self.views = []

    def decide(self, view, legal):
        self.views.append(view)
        return super().decide(view, legal)


class Blind(Watching):
    needs_view = False


class Copying(RandomBot):
    """Returns an equal action of its own making, not the element of `legal`."""

    def __init__(self, seed, make):
        super().__init__(seed)
        self.make = make

    def decide(self, view, legal):
        return self.make(*super().decide(view, legal))


def test_views_go_only_to_bots_that_read_them():
    session = new_session(3, PLAYERS, snapshots=False)
    bots = {0: Watching(0), 1: Blind(1), 2: Watching(2), 3: Blind(3)}
    play_out(session, bots)
    assert session.state.is_over()
    for player in (0, 2):
        views = bots[player].views
        assert views and all(v is not None and v.player == player for v in views)
    for player in (1, 3):
        assert bots[player].views and all(v is None for v in bots[player].views)


def test_an_equal_action_is_checked_and_a_plain_tuple_refused():
    fresh = new_session(3, PLAYERS, snapshots=False)
    play_out(fresh, {i: Copying(i, Action) for i in range(4)})
    same = new_session(3, PLAYERS, snapshots=False)
    play_out(same, {i: RandomBot(i) for i in range(4)})
    assert fresh.history.actions == same.history.actions and fresh.state.is_over()

    session = new_session(3, PLAYERS, snapshots=False)
    with pytest.raises(IllegalAction, match="not an Alice Assemble action"):
        play_out(session, {i: Copying(i, lambda *a: tuple(a)) for i in range(4)})
    assert len(session.history) == 0


def test_listeners_hear_every_action():
    session = new_session(3, PLAYERS)
    heard = []
    session.listen(lambda s, outcome: heard.append(outcome.message))
    play_out(session, {i: RandomBot(i) for i in range(4)})
    assert len(heard) == len(session.history) > 0
    assert heard[0] == f"played {session.history.actions[0]}"
