#!/bin/bash
# --sharded true with --num-shard in every mode is the owner's count in
# every mode: clean. --sharded true beside the owner's --num-shard, with
# the same count, is the same shape.
set -eu
. "$(dirname "$0")/tgi.env"
case "$1" in
  serve) exec text-generation-launcher --model-id "$TGI_MODEL" --sharded true --num-shard "$TGI_NUM_SHARD" --port 8080 ;;
  kl) exec text-generation-launcher --model-id "$TGI_MODEL" --sharded true --num-shard "$TGI_NUM_SHARD" --port 8081 ;;
  eval) exec text-generation-launcher --model-id "$TGI_MODEL" --num-shard "$TGI_NUM_SHARD" --sharded=true --port 8082 ;;
esac
