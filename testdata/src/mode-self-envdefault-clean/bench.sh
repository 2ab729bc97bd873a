#!/bin/bash
# MODE is set by the script itself: ${MODE:-…} is not the name the script
# runs as, so the case is no dispatch on the name (no modes from it).
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${BENCH_MODE:-bench}
mode=${MODE:-$(basename "$0" .sh)}
case $mode in
  bench) seqs=$MAX_NUM_SEQS ;;
  kl) seqs=16 ;;
  *) exit 2 ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-model-len "$MAX_MODEL_LEN"
