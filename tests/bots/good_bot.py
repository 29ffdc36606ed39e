"""A well-behaved external bot: says hello, then always plays the first legal action."""

import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "First legal"}), flush=True)
    elif message["type"] == "decide":
        print(json.dumps({"type": "action", "action": message["legal"][0]}), flush=True)
    elif message["type"] == "end":
        # proves the end message arrived: the test reads this file
        if len(sys.argv) > 1:
            with open(sys.argv[1], "w", encoding="utf-8") as out:
                json.dump(message["result"], out)
