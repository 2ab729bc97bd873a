#!/bin/bash
# serve's and bench's branches only log through say(), whose body is an
# echo: they take the shared path as an empty branch does. A call of a
# script function was no inert statement, so serve and bench were dropped
# as modes reaching no engine, and kl's 2 was compared with nothing.
set -e
. "$(dirname "$0")/serve.env"
say() { echo "[run $(date +%T)] $*"; }
MODE="${1:-serve}"
SHAPE_FLAGS="--max-num-seqs $MAX_NUM_SEQS"
if [ "$MODE" = "serve" ]; then
  say "production"
elif [ "$MODE" = "kl" ]; then # want "kl boots with --max-num-seqs 2 where serve boots with 8"
  SHAPE_FLAGS="--max-num-seqs 2"
elif [ "$MODE" = "bench" ]; then
  say "bench"
else
  echo "usage: $0 serve|kl|bench" >&2
  exit 2
fi
# shellcheck disable=SC2086
exec vllm serve /m $SHAPE_FLAGS
