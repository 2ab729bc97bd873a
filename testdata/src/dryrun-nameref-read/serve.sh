#!/bin/bash
# show only logs the argv through its nameref ("${a[*]}", "${a[@]}"): the
# interpreter expands a whole array through a nameref as one field, so
# every call was refused and no mode could be evaluated ("the proven mode
# serve could not be evaluated"); bench's own seats were said by
# privateshape alone. The read is now of a copy of the target.
set -euo pipefail
. "$(dirname "$0")/serve.env"
show() { local -n a=$1; echo "launching: ${a[*]}" >&2; printf '%q ' "${a[@]}" >&2; echo >&2; }
seqs=$MAX_NUM_SEQS
case $1 in
  serve) ;;
  bench) seqs=16 ;; # want "bench boots with --max-num-seqs 16 where serve boots with 64" "bench passes --max-num-seqs 16 through the mode-local seqs=16"
esac
args=(--model "$MODEL" --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN")
show args
exec vllm serve "${args[@]}"
