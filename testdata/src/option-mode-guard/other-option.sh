#!/usr/bin/env bash
# --model=* picks a model; its guard does not name serve: no modes, the
# per-model sequence count is the model's own.
set -euo pipefail
here=${BASH_SOURCE[0]%/*}
. "$here/serve.env"
MODEL=llama
for arg in "$@"; do
  case $arg in
    --model=*) MODEL=${arg#*=} ;;
  esac
done
seqs=$SERVE_MAX_NUM_SEQS
[[ $MODEL == qwen ]] && seqs=16
[[ $MODEL == llama || $MODEL == qwen ]] || { echo "model?" >&2; exit 2; }
exec vllm serve "$SERVE_MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$SERVE_MAX_NUM_BATCHED_TOKENS"
