#!/usr/bin/env bash
# Each GPU's keys are read by indirection, ${!seqs_var} with
# seqs_var=${P}_MAX_NUM_SEQS: every *_MAX_NUM_SEQS and
# *_MAX_NUM_BATCHED_TOKENS key may be the one read, none is unused.
# SPARE_MAX_MODEL_LEN matches no name the script reads.
set -euo pipefail
. "$(dirname "$0")/profiles.env"
case ${GPU:-} in *H100*) P=H100 ;; *A100*) P=A100 ;; *) P=L40S ;; esac
seqs_var=${P}_MAX_NUM_SEQS
mnbt_var="${P}_MAX_NUM_BATCHED_TOKENS"
exec vllm serve /m --max-num-seqs "${!seqs_var}" --max-num-batched-tokens "${!mnbt_var}"
