#!/usr/bin/env bash
# Per-model and per-layout preset scripts sourcing one common env file:
# 8b.sh boots the owner's seat count. 70b.sh serves another model (a key
# of the same file) and tp2.sh another tensor-parallel size: their seat
# counts are theirs by design. bench.sh boots 8b.sh's model on 8b.sh's
# layout with its own seats: a private shape.
set -euo pipefail
source "$(dirname "$0")/common.env"
exec vllm serve "$MODEL_8B" --tensor-parallel-size 1 --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN"
