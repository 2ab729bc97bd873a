#!/usr/bin/env bash
# Per-model presets with a scoring mode each: kl-qwen sources the file the
# plain qwen mode does, so it scores qwen's shape and is not compared with llama.
set -euo pipefail
here=$(dirname "$0")
PORT=8000
case "${1:?llama|qwen|kl-llama|kl-qwen}" in
  llama) . "$here/llama.env" ;;
  qwen)  . "$here/qwen.env" ;;
  kl-llama) . "$here/llama.env"; PORT=8001 ;;
  kl-qwen)  . "$here/qwen.env"; PORT=8001 ;;
  *) exit 2 ;;
esac
exec vllm serve "$MODEL" --tensor-parallel-size "$TP_SIZE" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port "$PORT"
