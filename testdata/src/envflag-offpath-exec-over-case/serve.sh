#!/usr/bin/env bash
# LOW's off path boots and ends the script before the dispatch by $1:
# serve.sh serve boots the owner's shape there, and reaches its own branch
# only with LOW=1, which carries its own literal: serve with LOW=1's, and
# fixing it leaves what serve boots with alone.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
[[ ${LOW:-0} == 1 ]] || exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs 32 ;; # want "^serve with LOW=1 passes --max-num-seqs 32; .*serve.env:2 owns it as MAX_NUM_SEQS=256 \(privateshape\)$" "^serve with LOW=1 boots with --max-num-seqs 32 where serve boots with 256.*\(argvdrift\)"
  bench) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --seed 0 ;;
esac
