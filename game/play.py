"""Playing a whole game with bots in every seat (selfplay, benchmarks, tests)."""

from __future__ import annotations

from .commands import Play, Session


def play_out(session: Session, bots: dict) -> None:
    """Let bots[player] choose every decision until the game is over. Bots see views only."""
    while not session.state.is_over():
        state = session.state
        player = state.current_player()
        action = bots[player].decide(state.view(player), state.legal_actions())
        session.do(Play(action))
