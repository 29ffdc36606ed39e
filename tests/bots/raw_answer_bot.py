"""An external bot that says hello, then answers its first decision with a raw line chosen by
the mode in argv[1]: deep nesting, a huge number, NaN, Infinity or an over-long line."""

import json
import sys

ANSWERS = {
    "deep": "[" * 60_000,  # fits in a line: json.loads itself must fail
    "deep_action": '{"type": "action", "action": ' + "[" * 60_000,
    "deeper": "[" * 100_000,
    "bignum": '{"type": "action", "action": ' + "9" * 5000 + "}",
    "nan": '{"type": "action", "action": {"lane": NaN}}',
    "infinity": '{"type": "action", "action": Infinity}',
    "long": json.dumps({"type": "action", "action": "x" * 200_000}),
}

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "Raw"}), flush=True)
    elif message["type"] == "decide":
        print(ANSWERS[sys.argv[1]], flush=True)
