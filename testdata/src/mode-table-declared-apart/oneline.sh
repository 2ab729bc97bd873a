#!/usr/bin/env bash
# The one-statement form, with nothing else in the script that makes the
# dry run rewrite a copy: the key kl-ref reached interp as arithmetic and
# it panicked (no mode evaluated).
source ./serve.env
MODE=${1:-serve}
declare -A SEQS=([serve]=$MAX_NUM_SEQS [kl-ref]=16 [bench]=$MAX_NUM_SEQS) # want "kl-ref boots with --max-num-seqs 16 where serve boots with 64; scoring" "kl-ref passes --max-num-seqs 16 through the mode table SEQS"
exec vllm serve "$MODEL" --max-num-seqs "${SEQS[$MODE]}" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
