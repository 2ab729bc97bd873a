#!/bin/bash
# The launcher logs the engine's own variables by prefix under set -u:
# interp stopped there ("VLLM_: unbound variable") before the engine.
set -euo pipefail
export VLLM_LOGGING_LEVEL=INFO VLLM_USE_V1=1
for v in ${!VLLM_@}; do echo "$v=${!v}" >&2; done
. "$(dirname "${BASH_SOURCE[0]}")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8001 ;;
esac
