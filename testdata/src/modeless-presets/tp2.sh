#!/usr/bin/env bash
set -euo pipefail
source "$(dirname "$0")/common.env"
exec vllm serve "$MODEL_8B" --tensor-parallel-size 2 --max-num-seqs 512 --max-model-len "$MAX_MODEL_LEN"
