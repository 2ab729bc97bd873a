#!/usr/bin/env bash
# serve.sh [serve|bench|eval]: per-mode extras from a table keyed by the
# mode; eval's entry carries its own --max-num-seqs.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
declare -A MODE_FLAGS=(
  [serve]="--enable-prefix-caching"
  [bench]=""
  [eval]="--seed 0 --max-num-seqs 32" # want "eval passes a second --max-num-seqs 32 that overrides the shared one; .*serve.env:2 owns it as AT_MAX_NUM_SEQS=256" "eval boots with --max-num-seqs 32 where serve boots with 256; scoring numbers are only comparable at one shape"
)
if [[ -z ${MODE_FLAGS[$MODE]+x} ]]; then
  echo "unknown mode $MODE" >&2; exit 2
fi
# shellcheck disable=SC2086
exec vllm serve "$AT_MODEL" --max-num-seqs "$AT_MAX_NUM_SEQS" \
  --max-num-batched-tokens "$AT_MAX_NUM_BATCHED_TOKENS" ${MODE_FLAGS[$MODE]}
