"""An independent greedy Alice Assemble bot over the bot protocol, written from the rules alone
(it imports nothing of the app): the ladder's opponent that hard cannot know how to model.

Place: where its line scores most now; ties go to the place whose modules, all of them counted,
are worth most (room to grow), then to chance. Take (and the draft): the card whose best place in
its own line scores most; ties go by its habit, `--ties` (default low): to the lower card (it
acts earlier next round), the higher card, the card with more gears, or straight to chance.
Chance is seeded from the state, so the same position gets the same answer.

    python greedy_bot.py [--ties low|high|gears|random]
"""

import argparse
import hashlib
import json
import random
import sys


def modules(line):
    """Row counts of the 4-connected groups of gears; column i is card line[i]'s 5-bit left edge
    (bit 16 = top row)."""
    cells = {(x, r) for x, card in enumerate(line) for r in range(5) if card & (16 >> r)}
    sizes = []
    while cells:
        stack = [cells.pop()]
        rows = set()
        while stack:
            x, r = stack.pop()
            rows.add(r)
            for nxt in ((x + 1, r), (x - 1, r), (x, r + 1), (x, r - 1)):
                if nxt in cells:
                    cells.remove(nxt)
                    stack.append(nxt)
        sizes.append(len(rows))
    return sorted(sizes, reverse=True)


def score(line, capacity, flaw):
    sizes = modules(line)
    points = sum(s * s for s in sizes[:capacity])
    if flaw:
        points -= sum(s * s for s in sizes[capacity:])
    return points


def placements(lane, card, rules):
    """(score now, all modules' worth, position) of each place the card may go."""
    line = lane["line"]
    out = []
    for pos in range(len(line) + 1):
        new = line[:pos] + [card] + line[pos:]
        out.append((score(new, lane["capacity"], rules.get("flaw")),
                    sum(s * s for s in modules(new)), pos))
    return out


TIES = {"low": lambda card: -card, "high": lambda card: card,
        "gears": lambda card: bin(card).count("1"), "random": lambda card: 0}


def decide(state, legal, rng, ties="low"):
    lane_index = state["active_lane"]
    lane = state["lanes"][lane_index]
    rules = state["rules"]
    if state["phase"] == "place":
        where = {(a["place"]): a for a in legal if "place" in a}
        options = [p for p in placements(lane, lane["bench"], rules) if p[2] in where]
        if not options:
            return rng.choice(legal)
        top = max(p[:2] for p in options)
        return where[rng.choice([p[2] for p in options if p[:2] == top])]
    scored = []
    for action in legal:
        card = action.get("take")
        if card is None:
            continue
        best = max(p[0] for p in placements(lane, card, rules))
        scored.append((best, TIES[ties](card), action))
    if not scored:
        return rng.choice(legal)
    top = max(s[:2] for s in scored)
    return rng.choice([s[2] for s in scored if s[:2] == top])


def main():
    parser = argparse.ArgumentParser(description="a greedy Alice Assemble bot (bot protocol)")
    parser.add_argument("--ties", choices=sorted(TIES), default="low",
                        help="how takes that score alike are chosen between (default low)")
    ties = parser.parse_args().ties
    for text in sys.stdin:
        message = json.loads(text)
        if message["type"] == "hello":
            print(json.dumps({"type": "hello", "name": "Greedy"}), flush=True)
        elif message["type"] == "decide":
            seed = hashlib.sha256(text.encode("utf-8")).digest()[:8]
            action = decide(message["state"], message["legal"], random.Random(seed), ties)
            print(json.dumps({"type": "action", "action": action}), flush=True)


if __name__ == "__main__":
    main()
