#!/usr/bin/env bash
# kl sources its own env file, which resets the step: kl is a mode, and the
# shared file's B_MAX_NUM_BATCHED_TOKENS=4096 is the owner it differs from.
set -euo pipefail
here=$(dirname "$0")
. "$here/base.env"
case "$1" in
  serve) ;;
  kl) . "$here/kl.env" ;;
  *) exit 2 ;;
esac
exec vllm serve /m --max-num-seqs "$B_MAX_NUM_SEQS" --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" # want "kl boots with --max-num-batched-tokens 8192 where serve boots with 4096; .*base.env:2 owns it"
