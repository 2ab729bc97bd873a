#!/usr/bin/env bash
# Each mode sources its own env file, which owns its numbers: per-model
# presets, not one mode drifting from another.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
case "${1:?llama|qwen}" in
  llama) . "$here/llama.env" ;;
  qwen)  . "$here/qwen.env" ;;
  *) exit 2 ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_BATCHED_TOKENS"
