"""An external bot that starts a child process holding its stdout and stderr (sleep 600), writes
the child's pid to argv[1], then plays the first legal action. With argv[2] == "setsid" the child
gets a session of its own, out of reach of a process-group kill (a daemon)."""

import json
import subprocess
import sys

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                         start_new_session=len(sys.argv) > 2 and sys.argv[2] == "setsid")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    out.write(str(child.pid))

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "Parent"}), flush=True)
    elif message["type"] == "decide":
        print(json.dumps({"type": "action", "action": message["legal"][0]}), flush=True)
