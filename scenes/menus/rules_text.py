"""The rules pages of the How to play overlay, one per game (each game's declaration names its
own: scenes.descriptor.RulesPage), in our own words (rules.md decides every open point).
Items: ("h", heading), ("p", paragraph), ("b", bullet; "1. " numbers it), ("k", keys, meaning),
("g", None) = the five gear types drawn in a row, ("t", [(label, value), ...]) = a small table:
its entries keep their columns (two to a line when there is room, else one),
("d", name) = a diagram drawn from the card art with its caption (scenes.menus.diagrams).
"""

from game.i18n import N_
from game.alicematic.questions import QUESTIONS


ASSEMBLE = [
    ("p", N_("Craftsmen of the mining city of Banmong compete at the Doll Festival. Each round you "
             "win one doll card and fit it into the mechanical girl you are assembling. Gears that "
             "touch across neighbouring cards join into modules, and tall modules score big.")),
    ("h", N_("The cards")),
    ("b", N_("32 doll cards, numbered 0 to 31. The number is the card's index: low cards act "
             "early in a round.")),
    ("b", N_("Down its left edge a card has up to five gears, one per row. Every row has its own "
             "gear type, with its own colour and shape:")),
    ("g", None),
    ("b", N_("4 counter cards serve as indicators. Each shows an initial turn order (1-4) and "
             "tracks its lane's capacity: how many modules that lane may score.")),
    ("h", N_("Lanes")),
    ("p", N_("A lane is a bench (room for one card), an indicator and an assembly line (the doll "
             "itself). With 3 or 4 players everyone has one lane. With 2 players each player "
             "runs two lanes and builds two dolls.")),
    ("h", N_("Setup")),
    ("b", N_("The doll cards are shuffled into a deck. With 3 players, 2 cards are set aside "
             "unseen: nobody, bots included, ever learns which.")),
    ("b", N_("Each lane gets a random counter card. Every lane starts at capacity 1.")),
    ("b", N_("One card per lane is revealed onto the field (4 cards, or 3 with 3 players).")),
    ("b", N_("Draft: in ascending initial turn order, each lane takes one field card into its "
             "bench. Then the field is refilled and the first round begins. The initial turn "
             "order is never used again.")),
    ("h", N_("A round")),
    ("b", N_("1. All bench cards stand upright again.")),
    ("b", N_("2. The lane whose bench card has the largest index gains 1 capacity "
             "(every round, the first and last included).")),
    ("b", N_("3. Lanes take turns from the smallest bench index to the largest, until every "
             "lane has acted once.")),
    ("p", N_("A turn is Placement, then Acquisition. Both are mandatory.")),
    ("h", N_("Placement")),
    ("p", N_("Move your bench card into your assembly line, at any position. Cards overlap so "
             "that every card's left-edge gears stay visible: the line reads as a grid of gear "
             "columns, five rows tall.")),
    ("b", N_("Leftmost: tuck the card under the first card of the line.")),
    ("b", N_("Rightmost: lay it on top of the last card.")),
    ("b", N_("Anywhere between: slide the right part of the line over and tuck the card under it.")),
    ("d", "insert"),
    ("h", N_("Acquisition")),
    ("p", N_("Take any card from the field into your bench. It lies sideways: your lane is done "
             "for this round. The last lane of a round takes the one card left (you still "
             "confirm it, unless \u201cAuto-take the last card\u201d is ticked).")),
    ("h", N_("The last round")),
    ("p", N_("After a round the field is refilled while the deck lasts. The round played with "
             "the deck's last cards is still a full one; when a round ends with the deck empty, "
             "one last round follows with Placement only, no acquisition; then every bench is "
             "empty and the game ends. Each lane places 8 cards (10 with 3 players).")),
    ("h", N_("Scoring")),
    ("b", N_("Module: a group of gears connected up, down, left or right in your line's grid "
             "(never diagonally). Right-edge gears do not count.")),
    ("b", N_("Size: the number of different rows a module touches, 1 to 5.")),
    ("d", "module"),
    ("b", N_("Points: size squared, so 1, 4, 9, 16 or 25.")),
    ("b", N_("Capacity: a lane scores only its best modules, as many as its capacity. The rest "
             "score nothing.")),
    ("d", "capacity"),
    ("p", N_("The highest score wins. Ties are broken by (1) the larger size of the best scored "
             "module, then (2) more scored modules, then (3) fewer unscored modules. Still tied: "
             "a shared win.")),
    ("d", "tiebreak"),
    ("h", N_("Two players: the counting doll")),
    ("p", N_("Each player builds two dolls, but only the weaker one counts: your counting doll is "
             "your lane with the lower score (if both score the same, the one weaker by the "
             "tiebreakers). Counting dolls are compared, tiebreakers included. Keep both dolls "
             "strong!")),
    ("d", "weaker"),
    ("h", N_("Capacity on the indicator")),
    ("p", N_("The counter turns a quarter clockwise for each +1 capacity; the icons at its lower "
             "right show the value. At 5 it flips to its back, where the icons mean 5 to 8. Past "
             "8 a marker shows the number.")),
    ("h", N_("Advanced rules (chosen at setup)")),
    ("b", N_("The Flaw: the points of your unscored modules are subtracted from your score. "
             "Every extra module now hurts unless you have the capacity for it.")),
    ("b", N_("The Identity: placing a card on top of the rightmost card costs the lane 1 "
             "capacity, and is not allowed at capacity 1. The first card of an empty line is "
             "free.")),
    ("d", "flaw"),
    ("h", N_("Controls")),
    ("k", N_("Drag"), N_("Drag your bench card into a gap of your assembly line.")),
    ("k", N_("Click"), N_("Click the bench card, then a gap; click a field card to take it.")),
    ("k", N_("Keyboard"), N_("Arrow keys and Tab move the highlight; Enter or Space confirms.")),
    ("k", N_("Right-click"), N_("Magnify a card to read it closely.")),
    ("k", "Ctrl+Z / Ctrl+Y", N_("Undo / redo. Fair undo (set up before the game) takes back only your "
                                "own moves, until new cards are dealt; free undo takes back anything, "
                                "but past a bot's move or a deal the game counts as assisted. In hot "
                                "seat, taking back another player's move asks them first.")),
    ("k", "F11", N_("Toggle full screen.")),
    ("k", "S", N_("Sound on / off (also under Settings).")),
    ("k", "Esc", N_("Pause menu (in game) or close this page.")),
]


