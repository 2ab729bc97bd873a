#!/bin/bash
# args has its own assignment and gets more through add's nameref (add
# args 16 appends --max-num-seqs 16): the nameref's writes were read only
# for an array never assigned itself, so bench's 16 went unseen by
# privateshape.
set -euo pipefail
. "$(dirname "$0")/serve.env"
add() { local -n o=$1; o+=(--max-num-seqs "$2"); }
args=(--model "$MODEL" --max-model-len "$MAX_MODEL_LEN")
case $1 in
  serve) add args "$MAX_NUM_SEQS" ;;
  bench) add args 16 ;; # want "bench boots with --max-num-seqs 16 where serve boots with 64" "bench passes --max-num-seqs 16 to --max-num-seqs"
esac
exec vllm serve "${args[@]}"
