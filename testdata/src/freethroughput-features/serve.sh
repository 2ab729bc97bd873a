#!/usr/bin/env bash
# Claims about another engine feature mention the batch only as a
# condition: they are not claims about the step or the seats.
set -euo pipefail
. "$(dirname "$0")/serve.env"
# Speculative decoding gives free throughput at low batch sizes.
# EAGLE3 drafts are essentially free throughput when few seqs are running.
# CUDA graphs cost nothing once captured for every batch size up to 256.
# With prefix caching, repeated system prompts in a batch are basically free.
# Speculative decoding with a 64k step is free throughput
# A wider step is free throughput, like speculative decoding
exec vllm serve /m --max-num-seqs "$F_MAX_NUM_SEQS" --max-num-batched-tokens "$F_MAX_NUM_BATCHED_TOKENS" \
  --speculative-config '{"method":"eagle3","model":"yuhuili/EAGLE3-LLaMA3.1-Instruct-8B","num_speculative_tokens":3}'
# want@10 "comment claims \"free throughput\""
# want@11 "comment claims \"free throughput\""
