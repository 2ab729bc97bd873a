#!/usr/bin/env bash
# serve, the proven mode, gives step its own 2048. Reading the owner at
# "${step:-$OWNER}" would boot serve with 1024: no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "$1" in
  serve) step=2048 ;; # want "serve passes --max-num-batched-tokens 2048 through the mode-local step=2048 .*no fix: serve, the proven mode"
  bench) ;;
esac
exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "${step:-$MAX_NUM_BATCHED_TOKENS}" # want "bench boots with --max-num-batched-tokens 1024 where serve boots with 2048" "lets step override its owner .*no fix: line 7 assigns step where serve, the proven mode, boots too"
