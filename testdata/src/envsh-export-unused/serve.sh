#!/usr/bin/env bash
set -euo pipefail
source "$(dirname "$0")/defaults.sh"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
