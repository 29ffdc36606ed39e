"""Is every word of the app translated? `python build/check_catalogue.py` (tests/test_i18n.py runs it).

Extracts the marked messages (_("..."), N_("..."), ngettext(...)) from game/ and scenes/ with Babel
(babel.cfg), and the names and flavour of the cards in assets/cards.json (drawn as _(doll.name)),
and checks assets/locale/ja/LC_MESSAGES/alice.po: every message is there, translated
(each plural form), not fuzzy, uses the same {named} fields as the English and, in Japanese, keeps
the typography (JA_TYPOGRAPHY: ： after Japanese words, no half-width space after ！？, one tilde
～, … and − rather than ASCII ... and -). Prints one line per problem and exits 1 on any.

    python build/check_catalogue.py --update

rewrites assets/locale/alice.pot and merges it into ja.po (new messages empty, to translate), as
`pybabel extract` + `pybabel update` would."""

from __future__ import annotations

import json
import re
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
LANGUAGES = ("ja",)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def extract() -> Catalog:
    """The messages in the code, as Babel extracts them."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, str(ROOT / "babel.cfg"))
    template = Catalog(project="Alice Assemble", charset="utf-8")
    for path, line, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS):
        template.add(message, None, [(path, line)], auto_comments=comments, context=context)
    for message, line, comment in card_words():
        template.add(message, None, [(CARDS, line)], auto_comments=[comment])
    return template


CARDS = "assets/cards.json"


def card_words() -> list[tuple[str, int, str]]:
    """(message, line, comment for the translator) for each doll's and counter's name and flavour
    in assets/cards.json: data, not code, so Babel's extractors do not see them."""
    text = (ROOT / CARDS).read_text(encoding="utf-8")
    data = json.loads(text)
    lines = text.splitlines()

    def line_of(value: str) -> int:  # the first line holding the string as JSON writes it
        literal = json.dumps(value, ensure_ascii=False)
        return next((n for n, row in enumerate(lines, 1) if literal in row), 0)

    out = []
    for kind, key, cards in (("doll", "index", data["dolls"]), ("counter card", "order", data["counters"])):
        for card in cards:
            for field, what in (("name", "name (fits the card's name plaque: keep it short)"),
                                ("flavour", "flavour (one short sentence)")):
                value = card[field]
                out.append((value, line_of(value), f"{kind} {card[key]}'s {what}"))
    return out


def fields(text: str) -> set[str]:
    try:
        return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<bad braces>"}


# Japanese typography (issue 41): what a Japanese string must not hold, and what to write instead
JA_TYPOGRAPHY = (
    (re.compile(r"(?<=[^\x00-\x7f]|[}]):"), "a half-width colon after Japanese words: write ："),
    (re.compile(r"[！？][ \u00a0]"), "a half-width space after ！ or ？: none (or a full-width one)"),
    (re.compile("\u301c"), "〜 (wave dash): write ～, the catalogue's one tilde"),
    (re.compile(r"\.\.\."), "ASCII ...: write …"),
    (re.compile(r"(?<=[^\x00-\x7f])-(?=\d)"), "an ASCII hyphen as a minus: write −"),
)


# Japanese terms (issue 59, item 7, from the native review): (the word the catalogue must not
# use, as a pattern; where and why; the word to write instead). Each holds over every Japanese
# msgstr: no game of the app uses these words in another sense.
JA_TERMS = (
    ("エリア", "Alicematic's card areas: draft 10 says 色置き場", "置き場"),
    ("失点", "points lost: 失点 is points conceded to an opponent", "損失 (or 減点)"),
    ("同点優勝", "a tied game: 優勝 belongs to a tournament", "引き分け"),
    ("勝利点", "Grayblock's target: 勝利点 means VP", "目標点"),
    ("[赤青黄緑白]（(?:戦力|食糧)）", "a colour's name: draft 10 says 赤（軍事）…緑（生産）", "赤（軍事）、緑（生産）"),
    ("到達したタイル", "the map majority: draft 10 says マップ全体の侵攻度", "侵攻度"),
    # between key names ("Tab / ↑↓") the ASCII slash stays
    (r"(?<=[^\x00-\x7f\u2190-\u21ff]|[\d}]) / | / (?=[^\x00-\x7f\u2190-\u21ff]|[\d{])",
     "an ASCII \" / \" by Japanese words or figures", "／"),
    (r"[()]", "a half-width bracket", "（）"),
)
_TERMS = tuple((re.compile(pattern), where, word) for pattern, where, word in JA_TERMS)


def terms(text: str) -> list[str]:
    """What JA_TERMS finds wrong in one Japanese string (each rule once)."""
    return [f"{found.group()!r} ({where}): write {word}"
            for found, where, word in ((p.search(text), where, word) for p, where, word in _TERMS) if found]


def typography(text: str) -> list[str]:
    """What JA_TYPOGRAPHY finds wrong in one Japanese string (each rule once)."""
    return [why for pattern, why in JA_TYPOGRAPHY if pattern.search(text)]


def problems(template: Catalog, lang: str) -> list[str]:
    path = LOCALE / lang / "LC_MESSAGES" / "alice.po"
    try:
        with open(path, "rb") as f:
            catalog = read_po(f, locale=lang)
    except (OSError, ValueError) as exc:
        return [f"{path.relative_to(ROOT)}: cannot be read ({exc})"]
    out = []
    for message in template:
        if not message.id:
            continue
        where = ", ".join(f"{p}:{n}" for p, n in message.locations[:1])
        key = message.id if isinstance(message.id, str) else message.id[0]
        entry = catalog.get(key, context=message.context)
        if message.context:  # named as the code writes it
            key = f"{message.context}|{key}"
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if entry is None:
            out.append(f"{lang}: missing {key!r} ({where})")
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy:
            out.append(f"{lang}: fuzzy {key!r}")
        elif not all(strings):
            out.append(f"{lang}: untranslated {key!r}")
        elif isinstance(message.id, tuple) != isinstance(entry.id, tuple):
            out.append(f"{lang}: {key!r} is plural in one place only")
        else:
            wanted = set().union(*(fields(i) for i in ids))
            for text in strings:
                if fields(text) != wanted:
                    out.append(f"{lang}: {key!r} has fields {sorted(fields(text))}, "
                               f"not {sorted(wanted)}")
            if lang == "ja":
                out += [f"{lang}: {key!r}: {why}"
                        for why in dict.fromkeys(w for text in strings for w in typography(text) + terms(text))]
    return out


def update(template: Catalog) -> None:
    with open(LOCALE / "alice.pot", "wb") as f:
        write_po(f, template, omit_header=False, sort_output=True, no_location=True)
    for lang in LANGUAGES:
        path = LOCALE / lang / "LC_MESSAGES" / "alice.po"
        with open(path, "rb") as f:
            catalog = read_po(f, locale=lang)
        catalog.update(template, no_fuzzy_matching=True)
        with open(path, "wb") as f:
            write_po(f, catalog, sort_output=True, no_location=True, ignore_obsolete=True)


def main(argv: list[str]) -> int:
    template = extract()
    if argv[:1] == ["--update"]:
        update(template)
    found = [line for lang in LANGUAGES for line in problems(template, lang)]
    for line in found:
        print(line)
    count = sum(1 for m in template if m.id)
    print(f"check_catalogue: {count} messages, {len(found)} problems", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
