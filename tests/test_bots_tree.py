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
    reused = 0
    for _ in range(10):
        _until_hard_decides(state, hard, normals)
        if state.is_over():
            break
        kept = hard.search.kept
        carried = kept[2].visits if kept else 0
        view = state.view(0)
        state.apply(hard.decide(view, state.legal_actions()))
        assert hard.search.playouts == ITER  # its own iterations, as many as ever
        assert hard.search.root.visits == carried + ITER
        reused += carried > 0
    assert reused >= 5  # most decisions start from a grown tree


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
