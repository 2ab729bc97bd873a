#!/bin/bash
# A claim about a feature, not the step: no finding.
. "$(dirname "$0")/serve.env"
# --enable-chunked-prefill is essentially free throughput on long prompts
# chunked prefill gives free throughput
exec vllm serve "$F_MODEL" --enable-chunked-prefill --max-num-seqs "$F_MAX_NUM_SEQS" --max-num-batched-tokens "$F_MAX_NUM_BATCHED_TOKENS"
