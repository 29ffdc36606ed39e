"""Messages made before anyone knows the language they will be read in (issue 13).

Loading settings.json happens before the settings say which language to use, a save fails in a
worker thread, and a toast may still be up when Settings switches language. Such a message is a
`Message`: a str whose value is the English sentence (the CLI, stderr and the tests read that),
which also remembers its msgid and fields, so that `shown(message)` gives it in the language of
the moment. Fields may be Messages themselves (a reason inside a sentence); anything else in a
field (an OS error's words, a file name) is shown as it is.

    problem = message(N_("Could not save the game: {error}"), error=exc.strerror)
    str(problem)    # "Could not save the game: No space left on device"
    shown(problem)  # 「ゲームを保存できませんでした：No space left on device」 in Japanese

A hint is worded in the bot worker process and stays on the table while Settings may switch the
language, so its words are Messages too (they pickle across the process boundary), marked with
the `later` markers, which Babel extracts like _() and ngettext():

    later._("Put the {card} {where}.", card=12, where=later._("left of {cards}", cards=...))
    later.ngettext("{n} use left", "{n} uses left", n, n=n)

Nothing here imports pygame."""

from __future__ import annotations

from typing import Any

from .i18n import _, ngettext


class Message(str):
    """An English sentence that can be shown in another language later."""

    msgid: str = ""
    fields: dict[str, Any] = {}
    plural: str | None = None  # a count's message: msgid is its singular, n the count
    n: int = 1

    # pickles (a worker process) as a Message, not a plain str
    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.msgid, self.fields, self.plural, self.n))

    def text(self) -> str:
        return shown(self)


def _english(value: object) -> object:
    return str.__str__(value) if isinstance(value, Message) else value


def message(msgid: str, /, **fields: Any) -> Message:
    """`msgid` (marked with N_ for the extractor) formatted with `fields`, in English for now."""
    out = Message(msgid.format(**{k: _english(v) for k, v in fields.items()}))
    out.msgid, out.fields = msgid, dict(fields)
    return out


def counted(singular: str, plural: str, n: int, /, **fields: Any) -> Message:
    """A message with a count's forms, in English for now."""
    english = singular if n == 1 else plural
    out = Message(english.format(**{k: _english(v) for k, v in fields.items()}))
    out.msgid, out.fields, out.plural, out.n = singular, dict(fields), plural, n
    return out


def _rebuild(msgid: str, fields: dict[str, Any], plural: str | None = None, n: int = 1) -> Message:
    return message(msgid, **fields) if plural is None else counted(msgid, plural, n, **fields)


class later:
    """Markers for Messages, written as _() and ngettext() are so that Babel extracts them."""

    @staticmethod
    def _(msgid: str, /, **fields: Any) -> Message:
        return message(msgid, **fields)

    @staticmethod
    def ngettext(singular: str, plural: str, n: int, /, **fields: Any) -> Message:
        return counted(singular, plural, n, **fields)


def sentences(parts: list[Any]) -> Message:
    """Sentences one after another (English puts a space between them, Japanese none)."""
    words: Message = parts[-1]
    for part in reversed(parts[:-1]):
        words = later._("{sentence} {more}", sentence=part, more=words)
    return words


def split_sentences(words: object) -> list[Any]:
    """The sentences that sentences() put together, each on its own (any other text: itself)."""
    out = []
    while isinstance(words, Message) and words.msgid == "{sentence} {more}":
        out.append(words.fields["sentence"])
        words = words.fields["more"]
    return out + [words]


def shown(text: object) -> str:
    """A message in the current language: a Message translated with its fields, anything else as
    it is (already translated by whoever made it, or a name)."""
    if not isinstance(text, Message) or not text.msgid:
        return str(text)
    form = _(text.msgid) if text.plural is None else ngettext(text.msgid, text.plural, text.n)
    return form.format(**{k: shown(v) if isinstance(v, Message) else v
                                   for k, v in text.fields.items()})
