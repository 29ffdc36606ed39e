"""Issue 43: the learned evaluation. Its features read one seat's view only (shuffling the hidden
cards changes nothing), the shipped weights give reproducible decisions, the playout cut-off
stops where it says and goes on as if it had not stopped, and training lowers the loss."""

import json
import random

import numpy as np
import pytest

from game.assemble import AssembleState, Setup
from game.assemble import learn, search, value
from game.assemble.learned import NetHardBot
from game.core.paths import asset

ITERATIONS = 24


def played(seed: int, players: int, moves: int) -> AssembleState:
    state = AssembleState.new(seed, players)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


def with_hidden_shuffled(state: AssembleState, seed: int) -> AssembleState:
    """The same position with the unseen cards (deck and set-aside) dealt in another order."""
    setup = state.setup
    seen = list(setup.deck[:state.deck_pos])
    hidden = list(setup.deck[state.deck_pos:]) + list(setup.set_aside)
    random.Random(seed).shuffle(hidden)
    left = len(setup.deck) - state.deck_pos
    other = state.clone()
    other.setup = Setup(setup.players, tuple(seen + hidden[:left]), tuple(hidden[left:]),
                        setup.owners, setup.counters)
    return other


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shuffling_the_hidden_cards_changes_no_feature(players):
    checked = 0
    for seed in range(6):
        for moves in (0, 5, 17, 30, 44):
            state = played(seed, players, moves)
            if state.is_over():
                continue
            player = state.current_player()
            other = with_hidden_shuffled(state, seed + 100)
            assert other.setup.deck != state.setup.deck or state.deck_count < 2
            a, b = value.dense(state, player), value.dense(other, player)
            assert np.array_equal(a, b)
            checked += 1
    assert checked > 20


def test_the_features_see_what_the_seat_sees():
    """Not a constant: a card moving from the field to a bench shows."""
    state = played(3, 4, 9)
    before = value.dense(state, 0)
    state.apply_unchecked(state.legal_actions()[0])
    assert not np.array_equal(before, value.dense(state, 0))


def test_the_decision_with_the_network_ignores_the_hidden_cards():
    state = played(8, 3, 14)
    player = state.current_player()
    other = with_hidden_shuffled(state, 5)
    choices = [NetHardBot(seed=4, iterations=ITERATIONS).decide(s.view(player), s.legal_actions())
               for s in (state, other)]
    assert choices[0] == choices[1]


def test_decisions_with_the_shipped_weights_are_reproducible():
    for seed, moves in ((1, 4), (2, 12), (3, 25)):
        state = played(seed, 4, moves)
        player = state.current_player()
        legal = state.legal_actions()
        first = NetHardBot(seed=9, iterations=ITERATIONS).decide(state.view(player), legal)
        again = NetHardBot(seed=9, iterations=ITERATIONS).decide(state.view(player), legal)
        assert first == again and first in legal


def test_the_shipped_weights_are_small_and_say_how_they_were_made():
    weights = asset(*value.WEIGHTS_FILE)
    assert weights.stat().st_size < 300_000
    manifest = json.loads(asset("learned", "manifest.json").read_text(encoding="utf-8"))
    for key in ("training_games", "seed", "commit", "figures"):
        assert manifest[key] not in (None, "", {})
    net = value.shipped()
    assert net.w1.shape == (value.SIZE, value.HIDDEN)


def test_predictions_are_shares_and_points_for_each_seat():
    net = value.shipped()
    state = played(4, 3, 20)
    shares, points = net.predict(state, 1)
    assert len(shares) == 3 and len(points) == 3
    assert abs(sum(shares) - 1) < 1e-9 and all(0 <= s <= 1 for s in shares)
    assert net.win_share(state, 1) == pytest.approx(shares[0])


def test_pure_python_gives_the_numpy_figures():
    net = value.shipped()
    pure = value.PurePython(net)
    for moves in (3, 20, 40):
        state = played(6, 4, moves)
        assert pure.win_share(state, 2) == pytest.approx(net.win_share(state, 2), abs=1e-9)


@pytest.mark.parametrize("until", [1, 2, 4])
def test_a_playout_cut_off_stops_as_the_round_starts_and_goes_on_unchanged(until):
    for seed in range(4):
        start = played(seed, 4, 2)
        straight = start.clone()
        search.smart_playout(straight)
        cut = start.clone()
        search.smart_playout(cut, until=until)
        assert cut.round == until and cut.phase == "place" and not cut.is_over()
        search.smart_playout(cut)
        assert cut == straight


