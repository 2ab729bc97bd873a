#!/usr/bin/env bash
# A case on the workload picks shapes that differ on purpose: no arm is
# the proven mode, so DATASET is no mode selector and nothing is compared.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/serve.env"
DATASET=${DATASET:-sharegpt}
case "$DATASET" in
  sharegpt) SEQS=$MAX_NUM_SEQS ;;
  longbench) SEQS=16 ;;
esac
case "${GPU:-h100}" in
  h100) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  a100) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" --max-num-batched-tokens 4096 ;;
esac
