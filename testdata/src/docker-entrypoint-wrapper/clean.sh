#!/usr/bin/env bash
# Entrypoints not read as running an engine of another shape: a wrapper
# before the owner's number; a wrapper whose command is no engine; a
# shell's builtin (no program docker can start); an entrypoint not known.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
EP=nohup
case "${1:-serve}" in
  serve) docker run --rm --gpus all img vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  same) docker run --rm --entrypoint nohup img vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  probe) docker run --rm --entrypoint nohup img curl -s localhost:8000/v1/models ;;
  bi) docker run --rm --entrypoint exec img vllm serve "$MODEL" --max-num-seqs 128 ;;
  var) docker run --rm --entrypoint "$EP" img vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  *) exit 2 ;;
esac
