"""Figures worked out from every finished game (Statistics), kept until a finished game changes
(game.storage: the database's triggers count each change, whoever makes it)."""

from __future__ import annotations

import json
from typing import Any, Callable

from ..core.i18n import N_
from .connection import RECORD_BYTES, Connection, StoreError, _dump, _value


class Figures:
    """The figures table (`store.figures`)."""

    def __init__(self, db: Connection):
        self.db = db

    def get(self, key: str, make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """Figures worked out from every finished game (Statistics): kept under `key` until a
        finished game is added, changed or removed (the database's triggers count each change,
        whoever makes it), so that they are worked out once per change, not at every look.
        `make()` works them out; kept figures that cannot be read are worked out again, and
        figures that cannot be kept (a full disk, another program holding the data: not waited
        for) are only given."""
        def version_and_kept() -> tuple[Any, ...]:
            return self.db._read("SELECT (SELECT value FROM meta WHERE key = 'finished_version'), "
                                 "(SELECT value FROM figures WHERE key = ? AND version = "
                                 "(SELECT value FROM meta WHERE key = 'finished_version'))", (key,))[0]
        version, kept = self.db._run(N_("Could not read your finished games: {reason}"),
                                     version_and_kept)
        if kept is not None:
            try:
                found = _value(kept, RECORD_BYTES)
                if isinstance(found, dict):
                    return found
            except StoreError:
                pass  # edited behind the app's back: worked out again
        text = _dump(make())
        # as it will read back: the same figures either way
        value: dict[str, Any] = json.loads(text)
        if not isinstance(version, str) or not (version.isascii() and version.isdigit()) \
                or len(version) > 18:
            return value  # a counter that is not ours: nothing is kept against it

        def work() -> None:
            with self.db._write(wait=False) as c:
                c.execute("INSERT OR REPLACE INTO figures (key, version, value) VALUES (?, ?, ?)",
                          (key, int(version), text))
        try:
            self.db._run(N_("Could not save the game: {reason}"), work)
        except StoreError:
            pass  # worked out again next time
        return value
