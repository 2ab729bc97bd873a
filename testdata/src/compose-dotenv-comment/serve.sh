#!/usr/bin/env bash
# The compose file beside .env names the step's key only in a comment:
# compose interpolates values, not comments, so the key is unused.
set -euo pipefail
cd "$(dirname "$0")"
source .env
exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS"
