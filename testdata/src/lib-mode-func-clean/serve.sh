#!/usr/bin/env bash
# Library mode functions that keep the shared shape: kl passes the owner's
# value, bench sets its array local to the function, eval in a subshell,
# and calib's words are reset by shared code before the launch.
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
esac
[[ ${1:-serve} == score ]] && EXTRA=()
exec vllm serve --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" "${EXTRA[@]}"
