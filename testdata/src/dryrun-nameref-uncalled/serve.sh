#!/usr/bin/env bash
# A library function declaring a nameref that no mode calls stops no dry
# run: bench's drift is still compared.
set -euo pipefail
here=$(dirname "$0")
. "$here/lib/util.sh"
. "$here/shape.env"
args=(--max-num-seqs "$R_MAX_NUM_SEQS" --max-num-batched-tokens "$R_MAX_NUM_BATCHED_TOKENS")
case "${1:-serve}" in
  serve) ;;
  kl) args+=(--seed 0) ;;
  bench) args+=(--max-num-batched-tokens 8192) ;;
esac
exec vllm serve /m "${args[@]}"
# want@12 "bench passes a second --max-num-batched-tokens 8192 that overrides the shared one" "bench boots with --max-num-batched-tokens 8192 where serve boots with 2048"
