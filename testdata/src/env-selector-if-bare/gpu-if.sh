#!/usr/bin/env bash
# An if/elif chain on an environment-only variable that picks a machine,
# not a mode: no test names the proven mode, so the shapes differ on
# purpose and nothing is compared.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a; . "$here/serve.env"; set +a
if [[ $GPU == h100 ]]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
elif [[ $GPU == a100 ]]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 4096
fi
