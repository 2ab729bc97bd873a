#!/usr/bin/env bash
# An array reached through a nameref declared at the top level: interp
# expands "${flags[@]}" from the nameref, not its target, as one field
# ('--max-num-seqs 64 --max-num-batched-tokens 8192'), where bash passes
# four words. argvdrift said serve did not pass --max-num-seqs at all; the
# modes are now said not evaluated, and privateshape still reads kl's 4.
set -euo pipefail
. "$(dirname "$0")/n.env"
shape=(--max-num-seqs "$N_MAX_NUM_SEQS" --max-num-batched-tokens "$N_MAX_NUM_BATCHED_TOKENS")
declare -n flags=shape
case "$1" in
  serve) exec vllm serve /m "${flags[@]}" --port 8000 ;;
  kl) exec vllm serve /m "${flags[@]}" --max-num-seqs 4 --port 8001 ;;
  *) exit 2 ;;
esac
# want@12 "the proven mode serve could not be evaluated .*through a nameref"
# want@13 "kl passes --max-num-seqs 4"
