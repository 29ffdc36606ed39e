#!/usr/bin/env bash
# The hostile cases of issue 40 against the installed alice-assemble, a line each: exit code,
# time and peak memory (/usr/bin/time), and what it said last. Run before resolving an issue that
# touches what the app reads:   bash build/hostile.sh
set -u
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
python3 - <<'PY'
import json
from game.core import records
from game.bots import make_bot
from game.grayblock.perf import long_record
from game.services.play import play_out
from game.core.registry import game_module, rules_of
session = game_module("assemble").new_session(
    3, [{"name": "Ann", "seat": "random"}, {"name": "Bo", "seat": "random"}], rules_of("assemble", {}))
play_out(session, {0: make_bot("random", "assemble", 1), 1: make_bot("random", "assemble", 2)})
good = records.record_of(session)
def write(name, changes):
    record = json.loads(json.dumps(good))
    for (i, key), value in changes.items():
        record["players"][i][key] = value
    json.dump(record, open(name, "w"))
for n, tag in ((5000, "5k"), (70000, "70k"), (10_000_000, "10m")):
    write(f"cmd{tag}.json", {(1, "seat"): "cmd:" + "x" * n})
    write(f"name{tag}.json", {(1, "name"): "N" * n})
write("nul.json", {(0, "name"): "\u0000\u202e", (1, "seat"): "\u0000\u202e"})
record = json.loads(json.dumps(good)); record["version"] = True; json.dump(record, open("vtrue.json", "w"))
for hands in (1000, 4000, 12000):
    json.dump(long_record(hands), open(f"gb{hands}.json", "w"))
PY
case_() {  # name, seconds allowed, command...
  local name=$1 limit=$2; shift 2
  timeout "$limit" /usr/bin/time -f "%e_s_%M_KB" "$@" > out.txt 2> err.txt
  local code=$?
  local figures; figures=$(grep "_s_.*_KB" err.txt | tail -1)
  local said; said=$(grep -v "_s_.*_KB\|Command exited\|Warning" err.txt | tail -1 | cut -c1-100)
  printf '%-40s %-5s %-20s %s\n' "$name" "$code" "${figures:-(stopped)}" "$said"
}
fresh() { rm -rf data; mkdir data; export ALICE_DATA_DIR=$WORK/data; }
for f in settings.json lessons.json cementopia-best.json; do  # 124: ran until stopped by SIGTERM
  fresh; mkfifo data/$f; case_ "legacy $f FIFO" 10 alice-assemble
  fresh; ln -s /dev/zero data/$f; case_ "legacy $f -> /dev/zero" 10 alice-assemble
  fresh; ln -s /dev/urandom data/$f; case_ "legacy $f -> /dev/urandom" 10 alice-assemble
done
fresh
for n in 1000 4000 12000; do
  case_ "verify grayblock $n hands" 300 alice-assemble verify gb$n.json
  case_ "replay grayblock $n hands" 300 alice-assemble replay gb$n.json
done
for t in 5k 70k 10m; do
  case_ "--replay cmd seat $t (demo)" 300 alice-assemble --demo --replay cmd$t.json --exit-after 5
  case_ "--replay name $t (demo)" 300 alice-assemble --demo --replay name$t.json --exit-after 5
done
case_ "--replay NUL name and seat (demo)" 120 alice-assemble --demo --replay nul.json --exit-after 5
case_ "score --batch < /dev/zero" 120 sh -c 'alice-assemble score --batch < /dev/zero'
for i in $(seq 10); do ln -sf gb12000.json copy$i.json; done
case_ "verify 10 x 5 MB records" 600 alice-assemble verify copy*.json
case_ "verify version true" 60 alice-assemble verify vtrue.json
case_ "selfplay --out ''" 60 alice-assemble selfplay --out ""
case_ "selfplay, a cmd: bot that fails" 120 alice-assemble selfplay --seat "cmd:false" --seat easy
