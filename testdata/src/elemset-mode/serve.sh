#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/serve.env"
declare -A EXTRA=(
  [serve]="--port 8000"
  [bench]="--port 8001 --disable-log-requests"
)
mode=${1:?mode}
[[ -v EXTRA[$mode] ]] || { echo "unknown mode $mode" >&2; exit 2; }
# shellcheck disable=SC2086
exec vllm serve /models/m --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ${EXTRA[$mode]}
