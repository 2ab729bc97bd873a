#!/usr/bin/env bash
# Launches go through runner functions that print, then run, their
# arguments (or only print them in a dry run).
set -euo pipefail
. "$(dirname "$0")/rf.env"
run() { echo "+ $*" >&2; "$@"; }
maybe_dry() {
  if [[ -n ${DRY_RUN:-} ]]; then
    echo "$@"
  else
    exec "$@"
  fi
}
args=(--max-num-seqs "$RF_MAX_NUM_SEQS" --max-num-batched-tokens "$RF_MAX_NUM_BATCHED_TOKENS")
case "${1:-serve}" in
  serve) run vllm serve /m "${args[@]}" ;;
  bench) run vllm serve /m --max-num-seqs 256 --max-num-batched-tokens "$RF_MAX_NUM_BATCHED_TOKENS" ;;
  kl) maybe_dry vllm serve /m "${args[@]}" ;;
  prep) run mkdir -p /tmp/cache ;;
esac
# want@17 "bench boots with --max-num-seqs 256 where serve boots with 64" "bench passes --max-num-seqs 256"
