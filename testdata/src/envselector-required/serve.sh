#!/usr/bin/env bash
# MODE=${MODE:?…} takes the mode from the environment, as MODE=${MODE:-serve}
# does, and stops the script without one: serve and kl are modes, and kl's
# own seat count is found (no mode was seen, nothing compared).
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${MODE:?set MODE=serve|kl}
case "$MODE" in
  serve) X=() ;;
  kl) X=(--max-num-seqs 4) ;; # want "kl passes a second --max-num-seqs 4 that overrides the shared one" "kl boots with --max-num-seqs 4 where serve boots with 8"
  *) exit 2 ;;
esac
exec vllm serve /m --max-num-seqs "$S_MAX_NUM_SEQS" "${X[@]}"
