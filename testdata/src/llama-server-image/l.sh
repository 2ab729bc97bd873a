#!/usr/bin/env bash
# The llama.cpp server image's entrypoint is llama-server: the words after
# the image are its flags (docker's own -c 512 is CPU shares, not a context).
set -euo pipefail
. "$(dirname "$0")/l.env"
img=ghcr.io/ggml-org/llama.cpp:server-cuda
case "$1" in
  serve) docker run --rm --gpus all -c 512 -v /models:/models "$img" -m /models/m.gguf -c "$LLAMA_CTX_SIZE" -np "$LLAMA_N_PARALLEL" ;;
  kl) docker run --rm --gpus all -c 512 -v /models:/models "$img" -m /models/m.gguf -c "$LLAMA_CTX_SIZE" -np 2 ;; # want "kl passes -np 2; .*owns it as LLAMA_N_PARALLEL=8" "kl boots with -np 2 where serve boots with 8"
  tools) docker run --rm -v /models:/models ghcr.io/ggml-org/llama.cpp:full --quantize /models/m.gguf /models/q.gguf Q4_K_M ;;
esac
