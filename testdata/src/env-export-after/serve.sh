#!/usr/bin/env bash
# serve.env assigns each key and exports it (export K alone, after the
# assignment or before it): bash keeps the value, so K is defined once (no
# envowner finding), and its owner is the assignment with its value, not
# the export line with none.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve org/model --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" --max-model-len "$VLLM_MAX_MODEL_LEN" ;;
  bench) exec vllm serve org/model --max-num-seqs 64 --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" --max-model-len 4096 ;; # want "bench passes --max-num-seqs 64; .*serve.env:2 owns it as VLLM_MAX_NUM_SEQS=256 \(privateshape\)" "bench boots with --max-num-seqs 64 where serve boots with 256.*serve.env:2 owns it as VLLM_MAX_NUM_SEQS=256" "bench passes --max-model-len 4096; .*serve.env:7 owns it as VLLM_MAX_MODEL_LEN=32768 \(privateshape\)" "bench boots with --max-model-len 4096 where serve boots with 32768.*serve.env:7 owns it as VLLM_MAX_MODEL_LEN=32768"
esac
