"""Alicematic's sample content: every .tmx loads as a hexagonal Tiled map of 7 hexes, the card
file holds 90 cards whose powers come from the documented vocabulary, and loading them never
pulls pygame into game/."""

import json
import subprocess
import sys
from collections import Counter

import pytest

from game.alicematic import effects as fx
from game.alicematic.content import (CITY, COLOURS, FOREST, ContentError, cards_path, load_cards,
                                     load_tile, load_tiles, tiles_dir)


@pytest.mark.parametrize("number", range(1, 16))
def test_every_tmx_loads_as_a_hex_tile_with_a_city_in_the_centre(number):
    path = tiles_dir() / f"tile-{number:02d}.tmx"
    assert 'orientation="hexagonal"' in path.read_text()
    tile = load_tile(path, number)
    assert tile.centre.kind == CITY and tile.centre.city_size >= 1
    assert len(tile.ring) == 6
    assert all(h.kind == FOREST or h.colour in COLOURS for h in tile.ring if h.kind != CITY)


def test_the_sample_tiles_spread_colours_evenly():
    ring = [h for tile in load_tiles() for h in tile.ring]
    colours = Counter(h.colour for h in ring if h.colour)
    assert set(colours) == set(COLOURS) and len(set(colours.values())) == 1
    assert sum(h.kind == FOREST for h in ring) == 20
    strengths = Counter(h.strength for h in ring if h.kind != FOREST)
    assert strengths == {1: 15, 2: 20, 3: 20, 4: 10, 5: 5}  # red counts beyond the area's 4


def test_forests_on_a_tile_stand_side_by_side():
    for tile in load_tiles():
        forests = [i for i, h in enumerate(tile.ring) if h.kind == FOREST]
        if len(forests) > 1:  # ring order is adjacency order: each forest touches another
            assert all((i + 1) % 6 in forests or (i - 1) % 6 in forests for i in forests)


def dominated(a, b) -> bool:
    """Card a is strictly worse than card b: b's power does at least as much, on at least as
    many conquests, for no more DP (colours aside, as the issue compares them)."""
    pa, pb = a.power, b.power
    same = (pa.timing, pa.effect) == (pb.timing, pb.effect) and pb.on in (None, pa.on)
    return same and b.dp <= a.dp and pb.amount >= pa.amount and \
        (b.dp, pb.amount, pb.on) != (a.dp, pa.amount, pa.on)


def test_no_card_is_strictly_worse_than_another():
    cards = {(c.name, c.colour): c for c in load_cards()}
    worse = [(a, b) for a in cards for b in cards if a != b and dominated(cards[a], cards[b])]
    assert worse == []


def test_the_sample_set_has_powers_beyond_plus_n_of_x():
    effects = {c.power.effect for c in load_cards()}
    assert {"take_red", "take_yellow", "take_green", "guard", "room", "supply"} <= effects
    assert {c.power.on for c in load_cards()} >= {"invasion", "facility", "forest", "city"}


def test_ninety_cards_eighteen_per_colour_with_known_powers():
    cards = load_cards()
    assert len(cards) == 90 and [c.id for c in cards] == list(range(90))
    assert Counter(c.colour for c in cards) == {c: 18 for c in COLOURS}
    for card in cards:
        assert card.power.effect in fx.ALLOWED[card.power.timing]
        assert card.power.words()
    data = json.loads(cards_path().read_text())
    assert data["sample"] is True


def test_a_power_outside_the_vocabulary_is_refused(tmp_path):
    data = json.loads(cards_path().read_text())
    data["cards"][3]["power"] = {"timing": "always", "effect": "draw", "amount": 1}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError, match=r"card id 3 \(Drummer Alice\): power: effect 'draw' cannot have timing 'always'"):
        load_cards(str(path))


def test_a_tile_without_a_city_in_the_centre_is_refused(tmp_path):
    text = (tiles_dir() / "tile-01.tmx").read_text()
    (tmp_path / "alicematic-hexes.tsx").write_text((tiles_dir() / "alicematic-hexes.tsx").read_text())
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("0,") and line.count(",") == 3)
    middle = lines[row + 1].split(",")
    middle[1] = "1"  # a red facility where the city was
    lines[row + 1] = ",".join(middle)
    (tmp_path / "tile-01.tmx").write_text("\n".join(lines))
    with pytest.raises(ContentError, match="centre hex must be a fantasy city"):
        load_tile(tmp_path / "tile-01.tmx", 1)


def test_loading_the_content_never_imports_pygame():
    code = ("import sys; from game.alicematic.content import load_tiles, load_cards;"
            "load_tiles(); load_cards(); import game.alicematic.bots, game.alicematic.record;"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr


def test_the_readme_says_sample_content():
    readme = (tiles_dir().parent / "README.md").read_text()
    assert "SAMPLE" in readme and "Tiled" in readme


def test_every_decision_is_listed_for_the_rules_page():
    from game.alicematic.state import decisions
    listed = decisions()
    assert len(listed) == 25 and all(item and "  " not in item for item in listed)
    assert listed[2].startswith("Bases: first round clockwise") and listed[2].endswith("tiles.")
