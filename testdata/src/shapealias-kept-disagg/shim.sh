#!/usr/bin/env bash
# The flag's value is the shim itself, "${step:-$OWNER}": prefill's own
# 8192 is what step gives it; reading the owner would drop it. No fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "$1" in
  prefill) step=8192 ;;
  decode) ;;
  serve) ;;
esac
exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "${step:-$MAX_NUM_BATCHED_TOKENS}" # want "lets step override its owner MAX_NUM_BATCHED_TOKENS .*no fix: line 7 gives step the own value of prefill"
