"""What one player can see of a Grayblock match, and how a bot guesses the rest.

A view holds the player's own hand and everything public: the row, hand sizes, match scores,
this hand's plays and passes, and the finished hands (shown at their end). Bots that search call
`sample_state`, which deals the hidden cards at random (consistent with the hand sizes and with
what each pass proved a player lacks); they never touch the real state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from ..core.appendonly import AppendOnly
from .setup import ALL, FIT, LEFT, Action, Rules, cards_of, mask_of
from .state import GrayblockState, HandResult


@dataclass(frozen=True, slots=True)
class GrayblockView:
    player: int
    players: int
    rules: Rules
    target: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    row: tuple[int, ...]
    scores: tuple[int, ...]
    start: int
    turn: int | None
    number: int  # the current hand, 0-based
    actions: tuple[Action, ...]  # this hand's actions so far (public)
    results: tuple[HandResult, ...]  # finished hands (public once shown)
    champion: int | None

    game = "grayblock"

    @classmethod
    def of(cls, state: GrayblockState, player: int) -> "GrayblockView":
        return cls(player, state.players, state.rules, state.target, tuple(state.hand(player)),
                   tuple(state.hand_sizes()), tuple(state.row), tuple(state.totals),
                   state.start, state.turn, state.number, tuple(state.log),
                   tuple(state.results), state.champion)

    def to_json(self) -> dict[str, Any]:
        """The `state` object of the external bot protocol (plus a few public extras)."""
        return {
            "rules": self.rules.to_json(), "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes), "row": list(self.row),
            "scores": list(self.scores), "start": self.start, "turn": self.turn,
            "player": self.player, "target": self.target, "hand_number": self.number,
            "actions": [action.to_json() for action in self.actions],
        }

    def current_player(self) -> int | None:
        return self.turn

    # --- inference -------------------------------------------------------------------------

    def hand_mask(self) -> int:
        return mask_of(self.hand)

    def unknown(self) -> int:
        """Mask of the cards this player cannot place: others' hands or never dealt."""
        return ALL & ~self.hand_mask() & ~mask_of(self.row)

    def voids(self) -> list[int]:
        """Per player, a mask of cards they cannot hold: whatever fitted the row when they passed
        (hands only shrink, so it still holds)."""
        fit = FIT[self.rules.water_veins]
        out = [0] * self.players
        for action, left, right in with_ends(self.actions):
            if action.card is None:
                assert left is not None and right is not None  # a pass follows the opening card
                out[action.player] |= fit[left] | fit[right]
        return out

    def sample_hands(self, rng: random.Random) -> list[int]:
        """Hand masks for everyone: the hidden ones dealt at random from the unknown cards."""
        me = self.player
        unknown = cards_of(self.unknown())
        voids = self.voids()
        others = [q for q in range(self.players) if q != me]
        for attempt in range(24):
            strict = attempt < 20  # in the end give up on the pass evidence rather than fail
            rng.shuffle(unknown)
            pool = unknown[:]
            hands = [0] * self.players
            hands[me] = self.hand_mask()
            order = sorted(others, key=lambda q: (-(voids[q].bit_count()) if strict else 0, q))
            ok = True
            for q in order:
                need = self.hand_sizes[q]
                void = voids[q] if strict else 0
                chosen = [c for c in pool if not void >> c & 1][:need]
                if len(chosen) < need:
                    ok = False
                    break
                hands[q] = mask_of(chosen)
                taken = set(chosen)
                pool = [c for c in pool if c not in taken]
            if ok:
                return hands
        raise AssertionError("the view's hand sizes exceed the unknown cards")

    def sample_state(self, rng: random.Random) -> GrayblockState:
        """A full state that agrees with this view, the hidden hands dealt at random."""
        hands = self.sample_hands(rng)
        held = [cards_of(mask) for mask in hands]
        for action in self.actions:
            if action.card is not None:
                held[action.player].append(action.card)
        state = GrayblockState.__new__(GrayblockState)
        state.players, state.rules, state.target = self.players, self.rules, self.target
        state.seed = rng.getrandbits(32)  # later hands are unknown anyway
        state.preset = ()
        state.first = (self.start - self.number) % self.players
        state.results = AppendOnly(self.results)
        state.deals = AppendOnly([r.deal() for r in self.results] + [tuple(tuple(sorted(h)) for h in held)])
        state.hands = hands
        state.row = list(self.row)
        state.start, state.turn = self.start, self.turn
        state.last, state.passes = None, 0
        for action in self.actions:
            if action.card is None:
                state.passes += 1
            else:
                state.last, state.passes = action.player, 0
        state.log = list(self.actions)
        state.totals = list(self.scores)
        state.champion = self.champion
        return state


def with_ends(actions: Iterable[Action]) -> Iterator[tuple[Action, int | None, int | None]]:
    """Each action of a hand with the row's two end cards just before it (None before the
    opening card)."""
    left = right = None
    for action in actions:
        yield action, left, right
        if action.card is None:
            continue
        if left is None:
            left = right = action.card
        elif action.end == LEFT:
            left = action.card
        else:
            right = action.card
