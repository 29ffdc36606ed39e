"""Write Alicematic Eiketsuden's SAMPLE content: assets/alicematic/cards.json, the hex tileset
(alicematic-hexes.tsx + .png) and the 15 map tiles tiles/tile-01.tmx .. tile-15.tmx.

Run once to start the sample set:  python build/make_alicematic.py [--cards] [--tiles]
After that the files are the source: designers edit the .tmx in Tiled and cards.json by hand;
running this again overwrites their edits (so each part runs only when named, or both when
none is named).

The draft rulebook gives neither the tiles' facilities nor the 90 cards: this is our own set.
Tiles: every colour's facility appears 14 times (strengths 1-5: 1 x3, 2 x4, 3 x4, 4 x2, 5 x1), 20
monster forests (at most 3 a tile, side by side where a tile has two or more), one fantasy city in
each centre (sizes 1-3). Cards: 18 per colour, each name twice except two Girl Alices.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "alicematic"
COLOURS = ("red", "blue", "yellow", "green", "white")
RGB = {"red": (200, 60, 60), "blue": (60, 100, 210), "yellow": (220, 190, 50),
       "green": (70, 160, 80), "white": (235, 235, 235), "forest": (40, 80, 40),
       "city": (150, 90, 200)}
TILE_W, TILE_H, SIDE = 56, 64, 32  # a pointy-top hex in Tiled's hexagonal orientation

# (name, dp, timing, effect, amount[, on]) per colour; every entry is printed twice (18 per
# colour). Issue 44's set: powers beyond "+N of X" (taking from rivals, guarding against war,
# room in an area, supply lines, conquest powers for one kind of hex), and no card strictly
# worse than another: two cards with the same timing, effect and condition differ so that the
# dearer one does more (tests/test_alicematic_content.py checks it).
CARDS = {
    "red": [("Girl Alice", 0, "summon", "gain_red", 2),
            ("Drummer Alice", 1, "summon", "take_red", 1),
            ("Lancer Alice", 0, "always", "strength", 1),
            ("Knight Alice", 0, "conquest", "gain_red", 2),
            ("Rook Alice", 1, "conquest", "vp", 3, "invasion"),
            ("Tin Soldier Alice", 1, "summon", "recruit", 1),
            ("Marshal Alice", 3, "always", "strength", 2),
            ("Hunter Alice", 1, "final", "vp_per_forest", 3),
            ("Jabberwock Alice", 3, "always", "guard", 2)],
    "blue": [("Girl Alice", 0, "summon", "draw", 1),
             ("Librarian Alice", 2, "summon", "draw", 3),
             ("Scholar Alice", 1, "conquest", "draw", 1),
             ("Astronomer Alice", 2, "summon", "take_green", 1),
             ("Alchemist Alice", 2, "always", "room", 1),
             ("Cartographer Alice", 1, "always", "food", 1),
             ("Sage Alice", 4, "turn_start", "draw", 2),
             ("Inventor Alice", 3, "final", "vp_per_tile", 1),
             ("Caterpillar Alice", 4, "summon", "vp", 3)],
    "yellow": [("Girl Alice", 1, "summon", "gain_yellow", 1),
               ("Dreamer Alice", 2, "summon", "gain_yellow", 2),
               ("Dormouse Alice", 1, "always", "dp", 1),
               ("Merchant Alice", 1, "conquest", "gain_yellow", 1),
               ("Banker Alice", 2, "turn_start", "gain_yellow", 1),
               ("Mad Hatter Alice", 3, "summon", "recruit", 2),
               ("March Hare Alice", 3, "always", "dp", 2),
               ("Duchess Alice", 2, "summon", "take_yellow", 1),
               ("Dodo Alice", 4, "final", "vp", 4)],
    "green": [("Girl Alice", 1, "summon", "gain_green", 1),
              ("Gardener Alice", 2, "conquest", "gain_green", 2, "facility"),
              ("Cook Alice", 4, "always", "supply", 1),
              ("Shepherd Alice", 3, "conquest", "gain_green", 1),
              ("Miller Alice", 3, "summon", "gain_green", 3),
              ("Rose Alice", 4, "always", "room", 2),
              ("Pathfinder Alice", 7, "always", "food", 2),
              ("Mock Turtle Alice", 3, "conquest", "vp", 4, "forest"),
              ("Gryphon Alice", 1, "always", "guard", 1)],
    "white": [("Girl Alice", 0, "summon", "vp", 1),
              ("Herald Alice", 0, "conquest", "vp", 1),
              ("Judge Alice", 1, "summon", "vp", 2),
              ("Governor Alice", 1, "final", "vp_per_city", 1),
              ("Bishop Alice", 2, "turn_start", "draw", 1),
              ("Chancellor Alice", 1, "conquest", "vp", 3, "city"),
              ("White Queen Alice", 6, "final", "vp_per_tile", 2),
              ("Red Queen Alice", 4, "conquest", "vp", 2),
              ("Queen of Hearts Alice", 6, "final", "vp", 6)],
}


def write_cards() -> None:
    cards = []
    for colour in COLOURS:
        for name, dp, timing, effect, amount, *on in CARDS[colour]:
            power = {"timing": timing, "effect": effect, "amount": amount}
            if on:
                power["on"] = on[0]
            for _copy in range(2):
                cards.append({"id": len(cards), "name": name, "colour": colour, "dp": dp,
                              "power": dict(power)})
    data = {"sample": True,
            "about": "SAMPLE content for Alicematic Eiketsuden draft 10 (the draft gives no "
                     "cards). Edit freely; see README.md for the power vocabulary.",
            "cards": cards}
    (OUT / "cards.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


# --- tiles ---------------------------------------------------------------------------------

def tileset_entries() -> list[dict]:
    """Every hex kind the tiles use, in tileset id order."""
    out = []
    for colour in COLOURS:
        for strength in (1, 2, 3, 4, 5):
            out.append({"kind": "facility", "colour": colour, "strength": strength, "city_size": 0})
    out.append({"kind": "forest", "colour": "", "strength": 0, "city_size": 0})
    for size in (1, 2, 3):
        for strength in (2, 3):
            out.append({"kind": "city", "colour": "", "strength": strength, "city_size": size})
    return out


def write_tileset() -> None:
    entries = tileset_entries()
    columns = 8
    rows = (len(entries) + columns - 1) // columns
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset version="1.10" tiledversion="1.10.2" name="alicematic-hexes" '
             f'tilewidth="{TILE_W}" tileheight="{TILE_H}" tilecount="{len(entries)}" '
             f'columns="{columns}">',
             f' <image source="alicematic-hexes.png" width="{TILE_W * columns}" '
             f'height="{TILE_H * rows}"/>']
    for tid, entry in enumerate(entries):
        lines.append(f' <tile id="{tid}">')
        lines.append('  <properties>')
        lines.append(f'   <property name="kind" value="{entry["kind"]}"/>')
        lines.append(f'   <property name="colour" value="{entry["colour"]}"/>')
        lines.append(f'   <property name="strength" type="int" value="{entry["strength"]}"/>')
        lines.append(f'   <property name="city_size" type="int" value="{entry["city_size"]}"/>')
        lines.append('  </properties>')
        lines.append(' </tile>')
    lines.append('</tileset>')
    (OUT / "tiles" / "alicematic-hexes.tsx").write_text("\n".join(lines) + "\n")
    write_tileset_png(entries, columns, rows)


def write_tileset_png(entries: list[dict], columns: int, rows: int) -> None:
    """The picture Tiled shows for each hex kind (pygame only here, never in game/)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    pygame.init()
    surface = pygame.Surface((TILE_W * columns, TILE_H * rows), pygame.SRCALPHA)
    font = pygame.font.Font(None, 22)
    for tid, entry in enumerate(entries):
        x, y = tid % columns * TILE_W, tid // columns * TILE_H
        cx, cy = x + TILE_W / 2, y + TILE_H / 2
        points = [(cx, y), (x + TILE_W, y + 16), (x + TILE_W, y + 48), (cx, y + TILE_H),
                  (x, y + 48), (x, y + 16)]
        fill = RGB[entry["colour"] or entry["kind"]]
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, (20, 20, 20), points, 2)
        text = {"facility": f"{entry['strength']}", "forest": "forest",
                "city": f"city {entry['city_size']}p s{entry['strength']}"}[entry["kind"]]
        ink = (0, 0, 0) if entry["colour"] in ("yellow", "white") else (255, 255, 255)
        for i, part in enumerate(text.split(" ")):
            image = font.render(part, True, ink)
            surface.blit(image, image.get_rect(center=(cx, cy - 8 * (len(text.split()) - 1)
                                                       + 16 * i)))
    pygame.image.save(surface, str(OUT / "tiles" / "alicematic-hexes.png"))


