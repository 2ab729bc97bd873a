#!/bin/bash
# serve.sh [serve|calib]: calib sets ram in an option map read by "--$k".
# The argv passes ram explicitly; the message called it the engine default.
set -euo pipefail
source "$(dirname "$0")/serve.env"
declare -A opt
opt[max-num-seqs]=$MAX_NUM_SEQS
opt[max-num-batched-tokens]=$MAX_NUM_BATCHED_TOKENS
case ${1:-serve} in
  serve) ;;
  calib) opt[max-num-batched-tokens]=$CALIB_MAX_BATCHED_TOKENS; opt[ngram-placement]=ram ;; # want "calib runs with the n-gram table in RAM \(--ngram-placement ram\): beside"
  *) exit 2 ;;
esac
argv=()
for k in max-num-seqs max-num-batched-tokens ngram-placement; do
  [[ -n ${opt[$k]:-} ]] && argv+=("--$k" "${opt[$k]}")
done
exec radiance serve "$MODEL" "${argv[@]}"
