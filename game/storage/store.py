"""Everything the app keeps, in one SQLite database in the data folder (`alice.sqlite3`): games
in progress and finished, settings, where each lesson was left, a game's own bests (the table
its declaration names, GameInfo.bests: Cementopia's), over one connection owner
(game.storage.connection: opening, guarding, mending, leases). Only game.storage runs SQL (Anki's
habit: one storage layer owns every query).
"""

from __future__ import annotations

import bisect
import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Sequence

from .. import registry
from ..history import Entry, entry_of, fold
from ..i18n import N_
from ..messages import message
from ..records import NAME_LEN, read_stamp, utc_stamp
from ..text import clean
from .connection import (BEAT_S, BUSY_S, DB_NAME, ELSEWHERE, FINISHED, FREE, LEASE_S, MINE,
                         NOT_IDENTITY, PLAYING, RECORD_BYTES, RECORDS_PAGE, RETRIES, SCHEMA_VERSION,
                         TAIL_ROOM, TAILED, TAILS, Busy, Connection, HeldElsewhere, Item, Newer,
                         Prepared, Progress, StoreError, _best_row, _dump, _joined_text, _record,
                         _row_id, _value, _whole, alive, schema, started)
from .files import describe, printable

__all__ = ["BEAT_S", "BUSY_S", "DB_NAME", "ELSEWHERE", "FREE", "LEASE_S", "MINE", "RETRIES",
           "SCHEMA_VERSION", "Busy", "HeldElsewhere", "Newer", "StoreError", "alive", "schema",
           "started", "Store", "Saved", "Imported", "fingerprint", "beaten"]


@dataclass(frozen=True)
class Saved:
    """A game in progress, as the Continue list shows it."""

    id: int
    game: str
    players: tuple[tuple[str, str], ...]  # (name, seat kind)
    actions: int
    started_at: str | None
    updated_at: str
    held: str  # FREE, MINE or ELSEWHERE
    problem: str | None = None  # part of its row cannot be read (an edit): shown as unknown


@dataclass
class Imported:
    """What an import did: games added, games already there, what could not be used."""

    added: list[int] = field(default_factory=list)
    already: int = 0
    found: list[int] = field(default_factory=list)  # the ids of the games already there
    problems: list[tuple[str, str]] = field(default_factory=list)  # (the file's name, why)


def fingerprint(record: dict[str, Any], dated: bool = True) -> str:
    """The key of a game's identity. Two attempts at one deal played the same way (a daily) are
    told apart by when each began (or, in a record that does not say, ended): one game finished
    in two windows is still one. A record with neither has the key of before issue 56, which
    is what `dated=False` gives for any record (the key finished games were kept under)."""
    body: object = {k: v for k, v in record.items() if k not in NOT_IDENTITY}
    when = read_stamp(record.get("started_at")) or read_stamp(record.get("finished_at"))
    if dated and when is not None:
        body = [body, when]
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _bests(game: str) -> str:
    """The game's table of bests (GameInfo.bests); a game that keeps none has no such table."""
    bests = registry.info(game).bests
    if bests is None:
        raise ValueError(f"{game} keeps no bests")
    return bests.table


