#!/usr/bin/env bash
# Under set -e, the serve and kl arms only turn on tracing or log
# (`[[ … ]] && set -x`): they take the shared path, as an empty arm does.
# They are modes: serve is the proven one, and bench's seats are compared
# with it. An arm that writes a log file (config) takes the shared path too.
set -e
. "$(dirname "$0")/serve.env"
case "$1" in
  serve) [[ -n ${VERBOSE:-} ]] && set -x ;;
  kl) [[ -n ${VERBOSE:-} ]] && echo "kl mode" >&2 ;;
  config) echo "seqs=$AT_MAX_NUM_SEQS" > /tmp/at.conf ;;
  bench)
    AT_MAX_NUM_SEQS=128 # want "bench re-assigns the owner AT_MAX_NUM_SEQS=128" "bench boots with --max-num-seqs 128 where serve boots with 32"
    [ -n "${VERBOSE:-}" ] && printf '%s\n' "bench mode"
    ;;
esac
exec vllm serve /m --max-num-seqs "$AT_MAX_NUM_SEQS" --max-num-batched-tokens "$AT_MAX_NUM_BATCHED_TOKENS"
