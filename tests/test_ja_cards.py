"""The cards in Japanese (issue 13): our own Japanese names and flavour for the 32 dolls and the 4
counter cards live in the catalogue beside the app's other words (build/check_catalogue.py extracts
them from assets/cards.json), and every place that draws a card's words draws them in the player's
language: the card faces (their name plaques and the counters' names) and the Assemble magnifier.
Faces are cached per language, so a switch in Settings shows the other language at once."""

import hashlib
import importlib.util
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from game.core import i18n
from game.assemble.setup import Rules
from game.core.cards import card_set
from scenes.art import cards as art
from scenes.art.warmup import planned_art
from scenes.menus.settings import use_language
from scenes.widgets import ui

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "assets" / "locale" / "ja" / "LC_MESSAGES" / "alice.po"
CARDS = card_set()
EVERY_CARD = [("doll", d.index, d.name, d.flavour) for d in CARDS.dolls] + \
             [("counter", c.order, c.name, c.flavour) for c in CARDS.counters]


@pytest.fixture(autouse=True)
def english_after():
    pygame.init()
    yield
    use_language("en")


@pytest.fixture(scope="module")
def catalogue():
    """The Japanese catalogue as Babel reads it (not through game.core.i18n, which is under test)."""
    with open(PO, "rb") as f:
        po = read_po(f, locale="ja")
    return {m.id: m.string for m in po if m.id and not m.fuzzy}


def japanese(text: str) -> bool:
    return any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in text)


def digest(surf) -> str:
    return hashlib.sha1(pygame.image.tobytes(surf, "RGBA")).hexdigest()


def check_catalogue():
    spec = importlib.util.spec_from_file_location("check_catalogue", ROOT / "build" / "check_catalogue.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the words ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kind,number,name,flavour", EVERY_CARD, ids=[f"{k}{n}" for k, n, *_ in EVERY_CARD])
def test_every_card_has_a_japanese_name_and_flavour(catalogue, kind, number, name, flavour):
    ja_name, ja_flavour = catalogue.get(name), catalogue.get(flavour)
    assert ja_name and japanese(ja_name), f"{kind} {number}: {name!r} has no Japanese name"
    assert ja_flavour and japanese(ja_flavour), f"{kind} {number}: {flavour!r} has no Japanese flavour"
    assert len(ja_name) <= 9  # a plaque's worth: the longest English name is as wide
    assert ja_flavour.endswith("。") and ja_flavour.count("。") == 1  # one short sentence
    i18n.set_language("ja")
    assert (i18n._(name), i18n._(flavour)) == (ja_name, ja_flavour)
    i18n.set_language("en")
    assert (i18n._(name), i18n._(flavour)) == (name, flavour)


def test_japanese_names_are_all_different(catalogue):
    names = [catalogue[name] for _k, _n, name, _f in EVERY_CARD]
    assert len(set(names)) == len(names)


def test_the_catalogue_check_covers_the_cards(tmp_path, monkeypatch):
    check = check_catalogue()
    template = check.extract()
    for _kind, _number, name, flavour in EVERY_CARD:
        for message in (name, flavour):
            entry = template.get(message)
            assert entry is not None, message
            assert entry.locations[0][0] == "assets/cards.json" and entry.locations[0][1] > 0
    assert check.problems(template, "ja") == []
    # a card's Japanese name gone from the catalogue: the check says which
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    text = PO.read_text(encoding="utf-8")
    gone = CARDS.dolls[12].name
    cut = text.replace(f'msgid "{gone}"\nmsgstr "{i18n.read_po(text)[gone]}"', f'msgid "{gone}"\nmsgstr ""')
    assert cut != text
    (folder / "alice.po").write_text(cut, encoding="utf-8")
    monkeypatch.setattr(check, "LOCALE", tmp_path)
    assert check.problems(template, "ja") == [f"ja: untranslated {gone!r}"]


# --- the faces ---------------------------------------------------------------------------------

def labels_drawn(monkeypatch) -> list[str]:
    drawn: list[str] = []
    real = art.name_label

    def spy(text, *args, **kwargs):
        drawn.append(text)
        return real(text, *args, **kwargs)
    monkeypatch.setattr(art, "name_label", spy)
    return drawn


def test_faces_draw_the_catalogues_names_in_japanese_and_the_english_in_english(catalogue, monkeypatch):
    drawn = labels_drawn(monkeypatch)
    use_language("ja")
    for doll in CARDS.dolls:
        art.doll_face(doll.index, 90)
    for counter in CARDS.counters:
        art.counter_face(counter.order, 90)
    assert drawn == [catalogue[name] for _k, _n, name, _f in EVERY_CARD]
    drawn.clear()
    use_language("en")
    art.doll_face(3, 90)
    art.counter_face(4, 90)
    assert drawn == ["Cog-and-Cinder", "Last Bell"]


def changed_box(a, b):
    """The bounding box of the pixels that differ between two surfaces of one size."""
    w, h = a.get_size()
    xs, ys = [], []
    for y in range(h):
        for x in range(w):
            if a.get_at((x, y)) != b.get_at((x, y)):
                xs.append(x)
                ys.append(y)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) if xs else None


def table_widths():
    """Every doll width a table's first frame draws, any game, any player count, any window, in
    the language now in use (a layout may depend on its words)."""
    widths = set()
    for game, counts in (("assemble", (2, 3, 4)), ("cementopia", (1,)), ("grayblock", (2, 3, 4))):
        for players in counts:
            for size in ((640, 360), (1280, 720), (1920, 1080)):
                widths |= {call[-1] for call in planned_art(game, players, size)[1:] if call[0] == "doll"}
    return sorted(widths)


