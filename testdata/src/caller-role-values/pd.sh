#!/usr/bin/env bash
# Each mode runs on the pod role it checks: serve assumes POD_ROLE=prefill,
# kl POD_ROLE=decode; neither value is carried to the other (serve was an
# info: kl's value ended it).
set -euo pipefail
source "$(dirname "$0")/pd.env"
case "${1:?mode}" in
  serve)
    [[ $POD_ROLE == prefill ]] || { echo "serve runs on a prefill pod" >&2; exit 1; }
    exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl)
    [[ $POD_ROLE == decode ]] || { echo "kl runs on a decode pod" >&2; exit 1; }
    exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
esac
