#!/usr/bin/env bash
# Two keys are named for --batch-size: the one llama-server is handed owns
# it, the shorter EVAL_BATCH_SIZE is lm_eval's and owns nothing.
set -euo pipefail
. "$(dirname "$0")/llama.env"
case "$1" in
  serve) llama-server -m /m.gguf -c "$LLAMA_CTX_SIZE" -b "$LLAMA_BATCH_SIZE" ;;
  kl) llama-server -m /m.gguf --ctx-size "$LLAMA_CTX_SIZE" --batch-size 4096 ;; # want "kl passes --batch-size 4096; .*llama.env:2 owns it as LLAMA_BATCH_SIZE=2048" "kl boots with --batch-size 4096 where serve boots with 2048"
  eval) lm_eval --model local-completions --tasks gsm8k --batch_size "$EVAL_BATCH_SIZE" ;;
esac
