#!/usr/bin/env bash
# A runner in front of a wrapper (run launch …): the call reaches the
# engine through both.
set -euo pipefail
source "$(dirname "$0")/rn.env"
log() { echo "[$(date +%T)] $*" >&2; }
run() { log "+ $*"; "$@"; }
launch() {
  run vllm serve /m \
    --max-num-seqs "$RN_MAX_NUM_SEQS" \
    --max-num-batched-tokens "$RN_MAX_NUM_BATCHED_TOKENS" "$@"
}
case "${1:-serve}" in
  serve) launch ;;
  kl) launch --seed 0 ;;
  bench) run launch --max-num-seqs 16 ;;
  *) echo "usage: $0 serve|kl|bench" >&2; exit 2 ;;
esac
# want@16 "bench boots with --max-num-seqs 16 where serve boots with 8" "bench passes --max-num-seqs 16"
