"""Alice Assemble's rules page in the How to play overlay, in our own words (rules.md decides every
open point): items as scenes.descriptor.RulesPage reads them."""

from game.core.i18n import N_


PAGE = [
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
