"""A finished game's entry (game.storage keeps it beside the record): what History lists and
Statistics count, made once when the game is kept by replaying its record, so every figure is
the game's own (game.storage.history tells more). The value type, its checks when read back, and the
folding of names and seat kinds the players' table keys by. Pure Python, no pygame.

An Entry holds the game, its players (names and seat kinds), scores, winners, when it finished,
whether it was assisted, conceded or a daily deal, the colour each seat played, and the figures of
the game's own that its declaration asks for (game.core.descriptor: Cementopia's outcome, Grayblock's
hands). A game whose row cannot be read is an Entry too, with `problem` set to one line saying
why: it is listed as unreadable, never a crash.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Callable, NamedTuple

from ..core import registry
from ..core.errors import RecordError
from ..core.records import SEATS, STAMP, game_module, read_stamp

# the seat colours a record's players may name, by number (game.services.settings.COLOUR_NAMES: it checks
# that it names as many)
COLOURS = 6
EXTERNAL, UNKNOWN = "external", "unknown"  # a cmd: seat; a seat the format does not name
BIG = 1 << 62  # seeds and scores beyond this are not the app's: not kept


class Entry(NamedTuple):
    """One finished game, as the History screen lists it and the statistics count it (a named
    tuple: Statistics make ten thousand of these at once)."""

    id: int  # the game's id in the store
    when: str  # finished_at (for older records: the file's time), a UTC stamp (sorts as text)
    game: str = ""  # "" when unreadable
    players: tuple[tuple[str, str], ...] = ()  # (name, seat): seat is human, a level or external
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()  # a shared Assemble win lists each; Grayblock: the champion
    over: bool = False  # the game reached its end (a conceded game did not)
    finished_at: str | None = None
    started_at: str | None = None
    assisted: bool = False
    helps: tuple[str, ...] = ()
    conceded: tuple[int, ...] = ()  # the players who gave up
    daily: str | None = None  # a daily deal's date (GameInfo.daily_seed)
    seed: int | None = None
    outcome: str | None = None  # how it ended, where the game names its endings (GameInfo.outcomes)
    # the game's own figures, (name, value) in its declaration's order (GameInfo.entry_fields and
    # entry_checks: Grayblock's "hands", (winner, block/out, points) per hand)
    own: tuple[tuple[str, Any], ...] = ()
    colours: tuple[int, ...] = ()  # each seat's colour as set up (none when a seat has none)
    actions: int = 0
    problem: str | None = None  # why the file cannot be used (then it is listed as unreadable)

    @property
    def unreadable(self) -> bool:
        return self.problem is not None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _seat in self.players)

    def seat_of(self, name: str) -> list[int]:
        """The player indexes playing under this name (case and width folded)."""
        key = fold(name)
        return [i for i, (n, _s) in enumerate(self.players) if fold(n) == key]

    def own_field(self, name: str, default: Any = None) -> Any:
        """One of the game's own figures (own), or `default` where it has none."""
        return next((value for key, value in self.own if key == name), default)

    def to_json(self) -> dict[str, Any]:
        """The entry as kept beside its game (its id is the game's row: not in it); the game's own
        figures are keys beside the shared ones."""
        out: dict[str, Any] = {}
        defaults = self._field_defaults
        for name, value in zip(self._fields, self):
            if name == "own":
                out.update((key, _plain(figure)) for key, figure in self.own)
            elif name != "id" and (name not in defaults or value != defaults[name]):
                out[name] = _plain(value)
        return out

    @classmethod
    def from_json(cls, data: object, id: int = 0) -> "Entry":
        """An entry as kept, every field checked: ValueError if anything is off (the record is
        then read again). Statistics read ten thousand of these at once: the checks are cheap."""
        if type(data) is not dict or "when" not in data:
            raise ValueError("not an entry")
        checks = _CHECKS
        theirs = data.keys() - _FIELDS
        if not theirs:
            return cls(id=id, **{k: checks[k](v) for k, v in data.items()})
        game = registry.find(data.get("game"))  # the game's own figures, by its own checks
        own = dict(game.entry_checks) if game is not None else {}
        if not theirs <= own.keys():
            raise ValueError("not an entry")
        return cls(id=id, own=tuple((k, own[k](v)) for k, v in data.items() if k in theirs),
                   **{k: checks[k](v) for k, v in data.items() if k not in theirs})


def _plain(value: object) -> object:
    """A field as JSON keeps it: tuples (of tuples) as lists."""
    return [list(v) if isinstance(v, tuple) else v for v in value] if isinstance(value, tuple) else value


# --- checking a kept entry's fields ---------------------------------------------------------

def _str(v: object) -> str:
    if type(v) is not str or len(v) > 4096:
        raise ValueError
    return v


def _opt_str(v: object) -> str | None:
    return None if v is None else _str(v)


def _stamp(v: object) -> str:
    if type(v) is not str or not STAMP.fullmatch(v):  # the app's own: the form suffices
        raise ValueError
    return v


def _opt_stamp(v: object) -> str | None:
    return None if v is None else _stamp(v)


