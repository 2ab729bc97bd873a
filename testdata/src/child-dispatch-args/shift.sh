#!/usr/bin/env bash
# A launcher that takes the port first, then hands the rest to the engine.
set -euo pipefail
. "$(dirname "$0")/serve.env"
port=$1
shift
exec vllm serve /m --port "$port" --max-num-seqs "$MAX_NUM_SEQS" "$@"
