#!/usr/bin/env bash
# A deleted re-assignment takes its own trailing comment with it (left
# alone, it would describe the line after), and the `;` before it when it
# ends a line of several statements (no dangling `; ;;`).
set -euo pipefail
. "$(dirname "$0")/serve.env"
PORT=8000
case "$1" in
  serve) ;;
  kl)
    SERVE_MAX_NUM_SEQS=1   # single seat for determinism
    PORT=8002
    ;;
  bench) PORT=8001; SERVE_MAX_NUM_SEQS=512 ;;
  eval)
    PORT=8003; SERVE_MAX_NUM_SEQS=2 # two seats
    ;;
esac
exec vllm serve /m --port "$PORT" --max-num-seqs "$SERVE_MAX_NUM_SEQS" --max-num-batched-tokens "$SERVE_MAX_NUM_BATCHED_TOKENS"
# want@11 "kl re-assigns the owner SERVE_MAX_NUM_SEQS=1" "kl boots with --max-num-seqs 1 where serve boots with 64"
# want@14 "bench re-assigns the owner SERVE_MAX_NUM_SEQS=512" "bench boots with --max-num-seqs 512 where serve boots with 64"
# want@16 "eval re-assigns the owner SERVE_MAX_NUM_SEQS=2" "eval boots with --max-num-seqs 2 where serve boots with 64"
