#!/usr/bin/env bash
# serve.sh [--mode serve|bench] [--port N] [-- extra vllm args]
set -euo pipefail
MODE=serve
PORT=8000
EXTRA=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --mode) MODE=$2; shift 2 ;;
    --mode=*) MODE=${1#*=}; shift ;;
    --port) PORT=$2; shift 2 ;;
    --) shift; EXTRA=("$@"); break ;;
    *) echo "unknown arg $1" >&2; exit 2 ;;
  esac
done
. "$(dirname "$0")/vllm.env"
CMD=(vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port "$PORT")
if [[ $MODE == bench ]]; then
  CMD+=(--disable-log-requests --max-num-seqs 256) # want "bench passes a second --max-num-seqs 256 that overrides the shared one" "bench boots with --max-num-seqs 256 where serve boots with 128"
fi
exec "${CMD[@]}" "${EXTRA[@]}"