def tile_contents(seed: int = 17) -> list[list[dict]]:
    """15 tiles of [centre city, 6 ring hexes]: colours evenly spread, at most 3 forests a tile,
    forests side by side (a forest next to a forest counts it as surrounded: they open sooner)."""
    rng = random.Random(seed)
    entries = tileset_entries()
    facility = [e for e in entries if e["kind"] == "facility"]
    forest = next(e for e in entries if e["kind"] == "forest")
    strengths = [1] * 3 + [2] * 4 + [3] * 4 + [4] * 2 + [5]
    ring = [next(e for e in facility if e["colour"] == c and e["strength"] == s)
            for c in COLOURS for s in strengths] + [forest] * 20
    while True:
        rng.shuffle(ring)
        tiles = [ring[i * 6:i * 6 + 6] for i in range(15)]
        if all(sum(e["kind"] == "forest" for e in t) <= 3 for t in tiles) and \
                all(len({e["colour"] for e in t if e["colour"]}) >= 3 for t in tiles):
            break
    tiles = [_forests_together(t) for t in tiles]
    sizes = [1] * 4 + [2] * 7 + [3] * 4
    rng.shuffle(sizes)
    cities = [next(e for e in entries if e["kind"] == "city" and e["city_size"] == size
                   and e["strength"] == (2 if size < 3 else 3)) for size in sizes]
    return [[city] + tile for city, tile in zip(cities, tiles)]


