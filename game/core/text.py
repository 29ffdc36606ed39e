"""Text that comes from outside the app, as the screen may show it.

A record file, the player's data (another program or an edit may have written it) and an
external bot's process may say anything: a NUL (the font renderer refuses it), other control
characters, a bidi override such as U+202E (it would turn the rest of a line around), a lone
surrogate (not UTF-8 at all), or ten megabytes of one name. What is shown of such text goes
through `clean` once, where it comes in: printable characters only, any whitespace as a space,
and at most a few dozen characters where it labels something (NAME, LABEL, LINE), a few hundred
where the whole of it is shown on demand (WHOLE: a question, a tooltip). What a record says is never
changed by it: records verify and export as they came (a player's name is the exception: the
records module shows and keeps it cleaned, records.display_name).

Nothing here imports pygame; scenes.widgets.ui keeps a last guard of its own for any text that
reaches the font without passing here.
"""

from __future__ import annotations

NAME = 24  # a player's name (records.NAME_LEN)
LABEL = 48  # a command line or a seat the app does not know, in a label
LINE = 80  # a line of a program's own words in a message (why an external bot failed)
WHOLE = 300  # the whole of it, on demand: the question before starting a program, a tooltip
ELLIPSIS = "\u2026"


def clean(text: str, limit: int, ellipsis: str = ELLIPSIS) -> str:
    """`text` as the screen may show it: printable characters only (control and format
    characters, bidi overrides and lone surrogates dropped; tabs, newlines and other spaces as a
    plain space), its ends stripped, at most `limit` characters; one cut short ends in
    `ellipsis`. Only the text's first few times `limit` characters are read, so ten megabytes
    cost what a name does."""
    return shorten(text, limit, ellipsis)[0]


def shorten(text: str, limit: int, ellipsis: str = ELLIPSIS) -> tuple[str, bool]:
    """(clean(text, limit), whether it was cut short): where the screen says there is more."""
    head = text[:limit * 8 + 8]  # ample for `limit` shown characters among dropped ones
    if head.isprintable():
        shown = head.strip()
    else:
        shown = "".join(c if c.isprintable() else " " if c.isspace() else ""
                        for c in head).strip()
    if len(shown) <= limit and len(head) == len(text):
        return shown, False
    return shown[:max(0, limit - len(ellipsis))].rstrip() + ellipsis, True
