"""Alicematic Eiketsuden (draft 10) game state: legal actions, apply, clone, scores, views.

Decisions where the draft is unclear (in force here; tests pin them down; the rules page lists
them):
1. Content: the draft gives no tile faces and no cards; ours are SAMPLE content
   (assets/alicematic), Megalomania powers come from a small vocabulary (effects.py).
2. The start player (親) is drawn from the seed; turns then go clockwise (seat + 1).
3. Bases: first round clockwise from the start player, second counter-clockwise from the player
   to their right, i.e. the reverse order. A base goes on the city of a tile on the map's edge;
   a player holds at most one chit per city, so the two bases are on two different tiles.
4. A city's size is how many players may hold it (one chit each); a city is a base to each.
5. Domestic affairs are compulsory while a card can be placed; with every area full, "pass".
6. DP, strength and food are area counts plus "always" powers; the missing rest is paid with
   resources automatically, and only as many as needed.
7. Food is counted from the nearest of one's bases (the draft lets the player choose: the
   nearest is never worse). Steps count hexes entered; a hex crossed that someone else holds
   costs 1 more; the goal hex itself never costs the toll. Hexes at war are nobody's land yet.
8. One expedition per turn, and it may be skipped ("end").
9. War (a failed expedition) is offered only on a hex nobody holds, nobody is at war on, and
   which the player cannot take without resources (taking it would cost resources or is out of
   reach). Expeditions to a city are only offered when they succeed: the draft discards the chit
   of a failed one, and the engine knows the outcome beforehand.
10. Taking one's own hex at war needs no strength, food or new chit, and earns the full bonus.
11. Taking another player's hex at war needs the full strength and food; their chit goes back
    to their supply. So does the chit of another player's land that is not joined to their bases
    (a chain of their own hexes to a city they hold); that bonus is halved, rounded down.
12. A monster forest opens once every neighbour on the map is held or is a forest; only the
    players holding most of those neighbours (at least one) may go, to take it or to seize
    another's war there; its strength is its number of neighbours on the map. A forest gives no
    bonus when taken.
13. Bonuses read the area's card count (resources are not spent on bonuses); blue draws, white
    scores VP at once, red/yellow/green take resource chits.
14. Resources: 20 chits per colour shared by all; a gain takes only what the supply still has.
15. A Megalomania power is ignored while another face-up Alice of the same name is already in
    the player's areas (the earliest placed counts), except Girl Alice.
16. The deck, when empty, is the discard pile reshuffled (seeded: replays agree); with both
    empty, nothing is drawn. An empty hand at the start of domestic affairs: draw 3, turn ends.
17. The game ends after round 14, or at the end of the round in which every city came to be
    held by someone.
18. Tile majority: the single most hexes on a tile scores 6; when several tie for most, they are
    ranked by face-up Alices: first 6, second 3; tied firsts score 3 each and no second; tied
    seconds score nothing. Only tied leaders are ranked (a lone leader: 6, nobody else).
19. Tiles reached, Alices per colour: everyone tied for most (at least 1) scores the number.
20. Hexes at war score nothing and count for no majority. Ties in VP go to the most face-up
    Alices; then it is a shared win.
21. The discard pile is public (cards cut back at the end of a turn are shown); face-down cards
    in an area are seen by their owner only.
22. A monster forest's condition (decision 12) holds on every way into a forest: taking it,
    seizing another's war there, invading it while its holder's land is cut off, and finishing
    one's own war there once others hold more of its neighbours (the forest_lenient variant
    checks it only for a forest nobody holds).
23. The numbers (rounds, cards per area, opening hand, chits, tile and city VP, the resource pool,
    the empty hand's draw) are the draft's unless a parameters file sets others; a record keeps
    the numbers it was played with.
24. A fantasy city stands only at a tile's centre (the draft's "the city in its middle"): content
    with a city elsewhere on a tile is refused.
25. A base goes on an edge city with room; were every edge city full or already the player's,
    it would go on any city with room (the draft is silent; with 9 or 13 tiles there are always
    more edge cities than bases, so this never happens with one chit per city and player).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Iterable, NamedTuple, TypedDict, cast

from ..core.contract import GAME_OVER as GAME_OVER, NOT_AN_ACTION, Event, Refusal, Result
from ..core.errors import IllegalAction
from . import effects as fx
from . import words
from .content import (BLUE, CITY, COLOURS, FACILITY, FOREST, GIRL_ALICE, GREEN,
                      RED, RESOURCE_COLOURS, WHITE, YELLOW, Card, Content, current)
from .hexmap import Board, Hex, connected, food_map
from .params import Params
from .setup import (BASE, CONQUER, DISCARD, END, HIRE, PASS, REFILL, SUMMON, WAR, Action, Setup,
                    positions_for)
from .variants import Variants

if TYPE_CHECKING:
    from .view import AlicematicView

BASES, DOMESTIC, EXPEDITION, TRIM, OVER = "bases", "domestic", "expedition", "trim", "over"
MUST = {BASES: words.MUST_CHOOSE_A_BASE, DOMESTIC: words.MUST_SUMMON_OR_HIRE,  # what a phase asks
        EXPEDITION: words.MUST_GO_OR_END, TRIM: words.MUST_DISCARD}

# what apply() reports, in order (Event kinds)
BASE_PLACED = "base_placed"  # player, where = hex
SUMMONED = "summoned"  # player, card, where = colour
HIRED = "hired"  # player, where = colour (card only in the player's own log: hidden)
DREW = "drew"  # player, value = how many
RESHUFFLED = "reshuffled"  # value = cards now in the deck
GAINED = "gained"  # player, where = colour, value = chits, source
TAKEN = "taken"  # player (who lost them), where = colour, value = chits, source (a take_ power)
# GAINED, DREW, SCORED and RECRUITED carry their source (Event.source, a Source)
SPENT = "spent"  # player, where = colour, value = chits
SCORED = "scored"  # player, value = VP
RECRUITED = "recruited"  # player, where = colour, value = cards put face down
CONQUERED = "conquered"  # player, where = hex, value = the bonus
WAR_STARTED = "war_started"  # player, where = hex
CHIT_RETURNED = "chit_returned"  # player (who lost it), where = hex
DISCARDED = "discarded"  # player, card, where = colour
PASSED = "passed"  # player (domestic: nowhere to place)
TURN_STARTED = "turn_started"  # player, value = round
ROUND_STARTED = "round_started"  # value = round
# GAME_OVER (the contract's code, "game_over"): value = the best score


POWER, BONUS, HIRING, EMPTY_HAND = "power", "bonus", "hiring", "empty_hand"  # Source kinds


class Source(NamedTuple):
    """What brought a gain: a card's power (card), a hex's conquest bonus (hex), hiring (the
    draw after it) or an empty hand (its draw of 3). words.source_words names it."""

    kind: str
    card: int | None = None
    hex: Hex | None = None


def decisions() -> list[str]:
    """The numbered decisions above, one string each (the in-app rules page lists them)."""
    items: list[str] = []
    for line in (__doc__ or "").splitlines():
        number, _dot, rest = line.partition(". ")
        if number.isdigit():
            items.append(rest.strip())
        elif items and line.startswith("   "):
            items[-1] += " " + line.strip()
    return items


class Reach(TypedDict):
    """What every hex's expedition reads of one player (AlicematicState._reach)."""

    base_tiles: set[int]  # the tiles of their bases
    food: dict[Hex, int]  # the food to each hex they can reach
    joined: dict[int, set[Hex]]  # per other player, their hexes joined to their bases (on demand)
    strength: int
    supplies: int
    red: int
    green: int


