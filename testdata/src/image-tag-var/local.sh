#!/usr/bin/env bash
# llama.cpp's docs build the server image as local/llama.cpp:server-cuda.
set -euo pipefail
. "$(dirname "$0")/l.env"
case "$1" in
  serve) np=$LLAMA_N_PARALLEL ;;
  eval) np=1 ;; # want "eval boots with -np 1 where serve boots with 4" "eval passes -np 1"
esac
docker run --rm --gpus all -v /models:/models local/llama.cpp:server-cuda -m /models/m.gguf -np "$np"
