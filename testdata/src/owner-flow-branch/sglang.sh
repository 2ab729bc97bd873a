#!/usr/bin/env bash
# Every copy of the flag is in a mode's own branch: the key serve passes as
# its whole value owns the flag, though no key is named for it.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec python3 -m sglang.launch_server --model-path "$MODEL" --max-running-requests "$MAX_NUM_SEQS" ;;
  bench) exec python3 -m sglang.launch_server --model-path "$MODEL" --max-running-requests 512 ;; # want "bench passes --max-running-requests 512; .*serve.env:2 owns it as MAX_NUM_SEQS=64" "bench boots with --max-running-requests 512 where serve boots with 64"
esac
