#!/usr/bin/env bash
# serve starts an embedding sidecar beside the chat engine: it serves
# another model, named as a literal, sized for it (not by serve.env, which
# sizes "$MODEL"): no privateshape. The info says that only line 10 runs in
# the background.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) # want "serve could not be evaluated \(it starts 2 engines \(lines 10, 11\), line 10 in the background: "
    vllm serve BAAI/bge-m3 --task embed --max-num-seqs 256 --max-model-len 8192 --port 8100 &
    exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN" --port 8000 ;;
  bench)
    vllm serve BAAI/bge-m3 --task embed --max-num-seqs 256 --port 8101 &
    exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN" --port 8001 ;;
esac
