"""What the settings may hold: every field's type, bounds and default; loading and keeping them
(game.storage keeps each setting under its own key).

The database is the player's to edit, so anything can be in it. `clean(data)` keeps the good fields,
drops each bad one (its reader then uses the default) and says so in one line per field; fields
this version does not know are kept untouched, for the version that wrote them.
Readers (scenes/) still use `.get(name, default)`: a dropped field is a default.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ..core import registry
from ..core.commands import UNDO_MODES
from ..core.i18n import LANGUAGES, N_  # absent from settings: the system's language
from ..core.messages import message
from ..storage.entries import COLOURS as KEPT_COLOURS

if TYPE_CHECKING:  # game.storage imports this module
    from ..storage import Store

SPEEDS = (1.0, 1.5, 2.5)  # animation speeds the settings overlay offers (scenes/menus/settings.py)
DEFAULT_THINK = 0.8  # seconds a bot thinks per decision (scenes/table/bots.py keeps the same)
MAX_THINK = 10.0
GAMES = tuple(registry.ids())
# a seat's colour, by its number (scenes.widgets.ui.PLAYER_COLOURS draws them)
COLOUR_NAMES = (N_("Orange"), N_("Blue"), N_("Green"), N_("Gold"), N_("Purple"), N_("White"))
COLOURS = len(COLOUR_NAMES)
assert COLOURS == KEPT_COLOURS  # the seat colours History reads from a record (game.storage.entries)
NAME_LEN, SEED_LEN, COMMAND_LEN, KIND_LEN = 14, 9, 160, 20  # the setup screen's own limits
FOLDER_LEN = 400  # a designer's content folder (Settings)
COUNTS = tuple(sorted({n for game in registry.GAMES for n in game.player_counts}))
SEATS = COUNTS[-1]  # the most any game seats
TARGETS = tuple(sorted({t for game in registry.GAMES for t in game.targets}))
RULES = tuple(dict.fromkeys(rule.key for game in registry.GAMES for rule in game.rules))
TEXT_SIZES = ("normal", "large", "larger")  # the settings overlay's text size (scenes/widgets/ui.py)


@dataclass(frozen=True)
class Field:
    default: Any  # None: no default of its own, the reader's applies
    good: Callable[[Any], bool]
    says: str  # what a good value is, for the message (a game.core.messages.Message)


TRUE_OR_FALSE = message(N_("true or false"))


def one_of_words(options: Iterable[str]) -> str:
    return message(N_("one of {options}"), options=", ".join(options))


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def is_text(limit: int, digits: bool = False) -> Callable[[Any], bool]:
    """A string the screen can draw (no control characters) and no longer than its field."""
    def good(value: Any) -> bool:
        return (isinstance(value, str) and len(value) <= limit and value.isprintable()
                and (not digits or value == "" or value.isdigit()))
    return good


def one_of(options: tuple[object, ...]) -> Callable[[Any], bool]:
    # a tuple compares with ==, so an unhashable value is simply not in it; True is not 1
    return lambda value: not isinstance(value, bool) and value in options


def is_think(value: Any) -> bool:
    return is_number(value) and 0 < value <= MAX_THINK


def is_seat(value: Any) -> bool:
    return (isinstance(value, dict) and all(SEAT[k].good(v) for k, v in value.items() if k in SEAT))


def is_seats(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= SEATS and all(map(is_seat, value))


def is_table(value: Any) -> bool:
    return isinstance(value, dict)


SEAT = {
    "name": Field(None, is_text(NAME_LEN),
                  message(N_("a name of at most {count} printable characters"), count=NAME_LEN)),
    "kind": Field(None, is_text(KIND_LEN), message(N_("a seat kind such as \"human\" or \"easy\""))),
    "colour": Field(None, lambda v: is_int(v) and 0 <= v < COLOURS,
                    message(N_("a colour number 0 to {last}"), last=COLOURS - 1)),
}

def first_or_second(options: Iterable[object]) -> str:
    """"a, b or c" (a game.core.messages.Message)."""
    words = [str(option) for option in options]
    return message(N_("{first} or {second}"), first=", ".join(words[:-1]), second=words[-1])


SETUP = {  # the last game set up (scenes/menus/setup.py remembers it)
    "game": Field(GAMES[0], one_of(GAMES), one_of_words(GAMES)),
    "players": Field(2, one_of(COUNTS), first_or_second(COUNTS)),
    "seats": Field(None, is_seats,
                   message(N_("a list of at most {count} seats (name, kind, colour)"), count=SEATS)),
    **{key: Field(False, is_bool, TRUE_OR_FALSE) for key in RULES},  # each game's optional rules
    "daily": Field(True, is_bool, TRUE_OR_FALSE),
    "seed": Field("", is_text(SEED_LEN, digits=True),
                  message(N_("empty or up to {count} digits"), count=SEED_LEN)),
    "command": Field("", is_text(COMMAND_LEN),
                     message(N_("a command line of at most {count} printable characters"),
                             count=COMMAND_LEN)),
    "target": Field(None, one_of(TARGETS),
                    message(N_("{first} or {second} points"),
                            first=", ".join(map(str, TARGETS[:-1])), second=TARGETS[-1])),
    "advanced": Field(False, is_bool, TRUE_OR_FALSE),  # the External program seat kind shown
    "undo": Field("fair", one_of(UNDO_MODES), first_or_second(UNDO_MODES)),
    # a designer's parameters file for the games with designers' tools ("": the game's own numbers)
    "params": Field("", is_text(FOLDER_LEN),
                    message(N_("empty or a file of at most {count} characters"), count=FOLDER_LEN)),
}

FIELDS = {
    "sound": Field(True, is_bool, TRUE_OR_FALSE),
    "volume": Field(100, lambda v: is_int(v) and 0 <= v <= 100,
                    message(N_("a whole number from 0 to 100"))),
    "text_size": Field("normal", one_of(TEXT_SIZES), one_of_words(TEXT_SIZES)),
    "speed": Field(1.0, one_of(SPEEDS), one_of_words(map(str, SPEEDS))),
    "think": Field(DEFAULT_THINK, is_think,
                   message(N_("a number of seconds above 0 and at most {most}"), most=f"{MAX_THINK:g}")),
    "hover_magnify": Field(True, is_bool, TRUE_OR_FALSE),
    "auto_take_last": Field(False, is_bool, TRUE_OR_FALSE),
    "language": Field(None, one_of(LANGUAGES),
                      message(N_("{first} or {second}"), first=LANGUAGES[0], second=LANGUAGES[1])),
    "setup": Field(None, is_table, message(N_("a table of the last game's setup"))),
    "lesson_offered": Field(False, is_bool, TRUE_OR_FALSE),  # Learn to play was offered once
    # a designer's content folder for the games with designers' tools (--content overrides it)
    "content_folder": Field("", is_text(FOLDER_LEN),
                            message(N_("empty or a folder of at most {count} characters"),
                                    count=FOLDER_LEN)),
}


def clean(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """(the good fields, one message per field dropped)."""
    kept, messages = _clean(data, FIELDS, "")
    if isinstance(kept.get("setup"), dict):
        kept["setup"], more = _clean(kept["setup"], SETUP, "setup.")
        messages += more
    return kept, messages


def valid(name: str, value: object) -> bool:
    """Whether a top-level field's value is usable (for readers handed a dict edited in memory)."""
    return FIELDS[name].good(value)


