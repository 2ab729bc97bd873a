#!/usr/bin/env bash
# NUM_GPUS defaults to 8: compared with 1 it is a count, not a boolean
# switch; NUM_GPUS=1 is no mode of its own.
set -euo pipefail
. "$(dirname "$0")/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
if [[ ${NUM_GPUS:-8} == 1 ]]; then args+=(--max-num-seqs 16 --enforce-eager); fi
exec vllm serve "$MODEL" "${args[@]}"
