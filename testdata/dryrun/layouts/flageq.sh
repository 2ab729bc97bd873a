#!/bin/bash
# --flag=value style, SGLang launcher through python3 -m.
MODEL=${MODEL:-Qwen/Qwen3-8B}
case "${1:-serve}" in
  serve) CHUNK=8192; RUN=256 ;;
  bench) CHUNK=16384; RUN=512 ;;
  *) exit 2 ;;
esac
exec python3 -m sglang.launch_server --model-path="$MODEL" \
  --chunked-prefill-size=$CHUNK --max-running-requests=$RUN --tp-size=2 --host=0.0.0.0
