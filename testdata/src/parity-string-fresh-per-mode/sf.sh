#!/bin/sh
# Each mode gives the string of flags a new value (not EXTRA="$EXTRA …"):
# the branches exclude each other, so each mode's fields are its own.
set -eu
. ./sf.env
EXTRA=""
if [ "$1" = serve ]; then
  EXTRA="--max-num-seqs $SF_MAX_NUM_SEQS --max-num-batched-tokens $SF_MAX_NUM_BATCHED_TOKENS"
elif [ "$1" = kl ]; then
  EXTRA="--max-num-seqs $SF_MAX_NUM_SEQS --max-num-batched-tokens 2048" # want "kl passes --max-num-batched-tokens 2048; .*sf.env:3 owns it as SF_MAX_NUM_BATCHED_TOKENS=8192" "kl boots with --max-num-batched-tokens 2048 where serve boots with 8192; scoring"
elif [ "$1" = bench ]; then
  EXTRA="--max-num-seqs 256
    --max-num-batched-tokens $SF_MAX_NUM_BATCHED_TOKENS"
fi # want@12 "bench passes --max-num-seqs 256; .*sf.env:2 owns it as SF_MAX_NUM_SEQS=64" "bench boots with --max-num-seqs 256 where serve boots with 64"
# shellcheck disable=SC2086
exec vllm serve "$SF_MODEL" $EXTRA
