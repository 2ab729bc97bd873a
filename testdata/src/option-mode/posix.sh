#!/bin/sh
# POSIX sh, every option joined: ./posix.sh --mode=kl.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/serve.env"
mode=serve
for arg in "$@"; do
  case $arg in
    --mode=*) mode=${arg#--mode=} ;;
    --verbose) set -x ;;
  esac
done
case $mode in
  serve) exec python3 -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec python3 -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs 16 ;;
esac
# want@15 "kl boots with --max-num-seqs 16 where serve boots with 64" "kl passes --max-num-seqs 16"
