#!/usr/bin/env bash
# llama.cpp's server reads LLAMA_ARG_CTX_SIZE as --ctx-size: long's own -e
# over the --env-file that owns it is the container's context.
set -euo pipefail
here=$(dirname "$0")
opts=(--rm --gpus all --env-file "$here/ll.env")
case "${1:-serve}" in
  serve) ;;
  long) opts+=(-e LLAMA_ARG_CTX_SIZE=32768) ;; # want "long sets LLAMA_ARG_CTX_SIZE=32768 for the container \(docker -e\), over the --env-file's own: the engine's --ctx-size gets 32768; .*ll.env:1 owns it as LLAMA_ARG_CTX_SIZE=8192"
esac
exec docker run "${opts[@]}" ghcr.io/ggml-org/llama.cpp:server-cuda
