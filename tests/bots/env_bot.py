"""An external bot that reports what it can see of its surroundings in its hello name: the
environment variables whose names start with ALICE or mention a seed, and its working folder."""

import json
import os
import sys

seen = sorted(k for k in os.environ if k.upper().startswith("ALICE") or "SEED" in k.upper())
report = {"env": seen, "cwd": os.getcwd(), "argv": sys.argv[1:]}
for line in sys.stdin:
    if json.loads(line)["type"] == "hello":
        print(json.dumps({"type": "hello", "name": json.dumps(report)}), flush=True)
