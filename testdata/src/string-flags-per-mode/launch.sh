#!/usr/bin/env bash
# Each mode sets a string holding a flag and its owner: the same shape in
# every mode, nothing to report and nothing to "fix" (a fix once replaced
# the whole string by the value, dropping the flag).
. "$(dirname "$0")/m.env"
case "$1" in
  serve) STEP_FLAGS="--max-num-batched-tokens $M_MAX_NUM_BATCHED_TOKENS" ;;
  kl)    STEP_FLAGS="--max-num-batched-tokens $M_MAX_NUM_BATCHED_TOKENS" ;;
esac
# shellcheck disable=SC2086
exec vllm serve /m --max-num-seqs "$M_MAX_NUM_SEQS" $STEP_FLAGS
