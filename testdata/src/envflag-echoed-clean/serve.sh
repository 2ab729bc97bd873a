#!/bin/bash
# USE_FP8, echoed, is a flag whose off run only drops the quantization: no
# finding. A value that goes anywhere else is data, no flag: TAG, printed
# into a file (echo "$TAG" > tag.txt) and through a substitution
# (name=$(echo "$TAG")); NNODES, stored by printf -v; their branches are
# no mode of their own.
set -euo pipefail
. "$(dirname "$0")/serve.env"
USE_FP8=${USE_FP8:-1}
echo "fp8=$USE_FP8"
echo "${TAG:-0}" > tag.txt
name=$(echo "${TAG:-0}")
printf -v nodes '%s' "${NNODES:-0}"
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
if [[ $USE_FP8 == 1 ]]; then
  args+=(--quantization fp8 --kv-cache-dtype fp8)
else
  args+=(--dtype bfloat16)
fi
[[ ${TAG:-0} == 1 ]] && args+=(--served-model-name "$name")
[[ ${NNODES:-0} == 1 ]] && args+=(--nnodes "$nodes")
exec vllm serve /m "${args[@]}"
