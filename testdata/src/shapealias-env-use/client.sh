#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/r.env"
python3 bench.py --concurrency "$R_CLIENT_CONCURRENCY" $R_CLIENT_ARGS --warmup "$((R_KL_MAX_SEQS + 1))" # want "the script reads R_KL_MAX_SEQS, a shim of R_MAX_SEQS"
