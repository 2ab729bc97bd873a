#!/usr/bin/env bash
# Shell lines that run no string read: -o given a name not known (which
# word is the string is then not read), -o with no name before -c, a
# login shell running a script file (no -c); and the owner's value
# through -lc and -euo pipefail -c.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) bash -lc "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" ;;
  same) sh -ec "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" ;;
  pipe) bash -euo pipefail -c "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" ;;
  opt) bash -o "$SHELLOPTS_WANTED" -c "vllm serve $MODEL --max-num-seqs 128" ;;
  noname) bash -o -c "vllm serve $MODEL --max-num-seqs 128" ;;
  file) bash -l ./serve-vllm.sh --max-num-seqs 128 ;;
  *) exit 2 ;;
esac