def _int(v: object) -> int:
    if type(v) is not int or abs(v) > BIG:
        raise ValueError
    return v


def _opt_int(v: object) -> int | None:
    return None if v is None else _int(v)


def _bool(v: object) -> bool:
    if type(v) is not bool:
        raise ValueError
    return v


# the lists are checked with builtins that run in C (set(map(type, ...)), min, max): Statistics
# check ten thousand entries at a time
_INT, _STR, _LIST = {int}, {str}, {list}  # type(x) is int: True and False are not numbers here


def _ints(v: Any) -> tuple[int, ...]:
    if type(v) is not list or not set(map(type, v)) <= _INT \
            or (v and (min(v) < -BIG or max(v) > BIG)):
        raise ValueError
    return tuple(v)


def _texts(items: list[Any]) -> bool:
    """Strings only, none longer than a name could be."""
    return set(map(type, items)) <= _STR and max(map(len, items), default=0) <= 4096


def _strs(v: Any) -> tuple[str, ...]:
    if type(v) is not list or not _texts(v):
        raise ValueError
    return tuple(v)


def _players(v: Any) -> tuple[tuple[str, str], ...]:
    if type(v) is not list or not set(map(type, v)) <= _LIST or not set(map(len, v)) <= {2} \
            or not _texts(list(chain.from_iterable(v))):
        raise ValueError
    return tuple(map(tuple, v))


def _game(v: object) -> str:
    if type(v) is not str or (v != "" and registry.find(v) is None):
        raise ValueError
    return v


_CHECKS: dict[str, Callable[..., Any]] = {
    "when": _stamp, "game": _game,
    "players": _players, "scores": _ints, "winners": _ints, "over": _bool,
    "finished_at": _opt_stamp, "started_at": _opt_stamp, "assisted": _bool, "helps": _strs,
    "conceded": _ints, "daily": _opt_str, "seed": _opt_int, "outcome": _opt_str,
    "colours": _ints, "actions": _int,
    "problem": _opt_str,
}
_FIELDS = set(_CHECKS)


# --- reading one record -----------------------------------------------------------------------

def seat_kind(seat: str) -> str:
    if seat in SEATS:
        return seat
    return EXTERNAL if seat.startswith("cmd:") else UNKNOWN


def entry_of(record: dict[str, Any], fallback: str) -> Entry:
    """A parsed record's entry (id 0: the store gives it its own): it is replayed, so every figure
    is the game's own; a record whose actions are illegal or whose result disagrees raises
    RecordError. `fallback`: when it finished if the record does not say."""
    game = record["game"]
    module = game_module(game)
    info = registry.info(game)
    session = module.replay(record, snapshots=False)
    state = session.state
    over = state.is_over()
    given = record.get("result")
    if given is not None:
        if not over:
            raise RecordError("the record has a result but the game is not over")
        problem = module.compare_result(given, state.result().record)
        if problem:
            raise RecordError(f"result does not match the replay: {problem}")
    meta = session.meta
    winners: tuple[int, ...] = tuple(state.result().winners) if over else ()
    players = tuple((p["name"], seat_kind(p["seat"])) for p in record.get("players") or ())
    conceded = record.get("conceded")
    conceded = tuple(sorted({i for i in conceded if isinstance(i, int) and not isinstance(i, bool)
                             and 0 <= i < max(1, len(players))})) if isinstance(conceded, list) else ()
    finished_at = read_stamp(record.get("finished_at"))
    seed = record.get("seed")
    daily = meta.get("daily")
    fields = info.entry_fields(state) if info.entry_fields else {}
    shared = {k: v for k, v in fields.items() if k in Entry._fields}  # (Cementopia's outcome)
    own = tuple((k, v) for k, v in fields.items() if k not in shared and v not in ((), None))
    return Entry(**shared, own=own,
        id=0, when=finished_at or fallback, game=game, players=players,
        scores=tuple(_clip(s) for s in state.scores()), winners=winners, over=over,
        finished_at=finished_at, started_at=read_stamp(record.get("started_at")),
        assisted=bool(meta.get("assisted")), helps=tuple(meta.get("helps") or ()),
        conceded=conceded, daily=daily if is_date(daily) else None,
        seed=seed if isinstance(seed, int) and abs(seed) <= BIG else None,
        colours=colours_of(record.get("players")), actions=len(session.history.actions))


def colours_of(players: Any) -> tuple[int, ...]:  # a record's players: anything
    """Each seat's colour as the app writes it in the record's players; () when a seat has none
    (a record written by selfplay or another program)."""
    given = [p.get("colour") if isinstance(p, dict) else None for p in players or ()]
    known = tuple(c for c in given if type(c) is int and 0 <= c < COLOURS)
    return known if len(known) == len(given) else ()


def _clip(score: int) -> int:
    return max(-BIG, min(BIG, int(score)))


def is_date(text: Any) -> bool:
    """A day as records write it ("2026-11-24": a Cementopia daily deal)."""
    import datetime
    try:
        datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return False
    return len(text) == 10


def fold(name: str) -> str:
    import unicodedata
    return unicodedata.normalize("NFKC", name).casefold().strip()
