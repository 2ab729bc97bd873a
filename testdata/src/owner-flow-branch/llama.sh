#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec llama-server -m "$MODEL" -np "$MAX_NUM_SEQS" --port 8080 ;;
  bench) exec llama-server -m "$MODEL" -np 16 --port 8081 ;; # want "bench passes -np 16; .*serve.env:2 owns it as MAX_NUM_SEQS=64" "bench boots with -np 16 where serve boots with 64"
esac
