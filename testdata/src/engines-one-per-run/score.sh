#!/usr/bin/env bash
# serve execs its engine: the background one later is kl's alone.
set -euo pipefail
. "$(dirname "$0")/score.env"
mode=$1
args=(/models/m --max-num-seqs "$R29_MAX_NUM_SEQS" --max-num-batched-tokens "$R29_MAX_NUM_BATCHED_TOKENS")
case $mode in
  serve) exec vllm serve "${args[@]}" --kv-cache-dtype fp8 --port 8000 ;;
  kl) ;;
  *) exit 2 ;;
esac
# kl: boot in the background, score against it, stop it
vllm serve "${args[@]}" --kv-cache-dtype auto --port 8001 & # want "kl boots with --kv-cache-dtype auto where serve boots with fp8"
server=$!
python3 score_kl.py --port 8001
kill "$server"
