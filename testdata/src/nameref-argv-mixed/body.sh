#!/bin/bash
# bench's own seats are appended by a function through its nameref after
# the shared ones: a second copy that overrides the owner's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
small() { local -n o=$1; o+=(--max-num-seqs 16); } # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 64"
args=(--model "$MODEL" --max-model-len "$MAX_MODEL_LEN" --max-num-seqs "$MAX_NUM_SEQS")
case $1 in
  serve) ;;
  bench) small args ;;
esac
exec vllm serve "${args[@]}"
