#!/bin/bash
# Every mode appends through the nameref what the env file owns, and bench
# a flag no env key owns: nothing private. Both helpers name their nameref
# o: each one's is its own local (the other's uses made every call
# refused, and no mode could be evaluated).
set -euo pipefail
. "$(dirname "$0")/serve.env"
add() { local -n o=$1; o+=("$2" "$3"); }
shape() { local -n o=$1; o+=(--max-num-seqs "$MAX_NUM_SEQS"); }
args=(--model "$MODEL" --max-model-len "$MAX_MODEL_LEN")
shape args
case $1 in
  serve) ;;
  bench) add args --port 8001 ;;
esac
exec vllm serve "${args[@]}"
