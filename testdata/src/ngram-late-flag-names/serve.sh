#!/bin/bash
# serve.sh [serve|calib]: calib taps two GPUs at once, its argv built from
# an option map in a loop ("--$k"). The dry run cannot evaluate two
# background engines, and the static reading saw no --ngram-placement, so
# calib was said to run the engine default ram, though the map passes disk.
set -euo pipefail
source "$(dirname "$0")/serve.env"
declare -A opt=([max-num-seqs]=$MAX_NUM_SEQS [max-num-batched-tokens]=$MAX_NUM_BATCHED_TOKENS)
mode=${1:-serve}
case $mode in
  serve) exec radiance serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  calib) # want "calib could not be evaluated"
    opt[max-num-batched-tokens]=$CALIB_MAX_BATCHED_TOKENS
    opt[ngram-placement]=disk
    argv=()
    for k in "${!opt[@]}"; do argv+=("--$k" "${opt[$k]}"); done
    CUDA_VISIBLE_DEVICES=0 radiance serve "$MODEL" "${argv[@]}" --port 8000 &
    CUDA_VISIBLE_DEVICES=1 radiance serve "$MODEL" "${argv[@]}" --port 8001 &
    wait
    ;;
  *) exit 2 ;;
esac
