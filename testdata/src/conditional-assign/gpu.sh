#!/usr/bin/env bash
# A mode-local literal under a hardware test, and a default of a variable no
# env file defines: both are the mode's own shape.
set -euo pipefail
. "$(dirname "$0")/v.env"
seqs=$VLLM_MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  bench) if [[ ${GPU:-} == h100 ]]; then seqs=256; fi ;; # want "bench passes --max-num-seqs 256 through the mode-local seqs=256"
  kl)
    [[ -z ${KL_SEQS:-} ]] && KL_SEQS=128 # want "kl boots with --max-num-seqs 128 where serve boots with 64" "kl passes --max-num-seqs 128 through the mode-local seqs=\$KL_SEQS"
    seqs=$KL_SEQS ;;
esac
exec vllm serve /m --max-num-seqs "$seqs" --port 8000
