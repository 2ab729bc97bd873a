#!/usr/bin/env bash
# The clean twin: bench differs only in what it may (its port).
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=serve
while [[ $# -gt 0 ]]; do
  case $1 in
    --bench) MODE=bench ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
port=8000
if [[ $MODE == bench ]]; then
  port=8001
fi
exec vllm serve --model /m --max-num-seqs "$MAX_NUM_SEQS" --port "$port"
