#!/usr/bin/env bash
# Every mode boots the owner's number, the engine in the background of a
# shell string or not: the job joined finds nothing to say.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bg) bash -c "nohup vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS > /tmp/vllm.log 2>&1 &" ;;
  wait) bash -c "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS & wait" ;;
  *) exit 2 ;;
esac
