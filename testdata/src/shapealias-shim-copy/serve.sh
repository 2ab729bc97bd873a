#!/usr/bin/env bash
# eval copies the shim back into its owner after the argv is built (a dead
# write): the shim is read by no other program, only handed back to the
# owner, so it is still a second name of it (reported). Reading the owner
# there would leave SC_MAX_NUM_SEQS="$SC_MAX_NUM_SEQS": the fix deletes the
# copy with the shim.
set -euo pipefail
. "$(dirname "$0")/serve.env"
args=(serve org/m --max-num-seqs "$SC_MAX_NUM_SEQS" --max-model-len "$SC_MAX_MODEL_LEN")
case "${1:-serve}" in
  serve) args+=(--api-key sk-local) ;;
  eval) SC_MAX_NUM_SEQS="$BENCH_SC_MAX_NUM_SEQS";  args+=(--seed 42) ;; # want "eval reads BENCH_SC_MAX_NUM_SEQS, a shim of SC_MAX_NUM_SEQS; read the owner SC_MAX_NUM_SEQS=64"
  *) exit 2 ;;
esac
exec vllm "${args[@]}"
