#!/usr/bin/env bash
# CTX is demanded with ${CTX:?} but lib.sh defaults it, and TP defaults
# itself with : "${TP:=2}": bash boots serve and kl at --max-model-len 32768
# and --tensor-parallel-size 2, so kl-ref's 16384 is compared (a caller's
# placeholder stands only where the guard would stop bash).
set -euo pipefail
here="$(dirname "$0")"
. "$here/g.env"
. "$here/lib.sh"
: "${TP:=2}"
case "$1" in
  serve) exec vllm serve /m --tensor-parallel-size "${TP:?}" --max-num-seqs "$G_MAX_NUM_SEQS" --max-model-len "${CTX:?}" ;;
  kl) exec vllm serve /m --tensor-parallel-size "${TP:?}" --max-num-seqs "$G_MAX_NUM_SEQS" --max-model-len "${CTX:?}" ;;
  kl-ref) exec vllm serve /m --tensor-parallel-size "${TP:?}" --max-num-seqs "$G_MAX_NUM_SEQS" --max-model-len 16384 ;;
esac
# want@14 "kl-ref boots with --max-model-len 16384 where serve boots with 32768"
