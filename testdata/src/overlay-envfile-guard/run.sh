#!/usr/bin/env bash
# run.sh serve|kl: the shared numbers, then conf/$1.env (log level, and kl's step)
set -eu
cd "$(dirname "$0")"
source conf/shared.env
[[ $1 == serve || $1 == kl ]] || { echo "usage: $0 serve|kl" >&2; exit 2; }
source "conf/$1.env"
exec vllm serve /models/m --max-num-seqs "$G_MAX_NUM_SEQS" \
  --max-num-batched-tokens "$G_MAX_NUM_BATCHED_TOKENS" # want "kl boots with --max-num-batched-tokens 16384 where serve boots with 4096; scoring numbers are only comparable at one shape .*shared.env:2 owns it"
