"""Hard keeps the tree under the move it chose and starts its next decision from it (its nodes
are its own moves; the others' moves and new cards are guessed afresh in every iteration)."""

from __future__ import annotations

from game.assemble import AssembleState
from game.bots import make_bot
from game.bots import worker

ITER = 150


def _until_hard_decides(state, hard, normals, hard_player=0):
    """Play the normal bots (and hard's forced moves) until hard has a real choice."""
    while not state.is_over():
        player = state.current_player()
        legal = state.legal_actions()
        if player == hard_player and len(legal) > 1:
            return
        bot = hard if player == hard_player else normals[player]
        state.apply(bot.decide(state.view(player), legal))


def test_hard_builds_on_the_tree_of_its_last_move():
    state = AssembleState.new(5, 4)
    hard = make_bot("hard", "assemble", 1, iterations=ITER)
    normals = {p: make_bot("normal", "assemble", p) for p in range(1, 4)}
    reused = []
    for _ in range(10):
        _until_hard_decides(state, hard, normals)
        if state.is_over():
            break
        kept = hard.search.kept
        view = state.view(0)
        carried = kept[2].visits if kept and kept[1] == frozenset(view.unseen) else 0
        state.apply(hard.decide(view, state.legal_actions()))
        assert hard.search.playouts == ITER  # its own iterations, as many as ever
        assert hard.search.root.visits == carried + ITER
        reused.append((view.phase, carried > 0))
    # a take right after a searched placement (nothing new seen) starts from its subtree; a
    # placement comes after new cards and starts afresh (the old guesses dealt other cards)
    for (before, _), (phase, grown) in zip(reused, reused[1:]):
        assert grown == (phase == "take" and before == "place")
    assert sum(grown for _, grown in reused) >= 3


def test_a_tree_is_not_reused_in_another_game_or_after_an_undo():
    state = AssembleState.new(5, 4)
    hard = make_bot("hard", "assemble", 1, iterations=ITER)
    normals = {p: make_bot("normal", "assemble", p) for p in range(1, 4)}
    _until_hard_decides(state, hard, normals)
    before = state.clone()
    legal = state.legal_actions()
    chosen = hard.decide(state.view(0), legal)
    assert hard.search.kept is not None
    # undo: hard's move is taken back and another one played in its place
    other = next(a for a in legal if a != chosen)
    state = before
    state.apply(other)
    _until_hard_decides(state, hard, normals)
    hard.decide(state.view(0), state.legal_actions())
    assert hard.search.root.visits == ITER
    # a new game, with the tree of the old one kept
    fresh = AssembleState.new(6, 4)
    _until_hard_decides(fresh, hard, normals)
    hard.decide(fresh.view(0), fresh.legal_actions())
    assert hard.search.root.visits == ITER


def test_the_app_worker_keeps_hard_between_its_turns():
    worker._SEATED.clear()
    state = AssembleState.new(5, 4)
    normals = {p: make_bot("normal", "assemble", p) for p in range(1, 4)}
    seats = ["hard", "normal", "normal", "normal"]
    roots = []
    for turn in range(4):
        while state.current_player() != 0 or len(state.legal_actions()) < 2:
            player = state.current_player()
            legal = state.legal_actions()
            state.apply(legal[0] if player == 0 else normals[player].decide(state.view(player),
                                                                           legal))
        action = worker.decide_once("assemble", "hard", turn, 0.05, state.view(0),
                                    state.legal_actions(), seats)
        state.apply(action)
        (bot,) = worker._SEATED.values()
        roots.append(bot.search.root.visits - bot.search.playouts)
    assert roots[0] == 0 and max(roots[1:]) > 0


def test_the_search_plays_the_others_as_the_real_normal_bot_until_the_next_deal(monkeypatch):
    """Before new cards come up every guess agrees on what the others have seen: their moves
    are the real normal bot's, decided once per position for the whole search."""
    from game.assemble import search
    from game.assemble.bots import NormalBot
    state = AssembleState.new(5, 4)
    normals = {p: make_bot("normal", "assemble", p) for p in range(1, 4)}
    hard = make_bot("hard", "assemble", 1, iterations=ITER)
    for _ in range(3):
        _until_hard_decides(state, hard, normals)
        state.apply(hard.decide(state.view(0), state.legal_actions()))
    _until_hard_decides(state, hard, normals)
    calls: list = []
    real, near = NormalBot.decide, search.near_normal

    def spy(bot, view, legal):
        action = real(bot, view, legal)
        calls.append((view, action))
        return action
    monkeypatch.setattr(NormalBot, "decide", spy)
    dealt: list = []

    def counted(s, memo):
        dealt.append(s.deck_pos)
        return near(s, memo)
    monkeypatch.setattr(search, "near_normal", counted)
    hard.search.run(state.view(0), hard.candidates(state.view(0), state.legal_actions()), ITER)
    assert calls and len(dealt) > len(calls)  # many iterations, one decision per position
    assert set(dealt) == {state.deck_pos}  # never after new cards came up
    for view, action in calls:
        assert view.player != 0 and view.deck_count == state.deck_count
