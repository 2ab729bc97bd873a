#!/usr/bin/env bash
# The key reaches the engine through a function's argument: start hands
# its arguments to llama-server alone, so MAX_NUM_SEQS is the engine's,
# not a client's, and owns -np by flow.
set -euo pipefail
. "$(dirname "$0")/serve.env"
start() { exec llama-server -m "$MODEL" -np "$1"; }
case "${1:-serve}" in
  serve) start "$MAX_NUM_SEQS" ;;
  bench) start 8 ;; # want "bench passes -np 8 to -np \(line 7\); .*serve.env:2 owns it as MAX_NUM_SEQS=64" "bench boots with -np 8 where serve boots with 64"
esac
