#!/usr/bin/env bash
# The background boot ends in exit 0: one engine per run, compared as usual.
set -euo pipefail
. "$(dirname "$0")/detach.env"
mode=$1
args=(/models/m --max-num-seqs "$R5_MAX_NUM_SEQS" --max-num-batched-tokens "$R5_MAX_NUM_BATCHED_TOKENS")
case $mode in
  serve) args+=(--kv-cache-dtype fp8 --port 8000) ;;
  kl) args+=(--kv-cache-dtype auto --port 8001) ;; # want "kl boots with --kv-cache-dtype auto where serve boots with fp8"
esac
if [[ ${DETACH:-0} == 1 ]]; then
  nohup vllm serve "${args[@]}" > "/var/log/vllm-$mode.log" 2>&1 &
  exit 0
fi
exec vllm serve "${args[@]}"
