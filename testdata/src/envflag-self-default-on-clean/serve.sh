#!/bin/bash
# USE_FP8 defaults on through its own assignment; USE_FP8=0 swaps the
# quantization for a dtype and keeps the owner's shape: a mode, no
# finding. USE_GRAPHS=${USE_GRAPHS-1} leaves an empty value empty (the
# proven run has it off), and EAGER is tested before its default is
# written: neither is read as a flag that defaults on.
set -euo pipefail
. "$(dirname "$0")/serve.env"
USE_FP8=${USE_FP8:-1}
USE_GRAPHS=${USE_GRAPHS-1}
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
if [[ $USE_FP8 == 1 ]]; then
  args+=(--quantization fp8 --kv-cache-dtype fp8)
else
  args+=(--dtype bfloat16)
fi
[[ $USE_GRAPHS == 1 ]] || args+=(--max-num-seqs 32)
if [[ ${EAGER:-} == 1 ]]; then args+=(--max-num-seqs 16); fi
EAGER=${EAGER:-1}
exec vllm serve /m "${args[@]}"