CEMENTOPIA = [
    ("p", N_("A puzzle for one, with the same cards. The dolls wait in the dark for your direction: "
             "stand them side by side so that their gears line up, and build a network whose "
             "connections are balanced. Your connections are a limited resource.")),
    ("h", N_("The cards")),
    ("b", N_("Each long edge of a doll card has five cells, one per row; some cells hold a gear. "
             "Every row has its own gear type:")),
    ("g", None),
    ("b", N_("The four counters show how many uses each connection count has left. Counters 1, 2 "
             "and 3 start with 4 uses, counter 4 with 3: 15 uses, so a complete network has 16 "
             "cards.")),
    ("h", N_("Setup")),
    ("p", N_("The 32 doll cards are shuffled into a deck. You draw 4 into your hand, and one more "
             "card is turned face up: the first card of the network. Cards always stand upright.")),
    ("h", N_("A turn")),
    ("b", N_("1. Place a hand card beside the network: its long edge against a placed card's long "
             "edge, shifted up or down as you like, never overlapping another card.")),
    ("b", N_("2. Wherever the new card touches a neighbour, every pair of facing cells must match: "
             "gear with gear, blank with blank. This holds for every neighbour it touches.")),
    ("b", N_("3. Name one neighbour to count. The number of cell pairs facing it is the connection "
             "count, 1 to 4 (a card exactly level with it, 5 pairs, is not allowed). The counter "
             "with that number must have a use left: it loses one, turning a quarter; at 0 it "
             "flips face down.")),
    ("b", N_("4. Draw a card from the deck.")),
    ("p", N_("The lit spots show where a card fits and its connection count. When the new card "
             "touches several neighbours and the choice pays a different counter, you are asked "
             "which one counts.")),
    ("d", "cm_network"),
    ("h", N_("The end")),
    ("b", N_("Complete: all four counters are face down. The network is scored.")),
    ("b", N_("Stuck: no hand card fits anywhere. The attempt has failed; its score is shown for "
             "information.")),
    ("h", N_("Scoring")),
    ("p", N_("A card's adjacency is the number of neighbours it shares at least one facing cell "
             "pair with (1 to 4). Cards score by adjacency, one point each, but only if that "
             "adjacency is not too common:")),
    ("t", [(N_("Adjacency 1:"), N_("at most 2 cards")), (N_("Adjacency 2:"), N_("at most 4 cards")),
           (N_("Adjacency 3:"), N_("at most 6 cards")), (N_("Adjacency 4:"), N_("at most 4 cards"))]),
    ("p", N_("Over its limit, a whole adjacency group scores nothing. The maximum is 16. The "
             "rulebook's targets: 8 for a start, 10 is good, 12 deserves praise.")),
    ("h", N_("Deals and best scores")),
    ("p", N_("Today's deal is the same for everyone on that date; a seed replays any deal. Your "
             "best score per deal is kept. Undo and Hint are there when you want them, but they "
             "mark the attempt as assisted, and your best without help is kept apart.")),
    ("h", N_("Controls")),
    ("k", N_("Drag"), N_("Drag a hand card onto a lit spot beside the network.")),
    ("k", N_("Click"), N_("Click a hand card, then a lit spot.")),
    ("k", N_("Keyboard"), N_("Left/Right or Tab choose a card; Enter shows its spots; arrows move "
                         "among them; Enter places.")),
    ("k", "1 - 4", N_("Choose the neighbour to count, when asked.")),
    ("k", N_("Wheel, + / -"), N_("Zoom. Drag the board, or Shift+arrows, to pan; F fits it all in.")),
    ("k", "H", N_("Hint: the solver's move, shown and not played.")),
    ("k", "Ctrl+Z / Ctrl+Y", N_("Undo / redo.")),
    ("k", "S", N_("Sound on / off (also under Settings).")),
    ("k", "Esc", N_("Pause menu (in game) or close this page.")),
]

