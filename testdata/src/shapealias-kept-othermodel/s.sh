#!/usr/bin/env bash
# step is a shim of the owner, but embed serves another model and gives it
# its own 32768: reading the owner at "$step" would boot the embedding
# server with 1024. The shim is reported, with no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
model=$MODEL
step=${BENCH_STEP:-$MAX_NUM_BATCHED_TOKENS} # want "step is a shim .* of MAX_NUM_BATCHED_TOKENS.*no fix: line 11 gives step the own value of embed, which serves another model"
case "$1" in
  serve) ;;
  embed) model=$EMBED_MODEL; step=32768 ;;
  bench) ;;
esac
exec vllm serve "$model" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$step" # want "the script reads step, a shim"
