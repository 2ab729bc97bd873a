#!/usr/bin/env bash
# ${OWNER:?msg} and ${OWNER:+$OWNER} are the owner's value (or a stop):
# not arithmetic, nothing to fix.
set -euo pipefail
. "$(dirname "$0")/m.env"
case "${1:?mode}" in
  serve) exec vllm serve /m --max-num-seqs "${M_MAX_NUM_SEQS:?set in m.env}" --max-num-batched-tokens "${M_MAX_NUM_BATCHED_TOKENS:-4096}" ;;
  kl)    exec vllm serve /m --max-num-seqs="${M_MAX_NUM_SEQS?}" --max-num-batched-tokens="${M_MAX_NUM_BATCHED_TOKENS:+$M_MAX_NUM_BATCHED_TOKENS}" ;;
  eval)  exec vllm serve /m --max-num-seqs "$M_MAX_NUM_SEQS" --max-num-batched-tokens "${M_MAX_NUM_BATCHED_TOKENS:-8192}" ;;
esac