def read(settings: dict[str, Any], name: str) -> Any:
    """A top-level field's value in `settings` when usable, else the field's default (None for
    a field whose reader decides, such as the language)."""
    value = settings.get(name)
    return value if value is not None and valid(name, value) else FIELDS[name].default


def _clean(data: dict[str, Any], fields: dict[str, Field],
           prefix: str) -> tuple[dict[str, Any], list[str]]:
    kept: dict[str, Any] = {}
    messages: list[str] = []
    for key, value in data.items():
        field = fields.get(key)
        if field is None or field.good(value):
            kept[key] = value
        else:
            messages.append(_message(prefix + key, value, field))
    return kept, messages


def _message(name: str, value: object, field: Field) -> str:
    default = message(N_("the standard one")) if field.default is None else json.dumps(field.default)
    return message(N_("Setting {name} was {value}, not {good}; using the default ({default})."),
                   name=name, value=_quote(value), good=field.says, default=default)


def _quote(value: object) -> str:
    """A bad value, short and printable, for a one-line message."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


# --- the settings as the app holds them --------------------------------------------------------

class Settings(dict[str, Any]):
    """The settings, what loading them had to say (the title screen shows it once), and the values
    last read or written, so that a save writes only what this window changed: another window's
    changes to other settings are kept."""

    def __init__(self, data: dict[str, Any] | Iterable[tuple[str, Any]] = (),
                 messages: Iterable[str] = ()) -> None:
        super().__init__(data)
        self.messages: list[str] = list(messages)
        self.kept: dict[str, str] = {k: _canon(v) for k, v in self.items()}

    def changes(self) -> tuple[dict[str, Any], set[str]]:
        """(the settings changed since read or kept, the ones removed)."""
        changed = {k: v for k, v in self.items() if self.kept.get(k) != _canon(v)}
        return changed, set(self.kept) - set(self)

    def mark_kept(self, changed: dict[str, Any], removed: Iterable[str]) -> None:
        for key, value in changed.items():
            self.kept[key] = _canon(value)
        for key in removed:
            self.kept.pop(key, None)


def _canon(value: object) -> str:
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        return repr(value)


def load(store: Store) -> Settings:
    """The settings from the store (game.storage), each bad field at its default with one line
    (never an exception: a store that cannot be read gives the defaults, and says so)."""
    from ..storage import StoreError
    try:
        data, problems = store.settings.read()
    except StoreError as exc:
        return Settings({}, [exc.words])
    kept, more = clean(data)
    return Settings(kept, problems + more)


def with_old(settings: Settings, old: dict[str, Any]) -> Settings:
    """The settings while an old settings file waits to come in (game.storage.legacy): its good
    fields under the ones already kept, as the bring-in will keep them. Nothing is written, and its
    bad fields are said by the settings loaded after the bring-in, not here too."""
    good, _said = clean(old)
    return Settings({**good, **settings}, settings.messages)


def keep(store: Store, settings: dict[str, Any]) -> str | None:
    """Write what changed in `settings` (per key); a line saying why if it could not be kept."""
    from ..storage import StoreError
    if not isinstance(settings, Settings):
        settings = Settings(settings)
        settings.kept = {}
    changed, removed = settings.changes()
    if not changed and not removed:
        return None
    try:
        store.settings.put(changed, removed)
    except StoreError as exc:
        return exc.words
    settings.mark_kept(changed, removed)
    return None
