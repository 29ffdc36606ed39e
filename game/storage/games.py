"""A game's row (game.storage): the games in progress, each held by the window playing it
(a lease: Connection._held), kept by appending its new moves (issue 58), and any game's record
by its id. A finished game joins History here in the same commit it leaves the games in
progress (game.storage.finished lists them)."""

from __future__ import annotations

import bisect
import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from ..core.i18n import N_
from ..core.messages import message
from ..core.records import NAME_LEN, read_stamp, utc_stamp
from ..core.text import clean
from .connection import (ELSEWHERE, FINISHED, PLAYING, TAIL_ROOM, TAILED, TAILS, NOT_IDENTITY,
                         Connection, HeldElsewhere, StoreError, _dump, _joined_text, _record,
                         _row_id, _whole)
from .entries import entry_of


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


class Games:
    """The games in progress, and any game's record (`store.games`)."""

    def __init__(self, db: Connection):
        self.db = db
        # each game in progress this store wrote or read whole: (its record's text, where each
        # part ends: the row's record, then each tail), so a save writes from where it changed
        self._texts: dict[int, tuple[str, list[int]]] = {}

    def new(self, record: dict[str, Any]) -> int:
        """Keep a new game in progress (held by this window); its id."""
        text = _dump(record)  # a record that cannot be written says so before the transaction
        digest = fingerprint(record)
        tried: list[int] = []  # the id a try inserted, whose commit may have gone to a file removed

        def work() -> int:
            with self.db._write() as c:
                # tried again after its commit went to a file just removed, which another thread
                # had copied meanwhile: the copy may hold it already (never a game twice)
                copied = bool(tried) and c.execute(
                    "SELECT 1 FROM games WHERE id = ? AND state = 'playing' AND holder = ? AND "
                    "fingerprint = ?", (tried[-1], self.db.holder, digest)).fetchone() is not None
                game_id = tried[-1] if copied else insert(self.db, c, record, digest, None,
                                                          held=True)
                tried.append(game_id)
                ends = self._write_whole(c, game_id, text)
            self._texts[game_id] = (text, ends)
            return game_id
        return self.db._run(N_("Could not save the game: {reason}"), work)

    def save(self, game_id: int, record: dict[str, Any]) -> None:
        """The game's latest position. HeldElsewhere if another window has taken it over. Only
        what changed since the text this store last wrote is written (the new moves: a few
        bytes however long the game); the record reads back whole, the same text."""
        text = _dump(record)

        def work() -> None:
            with self.db._write() as c:
                done = c.execute(
                    "UPDATE games SET fingerprint = ?, actions = ?, updated_at = ?, "
                    "held_at = ? WHERE id = ? AND state = 'playing' AND holder = ?",
                    (fingerprint(record), _actions(record), utc_stamp(), time.time(),
                     game_id, self.db.holder)).rowcount
                if not done:
                    raise HeldElsewhere(message(N_("this game is now open in another window, "
                                                   "which keeps it from here on")))
                ends = self._append(c, game_id, text)
            self._texts[game_id] = (text, ends)
        self.db._run(N_("Could not save the game: {reason}"), work)

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

    def finish(self, game_id: int | None, record: dict[str, Any]) -> int:
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
            with self.db._write() as c:
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
                         self.db.holder)).rowcount
                if game_id is None or not done:  # never kept in progress, or taken over
                    return insert(self.db, c, record, key, entry)
                c.execute("DELETE FROM record_tail WHERE game_id = ?", (game_id,))  # whole now
                self.db._put_players(c, game_id, record)
                return game_id
        return self.db._run(N_("Could not keep the finished game: {reason}"), work)

    def drop(self, game_id: int) -> None:
        """Forget a game in progress (Restart, or deleted from the list). Not one another window
        holds."""
        self._texts.pop(game_id, None)

        def work() -> None:
            with self.db._write() as c:
                row = c.execute("SELECT holder, held_at FROM games WHERE id = ? AND state = 'playing'",
                                (game_id,)).fetchone()
                if row is None:
                    return
                if self.db._held(row[0], row[1]) == ELSEWHERE:
                    raise HeldElsewhere(message(N_("it is open in another window")))
                c.execute("DELETE FROM games WHERE id = ?", (game_id,))
        self.db._run(N_("Could not delete the game: {reason}"), work)

    def in_progress(self) -> list[Saved]:
        """The games in progress, the most recently played first."""
        def work() -> list[Saved]:
            rows = self.db._read("SELECT id, game, actions, started_at, updated_at, holder, held_at "
                                 "FROM games WHERE state = 'playing' ORDER BY updated_at DESC, id DESC")
            players = self._players([r[0] for r in rows])
            return [self._saved(r, players.get(r[0], ())) for r in rows]
        return self.db._run(N_("Could not read the games in progress: {reason}"), work)

    def _saved(self, row: tuple[Any, ...], players: tuple[tuple[str, str], ...]) -> Saved:
        """A game in progress as listed, whatever its row holds (the file is the player's: an edit
        may leave any type in any column): what cannot be read is unknown, and said."""
        game_id, game, actions, started, updated, holder, held_at = row
        readable = isinstance(game, str) and isinstance(actions, int) and actions >= 0 \
            and read_stamp(updated) is not None
        return Saved(game_id, game if isinstance(game, str) else "", players,
                     actions if isinstance(actions, int) and actions >= 0 else 0,
                     read_stamp(started), read_stamp(updated) or "", self.db._held(holder, held_at),
                     None if readable else message(N_("some of it cannot be read")))

    def take(self, game_id: int) -> dict[str, Any]:
        """Hold a game in progress for this window and give its record (its JSON checked, not
        replayed). HeldElsewhere if another window holds it; StoreError if it is gone or cannot
        be read."""
        def work() -> dict[str, Any]:
            with self.db._write() as c:
                row = c.execute("SELECT record, holder, held_at FROM games "
                                "WHERE id = ? AND state = 'playing'", (game_id,)).fetchone()
                if row is None:
                    raise StoreError(message(N_("it is no longer among the games in progress")))
                if self.db._held(row[1], row[2]) == ELSEWHERE:
                    raise HeldElsewhere(message(N_("it is open in another window")))
                text, ends = _whole(c, game_id, row[0])
                record = _record(text)  # one that cannot be read is not held: others may delete it
                c.execute("UPDATE games SET holder = ?, held_at = ? WHERE id = ?",
                          (self.db.holder, time.time(), game_id))
            self._texts[game_id] = (text, ends)  # the next move appends to what is there
            return record
        return self.db._run(N_("Could not open the game: {reason}"), work)

    def beat(self, game_id: int) -> bool:
        """This window still has the game open (its heartbeat); False if it was taken over."""
        def work() -> bool:
            with self.db._write() as c:
                return bool(c.execute("UPDATE games SET held_at = ? WHERE id = ? AND holder = ?",
                                      (time.time(), game_id, self.db.holder)).rowcount)
        return self.db._run(N_("Could not save the game: {reason}"), work)

    def release(self, game_id: int) -> None:
        """This window no longer has the game open."""
        def work() -> None:
            with self.db._write() as c:
                c.execute("UPDATE games SET holder = NULL, held_at = NULL WHERE id = ? AND holder = ?",
                          (game_id, self.db.holder))
        self.db._run(N_("Could not save the game: {reason}"), work)

    def _players(self, ids: list[int]) -> dict[int, tuple[tuple[str, str], ...]]:
        """Each game's (name, seat kind) in seat order, the names as the screen may show them
        (the table is the player's file: an edit may have left anything in it)."""
        out: dict[int, list[tuple[str, str]]] = {}
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            rows = self.db._read(f"SELECT game_id, name, kind FROM players WHERE game_id IN "
                                 f"({','.join('?' * len(part))}) ORDER BY game_id, seat", tuple(part))
            for game_id, name, kind in rows:
                out.setdefault(game_id, []).append((clean(name if isinstance(name, str) else "?",
                                                          NAME_LEN),
                                                    kind if isinstance(kind, str) else ""))
        return {k: tuple(v) for k, v in out.items()}

    def record(self, game_id: int) -> dict[str, Any]:
        """A game's record (finished or in progress), its JSON checked."""
        def work() -> list[Any]:
            rows = self.db._read("SELECT record FROM games WHERE id = ?", (game_id,))
            tails = self.db._read("SELECT text FROM record_tail WHERE game_id = ? ORDER BY seq",
                                  (game_id,))
            return [rows[0][0], [t[0] for t in tails]] if rows else []
        found = self.db._run(N_("Could not read the game: {reason}"), work)
        if not found:
            raise StoreError(message(N_("the game is no longer there")))
        return _record(_joined_text(found[0], found[1]))

    def counts(self) -> dict[str, int]:
        rows = self.db._run(N_("Could not read your games: {reason}"),
                            lambda: self.db._read("SELECT state, count(*) FROM games GROUP BY state"))
        out = {PLAYING: 0, FINISHED: 0}
        out.update({state: n for state, n in rows})
        return out


def insert(db: Connection, c: sqlite3.Connection, record: dict[str, Any], key: str,
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
         db.holder if held else None, time.time() if held else None)))
    db._put_players(c, game_id, record)
    return game_id


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


def _entry_json(record: dict[str, Any], when: str | None = None) -> dict[str, Any]:
    """What History and Statistics keep of a finished game (the record is replayed: RecordError
    if it does not hold). `when`: when it finished if the record does not say (else now)."""
    return entry_of(record, when or utc_stamp()).to_json()
