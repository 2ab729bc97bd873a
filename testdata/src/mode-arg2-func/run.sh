#!/usr/bin/env bash
# A function's own $2 is not the script's: launch is called with words of
# its own, and the script has no mode.
set -euo pipefail
launch() {
  local model=$1 mode=$2
  case "$mode" in
    serve) exec vllm serve "$model" --max-num-seqs 16 ;;
    bench) exec vllm serve "$model" --max-num-seqs 64 ;;
  esac
}
launch /models/llama serve
