#!/usr/bin/env bash
# env hands the engine two assignments whose values are not literal: the
# static argv knew one such word before the engine, not a run of them, so
# bench's launch was no engine at all and its own seats went unseen (found
# by R60). eval's launch is serve's shape.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case ${1:-serve} in
  serve) exec env CUDA_VISIBLE_DEVICES="$GPUS" VLLM_PORT="${PORT:-8000}" vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  eval) exec env CUDA_VISIBLE_DEVICES="$GPUS" HF_HOME="$HOME/.cache/hf" vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --seed 0 ;;
  bench) exec env CUDA_VISIBLE_DEVICES="$GPUS" VLLM_PORT="${PORT:-8000}" vllm serve "$MODEL" --max-num-seqs 256 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;; # want "bench passes --max-num-seqs 256" "bench boots with --max-num-seqs 256 where serve boots with 64"
esac
