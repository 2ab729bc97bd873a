#!/bin/bash
# serve.sh [serve|calib|kl]: the flags are an associative array filled one
# element at a time by keys that are flag names (opt[ngram-placement]=disk),
# which the parser reads as arithmetic: interp dropped each such element, so
# every mode's argv lacked them and calib was said to keep the n-gram table
# in RAM, the engine default, though it passes --ngram-placement disk.
set -euo pipefail
source "$(dirname "$0")/serve.env"
declare -A opt
opt[max-num-seqs]=$MAX_NUM_SEQS
opt[max-num-batched-tokens]=$MAX_NUM_BATCHED_TOKENS
opt[max-model-len]=$MAX_MODEL_LEN
mode=${1:-serve}
case $mode in
  serve) ;;
  calib) opt[max-num-batched-tokens]=$CALIB_MAX_BATCHED_TOKENS; opt[ngram-placement]=disk ;;
  kl) ;;
  *) exit 2 ;;
esac
argv=()
for k in max-num-seqs max-num-batched-tokens max-model-len ngram-placement; do
  [[ -n ${opt[$k]:-} ]] && argv+=("--$k" "${opt[$k]}")
done
exec radiance serve "$MODEL" "${argv[@]}"
