#!/usr/bin/env bash
# serve.sh MODE [PORT]: $1 picks the mode; the second word is a port, and a
# `case` on it naming no mode is no selector.
set -euo pipefail
. "$(dirname "$0")/serve.env"
PORT=${2:-8000}
case "$PORT" in
  80|443) echo "privileged port" >&2; exit 2 ;;
esac
case "$1" in
  serve) vllm serve /m --port "$PORT" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) vllm serve /m --port "$PORT" --max-num-seqs 32 ;; # want "bench passes --max-num-seqs 32; .*serve.env:1 owns it as MAX_NUM_SEQS=16" "bench boots with --max-num-seqs 32 where serve boots with 16"
esac
