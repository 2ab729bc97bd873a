#!/usr/bin/env bash
# The same with serve's branch setting a variable the shared launch reads.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
seqs=$MAX_NUM_SEQS
[[ ${LOW:-0} == 1 ]] || exec vllm serve "$MODEL" --max-num-seqs "$seqs"
case "${1:-serve}" in
  serve) seqs=32 ;; # want "^serve with LOW=1 passes --max-num-seqs 32 through the mode-local seqs=32 .*MAX_NUM_SEQS=256 \(privateshape\)$" "^serve with LOW=1 boots with --max-num-seqs 32 where serve boots with 256.*\(argvdrift\)"
  bench) ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$seqs" --enforce-eager
