#!/bin/bash
# TGI's launcher reads --max-batch-size, --cuda-memory-fraction and
# --num-shard from MAX_BATCH_SIZE, CUDA_MEMORY_FRACTION and NUM_SHARD:
# eval's own -e over the --env-file that owns them is the container's
# shape; kl boots with the file's.
set -eu
here=$(dirname "$0")
opts=(--rm --gpus all -p 8080:80 --env-file "$here/tgi.env")
case "${1:-serve}" in
  serve) ;;
  kl) opts+=(-p 8081:80) ;;
  eval) opts+=(-p 8082:80 -e CUDA_MEMORY_FRACTION=0.5 -e NUM_SHARD=1) ;; # want "eval sets CUDA_MEMORY_FRACTION=0.5 for the container \(docker -e\), over the --env-file.s own: the engine.s --cuda-memory-fraction gets 0.5; .*tgi.env:3 owns it as CUDA_MEMORY_FRACTION=0.85" "eval sets NUM_SHARD=1 for the container \(docker -e\).*--num-shard gets 1; .*tgi.env:4 owns it as NUM_SHARD=2"
esac
exec docker run "${opts[@]}" ghcr.io/huggingface/text-generation-inference:2.4
