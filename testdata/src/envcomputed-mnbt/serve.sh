#!/usr/bin/env bash
# The step is computed from the file's own MAX_MODEL_LEN: it owns
# --max-num-batched-tokens.
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-model-len "$MAX_MODEL_LEN" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  bench) exec vllm serve "$MODEL" --max-model-len "$MAX_MODEL_LEN" --max-num-batched-tokens 65536 ;; # want "bench passes --max-num-batched-tokens 65536; .*serve.env:3 owns it" "bench boots with --max-num-batched-tokens 65536 where serve boots with 16384"
esac
