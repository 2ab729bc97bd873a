#!/usr/bin/env bash
# A prefix assignment on the run of a child script is the child's
# environment: launch.sh's --max-num-seqs reads SEQS from it, so bench
# boots with its own 64 though its words are serve's. The fix deletes it:
# the child then takes the owner's. A value a launcher function hands the
# prefix is reported where the mode writes it (no fix: this shell does not
# source serve.env, so "$MAX_NUM_SEQS" would be empty here). Prefill and
# decode roles are other shapes, and a prefix on a benchmark client sets
# that program's environment alone (no finding).
set -euo pipefail
here=$(dirname "$0")
start() { STEP="$1" exec "$here/launch.sh" --port 8002; }
case "${1:-serve}" in
  serve) exec "$here/launch.sh" ;;
  bench) SEQS=64 exec "$here/launch.sh" --port 8001 ;; # want "bench passes --max-num-seqs 64 by SEQS=64 on its run of launch.sh, whose --max-num-seqs ...SEQS:-.MAX_NUM_SEQS.. .*launch.sh:6. reads SEQS from its environment; .*serve.env:2 owns it as MAX_NUM_SEQS=256" "bench boots with --max-num-seqs 64 where serve boots with 256"
  load) start 16384 ;; # want "load passes --max-num-batched-tokens 16384 to STEP=… .line 12. on its run of launch.sh, whose --max-num-batched-tokens .*no fix: load.s path does not source .*serve.env" "load boots with --max-num-batched-tokens 16384 where serve boots with 8192"
  prefill) SEQS=8 exec "$here/launch.sh" --port 8003 ;;
  decode) SEQS=512 exec "$here/launch.sh" --port 8004 ;;
  client) SEQS=64 python3 bench_client.py --max-concurrency 64 ;;
esac
