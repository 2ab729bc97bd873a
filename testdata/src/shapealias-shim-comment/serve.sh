#!/usr/bin/env bash
# The shim's fix deletes the comment that introduced it with it, and the
# blank line left doubled; a comment over a line of code that follows the
# deleted one stays (STEP's).
set -euo pipefail
. "$(dirname "$0")/serve.env"

# let ops bump seats without editing the env file
# (kept for the old runbook)
SEQS=${SEQS:-$SC_MAX_NUM_SEQS}

# the step follows the card
STEP=${STEP:-$SC_MAX_NUM_BATCHED_TOKENS}
echo "step $STEP" # want "reads STEP, a shim"

case "${1:-serve}" in
  serve) exec vllm serve org/m --max-num-seqs "$SEQS" --max-num-batched-tokens "$STEP" --port 8000 ;; # want "reads SEQS, a shim" "reads STEP, a shim"
  bench) exec vllm serve org/m --max-num-seqs "$SEQS" --max-num-batched-tokens "$STEP" --port 8001 ;; # want "reads SEQS, a shim" "reads STEP, a shim"
esac
