#!/usr/bin/env bash
# --seqs N overrides the owner for one run: "${SEQS:-$OWNER}" is the
# option's default, no shim (the fix to "$VLLM_MAX_NUM_SEQS" dropped the
# option). STEP, which no option sets, is still a shim.
set -euo pipefail
. "$(dirname "$0")/serve.env"
while [[ $# -gt 0 ]]; do
  case $1 in
    --seqs) SEQS=$2; shift 2 ;;
    --seqs=*) SEQS=${1#*=}; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
exec vllm serve /m --max-num-seqs "${SEQS:-$VLLM_MAX_NUM_SEQS}" --max-num-batched-tokens "${STEP:-$VLLM_MAX_NUM_BATCHED_TOKENS}" # want "--max-num-batched-tokens lets STEP override its owner VLLM_MAX_NUM_BATCHED_TOKENS"
