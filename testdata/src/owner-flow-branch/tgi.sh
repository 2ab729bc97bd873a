#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec text-generation-launcher --model-id "$MODEL" --max-concurrent-requests="$MAX_NUM_SEQS" ;;
  bench) exec text-generation-launcher --model-id "$MODEL" --max-concurrent-requests=32 ;; # want "bench passes --max-concurrent-requests 32; .*serve.env:2 owns it as MAX_NUM_SEQS=64" "bench boots with --max-concurrent-requests 32 where serve boots with 64"
esac
