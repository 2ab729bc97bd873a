#!/usr/bin/env bash
# The same beside a file every mode sources: the modes' own files still
# own their numbers.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/common.env"
case "${1:?llama|qwen}" in
  llama) . "$here/llama.env" ;;
  qwen)  . "$here/qwen.env" ;;
  *) exit 2 ;;
esac
exec vllm serve "$MODEL" --port "$PORT" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_BATCHED_TOKENS"