def test_the_early_trial_judges_only_at_the_early_cut_offs():
    """hard-net-early: the network judges at rounds 2 and 3 only; a search from later plays
    every game out, in its own tree and in a helper's."""
    from game.assemble.learned import NetHardBotEarly
    asked = []

    class Counting:
        def win_share(self, state, player):
            asked.append(state.round)
            return 0.5

    for moves, cut in ((0, True), (9, True), (12, False), (30, False)):  # rounds 0, 1, 2, 4
        state = played(5, 4, moves)
        while len(state.legal_actions()) < 2:
            state.apply_unchecked(state.legal_actions()[0])
        bot = NetHardBotEarly(seed=2, iterations=40, net=Counting())
        view = state.view(state.current_player())
        asked.clear()
        assert bot.decide(view, state.legal_actions()) in state.legal_actions()
        assert bool(asked) == cut and all(r <= NetHardBotEarly.LAST_CUT for r in asked)
        assert bot.part_horizon(view) == (NetHardBotEarly.HORIZON if cut else None)


def test_a_few_seconds_of_training_lower_the_loss():
    games = [learn.play_game(learn._game_seed(1, "test", i)) for i in range(8)]
    data = learn.pack(games)
    rows = np.arange(len(data["win"]))
    weights = learn.init_weights(2)
    before = learn.evaluate(weights, data, rows)["loss"]
    learn.train(weights, learn.Adam(weights, lr=3e-3), data, rows, 4, 2, "test")
    after = learn.evaluate(weights, data, rows)["loss"]
    assert after < 0.7 * before


def test_each_decision_is_learned_from_every_seat_and_two_workers_play_the_same_games(tmp_path):
    """The search asks the network about positions where another seat is to move: each decision
    is a training position from every seat's view, not only the mover's."""
    game = learn.play_game(learn._game_seed(3, "test", 0))
    n = game["players"]
    assert game["observers"] == list(range(n)) * (len(game["rows"]) // n)
    assert game["rows"][0] != game["rows"][1]  # each seat's own view
    for workers in (1, 2):
        learn.generate(tmp_path / str(workers), "bots", 4, 5, chunk=2, workers=workers)
    for chunk in ("chunk-0000.npz", "chunk-0001.npz"):
        one, two = np.load(tmp_path / "1" / "bots" / chunk), np.load(tmp_path / "2" / "bots" / chunk)
        assert all(np.array_equal(one[key], two[key]) for key in one.files)


def test_the_ladder_seats_the_trial_level_and_the_offered_levels_stay_as_they_were():
    from game.assemble.bots import LEVELS
    from game.tools.ladder import Pairing, play_game
    share, _, calls, line = play_game((Pairing.parse("hard-net-vs-easy@2"), 1, None, 4, 7))
    assert line["levels"] in (["hard-net", "easy"], ["easy", "hard-net"])
    assert calls > 5 and share in (0.0, 0.5, 1.0)
    assert "hard-net" not in LEVELS  # not offered in the app until the ladder shows it helps


def test_training_resumes_after_a_stop_and_is_seeded(tmp_path, capsys):
    args = ["--out", str(tmp_path), "--bot-games", "4", "--self-games", "2", "--chunk", "2",
            "--epochs", "1", "--seed", "5", "--policy-games", "4"]
    assert learn.main(args) == 0
    first = np.load(tmp_path / "weights.npz")["w1"]
    kept = np.load(tmp_path / "bots" / "chunk-0001.npz")["values"]
    (tmp_path / "bots" / "chunk-0001.npz").unlink()  # a stop in the middle of the games
    assert learn.main(args) == 0
    out = capsys.readouterr().out
    assert "resuming: stage self, epoch 1" in out
    assert np.array_equal(np.load(tmp_path / "bots" / "chunk-0001.npz")["values"], kept)
    assert np.array_equal(np.load(tmp_path / "weights.npz")["w1"], first)  # nothing retrained


def test_the_ladder_can_count_think_time_in_cpu_seconds(tmp_path, monkeypatch, capsys):
    import time
    from game.tools import ladder
    monkeypatch.setattr(search, "CLOCK", [time.perf_counter])  # the run switches it
    with pytest.raises(SystemExit):
        ladder.main(["--cpu-time", "--helpers", "1", "--workers", "1"])
    assert "leave out --helpers" in capsys.readouterr().err
    results = tmp_path / "games.jsonl"
    assert ladder.main(["--cpu-time", "--workers", "1", "--games", "2", "--think", "0.02",
                        "--pairings", "hard-vs-easy@2", "--results", str(results)]) == 0
    assert "think in CPU time" in capsys.readouterr().out
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(lines) == 2 and all(line["cpu_time"] for line in lines)
    assert search.CLOCK[0] is time.process_time