def colour_index(colour: str) -> int:
    return COLOURS.index(colour)


class AlicematicState:
    __slots__ = ("setup", "rules", "params", "content", "board", "cards", "n", "phase", "turn", "round", "picks", "hands",
                 "deck", "discard", "areas", "holders", "war", "supply", "resources", "pool",
                 "vp", "reshuffles", "_plan")

    game = "alicematic"
    REVEALING = frozenset({DREW, RESHUFFLED, RECRUITED})
    setup: Setup
    rules: Variants
    params: Params
    content: Content
    board: Board
    cards: tuple[Card, ...]
    n: int
    phase: str
    turn: int | None
    round: int
    picks: list[int]
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    areas: list[list[list[tuple[int, bool]]]]
    holders: dict[Hex, tuple[int, ...]]
    war: dict[Hex, int]
    supply: list[int]
    resources: list[list[int]]
    pool: list[int]
    vp: list[int]
    reshuffles: int

    @classmethod
    def start(cls, setup: Setup, rules: Variants = Variants(), content: Content | None = None,
              params: Params = Params()) -> "AlicematicState":
        """`content`: the cards and tiles (a record's own; the assets' now by default);
        `params`: the numbers (the draft's by default)."""
        self = cls.__new__(cls)
        self._plan = None
        self.setup, self.n, self.rules, self.params = setup, setup.players, rules, params
        hand = params.hand
        self.content = content = content or current()
        self.cards = content.cards
        self.board = Board.build(positions_for(setup.players), (t for t, _ in setup.tiles),
                                 (r for _, r in setup.tiles), content.tiles)
        deck = list(setup.deck)
        self.hands = [deck[i * hand:(i + 1) * hand] for i in range(self.n)]
        self.deck = deck[self.n * hand:]
        self.discard = []
        self.areas = [[[] for _ in COLOURS] for _ in range(self.n)]
        self.holders, self.war = {}, {}
        self.supply = [params.chits] * self.n
        self.resources = [[0] * len(RESOURCE_COLOURS) for _ in range(self.n)]
        self.pool = [params.resource_pool] * len(RESOURCE_COLOURS)
        self.vp = [0] * self.n
        self.reshuffles = 0
        self.round = 0
        self.picks = list(setup.base_order())
        self.phase, self.turn = BASES, self.picks[0]
        return self

    @classmethod
    def new(cls, seed: int, players: int, rules: Variants = Variants()) -> "AlicematicState":
        return cls.start(Setup.deal(seed, players), rules)

    def clone(self) -> "AlicematicState":
        other = AlicematicState.__new__(AlicematicState)
        other._plan = None
        other.setup, other.board, other.cards, other.n = self.setup, self.board, self.cards, self.n
        other.rules, other.params, other.content = self.rules, self.params, self.content
        other.phase, other.turn, other.round = self.phase, self.turn, self.round
        other.picks = self.picks[:]
        other.hands = [h[:] for h in self.hands]
        other.deck, other.discard = self.deck[:], self.discard[:]
        other.areas = [[a[:] for a in areas] for areas in self.areas]
        other.holders, other.war = dict(self.holders), dict(self.war)
        other.supply = self.supply[:]
        other.resources = [r[:] for r in self.resources]
        other.pool, other.vp = self.pool[:], self.vp[:]
        other.reshuffles = self.reshuffles
        return other

    def snapshot(self) -> tuple[object, ...]:
        return (self.setup, self.rules, self.params, self.phase, self.turn, self.round, tuple(self.picks),
                tuple(map(tuple, self.hands)), tuple(self.deck), tuple(self.discard),
                tuple(tuple(map(tuple, a)) for a in self.areas),
                tuple(sorted(self.holders.items())), tuple(sorted(self.war.items())),
                tuple(self.supply), tuple(map(tuple, self.resources)), tuple(self.pool),
                tuple(self.vp), self.reshuffles)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AlicematicState) and self.snapshot() == other.snapshot()

    # --- reading ---------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == OVER

    def current_player(self) -> int | None:
        return self.turn

    def area(self, player: int, colour: str) -> list[tuple[int, bool]]:
        return self.areas[player][colour_index(colour)]

    def count(self, player: int, colour: str) -> int:
        return len(self.areas[player][colour_index(colour)])

    def resource(self, player: int, colour: str) -> int:
        return self.resources[player][RESOURCE_COLOURS.index(colour)]

    def alices(self, player: int) -> int:
        return sum(up for area in self.areas[player] for _card, up in area)

    def active_powers(self, player: int) -> list[fx.Power]:
        """The powers that work: one per name (the earliest placed), every Girl Alice."""
        return [card.power for card in self.active_cards(player)]

    def active_cards(self, player: int) -> list[Card]:
        """The face-up Alices whose powers work (active_powers), in area order."""
        seen: set[str] = set()
        out = []
        for area in self.areas[player]:
            for card_id, up in area:
                card = self.cards[card_id]
                if not up or (card.name in seen and card.name != GIRL_ALICE):
                    continue
                seen.add(card.name)
                out.append(card)
        return out

    def bonus(self, player: int, effect: str) -> int:
        return sum(p.amount for p in self.active_powers(player)
                   if p.timing == fx.ALWAYS and p.effect == effect)

    def area_max(self, player: int, colour: str) -> int:
        """How many cards an area holds: 4 (params), more with "room" powers of its own colour."""
        return self.params.area_max + sum(card.power.amount for card in self.active_cards(player)
                              if card.power.effect == fx.ROOM and card.colour == colour)

    def bases(self, player: int) -> list[Hex]:
        return [h for h in self.board.cities() if player in self.holders.get(h, ())]

    def chits_on_map(self, player: int) -> int:
        return sum(player in owners for owners in self.holders.values()) + \
            sum(p == player for p in self.war.values())

    def scores(self) -> list[int]:
        """Each player's VP if the game ended now (the final scoring's rules)."""
        from .scoring import final_scores
        return [s.total for s in final_scores(self)]

    def ranks(self) -> list[tuple[int, int]]:
        """What places each player: VP, then face-up Alices for a tie (decision 20)."""
        return [(score, self.alices(p)) for p, score in enumerate(self.scores())]

    def result(self) -> Result:
        ranks = self.ranks()
        scores = tuple(score for score, _alices in ranks)
        winners = tuple(p for p in range(self.n) if ranks[p] == max(ranks))
        return Result(winners, scores, {"scores": list(scores), "winners": list(winners)})

    def view(self, player: int) -> AlicematicView:
        from .view import AlicematicView
        return AlicematicView.of(self, player)

    # --- legal actions ---------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        p = self.turn
        if p is None:
            return []
        if self.phase == BASES:
            return [Action(BASE, hex=h) for h in self.base_choices(p)]
        if self.phase == DOMESTIC:
            return self._domestic_actions(p)
        if self.phase == EXPEDITION:
            return [action for action, _plan in self.expeditions(p)] + [Action(END)]
        if self.phase == TRIM:
            return [Action(DISCARD, card=card) for colour, area in zip(COLOURS, self.areas[p])
                    if len(area) > self.area_max(p, colour) for card, _up in area]
        return []

    def base_choices(self, player: int) -> list[Hex]:
        board = self.board
        edge = [board.centres[t] for t in board.outer]
        for pool in (edge, list(board.cities())):  # the edge first; anywhere if it is full
            open_ = [h for h in pool if player not in self.holders.get(h, ())
                     and len(self.holders.get(h, ())) < board.hexes[h].kind.city_size]
            if open_:
                return open_
        return []

    def summon_cost(self, player: int, card: Card) -> int | None:
        """Yellow resources a summon needs (None: it cannot be paid, or the area is full)."""
        if self.count(player, card.colour) >= self.area_max(player, card.colour):
            return None
        short = max(0, card.dp - self.count(player, YELLOW) - self.bonus(player, fx.DP))
        return short if short <= self.resource(player, YELLOW) else None

    def _domestic_actions(self, p: int) -> list[Action]:
        hand = self.hands[p]
        if not hand:
            return [Action(REFILL)]
        out = [Action(SUMMON, card=c) for c in hand
               if self.summon_cost(p, self.cards[c]) is not None]
        open_colours = [c for c in COLOURS if self.count(p, c) < self.area_max(p, c)]
        out += [Action(HIRE, card=c, colour=colour) for c in hand for colour in open_colours]
        return out or [Action(PASS)]

    def expeditions(self, player: int) -> list[tuple[Action, "Plan"]]:
        """Every expedition `player` may make now, with what each would cost and bring."""
        reach = self._reach(player)
        # (why=False: no refusals worded on the bots' hot path, so only plans come back)
        return cast("list[tuple[Action, Plan]]", [option for h in self.board.hexes
                                                  for option in self._expeditions_at(player, h, reach, why=False)])

    def expedition_options(self, player: int) -> list[tuple[Action, "Plan | Refusal"]]:
        """The conquest and the war on every hex: what each would cost, or why it is refused."""
        reach = self._reach(player)
        return [option for h in self.board.hexes for option in self._expeditions_at(player, h, reach)]

    def expedition_refusal(self, player: int, action: Action) -> Refusal | None:
        """Why `player` may not make the conquest or war `action` (None: they may), naming the
        rule that stops it: decided by the same lines that list the expeditions."""
        judged = self._expedition(player, action)
        return judged if isinstance(judged, Refusal) else None

    def _expedition(self, player: int, action: Action) -> "Plan | Refusal | None":
        """The conquest or war `action`'s plan, or the refusal of the rule that stops it."""
        h = action.hex
        if h is None or h not in self.board.hexes:
            return Refusal(words.NOT_ON_THE_MAP, {"hex": h})
        for kind_action, plan in self._expeditions_at(player, h, self._reach(player)):
            if kind_action.kind == action.kind:
                return plan
        return None

    def _reach(self, player: int) -> Reach:
        """What every hex's expedition reads of `player`: their bases' tiles, the food to each
        hex, their strength and supplies, their red and green resources."""
        board, holders = self.board, self.holders
        bases = self.bases(player)
        origins = bases if not self.bonus(player, fx.SUPPLY) else \
            [h for h, owners in holders.items() if player in owners]
        return {"base_tiles": {board.hexes[h].tile for h in bases},
                "food": food_map(board, player, origins, holders), "joined": {},
                "strength": self.count(player, RED) + self.bonus(player, fx.STRENGTH),
                "supplies": self.count(player, GREEN) + self.bonus(player, fx.FOOD),
                "red": self.resource(player, RED), "green": self.resource(player, GREEN)}

    def _expeditions_at(self, player: int, h: Hex, reach: Reach,
                        why: bool = True) -> list[tuple[Action, "Plan | Refusal"]]:
        """The conquest and the war on hex `h`: each with its Plan when `player` may make it, or
        (`why`) the Refusal of the rule that stops it."""
        board, holders = self.board, self.holders
        info = board.hexes[h]
        owners = holders.get(h, ())
        kind = info.kind.kind
        at_war = self.war.get(h)
        out: list[tuple[Action, Plan | Refusal]] = []

        def no(action_kind: str, code: str, **more: object) -> None:
            if why:
                out.append((Action(action_kind, hex=h), Refusal(code, dict({"player": player, "hex": h}, **more))))

        def both(code: str, **more: object) -> list[tuple[Action, Plan | Refusal]]:
            no(CONQUER, code, **more)
            no(WAR, code, **more)
            return out
        if player in owners:
            return both(words.YOURS_ALREADY)
        if kind == FOREST and (not self.rules.forest_lenient or not owners and at_war != player) \
                and not self.forest_open(player, h):
            # (decision 22: every way in; forest_lenient: taking a free one or seizing a war)
            closed = not self.rules.forest_early and any(
                not holders.get(n) and board.hexes[n].kind.kind != FOREST for n in board.neighbours[h])
            return both(words.FOREST_CLOSED if closed else words.FOREST_NOT_MOST)
        if at_war == player:
            out.append((Action(CONQUER, hex=h), Plan(0, 0, None, False)))
            no(WAR, words.AT_WAR_ALREADY, holder=player)
            return out
        if self.supply[player] == 0:
            return both(words.NO_CHITS_LEFT)
        victim, halve = at_war, False
        if kind == CITY:
            if len(owners) >= info.kind.city_size:
                return both(words.CITY_FULL, size=info.kind.city_size)  # (city_war: taking a
                # city at war always seizes the war's chit)
        elif owners:
            owner = owners[0]
            joined = reach["joined"]
            if owner not in joined:
                joined[owner] = connected(board, owner, holders)
            if h in joined[owner]:
                return both(words.HELD_AND_JOINED, holder=owner)
            victim, halve = owner, True
        need_food = 0 if info.tile in reach["base_tiles"] else reach["food"].get(h)
        guarded = self.bonus(victim, fx.GUARD) if victim is not None else 0
        red_short = max(0, info.strength + guarded - reach["strength"])
        green_short = None if need_food is None else max(0, need_food - reach["supplies"])
        if need_food is None:
            no(CONQUER, words.OUT_OF_REACH)
        elif red_short > reach["red"]:
            no(CONQUER, words.SHORT_OF_STRENGTH, need=info.strength + guarded, have=reach["strength"],
               resources=reach["red"])
        elif green_short is not None and green_short > reach["green"]:
            no(CONQUER, words.SHORT_OF_FOOD, need=need_food, have=reach["supplies"], resources=reach["green"])
        else:
            out.append((Action(CONQUER, hex=h), Plan(red_short, green_short or 0, victim, halve,
                                                     info.strength + guarded, need_food)))
        open_to_war = not owners if kind != CITY else self.rules.city_war
        if kind == CITY and not open_to_war:
            no(WAR, words.NO_WAR_ON_A_CITY)
        elif not open_to_war:
            no(WAR, words.NO_WAR_ON_HELD_LAND, holder=owners[0])
        elif at_war is not None:
            no(WAR, words.AT_WAR_ALREADY, holder=at_war)
        elif not (red_short or green_short is None or green_short):
            no(WAR, words.NO_WAR_NEEDED)
        else:
            out.append((Action(WAR, hex=h), Plan(0, 0, None, False, info.strength, need_food)))
        return out

    def forest_open(self, player: int, forest: Hex) -> bool:
        around = self.board.neighbours[forest]
        held = [0] * self.n
        for h in around:
            owners = self.holders.get(h, ())
            if not owners and self.board.hexes[h].kind.kind != FOREST \
                    and not self.rules.forest_early:
                return False
            for owner in owners:
                held[owner] += 1
        return held[player] >= 1 and held[player] == max(held)

    def why_illegal(self, action: object) -> Refusal | None:
        """None when the action is legal now, else the rules' reason (words.refusal_words)."""
        refusal, self._plan = self._judge(action)  # (a legal conquest's plan: apply() reads it)
        return refusal

    def _judge(self, action: object) -> tuple[Refusal | None, "Plan | None"]:
        """why_illegal(), and a legal conquest's plan (apply() carries it out: worked out once)."""
        if not isinstance(action, Action):
            return Refusal(NOT_AN_ACTION, {"action": repr(action)}), None
        if self.turn is None:
            return Refusal(GAME_OVER), None
        p = self.turn
        if self.phase == EXPEDITION and action.kind in (CONQUER, WAR) and action.hex is not None \
                and action == Action(action.kind, hex=action.hex):
            judged = self._expedition(p, action)  # (one hex's lines, not every hex's)
            if isinstance(judged, Refusal):
                return judged, None
            return None, judged
        return self._refusal(action, p), None

    def _refusal(self, action: Action, p: int) -> Refusal | None:
        if action in self.legal_actions():
            return None
        if action.kind in (CONQUER, WAR) and self.phase == EXPEDITION and action.hex is not None:
            # (fields a conquest or war does not take: the hex's own reason, else the plain one)
            code = words.CANNOT_CONQUER if action.kind == CONQUER else words.CANNOT_WAR
            return self.expedition_refusal(p, action) or Refusal(code, {"player": p, "hex": action.hex})
        if action.card is not None and action.kind in (SUMMON, HIRE) and \
                action.card not in self.hands[p]:
            return Refusal(words.NOT_IN_HAND, {"card": action.card})
        if action.kind == SUMMON and self.phase == DOMESTIC and action.card is not None:
            card = self.cards[action.card]
            if self.count(p, card.colour) >= self.area_max(p, card.colour):
                return Refusal(words.AREA_FULL, {"card": action.card})
            return Refusal(words.NOT_ENOUGH_DP, {"card": action.card, "dp": card.dp})
        return Refusal(MUST[self.phase], {"player": p})

    # --- applying --------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        refusal = self.why_illegal(action)
        if refusal is not None:
            raise IllegalAction(words.refusal_words(refusal), refusal)
        plan, self._plan = self._plan, None  # (the check's own, made just now for this state)
        return self._do(action, plan)

    def apply_unchecked(self, action: Action) -> None:
        self._do(action)

    def _do(self, action: Action, plan: "Plan | None" = None) -> list[Event]:
        p = self.turn
        assert p is not None
        events: list[Event] = []
        kind = action.kind
        if kind == BASE:
            assert action.hex is not None
            self._hold(p, action.hex)
            events.append(Event(BASE_PLACED, p, where=action.hex))
            self.picks.pop(0)
            if self.picks:
                self.turn = self.picks[0]
            else:
                self.round = 1
                events.append(Event(ROUND_STARTED, value=1))
                self._start_turn(self.setup.parent, events)
        elif kind == SUMMON:
            assert action.card is not None
            card = self.cards[action.card]
            cost = self.summon_cost(p, card)
            self._spend(p, YELLOW, cost or 0, events)
            self.hands[p].remove(card.id)
            repeated = any(self.cards[c].name == card.name and up
                           for area in self.areas[p] for c, up in area)
            self.area(p, card.colour).append((card.id, True))
            events.append(Event(SUMMONED, p, card.id, where=card.colour))
            if card.power.timing == fx.SUMMON and (not repeated or card.name == GIRL_ALICE):
                self._effect(p, card, card.colour, events)
            self.phase = EXPEDITION
        elif kind == HIRE:
            assert action.card is not None and action.colour is not None
            self.hands[p].remove(action.card)
            self.area(p, action.colour).append((action.card, False))
            events.append(Event(HIRED, p, where=action.colour))
            self._draw(p, 1, events, Source(HIRING))
            self.phase = EXPEDITION
        elif kind == PASS:
            events.append(Event(PASSED, p))
            self.phase = EXPEDITION
        elif kind == REFILL:
            self._draw(p, self.params.refill, events, Source(EMPTY_HAND))
            self._end_turn(events)
        elif kind == CONQUER:
            assert action.hex is not None
            made = plan or dict(self._expeditions_at(p, action.hex, self._reach(p), why=False))[action]
            assert isinstance(made, Plan)  # (legal: why_illegal said so, from these same lines)
            self._conquer(p, action.hex, made, events)
            self._end_turn(events)
        elif kind == WAR:
            assert action.hex is not None
            self.supply[p] -= 1
            self.war[action.hex] = p
            events.append(Event(WAR_STARTED, p, where=action.hex))
            self._end_turn(events)
        elif kind == END:
            self._end_turn(events)
        elif kind == DISCARD:
            for colour, area in zip(COLOURS, self.areas[p]):
                for entry in area:
                    if entry[0] == action.card:
                        area.remove(entry)
                        self.discard.append(entry[0])
                        events.append(Event(DISCARDED, p, entry[0], where=colour))
                        break
            self._end_turn(events)
        return events

    def _hold(self, player: int, h: Hex) -> None:
        self.supply[player] -= 1
        self.holders[h] = self.holders.get(h, ()) + (player,)

    def _conquer(self, p: int, h: Hex, plan: "Plan", events: list[Event]) -> None:
        self._spend(p, RED, plan.red, events)
        self._spend(p, GREEN, plan.green, events)
        if self.war.get(h) == p:
            del self.war[h]
            self.supply[p] += 1  # the face-down chit turns face up (taken by _hold below)
        elif plan.victim is not None:
            victim = plan.victim
            if self.war.get(h) == victim:
                del self.war[h]
            else:
                self.holders[h] = tuple(o for o in self.holders[h] if o != victim)
            self.supply[victim] += 1
            events.append(Event(CHIT_RETURNED, victim, where=h))
        self._hold(p, h)
        info = self.board.hexes[h].kind
        gain = 0
        if info.kind == FACILITY and info.colour is not None:
            gain = self.count(p, info.colour) // (2 if plan.halve else 1)
        events.append(Event(CONQUERED, p, value=gain, where=h))
        source = Source(BONUS, hex=h)
        if gain and info.colour in RESOURCE_COLOURS:
            self._gain(p, info.colour, gain, events, source)
        elif gain and info.colour == BLUE:
            self._draw(p, gain, events, source)
        elif gain and info.colour == WHITE:
            self._score(p, gain, events, source)
        invasion = plan.victim is not None
        for card in self.active_cards(p):
            if card.power.timing == fx.CONQUEST and card.power.works_on(info.kind, invasion):
                self._effect(p, card, None, events)

    def _start_turn(self, player: int, events: list[Event]) -> None:
        self.turn, self.phase = player, DOMESTIC
        events.append(Event(TURN_STARTED, player, value=self.round))
        for card in self.active_cards(player):
            if card.power.timing == fx.TURN_START:
                self._effect(player, card, None, events)

    def _end_turn(self, events: list[Event]) -> None:
        p = self.turn
        assert p is not None
        if any(len(area) > self.area_max(p, colour) for colour, area in zip(COLOURS, self.areas[p])):
            self.phase = TRIM
            return
        following = (p + 1) % self.n
        if following == self.setup.parent:
            cities = self.board.cities()
            if self.round >= self.params.rounds or not self.rules.round_14 and all(
                    self.holders.get(h) for h in cities):
                self.phase, self.turn = OVER, None
                events.append(Event(GAME_OVER, value=max(self.scores())))
                return
            self.round += 1
            events.append(Event(ROUND_STARTED, value=self.round))
        self._start_turn(following, events)

    # --- effects ---------------------------------------------------------------------------

    def _effect(self, p: int, card: Card, colour: str | None, events: list[Event]) -> None:
        """`card`'s power at work (its source in the events)."""
        effect, amount = card.power.effect, card.power.amount
        source = Source(POWER, card.id)
        if effect in fx.GAINS:
            self._gain(p, fx.GAINS[effect], amount, events, source)
        elif effect == fx.DRAW:
            self._draw(p, amount, events, source)
        elif effect == fx.VP:
            self._score(p, amount, events, source)
        elif effect in fx.TAKES:
            i = RESOURCE_COLOURS.index(fx.TAKES[effect])
            total = 0
            for other in range(self.n):
                took = min(amount, self.resources[other][i]) if other != p else 0
                if took:
                    self.resources[other][i] -= took
                    total += took
                    events.append(Event(TAKEN, other, value=took, where=fx.TAKES[effect],
                                        source=source))
            if total:
                self.resources[p][i] += total
                events.append(Event(GAINED, p, value=total, where=fx.TAKES[effect],
                                    source=source))
        elif effect == fx.RECRUIT and colour is not None:
            cards = self._take(amount, events)
            self.area(p, colour).extend((c, False) for c in cards)
            if cards:
                events.append(Event(RECRUITED, p, value=len(cards), where=colour, source=source))

    def _gain(self, p: int, colour: str, amount: int, events: list[Event],
              source: Source) -> None:
        i = RESOURCE_COLOURS.index(colour)
        amount = min(amount, self.pool[i])
        if amount:
            self.pool[i] -= amount
            self.resources[p][i] += amount
            events.append(Event(GAINED, p, value=amount, where=colour, source=source))

    def _spend(self, p: int, colour: str, amount: int, events: list[Event]) -> None:
        if amount:
            i = RESOURCE_COLOURS.index(colour)
            self.resources[p][i] -= amount
            self.pool[i] += amount
            events.append(Event(SPENT, p, value=amount, where=colour))

    def _score(self, p: int, amount: int, events: list[Event], source: Source) -> None:
        self.vp[p] += amount
        events.append(Event(SCORED, p, value=amount, source=source))

    def _take(self, count: int, events: list[Event]) -> list[int]:
        """Up to `count` cards off the deck, reshuffling the discard pile when it runs out."""
        out = []
        for _ in range(count):
            if not self.deck:
                if not self.discard:
                    break
                self.reshuffles += 1
                pile = sorted(self.discard)
                random.Random(f"alicematic:{self.setup.seed}:{self.reshuffles}").shuffle(pile)
                self.deck, self.discard = pile, []
                events.append(Event(RESHUFFLED, value=len(pile)))
            out.append(self.deck.pop(0))
        return out

    def _draw(self, p: int, count: int, events: list[Event], source: Source) -> None:
        cards = self._take(count, events)
        self.hands[p].extend(cards)
        if cards:
            events.append(Event(DREW, p, value=len(cards), source=source))


class Plan:
    """What an expedition costs and whom it displaces; `strength` and `food` are what it needs
    in all (food None: out of reach), for the table to show beside the hex."""

    __slots__ = ("red", "green", "victim", "halve", "strength", "food")

    def __init__(self, red: int, green: int, victim: int | None, halve: bool,
                 strength: int = 0, food: int | None = 0):
        self.red, self.green, self.victim, self.halve = red, green, victim, halve
        self.strength, self.food = strength, food

    def __repr__(self) -> str:
        return (f"Plan(red={self.red}, green={self.green}, victim={self.victim}, "
                f"halve={self.halve}, strength={self.strength}, food={self.food})")


def cards_in_play(state: AlicematicState) -> Iterable[int]:
    """Every card somewhere: hands, deck, discard pile, areas (90 in all, each once)."""
    for hand in state.hands:
        yield from hand
    yield from state.deck
    yield from state.discard
    for areas in state.areas:
        for area in areas:
            for card, _up in area:
                yield card
