#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve)
    seqs=$MAX_NUM_SEQS
    exec trtllm-serve "$MODEL" --max_batch_size "$seqs" --max_num_tokens="$MAX_NUM_BATCHED_TOKENS" ;;
  bench) exec trtllm-serve "$MODEL" --max_batch_size 256 --max_num_tokens=8192 ;; # want "bench passes --max_batch_size 256; .*serve.env:2 owns it as MAX_NUM_SEQS=64" "bench passes --max_num_tokens 8192; .*serve.env:5 owns it as MAX_NUM_BATCHED_TOKENS=4096" "bench boots with --max_batch_size 256 where serve boots with 64" "bench boots with --max_num_tokens 8192 where serve boots with 4096"
esac
