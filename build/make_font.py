"""Build the Japanese faces in assets/fonts: Noto Sans CJK JP, cut down to the characters the app
can show.

Noto Sans CJK (SIL OFL 1.1) comes from Debian's fonts-noto-cjk package; the JP face is the first
font of each .ttc collection. The full face is ~16 MB a weight; the subset keeps

- ASCII, Latin-1 and the General Punctuation block (names typed on a Western keyboard),
- every non-ASCII character written in the app's own code (game/, scenes/: arrows, stars, bullets),
- hiragana, katakana (with the phonetic extensions), CJK symbols and punctuation (U+3000-303F),
- full-width and half-width forms (U+FF00-FFEF: players type names with a Japanese IME, which may
  give either width of katakana),
- the JIS X 0208 level-1 kanji (rows 16-47, the 2,965 everyday kanji a name is written with),
- every character of the Japanese catalogue, assets/locale/ja/LC_MESSAGES/*.po (and of any further
  .po given with --po),

so the Japanese screens never show tofu. fontTools is needed here only, never by the app.

    python build/make_font.py --source DIR   # DIR holds NotoSansCJK-Regular.ttc and -Bold.ttc

With no --source the script looks in /usr/share/fonts/opentype/noto (apt-get install
fonts-noto-cjk) and /tmp/noto (apt-get download fonts-noto-cjk; dpkg -x *.deb /tmp/noto).
The licence is copied from the package's copyright file (--copyright) when one is found.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
LOCALE = ROOT / "assets" / "locale" / "ja" / "LC_MESSAGES"
SEARCH = [Path("/usr/share/fonts/opentype/noto"),
          Path("/tmp/noto/x/usr/share/fonts/opentype/noto"),
          Path("/tmp/noto/usr/share/fonts/opentype/noto")]
COPYRIGHT = [Path("/usr/share/doc/fonts-noto-cjk/copyright"),
             Path("/tmp/noto/x/usr/share/doc/fonts-noto-cjk/copyright"),
             Path("/tmp/noto/usr/share/doc/fonts-noto-cjk/copyright")]
WEIGHTS = {"Regular": "NotoSansJP-Regular.otf", "Bold": "NotoSansJP-Bold.otf"}
LICENCE = "LICENSE-NotoSansCJK.txt"

# Small triangles the app's chooser arrows use that Noto CJK lacks: drawn with its full-size ones.
ALIASES = {0x25C2: 0x25C0, 0x25B8: 0x25B6}
RANGES = [(0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2030, 0x203B),
          (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0x31F0, 0x31FF),
          (0xFF00, 0xFFEF)]


def jis_level1() -> set[str]:
    """The JIS X 0208 level-1 kanji: rows 16-47 of the 94x94 table, read through EUC-JP (row r,
    cell c is the two bytes 0xA0+r, 0xA0+c). Row 47 ends at cell 51; the empty cells do not
    decode."""
    kanji = set()
    for row in range(16, 48):
        for cell in range(1, 95):
            try:
                kanji.add(bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    return kanji


def code_chars() -> set[str]:
    """Non-ASCII characters the app's code draws, written literally or as \\uXXXX escapes."""
    chars = set()
    for folder in ("game", "scenes"):
        for path in (ROOT / folder).rglob("*.py"):
            source = path.read_text(encoding="utf-8")
            chars |= {c for c in source if ord(c) > 0x7E}
            chars |= {chr(int(h, 16)) for h in re.findall(r"\\u([0-9a-fA-F]{4})", source)}
    chars.discard("\ufeff")  # a byte-order mark the code strips, never draws
    return chars


