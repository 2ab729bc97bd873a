#!/usr/bin/env bash
# Profilers run the engine they are given: nsys profile|launch [switches]
# APP, ncu [options] APP, py-spy record [options] -- APP. The engine behind
# them was not read: each mode vanished ("reaches no engine") with its 8.
set -euo pipefail
. "$(dirname "$0")/launch.env"
case "${1:-serve}" in
  serve) exec vllm serve /m --max-num-seqs "$LN_MAX_NUM_SEQS" --max-model-len "$LN_MAX_MODEL_LEN" ;;
  prof) exec nsys profile -o /tmp/prof -t cuda,nvtx --stats=true vllm serve /m --max-num-seqs 8 --max-model-len "$LN_MAX_MODEL_LEN" ;; # want "prof passes --max-num-seqs 8; .*owns it as LN_MAX_NUM_SEQS=64" "prof boots with --max-num-seqs 8 where serve boots with 64"
  plaunch) exec nsys launch --session-new=s1 vllm serve /m --max-num-seqs "$LN_MAX_NUM_SEQS" --max-model-len 4096 ;; # want "plaunch passes --max-model-len 4096; .*owns it as LN_MAX_MODEL_LEN=8192" "plaunch boots with --max-model-len 4096 where serve boots with 8192"
  kern) exec ncu -f -o /tmp/k --set full -c 1 vllm serve /m --max-num-seqs 4 --max-model-len "$LN_MAX_MODEL_LEN" ;; # want "kern passes --max-num-seqs 4; .*owns it as LN_MAX_NUM_SEQS=64" "kern boots with --max-num-seqs 4 where serve boots with 64"
  pyspy) exec py-spy record --rate 50 -o /tmp/p.svg --subprocesses -- vllm serve /m --max-num-seqs 16 --max-model-len "$LN_MAX_MODEL_LEN" ;; # want "pyspy passes --max-num-seqs 16; .*owns it as LN_MAX_NUM_SEQS=64" "pyspy boots with --max-num-seqs 16 where serve boots with 64"
esac
