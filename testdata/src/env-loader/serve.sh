#!/usr/bin/env bash
# The env file is loaded the way many launch scripts do it: a grep that
# drops comments, xargs that strips quotes, and export.
set -euo pipefail
cd "$(dirname "$0")"
export $(grep -v '^#' .env | xargs -d '\n')
case "${1:-serve}" in
  serve)
    exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" \
      --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8000 ;;
  kl)
    exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" \
      --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8001 ;;
  bench)
    exec vllm serve "$MODEL" --max-num-seqs 256 \
      --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8002 ;;
esac
# want@15 "bench boots with --max-num-seqs 256 where serve boots with 64" "bench passes --max-num-seqs 256; .*\.env:4 owns it as MAX_NUM_SEQS=64"
