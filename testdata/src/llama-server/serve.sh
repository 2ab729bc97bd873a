#!/usr/bin/env bash
# llama.cpp's server: -np is the seat count, -b the step.
set -euo pipefail
. "$(dirname "$0")/llama.env"
case "$1" in
  serve)  exec llama-server -m "$LLAMA_MODEL" -c "$LLAMA_CTX_SIZE" -np "$LLAMA_PARALLEL" -b "$LLAMA_BATCH_SIZE" -ub "$LLAMA_UBATCH_SIZE" -ngl "$LLAMA_NGL" --port 8080 ;;
  kl)     exec llama-server -m "$LLAMA_MODEL" -c "$LLAMA_CTX_SIZE" -np 1 -b "$LLAMA_BATCH_SIZE" -ub "$LLAMA_UBATCH_SIZE" -ngl "$LLAMA_NGL" --port 8081 ;; # want "kl boots with -np 1 where serve boots with 4" "kl passes -np 1; .*owns it as LLAMA_PARALLEL=4"
esac
