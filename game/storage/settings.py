"""The player's settings (game.storage), kept per key: another window's other settings stay."""

from __future__ import annotations

from typing import Any, Iterable

from ..core.i18n import N_
from ..core.messages import message
from .connection import Connection, StoreError, _dump, _value
from ..core.files import printable


class Settings:
    """The settings table (`store.settings`)."""

    def __init__(self, db: Connection):
        self.db = db

    def read(self) -> tuple[dict[str, Any], list[Any]]:
        """{key: value} as stored, and one line per value that could not be read (dropped)."""
        rows = self.db._run(N_("Could not read your settings: {reason}"),
                            lambda: self.db._read("SELECT key, value FROM settings"))
        out, problems = {}, []
        for key, text in rows:
            try:
                if not isinstance(key, str):
                    raise StoreError(message(N_("it is not a value this app wrote")))
                out[key] = _value(text)
            except StoreError as exc:
                problems.append(message(N_("Setting {name} could not be read ({reason}); using "
                                           "the default."), name=printable(str(key), 40),
                                        reason=exc.words))
        return out, problems

    def put(self, changed: dict[str, Any], removed: Iterable[str] = ()) -> None:
        """Keep these settings (only these keys: another window's other settings stay)."""
        texts = [(key, _dump(value)) for key, value in changed.items()]

        def work() -> None:
            with self.db._write() as c:
                c.executemany("INSERT INTO settings (key, value) VALUES (?, ?) "
                              "ON CONFLICT (key) DO UPDATE SET value = excluded.value", texts)
                c.executemany("DELETE FROM settings WHERE key = ?", [(k,) for k in removed])
        self.db._run(N_("Could not save the settings: {reason}"), work)