def _forests_together(ring: list[dict]) -> list[dict]:
    """The ring turned so that its forests come first, next to each other (ring order is
    adjacency order), the facilities after them in their shuffled order."""
    forests = [e for e in ring if e["kind"] == "forest"]
    return forests + [e for e in ring if e["kind"] != "forest"]


# the 7 cells of a tile on Tiled's 3x3 odd-row-staggered grid: centre first, then the ring
CELLS = [(1, 1), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 1)]


def write_tiles() -> None:
    entries = tileset_entries()
    for number, contents in enumerate(tile_contents(), start=1):
        grid = [[0] * 3 for _ in range(3)]
        for (col, row), entry in zip(CELLS, contents):
            grid[row][col] = entries.index(entry) + 1  # gid: firstgid 1
        csv = ",\n".join(",".join(str(g) for g in row) for row in grid)
        text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" width="3" height="3" tilewidth="{TILE_W}" tileheight="{TILE_H}" infinite="0" hexsidelength="{SIDE}" staggeraxis="y" staggerindex="odd" nextlayerid="2" nextobjectid="1">
 <properties>
  <property name="sample" type="bool" value="true"/>
  <property name="tile" type="int" value="{number}"/>
 </properties>
 <tileset firstgid="1" source="alicematic-hexes.tsx"/>
 <layer id="1" name="hexes" width="3" height="3">
  <data encoding="csv">
{csv}
</data>
 </layer>
</map>
"""
        (OUT / "tiles" / f"tile-{number:02d}.tmx").write_text(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", action="store_true")
    parser.add_argument("--tiles", action="store_true")
    args = parser.parse_args(argv)
    both = not (args.cards or args.tiles)
    (OUT / "tiles").mkdir(parents=True, exist_ok=True)
    if args.cards or both:
        write_cards()
    if args.tiles or both:
        write_tileset()
        write_tiles()
    return 0


if __name__ == "__main__":
    sys.exit(main())
