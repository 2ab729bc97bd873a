#!/usr/bin/env bash
# The variable is read from the terminal, not the environment: the
# script's own input, which is no selector the dry run can set.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a; . "$here/serve.env"; set +a
read -rp "mode: " MODE
if [[ $MODE == serve ]]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
elif [[ $MODE == bench ]]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 32768
fi
