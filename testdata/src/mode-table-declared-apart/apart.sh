#!/usr/bin/env bash
# The mode table declared on a line of its own and filled on the next:
# bash keeps SEQS associative, [kl-ref] a key (not kl minus ref).
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
declare -A SEQS
SEQS=([serve]=$MAX_NUM_SEQS [kl-ref]=16 [bench]=$MAX_NUM_SEQS) # want "kl-ref boots with --max-num-seqs 16 where serve boots with 64; scoring" "kl-ref passes --max-num-seqs 16 through the mode table SEQS"
exec vllm serve "$MODEL" --max-num-seqs "${SEQS[$MODE]}" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
