#!/usr/bin/env bash
# Shell lines that run no string read: a long option after the one-letter
# ones (bash refuses it: nothing runs), --help and --version (print and
# exit), a long option sh may not have (dash has none), --rcfile taking
# the -c as its file (the string is then a script's name), +o given a
# name not known; and the owner's value through --norc +o posix -c.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) bash -c "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" ;;
  same) bash --norc +o posix -c "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" ;;
  late) bash -e --login -c "vllm serve $MODEL --max-num-seqs 128" ;;
  help) bash --help -c "vllm serve $MODEL --max-num-seqs 128" ;;
  vers) bash --version -c "vllm serve $MODEL --max-num-seqs 128" ;;
  dash) sh --rcfile /etc/llm.rc -c "vllm serve $MODEL --max-num-seqs 128" ;;
  file) bash --rcfile -c "vllm serve $MODEL --max-num-seqs 128" ;;
  opt) bash +o "$SHELLOPTS_OFF" -c "vllm serve $MODEL --max-num-seqs 128" ;;
  *) exit 2 ;;
esac
