#!/usr/bin/env bash
# The script doubles the owner for a warm-up client, then restores it from
# the shim: the shim holds the owner's earlier value, so reading the owner
# there would boot serve with 128 where it boots with 64. Reported, no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
SC_MAX_NUM_SEQS=$((SC_MAX_NUM_SEQS * 2))
python3 warm_cache.py --concurrency "$SC_MAX_NUM_SEQS"
SC_MAX_NUM_SEQS="$BENCH_SC_MAX_NUM_SEQS" # want "the script reads BENCH_SC_MAX_NUM_SEQS, a shim of SC_MAX_NUM_SEQS; read the owner SC_MAX_NUM_SEQS=64 .*no fix: line 7 assigns SC_MAX_NUM_SEQS again"
exec vllm serve org/m --max-num-seqs "$SC_MAX_NUM_SEQS" --max-model-len "$SC_MAX_MODEL_LEN"
