#!/bin/bash
# SGLang with the mode from the environment (DP attention on or off) and a
# preset menu; flags carried in a string. Shapes differ on purpose.
COMMON_FLAGS="--trust-remote-code --mem-fraction-static 0.85"
if [[ $DP_ATTENTION == true ]]; then
  EXTRA="--enable-dp-attention --dp-size 8 --max-running-requests 1024"
else
  EXTRA="--max-running-requests 256"
fi
case "$DATASET" in
  sharegpt) CHUNK=8192 ;;
  long) CHUNK=32768 ;;
  *) CHUNK=4096 ;;
esac
# shellcheck disable=SC2086
python3 -m sglang.launch_server --model-path "${MODEL:?}" --tp 8 $COMMON_FLAGS $EXTRA \
  --chunked-prefill-size "$CHUNK"
