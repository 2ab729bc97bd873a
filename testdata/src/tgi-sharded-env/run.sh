#!/bin/bash
# The launcher reads --sharded from SHARDED and --num-shard from NUM_SHARD
# when the argv does not pass them. serve boots one shard (--sharded
# false, no --num-shard); kl's --num-shard 1 and kl2's SHARDED=false are
# that shape too (kl was reported as "boots with --num-shard 1 where serve
# does not pass it"). eval boots two shards; eval2's SHARDED=false is
# overridden by the NUM_SHARD=2 it also hands the launcher: two shards,
# not kl's one.
set -eu
. "$(dirname "$0")/tgi.env"
case "$1" in
  serve) exec text-generation-launcher --model-id "$TGI_MODEL" --sharded false --port 8080 ;;
  kl) exec text-generation-launcher --model-id "$TGI_MODEL" --num-shard 1 --port 8081 ;;
  kl2) SHARDED=false exec text-generation-launcher --model-id "$TGI_MODEL" --num-shard 1 --port 8082 ;;
  eval) exec text-generation-launcher --model-id "$TGI_MODEL" --num-shard 2 --port 8083 ;; # want "eval boots with --num-shard 2 where serve boots with --sharded false .--num-shard 1."
  eval2) SHARDED=false NUM_SHARD=2 exec text-generation-launcher --model-id "$TGI_MODEL" --port 8084 ;; # want "eval2's engine reads NUM_SHARD=2 from its environment .as --num-shard, which its argv does not pass. where kl boots with --num-shard 1"
esac
