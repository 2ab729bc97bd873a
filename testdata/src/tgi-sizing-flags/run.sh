#!/bin/bash
# TGI's --max-batch-size, --cuda-memory-fraction and --num-shard size the
# boot (seats, the card's share, the shards) as vLLM's --max-num-seqs,
# --gpu-memory-utilization and --tensor-parallel-size do: kl's own values
# of them are its private shape; eval reads the owners.
set -eu
. "$(dirname "$0")/tgi.env"
launch() {
  exec text-generation-launcher --model-id "$TGI_MODEL" \
    --max-total-tokens "$TGI_MAX_TOTAL_TOKENS" "$@"
}
case "$1" in
  serve) launch --max-batch-size "$TGI_MAX_BATCH_SIZE" --cuda-memory-fraction "$TGI_CUDA_MEMORY_FRACTION" --num-shard "$TGI_NUM_SHARD" --port 8080 ;;
  kl) launch --max-batch-size 8 --cuda-memory-fraction 0.5 --num-shard 1 --port 8081 ;; # want "kl passes --max-batch-size 8; .*tgi.env:3 owns it as TGI_MAX_BATCH_SIZE=32" "kl boots with --max-batch-size 8 where serve boots with 32" "kl passes --cuda-memory-fraction 0.5; .*tgi.env:4 owns it as TGI_CUDA_MEMORY_FRACTION=0.85" "kl boots with --cuda-memory-fraction 0.5 where serve boots with 0.85" "kl passes --num-shard 1; .*tgi.env:5 owns it as TGI_NUM_SHARD=2" "kl boots with --num-shard 1 where serve boots with 2"
  eval) launch --max-batch-size "$TGI_MAX_BATCH_SIZE" --cuda-memory-fraction "$TGI_CUDA_MEMORY_FRACTION" --num-shard "$TGI_NUM_SHARD" --port 8082 ;;
esac
