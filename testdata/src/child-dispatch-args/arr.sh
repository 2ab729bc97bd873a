#!/usr/bin/env bash
# A launcher that builds the engine's command in an array.
set -euo pipefail
. "$(dirname "$0")/serve.env"
cmd=(vllm serve /m --max-num-seqs "$MAX_NUM_SEQS")
exec "${cmd[@]}" "$@"
