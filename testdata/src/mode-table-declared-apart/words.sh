#!/usr/bin/env bash
# Plain keys, declared apart: each mode reads its own entry (the dry run
# read the last one for every mode, the keys taken as arithmetic, all 0).
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
declare -A TOKENS
TOKENS=([serve]=$MAX_NUM_BATCHED_TOKENS [bench]=4096 [kl]=$MAX_NUM_BATCHED_TOKENS) # want "bench boots with --max-num-batched-tokens 4096 where serve boots with 8192" "bench passes --max-num-batched-tokens 4096 through the mode table TOKENS"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "${TOKENS[$MODE]}"
