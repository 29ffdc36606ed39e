"""Alice Assemble's own figures of a player (game.services.stats.Extra): a tie shares the win, so the
wins that were shared are counted too."""

from __future__ import annotations

from typing import Any

from ..storage.history import Entry
from ..services.stats import Extra as Base


class Extra(Base):
    after = "win_share"

    def __init__(self) -> None:
        self.shared = 0

    def add(self, entry: Entry, seat: int, won: bool) -> None:
        self.shared += won and len(entry.winners) > 1

    def json(self) -> dict[str, Any]:
        return {"shared_wins": self.shared}
