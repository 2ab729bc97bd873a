#!/usr/bin/env bash
# The mode is an option: ./long.sh --mode kl (or --mode=kl). The dry run
# passes --mode NAME, and kl's own --max-num-seqs is drift.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a; . "$here/serve.env"; set +a
MODE=serve
PORT=8000
while [[ $# -gt 0 ]]; do
  case "$1" in
    --mode) MODE="$2"; shift 2 ;;
    --mode=*) MODE="${1#*=}"; shift ;;
    --port) PORT="$2"; shift 2 ;;
    -h|--help) echo "usage: $0 [--mode serve|kl] [--port N]"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
case "$MODE" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port "$PORT" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 8 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port "$PORT" ;;
  *) echo "unknown mode: $MODE" >&2; exit 2 ;;
esac
# want@20 "kl boots with --max-num-seqs 8 where serve boots with 64" "kl passes --max-num-seqs 8"
