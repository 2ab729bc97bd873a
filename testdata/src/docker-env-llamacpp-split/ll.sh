#!/usr/bin/env bash
# llama.cpp's server reads -ts/--tensor-split from LLAMA_ARG_TENSOR_SPLIT:
# even's own -e over the --env-file that owns it splits the model otherwise.
set -euo pipefail
here=$(dirname "$0")
opts=(--rm --gpus all --env-file "$here/ll.env")
case "${1:-serve}" in
  serve) ;;
  even) opts+=(-e LLAMA_ARG_TENSOR_SPLIT=1,1) ;; # want "even sets LLAMA_ARG_TENSOR_SPLIT=1,1 for the container \(docker -e\), over the --env-file's own: the engine's --tensor-split gets 1,1; .*ll.env:2 owns it as LLAMA_ARG_TENSOR_SPLIT=3,1"
esac
exec docker run "${opts[@]}" ghcr.io/ggml-org/llama.cpp:server-cuda
