#!/usr/bin/env bash
# serve's branch after LOW's off path, run only with LOW=1, keeps the
# owner's --max-num-seqs and only adds a flag of its own.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
[[ ${LOW:-0} == 1 ]] || exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --enforce-eager ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --seed 0 ;;
esac
