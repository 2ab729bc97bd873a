#!/usr/bin/env bash
# Two switches' values match bench*: its branch is neither's alone, and
# naming it after one would evaluate the other as the default.
set -euo pipefail
. "$(dirname "$0")/serve.env"
OWNER=$MAX_NUM_SEQS
MODE=serve
while [[ $# -gt 0 ]]; do
  case $1 in
    --bench) MODE=bench-fast ;;
    --bench-slow) MODE=bench-slow ;;
  esac
  shift
done
[[ $MODE != bench* ]] || seqs=16
exec vllm serve /m --max-num-seqs "${seqs:-$OWNER}"
