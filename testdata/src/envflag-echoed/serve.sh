#!/bin/bash
# A flag the script prints to the terminal (echo "fp8=$USE_FP8", printf
# with a literal format) is still a switch: its value reaches no argv. It
# was read as data, so USE_FP8=0, whose else branch carries its own
# --max-num-seqs, was never evaluated; LORA, echoed too, the same.
set -euo pipefail
. "$(dirname "$0")/serve.env"
USE_FP8=${USE_FP8:-1}
echo "fp8=$USE_FP8" >&2
printf 'lora: %s\n' "${LORA:-0}"
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
if [[ $USE_FP8 == 1 ]]; then
  args+=(--quantization fp8 --kv-cache-dtype fp8)
else
  args+=(--max-num-seqs 32) # want "USE_FP8=0 passes a second --max-num-seqs 32 that overrides the shared one.*privateshape" "USE_FP8=0 boots with --max-num-seqs 32 where serve boots with 64.*argvdrift"
fi
[[ ${LORA:-0} == 1 ]] && args+=(--enable-lora --max-model-len 4096) # want "LORA=1 passes a second --max-model-len 4096 that overrides the shared one.*privateshape" "LORA=1 boots with --max-model-len 4096 where serve boots with 8192.*argvdrift"
exec vllm serve /m "${args[@]}"
