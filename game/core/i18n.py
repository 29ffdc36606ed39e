"""The app's words in the player's language (issue 13): English in the code, Japanese from
assets/locale/ja/LC_MESSAGES/alice.po.

The .po is read directly by the small reader below rather than compiled to .mo: the catalogue is
the file translators edit, there is no build step to forget (source checkout, pip install and the
PyInstaller bundle, which takes assets/ wholesale, all read the same file), and Babel stays a
test-time tool (build/check_catalogue.py) instead of a run-time dependency. Fuzzy entries are
skipped, as msgfmt does.

Look words up when they are drawn (`_("Quit")` in draw, not in a module constant), so that
Settings can switch the language without a restart; constants are marked with `N_` for the
extractor and translated where they are used. Format with named fields, never by concatenation:
`_("{name} gives up").format(name=...)`, so a translation can put the words in its own order.
Nothing here imports pygame: game/ may use it too (the headless CLI does not: its JSON stays
English)."""

from __future__ import annotations

import ast
import locale
import os
from pathlib import Path
from typing import Callable

LANGUAGES = ("en", "ja")
DOMAIN = "alice"
# plural form index for a count, per language (the Plural-Forms header of each .po says the same)
PLURALS: dict[str, Callable[[int], int]] = {"en": lambda n: 0 if n == 1 else 1, "ja": lambda n: 0}

CONTEXT_SEP = "\x04"  # between msgctxt and msgid in a catalogue key, as GNU gettext joins them
_state = {"lang": "en"}
# msgid (or msgctxt + CONTEXT_SEP + msgid): msgstr; (msgid, msgid_plural): [msgstr[0], ...]
Catalogue = dict[str | tuple[str, str], str | list[str]]
_catalogues: dict[str, Catalogue] = {}


def locale_dir() -> Path:
    from .paths import asset
    return asset("locale")


def system_language() -> str:
    """"ja" when the system's locale is Japanese, else "en" (the first start's language)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # POSIX order of precedence
        value = os.environ.get(name, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    try:
        code = locale.getlocale()[0] or ""  # Windows: "Japanese_Japan"; elsewhere "ja_JP"
    except ValueError:
        code = ""
    return "ja" if code.lower().startswith("ja") else "en"


def set_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    _state["lang"] = lang


def language() -> str:
    return _state["lang"]


def N_(message: str) -> str:
    """Mark a constant for the extractor; translate it with _() where it is drawn."""
    return message


def _(message: str) -> str:
    entry = _catalogue(_state["lang"]).get(message)
    return entry if isinstance(entry, str) and entry else message


def pgettext(context: str, message: str) -> str:
    """_() for a message whose words depend on where it is used: the same English, told apart
    by a context (the .po's msgctxt), e.g. "Keep it" answering a delete and an undo request."""
    entry = _catalogue(_state["lang"]).get(context + CONTEXT_SEP + message)
    return entry if isinstance(entry, str) and entry else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for a count n (format the count in yourself: `{n}`)."""
    lang = _state["lang"]
    forms = _catalogue(lang).get((singular, plural))
    index = PLURALS.get(lang, PLURALS["en"])(n)
    if isinstance(forms, list) and index < len(forms) and forms[index]:
        return forms[index]
    return singular if n == 1 else plural


def _catalogue(lang: str) -> Catalogue:
    if lang == "en":
        return {}
    if lang not in _catalogues:
        path = locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        try:
            _catalogues[lang] = read_po(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, SyntaxError):
            _catalogues[lang] = {}  # a missing or broken catalogue: the English words, never a crash
    return _catalogues[lang]


def read_po(text: str) -> Catalogue:
    """{msgid: msgstr, (msgid, msgid_plural): [msgstr[0], ...], msgctxt + CONTEXT_SEP + msgid:
    msgstr} of a .po file's translated, non-fuzzy entries (the header too)."""
    out: Catalogue = {}
    entry: dict[str, str] = {}
    fuzzy = False
    key = ""

    def finish() -> None:
        msgid = entry.get("msgid")
        if msgid and not fuzzy:
            if "msgctxt" in entry:
                msgid = entry["msgctxt"] + CONTEXT_SEP + msgid
            if "msgid_plural" in entry:
                forms = [entry[k] for k in sorted((k for k in entry if k.startswith("msgstr[")),
                                                  key=lambda k: int(k[7:-1]))]
                if any(forms):
                    out[(msgid, entry["msgid_plural"])] = forms
            elif entry.get("msgstr"):
                out[msgid] = entry["msgstr"]

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        started = any(k.startswith("msgstr") for k in entry)  # the entry is complete: a new one?
        if line.startswith("#"):
            if started:
                finish()
                entry, fuzzy, key = {}, False, ""
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
            continue
        if line.startswith('"'):
            if key:
                entry[key] += ast.literal_eval(line)
            continue
        word, _sep, rest = line.partition(" ")
        if word in ("msgctxt", "msgid") and started:
            finish()
            entry, fuzzy = {}, False
        key = word
        entry[key] = ast.literal_eval(rest.strip())
    if entry:
        finish()
    return out
