"""Issue 40, item 10: "You's bot failed", "You's areas". A name's possessive is made by one
function, game.core.words.whose: "Ann's" and the player's own "your", 「Annの」 and 「あなたの」."""

import ast
import re
from pathlib import Path

import pytest

from game.core import i18n
from game.core.words import whose

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def test_english_possessives():
    assert whose("Ann") == "Ann's"
    assert whose("You") == "your"
    assert whose("You", start=True) == "Your"
    assert whose("Ann", start=True) == "Ann's"
    assert whose("ann", start=True) == "ann's"  # a name is never changed
    assert whose("You (doll A)") == "your (doll A)"
    assert whose("You (doll A)", start=True) == "Your (doll A)"
    assert whose("Youssef") == "Youssef's"  # only the word You is the player
    assert whose("Bellows") == "Bellows'" and whose("Bellows", start=True) == "Bellows'"  # not "Bellows's"
    assert whose("JAMES") == "JAMES'"


def test_japanese_possessives(japanese):
    assert whose("Ann") == "Annの"
    assert whose("Bellows") == "Bellowsの"
    assert whose("あなた") == "あなたの"
    assert whose("You") == "あなたの"  # a seat named in English before the switch
    assert whose("あなた", start=True) == "あなたの"
    assert whose("あなた（人形A）") == "あなた（人形A）の"


def test_the_bot_failed_line_of_selfplay_says_your():
    from game.assemble.record import new_session
    from game.bots import BotFailure, make_bot
    from game.services.play import play_out

    class Failing:
        name = "failing"

        def decide(self, view, legal):
            raise BotFailure("no action within 10 s")
    session = new_session(1, [{"name": "You", "seat": "cmd:x"}, {"name": "Ann", "seat": "cmd:y"}])
    said: list[str] = []
    play_out(session, {0: Failing(), 1: Failing()}, on_message=said.append)
    assert said[0].startswith("Your bot failed (no action within 10 s)"), said
    assert said[1].startswith("Ann's bot failed (no action within 10 s)"), said


def test_alicematic_areas_heading_says_your():
    """The board's heading: "Your areas" for the player, "Ann's areas" for another."""
    from scenes.alicematic import draw

    class Scene:
        def __init__(self, name):
            self.name = name

        def name_of(self, _player):
            return self.name
    assert draw.areas_title(Scene("You"), 0) == "Your areas"
    assert draw.areas_title(Scene("Ann"), 0) == "Ann's areas"


# --- no possessive of a name is built by hand ---------------------------------------------------

# fields that hold a number or a letter, never a name: "player 2's hand", "doll A's line"
NOT_NAMES = {"player", "turn", "tried", "letter"}
WHOSE_OWN = "{name}'s"  # whose() itself


def test_no_message_builds_a_names_possessive():
    from babel.messages.pofile import read_po
    with open(ROOT / "assets/locale/ja/LC_MESSAGES/alice.po", encoding="utf-8") as fh:
        catalogue = read_po(fh)
    built = []
    for entry in catalogue:
        for msgid in entry.id if isinstance(entry.id, tuple) else (entry.id,):
            if msgid == WHOSE_OWN:
                continue
            built += [f"{msgid!r}: {{{field}}}'s" for field in re.findall(r"\{(\w+)\}'s\b", msgid)
                      if field not in NOT_NAMES]
    assert built == [], "give these a {whose} field from game.core.words.whose:\n" + "\n".join(built)


def test_no_f_string_builds_a_possessive():
    """f"{name}'s bot failed" in the command line's words, too."""
    found = []
    for folder in ("game", "scenes"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.JoinedStr):
                    continue
                for before, after in zip(node.values, node.values[1:]):
                    if isinstance(before, ast.FormattedValue) and isinstance(after, ast.Constant) \
                            and isinstance(after.value, str) and re.match(r"'s\b", after.value):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
