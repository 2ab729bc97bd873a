#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/env.sh"
exec vllm serve "$MODEL" --max-num-seqs "$VLLM_MAX_NUM_SEQS"
