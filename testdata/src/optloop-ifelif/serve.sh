#!/usr/bin/env bash
# serve.sh [--mode serve|eval]: the option loop dispatches with if/elif, not case
set -euo pipefail
cd "$(dirname "$0")"
source ./env/serve.env
MODE=serve
while [[ $# -gt 0 ]]; do
  if [[ "$1" == --mode ]]; then
    MODE="$2"; shift 2
  elif [[ "$1" == --mode=* ]]; then
    MODE="${1#*=}"; shift
  else
    echo "unknown argument: $1" >&2; exit 2
  fi
done
args=(serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
if [[ $MODE == serve ]]; then
  args+=(--api-key sk-local)
elif [[ $MODE == eval ]]; then
  args+=(--seed 42)
else
  exit 2
fi
exec vllm "${args[@]}"
