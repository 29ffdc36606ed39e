"""Sentences worked out now and said later, in whatever language the player reads then.

A hint is worked out in the bot worker process (game.bots.worker), which does not know the
player's language, and it stays on the table while Settings may switch the language. So the
hint's words travel as `Later` messages: each is the English text (a plain str for tests,
records and anything that only wants English) that also keeps its message and fields, and
`say()` gives its words in the language now. They pickle, so they cross the process boundary.

Mark them like any message, so Babel extracts them:

    later._("Put the {card} {where}.", card=12, where=later._("left of {cards}", cards=...))
    later.ngettext("{n} use left", "{n} uses left", n, n=n)

A field may itself be a Later (a phrase in the same language)."""

from __future__ import annotations

from ..i18n import _, ngettext


class Later(str):
    """A message and its fields; str() is the English."""

    message: str
    plural: str | None
    n: int
    fields: dict

    def __new__(cls, message: str, plural: str | None = None, n: int = 1,
                fields: dict | None = None) -> "Later":
        fields = dict(fields or {})
        english = (message if plural is None or n == 1 else plural).format(
            **{k: str(v) for k, v in fields.items()})
        self = super().__new__(cls, english)
        self.message, self.plural, self.n, self.fields = message, plural, n, fields
        return self

    def __reduce__(self):
        return (Later, (self.message, self.plural, self.n, self.fields))

    def text(self) -> str:
        """The words in the player's language now."""
        form = _(self.message) if self.plural is None else ngettext(self.message, self.plural, self.n)
        return form.format(**{k: say(v) for k, v in self.fields.items()})


class later:
    """The markers: later._(...) and later.ngettext(...) as _() and ngettext() are written."""

    @staticmethod
    def _(message: str, /, **fields) -> Later:
        return Later(message, fields=fields)

    @staticmethod
    def ngettext(singular: str, plural: str, n: int, /, **fields) -> Later:
        return Later(singular, plural, n, fields)


def sentences(parts: list) -> Later:
    """Sentences one after another (English puts a space between them, Japanese none)."""
    words = parts[-1]
    for part in reversed(parts[:-1]):
        words = later._("{sentence} {more}", sentence=part, more=words)
    return words


def split_sentences(words) -> list:
    """The sentences that sentences() put together, each on its own (any other text: itself)."""
    out = []
    while isinstance(words, Later) and words.message == "{sentence} {more}":
        out.append(words.fields["sentence"])
        words = words.fields["more"]
    return out + [words]


def say(words) -> str:
    """A Later's words in the language now; any other text as it is (already said)."""
    return words.text() if isinstance(words, Later) else str(words)
