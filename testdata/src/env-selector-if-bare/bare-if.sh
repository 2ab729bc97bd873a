#!/usr/bin/env bash
# MODE=bench ./bare-if.sh: an if/elif chain on a selector only the
# environment sets (no MODE=${MODE:-serve} line).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a; . "$here/serve.env"; set +a
if [[ $MODE == serve ]]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
elif [[ $MODE == bench ]]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 32768
fi
# want@10 "bench boots with --max-num-batched-tokens 32768 where serve boots with 8192" "bench passes --max-num-batched-tokens 32768"
