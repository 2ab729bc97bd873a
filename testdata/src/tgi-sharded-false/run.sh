#!/bin/bash
# TGI's launcher boots one shard on --sharded false when no --num-shard is
# passed (find_num_shards: (Some(false), None) => 1): kl and eval boot as
# --num-shard 1 would, a shape of their own beside serve's two shards
# (they were reported as "boots without --num-shard", and privateshape
# did not see them). kl4 passes --num-shard with --sharded false: the
# launcher boots --num-shard's count whatever --sharded says, no drift.
set -eu
. "$(dirname "$0")/tgi.env"
launch() { exec text-generation-launcher --model-id "$TGI_MODEL" --port 8080 "$@"; }
case "$1" in
  serve) launch --num-shard "$TGI_NUM_SHARD" ;;
  kl) exec text-generation-launcher --model-id "$TGI_MODEL" --sharded false --port 8081 ;; # want "kl passes --sharded false and no --num-shard, which boots as --num-shard 1; .*tgi.env:2 owns --num-shard as TGI_NUM_SHARD=2" "kl boots with --sharded false .--num-shard 1. where serve boots with --num-shard 2"
  eval) launch --sharded=false ;; # want "eval passes --sharded false and no --num-shard" "eval boots with --sharded false .--num-shard 1. where serve boots with --num-shard 2"
  kl4) launch --sharded false --num-shard "$TGI_NUM_SHARD" ;;
esac
