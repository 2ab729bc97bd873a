#!/usr/bin/env bash
# Every mode's numbers come from the env file, through a library launcher;
# the library's other helpers take engine-like words and boot nothing.
set -euo pipefail
source "$(dirname "$0")/lib/run.sh"
source "$(dirname "$0")/serve.env"
usage() { show_cmd vllm serve /m --max-num-seqs 999; }
each vllm serve /m --max-num-seqs 998
note vllm serve /m --max-num-seqs 997
case "$1" in
  serve) in_docker --model /m --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) in_docker --model /m --max-num-seqs "$MAX_NUM_SEQS" --seed 0 ;;
  bench) in_docker --model /m --max-num-seqs "$MAX_NUM_SEQS" ;;
esac
