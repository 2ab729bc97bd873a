#!/usr/bin/env bash
# A preset of the host or the model in top-level code outside every mode
# (case $GPU in *A100*) …; if [[ $MODEL == *70b* ]]; then …) gives every
# mode the same number: no mode carries its own, whether the modes share
# one launch line or each writes its own, or a mode copies it (seqs=$OWNER).
# A mode's own is still found.
set -euo pipefail
. "$(dirname "$0")/hw.env"
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1)
case $gpu in
  *A100*) HW_MAX_NUM_SEQS=64 ;;
  *H200*) HW_MAX_NUM_SEQS=512 ;;
esac
step=$HW_MAX_NUM_BATCHED_TOKENS
if [[ ${MODEL:-} == *70b* ]]; then
  step=16384
fi
case ${1:-serve} in
  serve)
    exec vllm serve /m --max-num-seqs "$HW_MAX_NUM_SEQS" --max-num-batched-tokens "$step"
    ;;
  bench)
    exec vllm serve /m --max-num-seqs "$HW_MAX_NUM_SEQS" --max-num-batched-tokens "$step" --disable-log-requests
    ;;
  kl)
    seqs=$HW_MAX_NUM_SEQS
    exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$step"
    ;;
  kl-ref)
    seqs=32
    exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$step" # want "kl-ref passes --max-num-seqs 32 through the mode-local seqs=32" "kl-ref boots with --max-num-seqs 32 where serve boots with 256"
    ;;
esac
