#!/usr/bin/env bash
# serve.env sets USE_FP8 itself: sourced, the file's value is what the
# test reads, so the script run with no flag set boots the fp8 branch. It
# is no mode of its own; its flags are serve's (no --fix may drop them).
set -euo pipefail
. "$(dirname "$0")/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
if [[ $USE_FP8 == 1 ]]; then args+=(--quantization fp8 --max-num-seqs 128); fi
exec vllm serve "$MODEL" "${args[@]}"
