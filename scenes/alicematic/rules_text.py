"""Alicematic's rules page in the How to play overlay, in our own words (rules.md decides every
open point): items as scenes.descriptor.RulesPage reads them."""

from game.core.i18n import N_
from game.alicematic.questions import QUESTIONS


PAGE = [
    ("p", N_("Wonderland is being rebuilt, and far too many Alices were summoned to do it. 3 to 5 "
             "players lead rival camps of Alices: summon them, hire residents, send expeditions "
             "across a map of hex tiles, and hold the most of Wonderland when the game ends. "
             "The tiles and the 90 cards here are sample content: the draft gives neither.")),
    ("b", N_("The numbers in force: {rounds} rounds; an opening hand of {hand} cards; {chits} "
             "territory chits each; {resource_pool} resource chits of each colour, shared; areas of "
             "{area_max} cards; a tile majority {tile_first} VP (second {tile_second}, tied firsts "
             "{tile_shared} each); {city_vp} VP per city; an empty hand draws {refill}. A parameters "
             "file (--params) changes them.")),
    ("h", N_("The map")),
    ("b", N_("Tiles of 7 hexes: a fantasy city in the middle, monster forests and facilities of five "
             "colours around it. Each hex shows the strength needed to take it; a city's dots are "
             "its size, how many players may hold it.")),
    ("b", N_("3 players: 9 tiles in rows of 1, 2, 3, 2, 1. 4 or 5 players: 13 tiles, with two more "
             "beside each row of 2.")),
    ("b", N_("Bases: each player places two chits on cities at the map's edge: first clockwise from "
             "the start player (the star), then counter-clockwise back.")),
    ("h", N_("Your areas")),
    ("b", N_("Five colour areas, {area_max} cards each: Red (strength), Blue (research), Yellow (DP), Green "
             "(food) and White (rule). Each card in an area counts 1; face-up Alices add their "
             "powers.")),
    ("b", N_("Resources: red, yellow and green chits pay what your areas lack, one for one.")),
    ("h", N_("A turn")),
    ("b", N_("1. Domestic affairs: summon an Alice face up into its colour's area, paying its DP "
             "(your Yellow count, then yellow resources); or hire a card as a resident face down into "
             "any area, then draw a card. With an empty hand, draw {refill} instead and the turn ends.")),
    ("b", N_("2. Expedition (one, or none): take a hex by having its strength (Red) and the food "
             "(Green) to reach it: one per step from your nearest base, one more for each hex crossed "
             "that another player holds. Hexes on your bases' tiles need no food.")),
    ("b", N_("Taking a facility brings its bonus: as many as your cards in that colour's area "
             "(red, yellow, green: resources; blue: cards; white: VP).")),
    ("b", N_("Falling short, you may start a war instead: a face-down chit. On a later turn you take "
             "that hex for free.")),
    ("b", N_("3. An area over {area_max} cards (a power can do that) is cut back: you discard.")),
    ("h", N_("The end and the scoring")),
    ("p", N_("After round {rounds}, or at the end of the round in which every city came to be held. "
             "Then: tile majorities ({tile_first}, or {tile_first} and {tile_second} ranked by face-up "
             "Alices), {city_vp} VP per city, each monster "
             "forest its number, the most tiles reached and the most face-up Alices in each colour "
             "(that many VP), final powers, plus the VP scored during play. Ties go to the most "
             "face-up Alices.")),
    ("h", N_("Our decisions where the draft is unclear")),
    ("b", N_('1. Content: the draft gives no tile faces and no cards; ours are SAMPLE content '
             '(assets/alicematic), Megalomania powers come from a small vocabulary (effects.py).')),
    ("b", N_('2. The start player (親) is drawn from the seed; turns then go clockwise (seat + 1).')),
    ("b", N_('3. Bases: first round clockwise from the start player, second counter-clockwise from '
             'the player to their right, i.e. the reverse order. A base goes on the city of a tile '
             "on the map's edge; a player holds at most one chit per city, so the two bases are on "
             'two different tiles.')),
    ("b", N_("4. A city's size is how many players may hold it (one chit each); a city is a base to "
             'each.')),
    ("b", N_('5. Domestic affairs are compulsory while a card can be placed; with every area full, '
             '"pass".')),
    ("b", N_('6. DP, strength and food are area counts plus "always" powers; the missing rest is '
             'paid with resources automatically, and only as many as needed.')),
    ("b", N_("7. Food is counted from the nearest of one's bases (the draft lets the player choose: "
             'the nearest is never worse). Steps count hexes entered; a hex crossed that someone '
             'else holds costs 1 more; the goal hex itself never costs the toll. Hexes at war are '
             "nobody's land yet.")),
    ("b", N_('8. One expedition per turn, and it may be skipped ("end").')),
    ("b", N_('9. War (a failed expedition) is offered only on a hex nobody holds, nobody is at war '
             'on, and which the player cannot take without resources (taking it would cost resources'
             ' or is out of reach). Expeditions to a city are only offered when they succeed: the '
             'draft discards the chit of a failed one, and the engine knows the outcome beforehand.')),
    ("b", N_("10. Taking one's own hex at war needs no strength, food or new chit, and earns the "
             'full bonus.')),
    ("b", N_("11. Taking another player's hex at war needs the full strength and food; their chit "
             "goes back to their supply. So does the chit of another player's land that is not "
             'joined to their bases (a chain of their own hexes to a city they hold); that bonus is '
             'halved, rounded down.')),
    ("b", N_('12. A monster forest opens once every neighbour on the map is held or is a forest; '
             'only the players holding most of those neighbours (at least one) may go, to take it or '
             "to seize another's war there; its strength is its number of neighbours on the map. A "
             'forest gives no bonus when taken.')),
    ("b", N_("13. Bonuses read the area's card count (resources are not spent on bonuses); blue "
             'draws, white scores VP at once, red/yellow/green take resource chits.')),
    ("b", N_('14. Resources: 20 chits per colour shared by all; a gain takes only what the supply '
             'still has.')),
    ("b", N_('15. A Megalomania power is ignored while another face-up Alice of the same name is '
             "already in the player's areas (the earliest placed counts), except Girl Alice.")),
    ("b", N_('16. The deck, when empty, is the discard pile reshuffled (seeded: replays agree); with'
             ' both empty, nothing is drawn. An empty hand at the start of domestic affairs: draw 3,'
             ' turn ends.')),
    ("b", N_('17. The game ends after round 14, or at the end of the round in which every city came '
             'to be held by someone.')),
    ("b", N_('18. Tile majority: the single most hexes on a tile scores 6; when several tie for '
             'most, they are ranked by face-up Alices: first 6, second 3; tied firsts score 3 each '
             'and no second; tied seconds score nothing. Only tied leaders are ranked (a lone '
             'leader: 6, nobody else).')),
    ("b", N_('19. Tiles reached, Alices per colour: everyone tied for most (at least 1) scores the '
             'number.')),
    ("b", N_('20. Hexes at war score nothing and count for no majority. Ties in VP go to the most '
             'face-up Alices; then it is a shared win.')),
    ("b", N_('21. The discard pile is public (cards cut back at the end of a turn are shown); face-'
             'down cards in an area are seen by their owner only.')),
    ("b", N_("22. A monster forest's condition (decision 12) holds on every way into a forest: taking "
             "it, seizing another's war there, invading it while its holder's land is cut off, and "
             "finishing one's own war there once others hold more of its neighbours (the "
             "forest_lenient variant checks it only for a forest nobody holds).")),
    ("b", N_("23. The numbers (rounds, cards per area, opening hand, chits, tile and city VP, the "
             "resource pool, the empty hand's draw) are the draft's unless a parameters file sets "
             "others; a record keeps the numbers it was played with.")),
    ("b", N_("24. A fantasy city stands only at a tile's centre (the draft's \"the city in its "
             "middle\"): content with a city elsewhere on a tile is refused.")),
    ("b", N_("25. A base goes on an edge city with room; were every edge city full or already the "
             "player's, it would go on any city with room (the draft is silent; with 9 or 13 tiles "
             "there are always more edge cities than bases, so this never happens with one chit per "
             "city and player).")),
    ("h", N_("Questions for the designers")),
    *[("b", question) for question in QUESTIONS],
    ("h", N_("Controls")),
    ("k", N_("Click"), N_("A lit city (a base); a hand card, then Summon or Hire in its menu; a lit hex, "
                          "then the expedition or the war; a card in an over-full area to discard it; a "
                          "player at the side to see their areas (your own row: back to yours).")),
    ("k", N_("Drag / wheel"), N_("Pan and zoom the map (right-drag too; + and - zoom).")),
    ("k", N_("Keyboard"), N_("Arrow keys or Tab move the white highlight between the cards, lit hexes and "
                             "the corner button; Enter opens its menu (Up/Down, then Enter or 1-9) or "
                             "makes the move; Esc backs out. Shift+arrows pan; F fits the map.")),
    ("k", "E", N_("End turn, Pass or Draw: the button at the map's corner.")),
    ("k", "H", N_("Hint: the hard bot's choice, shown and not played.")),
    ("k", "L", N_("The map's legend (the Legend button): what each ring, dot, badge, tag and colour "
                  "means.")),
    ("k", "Ctrl+Z / Ctrl+Y", N_("Undo / redo. Fair undo never takes back a card drawn; free undo does, "
                                "and the game counts as assisted.")),
    ("k", "Esc", N_("Pause menu (in game) or close this page.")),
]
