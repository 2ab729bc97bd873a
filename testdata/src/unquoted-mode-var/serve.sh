#!/usr/bin/env bash
# Each mode assigns step once, and the engine reads it unquoted: $step is
# one word in every mode, as "$step" is. It was read as the fields of every
# branch one after the other, which paired the flag with serve's field and
# reported bench's drift on serve's line, without privateshape.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) step=$VLLM_MAX_NUM_BATCHED_TOKENS ;;
  bench) step=16384 ;; # want "bench boots with --max-num-batched-tokens 16384 where serve boots with 8192" "bench passes --max-num-batched-tokens 16384 through the mode-local step=16384"
  kl) step=$VLLM_MAX_NUM_BATCHED_TOKENS ;;
esac
exec vllm serve /m --max-num-batched-tokens $step
