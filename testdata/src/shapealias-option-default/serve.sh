#!/usr/bin/env bash
# MNBT starts at the owner's value and --mnbt overrides it for an ad-hoc
# run: a variable picking between values, no alias of the owner (reading
# the owner in its stead would drop the option).
set -euo pipefail
. "$(dirname "$0")/serve.env"
MNBT=$VLLM_MAX_NUM_BATCHED_TOKENS
while [[ $# -gt 0 ]]; do
  case $1 in
    --mnbt) MNBT=$2; shift 2 ;;
    --mnbt=*) MNBT=${1#*=}; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$MNBT"
