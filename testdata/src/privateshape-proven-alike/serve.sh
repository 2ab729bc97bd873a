#!/usr/bin/env bash
# bench writes its own 256, equal to serve's: reported (its own copy of a
# number the owner does not give), with no fix, for "$MAX_NUM_SEQS" in bench
# alone would boot it with 128 apart from serve's 256, a new drift.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs 256 ;; # want "serve passes --max-num-seqs 256; .* \(no fix: serve, the proven mode, boots with it"
  bench) exec vllm serve "$MODEL" --max-num-seqs 256 ;; # want "bench passes --max-num-seqs 256; .*serve.env:2 owns it as MAX_NUM_SEQS=128 \(no fix: serve, the proven mode, boots with 256 too \(line 9\); \$MAX_NUM_SEQS here would boot bench apart from it\)"
esac
