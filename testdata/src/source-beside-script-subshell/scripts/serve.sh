#!/bin/bash
# The cd runs in a subshell, to a directory that is not the root: `source
# .env` is still read beside the script (serve's 64), and kl's 8 is drift.
here="$(cd "$(dirname "$0")" && pwd)"
source .env
case "${1:-serve}" in
  serve) vllm serve m --max-num-seqs "$MAX_NUM_SEQS" --served-model-name "$here" ;;
  kl)    vllm serve m --max-num-seqs 8 --served-model-name "$here" ;;
esac
# want@8 "kl boots with --max-num-seqs 8 where serve boots with 64" "kl passes --max-num-seqs 8"
