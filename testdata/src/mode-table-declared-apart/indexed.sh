#!/usr/bin/env bash
# declare -a: an indexed array, whose [serve] and [kl-ref] are arithmetic
# (0 and 0): no mode table, every mode reads one entry, nothing compared.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
declare -a SEQS
SEQS=([serve]=16 [kl-ref]=$MAX_NUM_SEQS)
exec vllm serve "$MODEL" --max-num-seqs "${SEQS[$MODE]}" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
