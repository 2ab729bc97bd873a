#!/usr/bin/env bash
# A mode doubles the owner into a variable a shared flag reads; calib sets
# its own knob the same way. The fix must touch bench's line only.
set -euo pipefail
. "$(dirname "$0")/serve.env"
step=$A_MAX_BATCHED_TOKENS
case "${1:?}" in
  serve) ;;
  calib) step=$A_CALIB_BATCHED_TOKENS ;;
  eval) step=$A_CALIB_BATCHED_TOKENS ;; # want "eval passes --max-num-batched-tokens \(line 14\) \$A_CALIB_BATCHED_TOKENS from A_CALIB_BATCHED_TOKENS=4096.*not from its owner.*\(privateshape\)" "eval boots with --max-num-batched-tokens 4096 where serve boots with 1024.*\(argvdrift\)"
  bench) step=$((A_MAX_BATCHED_TOKENS * 8)) ;; # want "bench passes --max-num-batched-tokens \$\(\(A_MAX_BATCHED_TOKENS \* 8\)\) \(line 14\), arithmetic on its owner.*\(privateshape\)" "bench boots with --max-num-batched-tokens 8192 where serve boots with 1024.*\(argvdrift\)"
esac
exec radiance serve /m --max-model-len "$A_MAX_MODEL_LEN" --max-num-seqs "$A_MAX_SEQS" \
  --max-num-batched-tokens "$step" --ngram-placement disk
