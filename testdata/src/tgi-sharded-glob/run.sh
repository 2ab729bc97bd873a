#!/bin/bash
# Modes named by case globs (kl*, eval*) that boot TGI with --sharded false
# and no --num-shard (one shard where serve boots two): each message names
# the mode as the user writes it, kl (as kl*), the off-switch drift as well
# as the others.
set -eu
. "$(dirname "$0")/tgi.env"
launch() { exec text-generation-launcher --model-id "$TGI_MODEL" --port 8080 "$@"; }
case "$1" in
  serve) launch --num-shard "$TGI_NUM_SHARD" ;;
  kl*) launch --sharded false ;; # want "kl \(as kl\*\) passes --sharded false and no --num-shard" "kl \(as kl\*\) boots with --sharded false .--num-shard 1. where serve boots with --num-shard 2"
  eval*) launch --max-batch-prefill-tokens 2048 ;; # want "eval \(as eval\*\) boots without --num-shard where serve passes 2" "eval \(as eval\*\) boots with --max-batch-prefill-tokens 2048 where serve does not pass it"
esac
