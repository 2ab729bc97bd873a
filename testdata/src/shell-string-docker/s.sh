#!/usr/bin/env bash
# The engine runs in a shell string: docker run … IMAGE bash -c "…". The
# string's script is the launcher's command; bench's own --max-num-seqs in
# it is found, and its fix writes the owner as the outer shell expands it.
set -euo pipefail
. "$(dirname "$0")/s.env"
MODEL=/models/llama
case "${1:-serve}" in
  serve)
    docker run --gpus all -v /data:/data nvcr.io/nvidia/pytorch:24.05-py3 bash -c "pip install -q x && vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS"
    ;;
  bench)
    docker run --gpus all -v /data:/data nvcr.io/nvidia/pytorch:24.05-py3 bash -c "pip install -q x && vllm serve $MODEL --max-num-seqs 64" # want "bench boots with --max-num-seqs 64 where serve boots with 16" "bench passes --max-num-seqs 64"
    ;;
esac
