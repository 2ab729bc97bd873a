#!/usr/bin/env bash
# The compose file beside .env runs another service and interpolates none
# of its keys: the step's key, which no script reads, is still unused.
set -euo pipefail
cd "$(dirname "$0")"
source .env
exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS"
