#!/usr/bin/env bash
# Each mode has its own switch (--kl, --bench); serve is the default. The
# dry run passes the mode's switch; bench's own --max-num-seqs is found.
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODE=serve
while [[ $# -gt 0 ]]; do
  case "$1" in
    -k|--kl) MODE=kl; shift ;;
    --bench) MODE=bench; shift ;;
    --port) PORT=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
args=(--model /m --max-num-seqs "$MAX_NUM_SEQS" --port "${PORT:-8000}")
case "$MODE" in
  serve) exec vllm serve "${args[@]}" ;;
  kl) exec vllm serve "${args[@]}" ;;
  bench) exec vllm serve "${args[@]}" --max-num-seqs 4 ;; # want "bench passes a second --max-num-seqs 4" "bench boots with --max-num-seqs 4 where serve boots with 64"
esac
