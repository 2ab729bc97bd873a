#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" "$@"
