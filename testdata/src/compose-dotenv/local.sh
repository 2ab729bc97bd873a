#!/usr/bin/env bash
# A local run beside the compose stack: .env is also compose's own file,
# which interpolates VLLM_MAX_NUM_BATCHED_TOKENS into the service's command,
# so the key is used even though this script never expands it.
set -euo pipefail
cd "$(dirname "$0")"
source .env
exec vllm serve "$MODEL" --port "$VLLM_PORT" --max-num-seqs "$VLLM_MAX_NUM_SEQS"
