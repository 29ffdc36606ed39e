"""Alicematic invariants over random games: cards and chits conserved, resources within their
supply, undo restores the exact state, views never hold another hand or the deck's order, and
selfplay writes records that verify (a tampered one does not)."""

import json

from hypothesis import given, settings, strategies as st

from game.services import cli
from game.alicematic.record import new_session
from game.alicematic.state import cards_in_play
from game.core.commands import Play, Undo
from game.core.errors import IllegalAction
from tests.sessions import pick

PLAYERS = st.sampled_from([3, 4, 5])
SEEDS = st.integers(0, 2**31 - 1)


def players(n):
    return [{"name": f"P{i + 1}", "seat": "random"} for i in range(n)]


def check(state):
    cards = list(cards_in_play(state))
    assert sorted(cards) == list(range(90))
    for p in range(state.n):
        assert state.supply[p] >= 0 and state.supply[p] + state.chits_on_map(p) == state.params.chits
    for i in range(3):
        assert state.pool[i] >= 0 and state.pool[i] + sum(r[i] for r in state.resources) == state.params.resource_pool
    for h, owners in state.holders.items():
        assert len(set(owners)) == len(owners) <= max(1, state.board.hexes[h].kind.city_size)
        assert h not in state.war


def check_view(state, player):
    view = state.view(player)
    assert view.hand == tuple(state.hands[player])
    assert not hasattr(view, "deck") and not hasattr(view, "hands")
    assert view.deck_size == len(state.deck) and view.hand_sizes == tuple(map(len, state.hands))
    for p, areas in enumerate(view.areas):
        for colour, area in enumerate(areas):
            for (card, up), (real, real_up) in zip(area, state.areas[p][colour]):
                assert up == real_up and card == (real if up or p == player else None)
    hidden = {c for p in range(state.n) if p != player for c in state.hands[p]} | set(state.deck)
    shown = set(view.hand) | set(view.discard) | {c for areas in view.areas for area in areas
                                                  for c, _up in area if c is not None}
    assert not hidden & shown


@settings(max_examples=12, deadline=None)
@given(PLAYERS, SEEDS, st.data())
def test_random_games_keep_cards_chits_and_resources(n, seed, data):
    state = new_session(seed, players(n), snapshots=False).state
    steps = 0
    while not state.is_over():
        legal = state.legal_actions()
        action = pick(data, legal) if steps < 40 else legal[steps % len(legal)]
        state.apply(action)
        check(state)
        steps += 1
    check_view(state, 0)
    assert state.round <= 14 and len(state.result().scores) == n


@settings(max_examples=15, deadline=None)
@given(PLAYERS, SEEDS, st.data())
def test_undo_restores_the_exact_state_and_views_hide_what_they_must(n, seed, data):
    session = new_session(seed, players(n))
    session.meta["undo"] = "free"
    for _ in range(data.draw(st.integers(1, 60))):
        state = session.state
        if state.is_over():
            break
        check_view(state, data.draw(st.integers(0, n - 1)))
        before = state.clone()
        action = pick(data, state.legal_actions())
        session.do(Play(action))
        after = session.state.clone()
        session.do(Undo())
        assert session.state == before
        session.do(Play(action))
        assert session.state == after


@settings(max_examples=10, deadline=None)
@given(PLAYERS, SEEDS)
def test_an_illegal_action_leaves_the_state_as_it_was(n, seed):
    state = new_session(seed, players(n), snapshots=False).state
    before = state.clone()
    try:
        state.apply(("not", "an", "action"))
    except IllegalAction:
        pass
    assert state == before


def test_selfplay_records_verify_and_a_changed_score_is_caught(capsys, tmp_path):
    for n in (3, 4, 5):
        seats = ["normal", "easy"] + ["random"] * (n - 2)
        args = ["selfplay", "--game", "alicematic", "--games", "2", "--seed", str(n),
                "--out", str(tmp_path / str(n))]
        for seat in seats:
            args += ["--seat", seat]
        assert cli.main(args) == 0
        summary = json.loads(capsys.readouterr().out)
        assert summary["players"] == n and sum(summary["wins"]) == 2
        files = sorted((tmp_path / str(n)).glob("*.json"))
        assert cli.main(["verify", *map(str, files)]) == 0
        assert json.loads(capsys.readouterr().out) == {"verified": 2}
    record = json.loads(files[0].read_text())
    record["result"]["scores"][0] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    assert cli.main(["verify", str(bad)]) == 1
    assert "scores" in capsys.readouterr().err


def test_the_external_bot_state_is_json_and_shows_no_hidden_card():
    state = new_session(4, players(3), snapshots=False).state
    for _ in range(6):  # the six bases
        state.apply(state.legal_actions()[0])
    data = json.loads(json.dumps(state.view(1).to_json()))
    assert data["hand"] == state.hands[1] and len(data["map"]) == 63
    assert "deck" not in data and "hands" not in data
