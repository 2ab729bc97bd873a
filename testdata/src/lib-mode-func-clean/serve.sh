#!/usr/bin/env bash
# Library mode functions that keep the shared shape: kl passes the owner's
# value, bench sets its array local to the function, eval in a subshell,
# score's words are reset before the launch, and pipe runs its function in
# a pipeline's subshell; dead's function assigns its array again after
# the copy.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/lib/modes.sh"
. "$here/serve.env"
EXTRA=()
case "${1:-serve}" in
  serve) mode_serve ;;
  kl) mode_kl ;;
  bench) mode_bench ;;
  eval) mode_eval ;;
  score) mode_score ;;
  pipe) mode_pipe | cat ;;
  dead) mode_dead ;;
esac
[[ ${1:-serve} == score ]] && EXTRA=()
exec vllm serve --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" "${EXTRA[@]}"
