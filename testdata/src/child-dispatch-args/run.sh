#!/usr/bin/env bash
# Modes hand the launchers words past a port the launcher shifts off, a
# positional word the launcher puts in --max-num-seqs, or words after an
# array holding the engine's command. run.sh does not
# source serve.env: "$MAX_NUM_SEQS" would be empty here, so no fix writes it.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) exec "$here/shift.sh" 8000 ;;
  kl) exec "$here/shift.sh" 8001 --max-num-seqs 32 ;; # want "kl passes a second --max-num-seqs 32" "kl boots with --max-num-seqs 32 where serve boots with 256"
  score) exec "$here/pos.sh" 8002 32 ;; # want "score boots with --max-num-seqs 32 where serve boots with 256" "score passes --max-num-seqs 32.*no fix: the script's shell has no .MAX_NUM_SEQS"
  eval) exec "$here/arr.sh" --port 8004 --max-num-seqs 16 ;; # want "eval passes a second --max-num-seqs 16" "eval boots with --max-num-seqs 16 where serve boots with 256"
esac
