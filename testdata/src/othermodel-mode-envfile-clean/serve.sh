#!/usr/bin/env bash
# embed sources embed.env, which names another model (BAAI/bge-m3): its
# seats are that server's own, not a mode of the proven model's shape.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN" ;;
  embed)
    . "$here/embed.env"
    exec vllm serve "$MODEL" --task embed --max-num-seqs 256 --max-model-len "$MAX_MODEL_LEN" ;;
esac
