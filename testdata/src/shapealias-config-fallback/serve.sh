#!/usr/bin/env bash
# The tensor-parallel size and the step come from the JSON config, read
# with jq; the env file's keys back them up when jq or the file is
# missing. TP=$CF_TP in the fallback branch and STEP=${STEP:-$OWNER} after
# the jq read are no alias nor shim: the fix read the owner in their place
# and dropped the config's value (and the single-card override) from every
# mode's argv.
set -euo pipefail
. "$(dirname "$0")/serve.env"
CFG=$(dirname "$0")/model.json
if command -v jq >/dev/null 2>&1 && [[ -f $CFG ]]; then
  TP=$(jq -r '.tp // empty' "$CFG")
  STEP=$(jq -r '.step // empty' "$CFG")
else
  TP=$CF_TP
fi
STEP=${STEP:-$CF_MAX_NUM_BATCHED_TOKENS}
if [[ $(nproc) == 1 ]]; then
  TP=1
fi
case "${1:-serve}" in
  serve) exec vllm serve org/m --tensor-parallel-size "$TP" --max-num-seqs "$CF_MAX_NUM_SEQS" --max-num-batched-tokens "$STEP" ;;
  bench) exec vllm serve org/m --tensor-parallel-size "$TP" --max-num-seqs "$CF_MAX_NUM_SEQS" --max-num-batched-tokens "$STEP" --seed 0 ;;
esac
