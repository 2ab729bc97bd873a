#!/usr/bin/env bash
# The same in a function each mode calls, with the exec in each branch.
set -euo pipefail
. "$(dirname "$0")/ab.env"
MODE=${1:-serve}
start() {
  if [[ $MODE == serve ]]; then
    cmd=(vllm serve /m --max-num-seqs "$AB_MAX_NUM_SEQS"); exec "${cmd[@]}"
  else
    cmd=(vllm serve /m --max-num-seqs "$AB_MAX_NUM_SEQS" --enforce-eager); exec "${cmd[@]}"
  fi
}
case "$MODE" in
  serve) start ;;
  kl) start ;;
esac
