#!/usr/bin/env bash
# embed serves another model, with a step of its own: writing the owner at
# the shared use would boot it with the llama's. Reported, with no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
M=$MODEL
STEP=$BENCH_STEP
case $MODE in
  serve) ;;
  embed) M=$EMBED_MODEL ; STEP=32768 ;;
  bench) ;;
esac
exec vllm serve "$M" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$STEP" # want "serve\|bench passes .* not from its owner.*no fix: line 11 gives STEP the own value of embed, which serves another model"
