#!/usr/bin/env bash
# An exported value reaches an engine in a container only when docker run
# forwards it by name: AWS_DEFAULT_REGION is the aws cli's (the caller sets
# ACME_S3_REGION), VLLM_ATTENTION_BACKEND is handed on with -e.
set -euo pipefail
. "$(dirname "$0")/serve.env"
export AWS_DEFAULT_REGION="$ACME_S3_REGION"
export VLLM_ATTENTION_BACKEND="$ACME_ATTN_BACKEND"
aws s3 sync "s3://acme-models/$ACME_MODEL" /models/m
exec docker run --rm --gpus all -e VLLM_ATTENTION_BACKEND -v /models:/models vllm/vllm-openai:v0.9.1 \
  --model /models/m --max-num-seqs "$ACME_MAX_NUM_SEQS" \
  --max-num-batched-tokens "$ACME_MAX_NUM_BATCHED_TOKENS"
# want@8 "ACME_ATTN_BACKEND is read here but no owning env file defines it"
