#!/usr/bin/env bash
set -euo pipefail
source "$(dirname "$0")/common.env"
exec vllm serve "$MODEL_8B" --max-num-seqs 512 --max-model-len "$MAX_MODEL_LEN" --port 8001 # want "bench.sh passes --max-num-seqs 512; .*common.env:3 owns it as MAX_NUM_SEQS=256"
