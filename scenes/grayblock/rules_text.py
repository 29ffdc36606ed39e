"""Grayblock's rules page in the How to play overlay, in our own words (rules.md decides every
open point): items as scenes.descriptor.RulesPage reads them."""

from game.core.i18n import N_


PAGE = [
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
