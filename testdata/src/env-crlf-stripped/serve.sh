#!/usr/bin/env bash
# The env files come from a Windows editor: the loaders delete each line's
# \r before bash runs it, so no value keeps one. Only a plain source of a
# CRLF file (keep.env) is a finding.
set -euo pipefail
cd "$(dirname "$0")"
source <(tr -d '\r' < serve.env)
eval "$(grep -v '^#' docker.env | sed 's/\r$//')"
. ./keep.env
exec docker run --rm --gpus all --env-file docker.env vllm/vllm-openai:v0.9.2 \
  --model "$MODEL_DIR" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" \
  --max-model-len "$MAX_MODEL_LEN" --port "$PORT"
