"""A finished game's review as the app keeps it: worked out once, stored with the game
(game.storage's reviews), read back at once the next time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import RecordError
from ..review import Review, review

if TYPE_CHECKING:
    from .store import Store


def kept_review(store: Store, game_id: int, seat: int) -> Review | None:
    """The stored review of a game's player, if there is one of this version."""
    data = store.reviews.read(game_id, seat)
    if data is None:
        return None
    try:
        return Review.from_json(data)
    except RecordError:  # an older version, or an edited row: reviewed again
        return None


def review_and_keep(store: Store, game_id: int, record: dict[str, Any], seat: int,
                    **options: Any) -> Review:
    """The stored review, or a new one (review's options: iterations, progress, cancelled...)
    kept before it is returned."""
    found = kept_review(store, game_id, seat)
    if found is not None:
        return found
    result = review(record, seat, **options)
    store.reviews.keep(game_id, seat, result.to_json(), result.summary())
    return result
