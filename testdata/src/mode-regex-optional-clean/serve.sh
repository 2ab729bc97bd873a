#!/bin/bash
# The scoring modes of ^(kl|eval)(-ref)?$ (kl, kl-ref, eval, eval-ref) add
# only --max-logprobs: they boot at serve's shape, nothing to report. An
# expression whose words are not a short list (a bracket class or
# repetition) names no modes, so the other branches' own numbers are not
# read as a mode's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
mode=${1:-serve}
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-model-len "$MAX_MODEL_LEN")
if [[ $mode =~ ^(kl|eval)(-ref)?$ ]]; then
  args+=(--max-logprobs 100)
elif [[ $mode =~ ^bench[0-9]+$ ]]; then
  args=(--max-num-seqs 256 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
elif [[ $mode =~ ^(load)+$ ]]; then
  args=(--max-num-seqs 512 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
elif [[ $mode != serve ]]; then
  echo "unknown mode $mode" >&2; exit 2
fi
exec vllm serve "$MODEL" "${args[@]}"