@pytest.mark.parametrize("width", [49, 105, 200])  # Cementopia's hand at 640x360 ... Grayblock's at 1920x1080
def test_a_japanese_name_changes_only_the_plaque(width):
    """The portrait, gears and numeral are the same in both languages; the name stays inside its
    plaque at the smallest and largest sizes the tables draw."""
    w, h = art.card_size(width)
    plaque = art._plaque_rect(w, h)
    for index in (0, 14, 31):  # a short name, the longest one, and Alice
        english = art.doll_face(index, width)
        use_language("ja")
        japanese_face = art.doll_face(index, width)
        use_language("en")
        box = changed_box(english, japanese_face)
        assert box is not None, f"card {index} looks the same in Japanese"
        assert plaque.contains(box), (index, box, plaque)


def test_japanese_names_fit_their_plaques_whole(catalogue):
    """At every card size a table uses the whole name is drawn (never cut short), inside the
    plaque's lettering box, and on the cards people read (1280x720 and up) at most a little
    smaller than the box is tall."""
    use_language("ja")
    widths = table_widths()
    assert min(widths) < 60 and max(widths) >= 200
    for width in widths:
        w, h = art.card_size(width)
        plaque = art._plaque_rect(w, h)
        box_w, box_h = plaque.width - 0.06 * w, plaque.height * (0.66 if w < 150 else 0.56)
        for doll in CARDS.dolls:
            label = art.name_label(catalogue[doll.name], box_w, box_h, (255, 255, 255))
            lw, lh = label.get_size()
            assert lw <= round(box_w) and lh <= round(box_h), (doll.index, width, label.get_size())
            if width >= 98:
                assert lh >= 0.75 * box_h, (doll.index, width, lh, box_h)


def test_japanese_counter_names_fit_their_cards():
    for width in (35, 52, 105, 157):
        english = [art.counter_face(o, width) for o in (1, 2, 3, 4)]
        use_language("ja")
        for order, before in zip((1, 2, 3, 4), english):
            box = changed_box(before, art.counter_face(order, width))
            assert box is not None
            # the name's line under the numeral: centred, inside the middle half of the card
            assert box.left >= width * 0.25 - 1 and box.right <= width * 0.75 + 1, (order, width, box)
        use_language("en")


# --- the cache and the language switch -----------------------------------------------------------

def test_the_card_cache_keeps_one_face_per_language():
    cache = art.CardArt()
    english = cache.doll(5, 90)
    counter = cache.counter(2, 90)
    back = cache.back(90)
    use_language("ja")
    japanese_face = cache.doll(5, 90)
    assert japanese_face is not english and digest(japanese_face) != digest(english)
    assert digest(cache.counter(2, 90)) != digest(counter)
    assert cache.back(90) is back  # no words on the back: one surface for both languages
    use_language("en")
    assert cache.doll(5, 90) is english  # switching back costs nothing: still cached


def test_warm_up_in_japanese_renders_the_faces_the_table_draws():
    cache = art.CardArt()
    use_language("ja")
    cache.plan(planned_art("assemble", 4, (640, 360)))
    while cache.warm_one():
        pass
    made = len(cache._cache)
    width = {call[-1] for call in planned_art("assemble", 4, (640, 360)) if call[0] == "doll"}.pop()
    for index in range(32):
        cache.doll(index, width)
    assert len(cache._cache) == made  # nothing left to render on the first frame


def test_cementopia_faces_follow_a_language_switch():
    from scenes.cementopia.draw import Sprites
    sprites = Sprites(art.CardArt())
    sprites.frame()
    english = digest(sprites.doll(9, 60))
    use_language("ja")
    sprites.frame()
    assert digest(sprites.doll(9, 60)) != english
    use_language("en")
    sprites.frame()
    assert digest(sprites.doll(9, 60)) == english


def test_a_table_shows_the_other_language_at_once(app):
    from scenes.assemble.table import TableScene
    from scenes.config import GameConfig, Seat
    from ui_helpers import frames
    table = TableScene(app, GameConfig([Seat("Ada"), Seat("Bo", colour=1)], Rules(), 7))
    app.stack.push(table)
    frames(app, 3)
    card = table.state.field[0]
    spot = pygame.Rect(table.field_rect(card))
    before = digest(app.screen.subsurface(spot))
    use_language("ja")
    app.resized()  # what Settings does
    frames(app, 3)
    assert digest(app.screen.subsurface(spot)) != before


# --- the magnifier -------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(640, 360), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4])
def test_the_magnifier_shows_the_name_and_flavour_in_japanese(app, catalogue, monkeypatch, size, players):
    from scenes.assemble import draw
    from scenes.assemble.table import TableScene
    from scenes.config import GameConfig, Seat
    from ui_helpers import frames, resize
    resize(app, size)
    use_language("ja")
    seats = [Seat(n, colour=i) for i, n in enumerate(["Ada", "Bo", "Cy", "Di"][:players])]
    table = TableScene(app, GameConfig(seats, Rules(), 7))
    app.stack.push(table)
    frames(app, 2)
    said: list[tuple[str, pygame.Rect]] = []
    real = ui.text

    def spy(surface, string, *args, **kwargs):
        rect = real(surface, string, *args, **kwargs)
        said.append((string, rect))
        return rect
    monkeypatch.setattr(ui, "text", spy)
    _card, words = table.geo.magnifier()
    for doll in (CARDS.dolls[29], CARDS.dolls[5], CARDS.dolls[30]):  # the longest flavours
        said.clear()
        table.magnified = doll.index
        draw.draw_magnified(table, app.screen)
        assert said[0][0] == catalogue[doll.name]
        assert "".join(s for s, _r in said[1:]) == catalogue[doll.flavour]  # every line, none left off
        for _string, rect in said:
            assert words.inflate(2, 2).contains(rect), (doll.index, rect, words)