GRAYBLOCK = [
    ("p", N_("Dominoes for 2 to 4 players with the Alice Assemble cards: before the game had its "
             "theme, its makers played this rule all the time. Lay cards into one shared row; "
             "empty your hand, or block everybody else.")),
    ("h", N_("The cards")),
    ("p", N_("The 32 cards carry the numbers 0 to 31; the numbers decide the points. Read a card "
             "as its column of five gear rows:")),
    ("g", None),
    ("p", N_("Two cards are neighbours when they differ by exactly one gear: one gear added or one "
             "removed. Every card has exactly five neighbours: card 14 has 30 and 15 (a gear added) "
             "and 6, 10 and 12 (a gear removed).")),
    ("d", "gb_neighbours"),
    ("h", N_("Setup")),
    ("p", N_("Everyone is dealt 8 cards; the rest stay hidden and unused. Hands are secret: at one "
             "computer, a \u201cPass to NAME\u201d screen hides the table until the right player "
             "says it is them.")),
    ("h", N_("Playing")),
    ("b", N_("The start player plays any card to begin the row.")),
    ("b", N_("Then, in turn, play a card at either end of the row that is a neighbour of the card "
             "at that end. Ends that take the card you hold are lit.")),
    ("b", N_("If you can play, you must. If you cannot, you pass.")),
    ("h", N_("Winning a hand")),
    ("b", N_("Going out: play your last card.")),
    ("b", N_("Block: everyone else passes in a row after your card. The hand ends there, even if "
             "you could still play.")),
    ("h", N_("Scoring")),
    ("p", N_("Everyone still holding cards shows their highest card, a block winner too: the "
             "winner's own highest card counts among the highest cards. The lowest of those numbers "
             "is the winner's points. A block winner then adds their own lowest card as a bonus.")),
    ("p", N_("The match goes to 100 points (the target can be changed at setup): the first to "
             "reach it is the champion. The first hand's start player is drawn; after that the "
             "start moves one seat on each hand.")),
    ("h", N_("Water Veins (optional, chosen at setup)")),
    ("b", N_("Every gear of the new card must touch a gear on the end card it joins: in the same "
             "row, or the row just above or below. New gears can only grow a cluster; removing a "
             "gear is always allowed.")),
    ("b", N_("Card 0 may not start the row.")),
    ("d", "gb_veins"),
    ("h", N_("Controls")),
    ("k", N_("Drag"), N_("Drag a hand card onto a lit end of the row.")),
    ("k", N_("Click"), N_("Click a hand card, then an end.")),
    ("k", N_("Keyboard"), N_("Left/Right choose a card, Up/Down or L/R the end, Enter plays.")),
    ("k", "P", N_("Pass, when you have nothing to play (Enter too).")),
    ("k", "H", N_("Hint: the hard bot's choice, shown and not played.")),
    ("k", "Ctrl+Z / Ctrl+Y", N_("Undo / redo (back to your own last move). Fair undo takes back only "
                                "your own moves, until a new hand is dealt; free undo takes back "
                                "anything, but past a bot's move or a deal the game counts as assisted. "
                                "In hot seat, taking back another player's move asks them first.")),
    ("k", "S", N_("Sound on / off (also under Settings).")),
    ("k", "Esc", N_("Pause menu (in game) or close this page.")),
]

ALICEMATIC = [
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
    ("k", "H", N_("Hint: the normal bot's choice, shown and not played.")),
    ("k", "L", N_("The map's legend (the Legend button): what each ring, dot, badge, tag and colour "
                  "means.")),
    ("k", "Ctrl+Z / Ctrl+Y", N_("Undo / redo. Fair undo never takes back a card drawn; free undo does, "
                                "and the game counts as assisted.")),
    ("k", "Esc", N_("Pause menu (in game) or close this page.")),
]
