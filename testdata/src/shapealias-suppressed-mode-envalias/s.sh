#!/usr/bin/env bash
# tiny's own number is kept on purpose (argvdrift suppressed there): reading
# the owner at tiny's read of its per-mode alias would boot it with 8 and
# leave the suppression silencing nothing. The alias is reported, no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  # servelint:ignore argvdrift -- smoke test on purpose
  tiny) exec vllm serve /m --max-num-seqs "$TINY_MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;; # want "tiny reads TINY_MAX_NUM_SEQS, a per-mode .tiny. alias .*no fix: this line is under a servelint:ignore of argvdrift"
esac
