# TensorRT-LLM's numbers, with a default that depends on the card: shell
# code, not a file of assignments, so a library as before (no owner).
export MODEL=/models/llama-3-8b
export MAX_BATCH_SIZE=64
if [ "${GPU:-h100}" = a100 ]; then
  export MAX_NUM_TOKENS=4096
else
  export MAX_NUM_TOKENS=8192
fi
