#!/usr/bin/env bash
# step is a shim of the owner, but prefill, a role of disaggregated serving,
# gives it its own 8192: reading the owner at "$step" would boot prefill
# with 1024. The shim is reported, with no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
step=${BENCH_STEP:-$MAX_NUM_BATCHED_TOKENS} # want "step is a shim .* of MAX_NUM_BATCHED_TOKENS.*no fix: line 9 gives step the own value of prefill, a disaggregated role"
case "$1" in
  prefill) port=8100; step=8192 ;;
  decode) port=8200 ;;
  serve) port=8000 ;;
esac
exec vllm serve /m --port "$port" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$step" # want "the script reads step, a shim"
