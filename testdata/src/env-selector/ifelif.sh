#!/usr/bin/env bash
# The selector tested by an if/elif chain.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a; . "$here/serve.env"; set +a
SERVE_MODE=${SERVE_MODE:-serve}
if [[ $SERVE_MODE == serve ]]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
elif [[ $SERVE_MODE == bench ]]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 32768
fi
# want@10 "bench boots with --max-num-batched-tokens 32768 where serve boots with 8192" "bench passes --max-num-batched-tokens 32768"
