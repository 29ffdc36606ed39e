"""Builders for hand-made Alice Assemble positions."""

from game.assemble import AssembleState, Rules, Setup


def setup_with(first, counters, players=4, set_aside=()):
    """A deal whose deck starts with `first` (then every other card in index order)."""
    owners = (0, 0, 1, 1) if players == 2 else tuple(range(players))
    rest = tuple(c for c in range(32) if c not in first and c not in set_aside)
    return Setup(players, tuple(first) + rest, tuple(set_aside), owners, tuple(counters))


def finished(players, lines, capacities, rules=Rules()):
    """A game-over position with the given lines and capacities (cards need not be a real deal)."""
    n = len(lines)
    state = AssembleState.start(Setup.deal(0, players), rules)
    state.lines = [list(line) for line in lines]
    state.capacity = list(capacities)
    state.bench = [None] * n
    state.field = []
    state.deck_pos = len(state.setup.deck)
    state.phase = "over"
    return state


def take(state, card):
    state.apply(next(a for a in state.legal_actions() if a.kind == "take" and a.value == card))


def place(state, pos):
    state.apply(next(a for a in state.legal_actions() if a.kind == "place" and a.value == pos))


def finished_record():
    """The record of a whole 2-player game (deal 2) of random moves."""
    import random
    from game.core import records
    from game.assemble.record import new_session
    s = new_session(2, [{"name": "A", "seat": "human"}, {"name": "B", "seat": "easy"}])
    rng = random.Random(1)
    while not s.state.is_over():
        s.play(rng.choice(s.state.legal_actions()))
    return records.record_of(s)
