#!/usr/bin/env bash
# The image comes from the env file's `: "${VLLM_IMAGE:=…}"` (a default the
# caller may override): its entrypoint is vLLM's, so the modes are seen
# and compared.
set -euo pipefail
source "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) docker run --gpus all "$VLLM_IMAGE" --model /m --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) docker run --gpus all "$VLLM_IMAGE" --model /m --max-num-seqs 4 ;; # want "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
esac