def po_chars(paths) -> set[str]:
    """Every character of the translations (msgstr lines and their continuations)."""
    chars = set()
    for path in paths:
        in_msgstr = False
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line.startswith("msgstr"):
                in_msgstr = True
                line = line.split(" ", 1)[1] if " " in line else ""
            elif line.startswith(("msgid", "msgctxt", "#")) or not line:
                in_msgstr = False
            if in_msgstr and line.startswith('"'):
                text = line[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
                chars |= set(text)
    return {c for c in chars if c.isprintable()}


def needed(extra_po=()) -> set[str]:
    """What the app draws for sure: its code's symbols and the catalogue."""
    return code_chars() | po_chars(sorted(LOCALE.glob("*.po")) + [Path(p) for p in extra_po])


def wanted(extra_po=()) -> set[str]:
    return {chr(c) for lo, hi in RANGES for c in range(lo, hi + 1)} | jis_level1() | needed(extra_po)


def find(name: str, given: Path | None) -> Path:
    for folder in ([given] if given else SEARCH):
        if (folder / name).exists():
            return folder / name
    sys.exit(f"{name} not found; get it with: apt-get download fonts-noto-cjk && "
             f"dpkg -x fonts-noto-cjk_*.deb /tmp/noto/x  (or pass --source)")


def cut(source: Path, out: Path, chars: set[str], needed: set[str]) -> list[str]:
    """Write the JP face of `source` (a .ttc) cut to `chars`; return those of `needed` (the ones
    the app really draws) it lacks. The blocks' other gaps are left out quietly."""
    collection = TTCollection(str(source))
    face = next(f for f in collection.fonts if f["name"].getDebugName(1).endswith(" JP"))
    cmap = face.getBestCmap()
    for table in face["cmap"].tables:
        if table.isUnicode():
            for alias, real in ALIASES.items():
                if alias not in table.cmap and real in table.cmap:
                    table.cmap[alias] = table.cmap[real]
    cmap = face.getBestCmap()
    missing = sorted(c for c in needed if ord(c) not in cmap and c.isprintable() and c != " ")
    options = subset.Options()
    options.layout_features = ["*"]  # keep kerning, vertical forms, proportional kana
    options.name_IDs = ["*"]  # the copyright and licence notice travel with the font
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False  # FreeType autohints CFF at the sizes we draw; saves ~10%
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(face)
    face.recalcTimestamp = False  # keep the source's date, so a rebuild gives the same bytes
    face.save(str(out))
    return missing


def licence(copyright_file: Path | None) -> str:
    header = ("Noto Sans CJK JP (NotoSansJP-Regular.otf, NotoSansJP-Bold.otf), subset by "
              "build/make_font.py\nfrom Debian's fonts-noto-cjk (https://github.com/googlefonts/"
              "noto-cjk).\n\nCopyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved "
              "Font Name 'Source'.\nThis Font Software is licensed under the SIL Open Font "
              "License, Version 1.1.\n\n")
    for path in ([copyright_file] if copyright_file else COPYRIGHT):
        if path and path.exists():
            text = path.read_text(encoding="utf-8")
            # The Debian file's "License: SIL-1.1" paragraph, with its one-space indent and
            # "." blank lines undone.
            body = text.split("License: SIL-1.1\n", 2)[-1].split("\nLicense: ", 1)[0]
            lines = [line[1:] if line.startswith(" ") else line for line in body.splitlines()]
            return header + "\n".join("" if line == "." else line for line in lines).strip() + "\n"
    sys.exit("fonts-noto-cjk's copyright file not found (pass --copyright)")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help="folder with NotoSansCJK-{Regular,Bold}.ttc")
    parser.add_argument("--copyright", type=Path, help="fonts-noto-cjk's Debian copyright file")
    parser.add_argument("--po", action="append", default=[], help="a further catalogue to cover")
    args = parser.parse_args(argv)
    chars, must = wanted(args.po), needed(args.po)
    print(f"{len(chars)} characters wanted")
    for weight, name in WEIGHTS.items():
        out = FONTS / name
        missing = cut(find(f"NotoSansCJK-{weight}.ttc", args.source), out, chars, must)
        print(f"{name}: {out.stat().st_size / 1e6:.2f} MB"
              + (f"; no glyph for {' '.join(missing)}" if missing else ""))
    (FONTS / LICENCE).write_text(licence(args.copyright), encoding="utf-8")


if __name__ == "__main__":
    main()