class Store(Connection):
    """The player's data. Made by `Store.open()` (the data folder) or `Store.memory()` (nothing
    kept: the demo, or a folder the app cannot use). Safe to use from several threads: each
    thread gets its own connection."""

    # --- games in progress -----------------------------------------------------------------

    def new_game(self, record: dict[str, Any]) -> int:
        """Keep a new game in progress (held by this window); its id."""
        text = _dump(record)  # a record that cannot be written says so before the transaction

        def work() -> int:
            with self._write() as c:
                game_id = self._insert(c, record, fingerprint(record), None, held=True)
                ends = self._write_whole(c, game_id, text)
            self._texts[game_id] = (text, ends)
            return game_id
        return self._run(N_("Could not save the game: {reason}"), work)

    def save_game(self, game_id: int, record: dict[str, Any]) -> None:
        """The game's latest position. HeldElsewhere if another window has taken it over. Only
        what changed since the text this store last wrote is written (the new moves: a few
        bytes however long the game); the record reads back whole, the same text."""
        text = _dump(record)

        def work() -> None:
            with self._write() as c:
                done = c.execute(
                    "UPDATE games SET fingerprint = ?, actions = ?, updated_at = ?, "
                    "held_at = ? WHERE id = ? AND state = 'playing' AND holder = ?",
                    (fingerprint(record), _actions(record), utc_stamp(), time.time(),
                     game_id, self.holder)).rowcount
                if not done:
                    raise HeldElsewhere(message(N_("this game is now open in another window, "
                                                   "which keeps it from here on")))
                ends = self._append(c, game_id, text)
            self._texts[game_id] = (text, ends)
        self._run(N_("Could not save the game: {reason}"), work)

    def _write_whole(self, c: sqlite3.Connection, game_id: int, text: str) -> list[int]:
        """A game's text written whole, in tails: all but its last TAIL_ROOM characters, then
        those (where the next moves change it); the row's record says TAILED. Where each part
        ends (the row's own part counted as none)."""
        c.execute("UPDATE games SET record = ? WHERE id = ?", (TAILED, game_id))
        c.execute("DELETE FROM record_tail WHERE game_id = ?", (game_id,))
        ends = [0]
        for part in (text[:max(0, len(text) - TAIL_ROOM)], text[max(0, len(text) - TAIL_ROOM):]):
            if part:
                c.execute("INSERT INTO record_tail (game_id, seq, text) VALUES (?, ?, ?)",
                          (game_id, len(ends), part))
                ends.append(ends[-1] + len(part))
        return ends

    def _append(self, c: sqlite3.Connection, game_id: int, text: str) -> list[int]:
        """Write `text` as the game's record, from where it differs from the text last written:
        the tails before that stay, the one it falls in is cut there, the rest go, the new end
        is one more tail. Written whole when this store does not know what is there (a game
        taken over and back, a file made again, a row kept whole) or after TAILS tails. Where
        each part ends."""
        kept = self._texts.get(game_id)
        if kept is None:
            return self._write_whole(c, game_id, text)
        old, ends = kept
        count, last = c.execute("SELECT count(*), coalesce(max(seq), 0) FROM record_tail "
                                "WHERE game_id = ?", (game_id,)).fetchone()
        row = c.execute("SELECT record = ? FROM games WHERE id = ?", (TAILED, game_id)).fetchone()
        tails = len(ends) - 1
        if count != tails or last != tails or tails >= TAILS or not (row and row[0]) or ends[0]:
            return self._write_whole(c, game_id, text)
        same = _common(old, text)
        i = bisect.bisect_right(ends, same)  # tails 1..i-1 end at or before it: they stay
        ends = list(ends)
        if i <= tails:
            c.execute("DELETE FROM record_tail WHERE game_id = ? AND seq > ?", (game_id, i))
            start = ends[i - 1]
            if same > start:  # tail i: kept up to where the texts part
                c.execute("UPDATE record_tail SET text = ? WHERE game_id = ? AND seq = ?",
                          (old[start:same], game_id, i))
                ends[i:] = [same]
            else:
                c.execute("DELETE FROM record_tail WHERE game_id = ? AND seq = ?", (game_id, i))
                del ends[i:]
        if len(text) > same:
            c.execute("INSERT INTO record_tail (game_id, seq, text) VALUES (?, ?, ?)",
                      (game_id, len(ends), text[same:]))
            ends.append(len(text))
        return ends

    def finish_game(self, game_id: int | None, record: dict[str, Any]) -> int:
        """A finished (or conceded) game leaves the games in progress and joins the finished ones,
        in one commit. A game already among the finished (the same game, setup and actions) is
        not kept twice. Its id in History."""
        if read_stamp(record.get("finished_at")) is None:
            record = dict(record, finished_at=utc_stamp())
        entry = _entry_json(record)
        text = _dump(record)
        key = fingerprint(record)
        when = entry["when"]

        if game_id is not None:
            self._texts.pop(game_id, None)

        def work() -> int:
            with self._write() as c:
                same = _same(c, record, key, FINISHED)
                if same is not None:  # already there (a second window, an import)
                    if game_id is not None:
                        c.execute("DELETE FROM games WHERE id = ? AND state = 'playing'", (game_id,))
                    return same
                done = 0
                if game_id is not None:
                    done = c.execute(
                        "UPDATE games SET state = 'finished', record = ?, fingerprint = ?, "
                        "actions = ?, updated_at = ?, finished_at = ?, entry = ?, holder = NULL, "
                        "held_at = NULL WHERE id = ? AND state = 'playing' "
                        "AND (holder = ? OR holder IS NULL)",
                        (text, key, _actions(record), utc_stamp(), when, _dump(entry), game_id,
                         self.holder)).rowcount
                if game_id is None or not done:  # never kept in progress, or taken over
                    return self._insert(c, record, key, entry)
                c.execute("DELETE FROM record_tail WHERE game_id = ?", (game_id,))  # whole now
                self._put_players(c, game_id, record)
                return game_id
        return self._run(N_("Could not keep the finished game: {reason}"), work)

    def drop_game(self, game_id: int) -> None:
        """Forget a game in progress (Restart, or deleted from the list). Not one another window
        holds."""
        self._texts.pop(game_id, None)

        def work() -> None:
            with self._write() as c:
                row = c.execute("SELECT holder, held_at FROM games WHERE id = ? AND state = 'playing'",
                                (game_id,)).fetchone()
                if row is None:
                    return
                if self._held(row[0], row[1]) == ELSEWHERE:
                    raise HeldElsewhere(message(N_("it is open in another window")))
                c.execute("DELETE FROM games WHERE id = ?", (game_id,))
        self._run(N_("Could not delete the game: {reason}"), work)

    def in_progress(self) -> list[Saved]:
        """The games in progress, the most recently played first."""
        def work() -> list[Saved]:
            rows = self._read("SELECT id, game, actions, started_at, updated_at, holder, held_at "
                              "FROM games WHERE state = 'playing' ORDER BY updated_at DESC, id DESC")
            players = self._players([r[0] for r in rows])
            return [self._saved(r, players.get(r[0], ())) for r in rows]
        return self._run(N_("Could not read the games in progress: {reason}"), work)

    def _saved(self, row: tuple[Any, ...], players: tuple[tuple[str, str], ...]) -> Saved:
        """A game in progress as listed, whatever its row holds (the file is the player's: an edit
        may leave any type in any column): what cannot be read is unknown, and said."""
        game_id, game, actions, started, updated, holder, held_at = row
        readable = isinstance(game, str) and isinstance(actions, int) and actions >= 0 \
            and read_stamp(updated) is not None
        return Saved(game_id, game if isinstance(game, str) else "", players,
                     actions if isinstance(actions, int) and actions >= 0 else 0,
                     read_stamp(started), read_stamp(updated) or "", self._held(holder, held_at),
                     None if readable else message(N_("some of it cannot be read")))

    def take(self, game_id: int) -> dict[str, Any]:
        """Hold a game in progress for this window and give its record (its JSON checked, not
        replayed). HeldElsewhere if another window holds it; StoreError if it is gone or cannot
        be read."""
        def work() -> dict[str, Any]:
            with self._write() as c:
                row = c.execute("SELECT record, holder, held_at FROM games "
                                "WHERE id = ? AND state = 'playing'", (game_id,)).fetchone()
                if row is None:
                    raise StoreError(message(N_("it is no longer among the games in progress")))
                if self._held(row[1], row[2]) == ELSEWHERE:
                    raise HeldElsewhere(message(N_("it is open in another window")))
                text, ends = _whole(c, game_id, row[0])
                record = _record(text)  # one that cannot be read is not held: others may delete it
                c.execute("UPDATE games SET holder = ?, held_at = ? WHERE id = ?",
                          (self.holder, time.time(), game_id))
            self._texts[game_id] = (text, ends)  # the next move appends to what is there
            return record
        return self._run(N_("Could not open the game: {reason}"), work)

    def beat(self, game_id: int) -> bool:
        """This window still has the game open (its heartbeat); False if it was taken over."""
        def work() -> bool:
            with self._write() as c:
                return bool(c.execute("UPDATE games SET held_at = ? WHERE id = ? AND holder = ?",
                                      (time.time(), game_id, self.holder)).rowcount)
        return self._run(N_("Could not save the game: {reason}"), work)

    def release(self, game_id: int) -> None:
        """This window no longer has the game open."""
        def work() -> None:
            with self._write() as c:
                c.execute("UPDATE games SET holder = NULL, held_at = NULL WHERE id = ? AND holder = ?",
                          (game_id, self.holder))
        self._run(N_("Could not save the game: {reason}"), work)

    def _insert(self, c: sqlite3.Connection, record: dict[str, Any], key: str,
                entry: dict[str, Any] | None,
                updated: str | None = None, held: bool = False) -> int:
        """A new row: a game in progress (entry None), held by this window if `held`, or a
        finished game with its entry; its players with it."""
        finished = entry is not None
        game_id = _row_id(c.execute(
            "INSERT INTO games (game, state, record, fingerprint, actions, started_at, updated_at, "
            "finished_at, entry, holder, held_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record["game"], FINISHED if finished else PLAYING, _dump(record), key,
             _actions(record), record.get("started_at"), updated or utc_stamp(),
             entry["when"] if entry is not None else None,
             _dump(entry) if entry is not None else None,
             self.holder if held else None, time.time() if held else None)))
        self._put_players(c, game_id, record)
        return game_id

    def _players(self, ids: list[int]) -> dict[int, tuple[tuple[str, str], ...]]:
        """Each game's (name, seat kind) in seat order, the names as the screen may show them
        (the table is the player's file: an edit may have left anything in it)."""
        out: dict[int, list[tuple[str, str]]] = {}
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            rows = self._read(f"SELECT game_id, name, kind FROM players WHERE game_id IN "
                              f"({','.join('?' * len(part))}) ORDER BY game_id, seat", tuple(part))
            for game_id, name, kind in rows:
                out.setdefault(game_id, []).append((clean(name if isinstance(name, str) else "?",
                                                          NAME_LEN),
                                                    kind if isinstance(kind, str) else ""))
        return {k: tuple(v) for k, v in out.items()}

    # --- finished games --------------------------------------------------------------------

    def finished_ids(self, game: str | None = None, player: str | None = None) -> list[int]:
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
        return self._run(N_("Could not read your finished games: {reason}"),
                         lambda: [r[0] for r in self._read(sql, tuple(args))])

    def entries(self, ids: Iterable[int] | None = None) -> list[Entry]:
        """The finished games as History lists them and Statistics counts them (all of them,
        newest first, or those of `ids` in that order)."""
        def work() -> list[Entry]:
            if ids is None:
                rows = self._read("SELECT id, entry, game FROM games WHERE state = 'finished' "
                                  "ORDER BY finished_at DESC, id DESC")
            else:
                wanted = list(ids)
                found: dict[int, tuple[Any, ...]] = {}
                for chunk in range(0, len(wanted), 500):
                    part = wanted[chunk:chunk + 500]
                    for row in self._read(f"SELECT id, entry, game FROM games WHERE id IN "
                                          f"({','.join('?' * len(part))})", tuple(part)):
                        found[row[0]] = row
                rows = [found[i] for i in wanted if i in found]
            return [self._entry(*row) for row in rows]
        return self._run(N_("Could not read your finished games: {reason}"), work)

    def _entry(self, game_id: int, text: Any, game: Any) -> Entry:  # the row's cells
        """A finished game's Entry; one that cannot be read is made again from the record, and a
        record that cannot be read either is an unreadable Entry saying why (listed with its
        game)."""
        try:
            return Entry.from_json(json.loads(text), game_id)
        except Exception:  # noqa: BLE001 - an edited or damaged row: the record decides
            pass
        try:
            return entry_of(self.record(game_id), utc_stamp(0))._replace(id=game_id)
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
        return self._run(N_("Could not read your finished games: {reason}"),
                         lambda: [r[0] for r in self._read(sql) if isinstance(r[0], str)])

    def record(self, game_id: int) -> dict[str, Any]:
        """A game's record (finished or in progress), its JSON checked."""
        def work() -> list[Any]:
            rows = self._read("SELECT record FROM games WHERE id = ?", (game_id,))
            tails = self._read("SELECT text FROM record_tail WHERE game_id = ? ORDER BY seq",
                               (game_id,))
            return [rows[0][0], [t[0] for t in tails]] if rows else []
        found = self._run(N_("Could not read the game: {reason}"), work)
        if not found:
            raise StoreError(message(N_("the game is no longer there")))
        return _record(_joined_text(found[0], found[1]))

    def records(self, game: str | None = None,
                ids: Iterable[int] | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
        """Every finished game's record (of one game) oldest first, or those of `ids` in that
        order: an export. Read RECORDS_PAGE at a time, never all at once (100,000 records held
        together took 6 GB); a game gone meanwhile, or that cannot be read, is left out."""
        if ids is None:
            sql = "SELECT id FROM games WHERE state = 'finished'" + (" AND game = ?" if game else "")
            ids = self._run(N_("Could not read your finished games: {reason}"), lambda: [
                r[0] for r in self._read(sql + " ORDER BY finished_at, id", (game,) if game else ())])
        ids = list(ids)
        for start in range(0, len(ids), RECORDS_PAGE):
            page = ids[start:start + RECORDS_PAGE]
            marks = ",".join("?" * len(page))
            rows = dict(self._run(N_("Could not read your finished games: {reason}"), lambda: self._read(
                f"SELECT id, record FROM games WHERE id IN ({marks})", tuple(page))))
            for game_id in page:
                try:
                    yield game_id, _record(rows[game_id])
                except (KeyError, StoreError):
                    continue
            rows.clear()  # before the next page is read: one page held, not two

    def counts(self) -> dict[str, int]:
        rows = self._run(N_("Could not read your games: {reason}"),
                         lambda: self._read("SELECT state, count(*) FROM games GROUP BY state"))
        out = {PLAYING: 0, FINISHED: 0}
        out.update({state: n for state, n in rows})
        return out

    def figures(self, key: str, make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """Figures worked out from every finished game (Statistics): kept under `key` until a
        finished game is added, changed or removed (the database's triggers count each change,
        whoever makes it), so that they are worked out once per change, not at every look.
        `make()` works them out; kept figures that cannot be read are worked out again, and
        figures that cannot be kept (a full disk, another program holding the data: not waited
        for) are only given."""
        def version_and_kept() -> tuple[Any, ...]:
            return self._read("SELECT (SELECT value FROM meta WHERE key = 'finished_version'), "
                              "(SELECT value FROM figures WHERE key = ? AND version = "
                              "(SELECT value FROM meta WHERE key = 'finished_version'))", (key,))[0]
        version, kept = self._run(N_("Could not read your finished games: {reason}"),
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
            with self._write(wait=False) as c:
                c.execute("INSERT OR REPLACE INTO figures (key, version, value) VALUES (?, ?, ?)",
                          (key, int(version), text))
        try:
            self._run(N_("Could not save the game: {reason}"), work)
        except StoreError:
            pass  # worked out again next time
        return value

    # --- importing records -----------------------------------------------------------------

    def add_records(self, items: Iterable[Item], progress: Progress | None = None) -> Imported:
        """Records into the store: a finished one among the finished games, an unfinished one among
        the games in progress. Each item is (the file's name, its record as parsed, when it
        finished if the record does not say: the file's time, or None for now). Each record is
        replayed first (outside the transaction: another window is not kept waiting), then all
        are added in one transaction. A game already there (the same game, setup and actions) is
        not added twice, also when another window imports the same files at the same time."""
        report = Imported()
        ready = _prepared(items, report, progress)

        def work() -> None:
            with self._write() as c:
                self._add_prepared(c, ready, report)
        self._run(N_("Could not import the games: {reason}"), work)
        return report

    def _add_prepared(self, c: sqlite3.Connection, ready: list[Prepared],
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
            report.added.append(self._insert(c, record, key, entry if finished else None, when))

    # --- settings --------------------------------------------------------------------------

    def settings(self) -> tuple[dict[str, Any], list[Any]]:
        """{key: value} as stored, and one line per value that could not be read (dropped)."""
        rows = self._run(N_("Could not read your settings: {reason}"),
                         lambda: self._read("SELECT key, value FROM settings"))
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

    def put_settings(self, changed: dict[str, Any], removed: Iterable[str] = ()) -> None:
        """Keep these settings (only these keys: another window's other settings stay)."""
        texts = [(key, _dump(value)) for key, value in changed.items()]

        def work() -> None:
            with self._write() as c:
                c.executemany("INSERT INTO settings (key, value) VALUES (?, ?) "
                              "ON CONFLICT (key) DO UPDATE SET value = excluded.value", texts)
                c.executemany("DELETE FROM settings WHERE key = ?", [(k,) for k in removed])
        self._run(N_("Could not save the settings: {reason}"), work)

    # --- reviews (issue 42) -----------------------------------------------------------------

    def keep_review(self, game_id: int, seat: int, review: dict[str, Any],
                    summary: dict[str, Any]) -> None:
        """A finished game's review of one player (game.review.Review.to_json), and its
        summary (History and Statistics read only that), replacing an older one."""
        text, brief = _dump(review), _dump(summary)

        def work() -> None:
            with self._write() as c:
                if c.execute("SELECT 1 FROM games WHERE id = ? AND state = 'finished'",
                             (game_id,)).fetchone() is None:
                    raise StoreError(message(N_("the game is no longer there")))
                c.execute("INSERT INTO reviews (game_id, seat, review, summary, reviewed_at) "
                          "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET "
                          "review = excluded.review, summary = excluded.summary, "
                          "reviewed_at = excluded.reviewed_at",
                          (game_id, seat, text, brief, utc_stamp()))
        self._run(N_("Could not keep the review: {reason}"), work)

    def review(self, game_id: int, seat: int) -> dict[str, Any] | None:
        """The kept review of a game's player (as kept), or None: none, or not readable."""
        rows = self._run(N_("Could not read the review: {reason}"), lambda: self._read(
            "SELECT review FROM reviews WHERE game_id = ? AND seat = ?", (game_id, seat)))
        try:
            value = _value(rows[0][0], RECORD_BYTES) if rows else None
        except StoreError:  # an edited row: reviewed again
            return None
        return value if isinstance(value, dict) else None

    def review_summaries(self,
                         ids: Iterable[int] | None = None) -> dict[int, dict[int, dict[str, Any]]]:
        """{game id: {seat: summary}} of the kept reviews (of the games `ids`, or all)."""
        def work() -> dict[int, dict[int, dict[str, Any]]]:
            if ids is None:
                rows = self._read("SELECT game_id, seat, summary FROM reviews")
            else:
                wanted, rows = list(ids), []
                for chunk in range(0, len(wanted), 500):
                    part = wanted[chunk:chunk + 500]
                    rows += self._read(f"SELECT game_id, seat, summary FROM reviews WHERE game_id "
                                       f"IN ({','.join('?' * len(part))})", tuple(part))
            out: dict[int, dict[int, dict[str, Any]]] = {}
            for game_id, seat, text in rows:
                if not (isinstance(game_id, int) and isinstance(seat, int)):
                    continue  # an edited row: as if never reviewed
                try:
                    value = _value(text)
                except StoreError:  # an edited row: as if never reviewed
                    continue
                if isinstance(value, dict):
                    out.setdefault(game_id, {})[seat] = value
            return out
        return self._run(N_("Could not read the review: {reason}"), work)

    # --- lessons ---------------------------------------------------------------------------

    def lesson(self, game: str) -> object:
        """Where the lesson of `game` was left (its entry as kept), or None."""
        rows = self._run(N_("Could not read your place in the lesson: {reason}"),
                         lambda: self._read("SELECT entry FROM lessons WHERE game = ?", (game,)))
        return _value(rows[0][0]) if rows else None

    def keep_lesson(self, game: str, entry: dict[str, Any]) -> None:
        text = _dump(entry)

        def work() -> None:
            with self._write() as c:
                c.execute("INSERT INTO lessons (game, entry) VALUES (?, ?) "
                          "ON CONFLICT (game) DO UPDATE SET entry = excluded.entry", (game, text))
        self._run(N_("Could not keep your place in the lesson: {reason}"), work)

    def forget_lesson(self, game: str) -> None:
        def work() -> None:
            with self._write() as c:
                c.execute("DELETE FROM lessons WHERE game = ?", (game,))
        self._run(N_("Could not keep your place in the lesson: {reason}"), work)

    # --- a game's bests per deal (GameInfo.bests: Cementopia's) ----------------------------

    def bests(self, game: str) -> dict[str, dict[str, Any]]:
        """{seed: {"best": n, "unassisted_best": n or None}} (rows that make no sense left out)."""
        table = _bests(game)
        rows = self._run(N_("Could not read your best scores: {reason}"),
                         lambda: self._read(f"SELECT seed, best, unassisted_best FROM {table}"))
        out = {}
        for seed, *row in rows:
            best, plain = _best_row(row)
            if best is not None and isinstance(seed, str):
                out[seed] = {"best": best, "unassisted_best": plain}
        return out

    def keep_best(self, game: str, seed: str, score: int, assisted: bool) -> tuple[dict[str, Any], bool]:
        """Note a completed attempt, in one transaction (two windows cannot lose one's best):
        (the deal's entry now, whether it beat a best)."""
        table = _bests(game)

        def work() -> tuple[dict[str, Any], bool]:
            with self._write() as c:
                row = c.execute(f"SELECT best, unassisted_best FROM {table} WHERE seed = ?",
                                (seed,)).fetchone()
                best, plain, improved = beaten(row, score, assisted)
                c.execute(f"INSERT INTO {table} (seed, best, unassisted_best) VALUES (?, ?, ?) "
                          "ON CONFLICT (seed) DO UPDATE SET best = excluded.best, "
                          "unassisted_best = excluded.unassisted_best", (seed, best, plain))
                return {"best": best, "unassisted_best": plain}, improved
        return self._run(N_("Could not save your best score: {reason}"), work)

    def add_bests(self, game: str, bests: dict[str, dict[str, Any]]) -> None:
        """Bests from elsewhere (the old file), each kept where it beats what is here."""
        table = _bests(game)

        def work() -> None:
            with self._write() as c:
                for seed, entry in bests.items():
                    self._merge_best(c, table, seed, entry)
        self._run(N_("Could not save your best score: {reason}"), work)

    # --- the old JSON files (game.storage.legacy) ------------------------------------------

    def meta(self, key: str) -> str | None:
        rows = self._run(N_("Could not read your saved data: {reason}"),
                         lambda: self._read("SELECT value FROM meta WHERE key = ?", (key,)))
        return None if not rows or rows[0][0] is None else str(rows[0][0])

    def bring_in(self, key: str, value: str, records: list[Item],
                 settings: dict[str, Any], lessons: dict[str, dict[str, Any]],
                 bests: dict[str, dict[str, dict[str, Any]]],
                 progress: Progress | None = None) -> Imported | None:
        """Everything from the old JSON files in one transaction, marked done by `key` in the same
        commit; None (nothing done) if another window did it first. `bests`: each game's."""
        if self.meta(key) is not None:
            return None
        report = Imported()
        ready = _prepared(records, report, progress)

        def work() -> bool:
            with self._write() as c:
                if c.execute("SELECT 1 FROM meta WHERE key = ?", (key,)).fetchone():
                    return False
                self._add_prepared(c, ready, report)
                for k, v in settings.items():  # settings a window already wrote here win
                    c.execute("INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)", (k, _dump(v)))
                for game, entry in lessons.items():
                    c.execute("INSERT OR IGNORE INTO lessons (game, entry) VALUES (?, ?)",
                              (game, _dump(entry)))
                for game, table in bests.items():
                    for seed, entry in table.items():
                        self._merge_best(c, _bests(game), seed, entry)
                c.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, value))
                return True
        done = self._run(N_("Could not bring in your saved games: {reason}"), work)
        return report if done else None

    # --- health ----------------------------------------------------------------------------

    def integrity(self) -> str:
        return str(self._read("PRAGMA integrity_check")[0][0])



# --- values in and out ---------------------------------------------------------------------

def _same(c: sqlite3.Connection, record: dict[str, Any], key: str, state: str) -> int | None:
    """The id of the game of this state that is the same game as `record` (its key `key`), or
    None. Games kept before issue 56 have the key that left out when they were played: those of
    this deal and actions are given their own key first (each row once: its key is then right),
    so that another attempt is not taken for them."""
    assert state in (PLAYING, FINISHED)  # in the SQL as text: the finished games' index serves
    where = f"state = '{state}' AND fingerprint = ?"
    old = fingerprint(record, dated=False)
    for row_id, text in c.execute(f"SELECT id, record FROM games WHERE {where}", (old,)).fetchall():
        try:
            true = fingerprint(_record(_whole(c, row_id, text)[0]))
        except StoreError:
            continue  # a damaged row: left as it is
        if true != old and c.execute(f"SELECT 1 FROM games WHERE {where}", (true,)).fetchone() is None:
            c.execute("UPDATE games SET fingerprint = ? WHERE id = ?", (true, row_id))
    same = c.execute(f"SELECT id FROM games WHERE {where}", (key,)).fetchone()
    return None if same is None else int(same[0])


def _common(a: str, b: str) -> int:
    """How many first characters `a` and `b` share (halving: each try compares in C)."""
    low, high = 0, min(len(a), len(b))
    if a[:high] == b[:high]:
        return high
    while low < high:  # a[:low] == b[:low]; a[:high] != b[:high]
        mid = (low + high + 1) // 2
        if a[low:mid] == b[low:mid]:
            low = mid
        else:
            high = mid - 1
    return low


def _actions(record: dict[str, Any]) -> int:
    actions = record.get("actions")
    if isinstance(actions, list):
        return len(actions)
    hands = record.get("hands")  # Grayblock nests its actions per hand
    if isinstance(hands, list):
        return sum(len(h.get("actions") or ()) for h in hands if isinstance(h, dict))
    return 0


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


def _entry_json(record: dict[str, Any], when: str | None = None) -> dict[str, Any]:
    """What History and Statistics keep of a finished game (the record is replayed: RecordError
    if it does not hold). `when`: when it finished if the record does not say (else now)."""
    return entry_of(record, when or utc_stamp()).to_json()


def beaten(row: Sequence[Any] | None, score: int, assisted: bool) -> tuple[int, int | None, bool]:
    """(best, unassisted best, whether one was beaten) of a deal whose kept (best, unassisted
    best) is `row` (None: never played) after an attempt that scored `score`."""
    best, plain = _best_row(row)
    improved = best is None or score > best
    best = score if best is None else max(best, score)
    if not assisted and (plain is None or score > plain):
        plain, improved = score, True
    return best, plain, improved


