"""Alicematic bots: `random`, `easy` and `normal` here, `hard` (a search over the late game that
plays the normal bot's best few actions out) in hard.py. Both heuristic bots read only the view
(their own hand and face-down cards, the public table) and score each legal action with cheap
rules of thumb; `normal` also weighs tile majorities, tiles reached and Alice majorities, and plans wars
on hexes worth taking next turn."""

from __future__ import annotations

import random

from ..bots import Bot, Level
from ..bots import RandomBot as _RandomBot
from . import effects as fx
from .content import BLUE, CITY, COLOURS, FACILITY, FOREST, GREEN, RED, WHITE, YELLOW, Card
from .hexmap import Hex
from .scoring import tile_majority
from .setup import BASE, CONQUER, DISCARD, HIRE, SUMMON, WAR, Action
from .view import AlicematicView

RESOURCE_VALUE = 0.5  # a resource chit, in VP
CARD_VALUE = 0.7  # a card drawn
AREA_NEED = {RED: 1.4, GREEN: 1.1, YELLOW: 1.1, BLUE: 0.7, WHITE: 0.9}  # +1 card, first few


class RandomBot(_RandomBot):
    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None):
        super().__init__(seed, think)


class HeuristicBot:
    name = "easy"
    careful = False  # normal: majorities and planned wars

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None):
        self.rng = random.Random(seed)
        self._seen: AlicematicView | None = None  # the view the memo below was read from
        self._holders: dict[Hex, tuple[int, ...]] = {}
        self._alices: list[int] = []
        self._held: dict[int, list[int]] = {}  # per tile, hexes held by each player

    def _read(self, view: AlicematicView) -> None:
        """What every hex's value reads of one view, worked out once per view: the holders,
        each player's face-up Alices and (on demand) the hexes each holds per tile."""
        if self._seen is view:
            return
        self._seen = view
        self._holders = dict(view.holders)
        self._alices = [sum(up for area in view.areas[p] for _c, up in area)
                        for p in range(view.players)]
        self._held = {}

    def decide(self, view: AlicematicView, legal: list[Action]) -> Action:
        best, choices = None, []
        for action in legal:
            value = self.value(view, action) + self.rng.random() * 0.01
            if best is None or value > best:
                best, choices = value, [action]
        return choices[0] if choices else self.rng.choice(legal)

    # --- valuing actions -------------------------------------------------------------------

    def value(self, view: AlicematicView, action: Action) -> float:
        kind = action.kind
        if kind == BASE:
            assert action.hex is not None
            return self.base_value(view, action.hex)
        if kind == SUMMON:
            assert action.card is not None
            return self.summon_value(view, view.cards[action.card])
        if kind == HIRE:
            assert action.card is not None and action.colour is not None
            card = view.cards[action.card]
            lost = 0.3 * self.power_value(view, card)
            return self.area_value(view, action.colour) + CARD_VALUE - lost - 0.5
        if kind == CONQUER:
            assert action.hex is not None
            return self.hex_value(view, action.hex) - self.cost(view, action.hex)
        if kind == WAR:
            assert action.hex is not None
            if view.round >= view.params.rounds:
                return -1.0  # no turn left to finish it
            plan = 0.55 if self.careful else 0.3
            return plan * self.hex_value(view, action.hex) - 0.8
        if kind == DISCARD:
            assert action.card is not None
            card = view.cards[action.card]
            up = any(slot == (card.id, True) for area in view.areas[view.player] for slot in area)
            return -(self.power_value(view, card) if up else 0.0)
        return 0.0  # end, pass, refill: the only choice or the fallback

    def base_value(self, view: AlicematicView, city: Hex) -> float:
        board = view.board
        tile = board.hexes[city].tile
        value = 0.0
        for h in board.tile_hexes(tile):
            info = board.hexes[h]
            if info.kind.kind == FACILITY:
                value += 1.0 + (0.6 if info.kind.colour in (RED, GREEN) else 0.0) - 0.2 * info.strength
        others = len(dict(view.holders).get(city, ()))
        return value - 1.5 * others

    def area_value(self, view: AlicematicView, colour: str) -> float:
        count = view.count(view.player, COLOURS.index(colour))
        if count >= view.params.area_max:
            return -5.0
        return AREA_NEED[colour] * (1.0 if count < 3 else 0.5)

    def power_value(self, view: AlicematicView, card: Card) -> float:
        power = card.power
        left = max(0, view.params.rounds - view.round)
        once = {fx.DRAW: CARD_VALUE, fx.VP: 1.0, fx.RECRUIT: 1.0}.get(power.effect, RESOURCE_VALUE)
        if power.timing == fx.SUMMON:
            return once * power.amount
        if power.timing == fx.TURN_START:
            return once * power.amount * left
        if power.timing == fx.CONQUEST:  # a conditional one works on fewer conquests
            return once * power.amount * left * (0.5 if power.on is None else 0.2)
        if power.timing == fx.ALWAYS:
            return 1.2 * power.amount
        return power.amount * (1.0 if power.effect == fx.VP else 2.0)  # final

    def summon_value(self, view: AlicematicView, card: Card) -> float:
        me = view.player
        value = self.area_value(view, card.colour) + self.power_value(view, card) + 0.5
        if self.careful:
            c = COLOURS.index(card.colour)
            counts = [sum(up for _card, up in view.areas[p][c]) for p in range(view.players)]
            mine = counts[me] + 1
            if mine >= max(counts):
                value += 1.0
        short = max(0, card.dp - view.count(me, COLOURS.index(YELLOW)))
        return value - RESOURCE_VALUE * short

    def cost(self, view: AlicematicView, h: Hex) -> float:
        """What taking `h` spends, roughly: the resources short on strength (food is ignored:
        the legal list already says it can be paid)."""
        me = view.player
        red = view.count(me, COLOURS.index(RED))
        return RESOURCE_VALUE * max(0, view.board.hexes[h].strength - red)

    def hex_value(self, view: AlicematicView, h: Hex) -> float:
        board, me = view.board, view.player
        info = board.hexes[h]
        self._read(view)
        holders = self._holders
        owners = holders.get(h, ())
        halve = bool(owners) and info.kind.kind != CITY
        value = 0.5 if dict(view.war).get(h) == me else 0.0
        if info.kind.kind == FACILITY and info.kind.colour is not None:
            count = view.count(me, COLOURS.index(info.kind.colour)) // (2 if halve else 1)
            rate = {BLUE: CARD_VALUE, WHITE: 1.0}.get(info.kind.colour, RESOURCE_VALUE)
            value += rate * count
        elif info.kind.kind == CITY:
            value += view.params.city_vp + 1.5
        elif info.kind.kind == FOREST:
            value += len(board.neighbours[h])
        if self.careful:
            value += self.majority_gain(view, h, holders)
        else:
            value += 1.0
        return value

    def majority_gain(self, view: AlicematicView, h: Hex, holders: dict[Hex, tuple[int, ...]]) -> float:
        board, me, n = view.board, view.player, view.players
        tile = board.hexes[h].tile
        self._read(view)
        held = self._held.get(tile)
        if held is None:
            held = self._held[tile] = [0] * n
            for other in board.tile_hexes(tile):
                for p in holders.get(other, ()):
                    held[p] += 1
        alices = self._alices
        before = tile_majority(held, alices, view.rules.tile_second, view.params)[me]
        after_held = held[:]
        after_held[me] += 1
        owners = holders.get(h, ())
        if owners and board.hexes[h].kind.kind != CITY:
            after_held[owners[0]] -= 1  # an invasion takes the hex from its holder
        gain: float = tile_majority(after_held, alices, view.rules.tile_second, view.params)[me] - before
        if held[me] == 0:
            gain += 1.0  # a new tile reached
        return float(gain)


class EasyBot(HeuristicBot):
    name = "easy"


class NormalBot(HeuristicBot):
    name = "normal"
    careful = True


def HardBot(seed: int | None = None, think: float | None = None,
            iterations: int | None = None) -> Bot:
    """The `hard` level (game.alicematic.hard, which builds on the normal bot above: imported
    when a hard bot is made)."""
    from .hard import HardBot as Hard
    return Hard(seed, think, iterations)


LEVELS: dict[str, Level] = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot,
                            "hard": HardBot}
