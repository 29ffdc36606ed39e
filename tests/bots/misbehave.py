"""Shared by the misbehaving bots: play the first legal action twice, then misbehave on the
third decision in the way `mode` names: illegal, nonjson, exits or silent."""

import json
import sys
import time


def run(mode):
    decisions = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            print(json.dumps({"type": "hello", "name": f"Bad ({mode})"}), flush=True)
            continue
        if message["type"] != "decide":
            continue
        decisions += 1
        if decisions < 3:
            print(json.dumps({"type": "action", "action": message["legal"][0]}), flush=True)
        elif mode == "illegal":
            print(json.dumps({"type": "action", "action": {"lane": 0, "take": 99}}), flush=True)
        elif mode == "nonjson":
            print("I think I will take the blue one", flush=True)
        elif mode == "exits":
            print("giving up", file=sys.stderr, flush=True)
            sys.exit(3)
        elif mode == "silent":
            time.sleep(600)  # longer than any test waits: only a kill ends it sooner
