#!/usr/bin/env bash
# One shape handed to three engines, each under its own flag names: the
# modes are different engines, not drift from the first.
set -euo pipefail
. "$(dirname "$0")/shape.env"
case "${1:?vllm|sglang|tgi}" in
  vllm)
    exec vllm serve "$MODEL" --tensor-parallel-size "$TP" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN" --port 8000 ;;
  sglang)
    exec python3 -m sglang.launch_server --model-path "$MODEL" --tp-size "$TP" --max-running-requests "$MAX_NUM_SEQS" --context-length "$MAX_MODEL_LEN" --port 8000 ;;
  tgi)
    exec text-generation-launcher --model-id "$MODEL" --num-shard "$TP" --max-concurrent-requests "$MAX_NUM_SEQS" --max-total-tokens "$MAX_MODEL_LEN" --port 8000 ;;
esac
