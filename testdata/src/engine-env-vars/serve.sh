#!/usr/bin/env bash
# The env file's keys share vLLM's own prefix; VLLM_HOST_IP and
# VLLM_ATTENTION_BACKEND are vLLM's environment, set per node by the
# cluster, not keys the file must define. A shape key of the prefix that
# the file lacks is still missing.
set -euo pipefail
. "$(dirname "$0")/vllm.env"
echo "host ip: $VLLM_HOST_IP, backend: $VLLM_ATTENTION_BACKEND"
exec vllm serve "$VLLM_MODEL" --max-num-seqs "$VLLM_MAX_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" --host "$VLLM_HOST_IP" # want "VLLM_MAX_SEQS is read here but no owning env file defines it"
