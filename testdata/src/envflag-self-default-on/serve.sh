#!/bin/bash
# A flag that defaults on, given its default by its own assignment first
# (USE_FP8=${USE_FP8:-1}, its only write) and then tested bare: the same
# flag as [[ ${USE_FP8:-1} == 1 ]]. The run turning it off, USE_FP8=0,
# takes the else branch, which carries its own --max-num-seqs. The bare
# test read as needing a default off, so the flag made no mode.
. "$(dirname "$0")/serve.env"
USE_FP8=${USE_FP8:-1}
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
if [[ $USE_FP8 == 1 ]]; then
  args+=(--quantization fp8 --kv-cache-dtype fp8)
else
  args+=(--max-num-seqs 32) # want "USE_FP8=0 passes a second --max-num-seqs 32 that overrides the shared one.*privateshape" "USE_FP8=0 boots with --max-num-seqs 32 where serve boots with 64.*argvdrift"
fi
exec vllm serve /m "${args[@]}"
