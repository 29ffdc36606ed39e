"""The finished games (game.storage) as History lists them, Statistics counts them and an
export writes them; records brought in (an import) join them, or the games in progress."""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from ..core import registry
from ..core.i18n import N_
from ..core.records import utc_stamp
from .connection import (FINISHED, PLAYING, RECORDS_PAGE, Connection, Item, Prepared, Progress,
                         StoreError, _dump, _record)
from .entries import Entry, entry_of, fold
from ..core.files import describe
from .games import Games, _entry_json, _same, fingerprint, insert


@dataclass
class Imported:
    """What an import did: games added, games already there, what could not be used."""

    added: list[int] = field(default_factory=list)
    already: int = 0
    found: list[int] = field(default_factory=list)  # the ids of the games already there
    problems: list[tuple[str, str]] = field(default_factory=list)  # (the file's name, why)


class Finished:
    """The finished games, and records brought in (`store.finished`)."""

    def __init__(self, db: Connection, games: Games):
        self.db, self.games = db, games  # (an unreadable entry: its record, from games)

    def ids(self, game: str | None = None, player: str | None = None) -> list[int]:
        """The finished games (of one game, with a player of this name, case and width folded),
        newest first: History's list."""
        sql = "SELECT id FROM games WHERE state = 'finished'"
        args: list[Any] = []
        if game:
            sql += " AND game = ?"
            args.append(game)
        if player:
            sql += " AND id IN (SELECT game_id FROM players WHERE folded = ?)"
            args.append(fold(player))
        sql += " ORDER BY finished_at DESC, id DESC"
        return self.db._run(N_("Could not read your finished games: {reason}"),
                            lambda: [r[0] for r in self.db._read(sql, tuple(args))])

    def entries(self, ids: Iterable[int] | None = None) -> list[Entry]:
        """The finished games as History lists them and Statistics counts them (all of them,
        newest first, or those of `ids` in that order)."""
        def work() -> list[Entry]:
            if ids is None:
                rows = self.db._read("SELECT id, entry, game FROM games WHERE state = 'finished' "
                                     "ORDER BY finished_at DESC, id DESC")
            else:
                wanted = list(ids)
                found: dict[int, tuple[Any, ...]] = {}
                for chunk in range(0, len(wanted), 500):
                    part = wanted[chunk:chunk + 500]
                    for row in self.db._read(f"SELECT id, entry, game FROM games WHERE id IN "
                                             f"({','.join('?' * len(part))})", tuple(part)):
                        found[row[0]] = row
                rows = [found[i] for i in wanted if i in found]
            return [self._entry(*row) for row in rows]
        return self.db._run(N_("Could not read your finished games: {reason}"), work)

    def _entry(self, game_id: int, text: Any, game: Any) -> Entry:  # the row's cells
        """A finished game's Entry; one that cannot be read is made again from the record, and a
        record that cannot be read either is an unreadable Entry saying why (listed with its
        game)."""
        try:
            return Entry.from_json(json.loads(text), game_id)
        except Exception:  # noqa: BLE001 - an edited or damaged row: the record decides
            pass
        try:
            return entry_of(self.games.record(game_id), utc_stamp(0))._replace(id=game_id)
        except Exception as exc:  # noqa: BLE001 - anything a damaged row can hold
            words = exc.words if isinstance(exc, StoreError) else describe(exc)
            return Entry(id=game_id, when=utc_stamp(0),
                         game=game if isinstance(game, str) and registry.find(game) else "",
                         problem=str(words))

    def player_names(self) -> list[str]:
        """Every player name among the finished games (its newest spelling), most games first."""
        # one max() in the query: SQLite takes the bare column p.name from the row holding it
        sql = ("SELECT p.name, max(g.finished_at || printf(' %012d', g.id)), "
               "count(DISTINCT p.game_id) AS n "
               "FROM players p JOIN games g ON g.id = p.game_id WHERE g.state = 'finished' "
               "GROUP BY p.folded ORDER BY n DESC, p.folded")
        return self.db._run(N_("Could not read your finished games: {reason}"),
                            lambda: [r[0] for r in self.db._read(sql) if isinstance(r[0], str)])

    def records(self, game: str | None = None,
                ids: Iterable[int] | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
        """Every finished game's record (of one game) oldest first, or those of `ids` in that
        order: an export. Read RECORDS_PAGE at a time, never all at once (100,000 records held
        together took 6 GB); a game gone meanwhile, or that cannot be read, is left out."""
        if ids is None:
            sql = "SELECT id FROM games WHERE state = 'finished'" + (" AND game = ?" if game else "")
            ids = self.db._run(N_("Could not read your finished games: {reason}"), lambda: [
                r[0] for r in self.db._read(sql + " ORDER BY finished_at, id", (game,) if game else ())])
        ids = list(ids)
        for start in range(0, len(ids), RECORDS_PAGE):
            page = ids[start:start + RECORDS_PAGE]
            marks = ",".join("?" * len(page))
            rows = dict(self.db._run(N_("Could not read your finished games: {reason}"), lambda: self.db._read(
                f"SELECT id, record FROM games WHERE id IN ({marks})", tuple(page))))
            for game_id in page:
                try:
                    yield game_id, _record(rows[game_id])
                except (KeyError, StoreError):
                    continue
            rows.clear()  # before the next page is read: one page held, not two

    def add(self, items: Iterable[Item], progress: Progress | None = None) -> Imported:
        """Records into the store: a finished one among the finished games, an unfinished one among
        the games in progress. Each item is (the file's name, its record as parsed, when it
        finished if the record does not say: the file's time, or None for now). Each record is
        replayed first (outside the transaction: another window is not kept waiting), then all
        are added in one transaction. A game already there (the same game, setup and actions) is
        not added twice, also when another window imports the same files at the same time."""
        report = Imported()
        ready = _prepared(items, report, progress)

        def work() -> None:
            with self.db._write() as c:
                self.add_prepared(c, ready, report)
        self.db._run(N_("Could not import the games: {reason}"), work)
        return report

    def add_prepared(self, c: sqlite3.Connection, ready: list[Prepared],
                     report: Imported) -> None:
        for record, key, entry, when in ready:
            finished = entry.get("over") or entry.get("conceded")
            state = FINISHED if finished else PLAYING
            same = _same(c, record, key, state)
            if same is not None:
                report.already += 1
                report.found.append(same)
                continue
            # a game in progress was last played when its file was written
            report.added.append(insert(self.db, c, record, key, entry if finished else None, when))


def _prepared(items: Iterable[Item], report: Imported,
              progress: Progress | None = None) -> list[Prepared]:
    """(record, fingerprint, entry, the file's time) of each record that replays; the others are
    the report's problems, one line each."""
    items = list(items)
    ready = []
    for n, (name, record, when) in enumerate(items, start=1):
        try:
            _dump(record)  # a record that cannot be written is refused here, not mid-transaction
            ready.append((record, fingerprint(record), _entry_json(record, when), when))
        except Exception as exc:  # noqa: BLE001 - anything a hostile record causes: its line
            report.problems.append((name, getattr(exc, "words", None) or describe(exc)))
        if progress is not None:
            progress(n, len(items))
    return ready
