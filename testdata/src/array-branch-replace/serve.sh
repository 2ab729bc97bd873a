#!/usr/bin/env bash
# Each branch assigns the whole argv array anew: serve's cmd=(…) and the
# else's are never both in the argv, so the else's --max-num-seqs, after
# serve's in the file, overrides nothing of serve's.
set -euo pipefail
. "$(dirname "$0")/ab.env"
MODE=${1:-serve}
if [[ $MODE == serve ]]; then
  cmd=(vllm serve /m --max-num-seqs "$AB_MAX_NUM_SEQS" --max-num-batched-tokens "$AB_MAX_NUM_BATCHED_TOKENS")
else
  cmd=(vllm serve /m --max-num-seqs "$AB_MAX_NUM_SEQS" --max-num-batched-tokens "$AB_MAX_NUM_BATCHED_TOKENS" --enforce-eager)
fi
exec "${cmd[@]}"
