"""Cementopia's rules page in the How to play overlay, in our own words (rules.md decides every
open point): items as scenes.descriptor.RulesPage reads them."""

from game.core.i18n import N_


PAGE = [
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
