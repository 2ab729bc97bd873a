#!/usr/bin/env bash
set -euo pipefail
source "$(dirname "$0")/common.env"
exec vllm serve "$MODEL_70B" --tensor-parallel-size 4 --max-num-seqs 64 --max-model-len "$MAX_MODEL_LEN"
