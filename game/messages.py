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

Nothing here imports pygame."""

from __future__ import annotations

from .i18n import _


class Message(str):
    """An English sentence that can be shown in another language later."""

    msgid: str = ""
    fields: dict = {}

    def __reduce__(self):  # pickles (a worker process) as a Message, not a plain str
        return (_rebuild, (self.msgid, self.fields))


def _english(value):
    return str.__str__(value) if isinstance(value, Message) else value


def message(msgid: str, **fields) -> Message:
    """`msgid` (marked with N_ for the extractor) formatted with `fields`, in English for now."""
    out = Message(msgid.format(**{k: _english(v) for k, v in fields.items()}))
    out.msgid, out.fields = msgid, dict(fields)
    return out


def _rebuild(msgid: str, fields: dict) -> Message:
    return message(msgid, **fields)


def shown(text) -> str:
    """A message in the current language: a Message translated with its fields, anything else as
    it is (already translated by whoever made it, or a name)."""
    if not isinstance(text, Message) or not text.msgid:
        return str(text)
    return _(text.msgid).format(**{k: shown(v) if isinstance(v, Message) else v
                                   for k, v in text.fields.items()})
