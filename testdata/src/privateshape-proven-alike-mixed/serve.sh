#!/usr/bin/env bash
# serve boots with the library's SEQS=256, bench with its own 256: bench's
# number is reported, with no fix, for "$MAX_NUM_SEQS" in bench alone would
# boot it with 128 apart from serve.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
. "$here/_common.sh"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" ;; # want "serve passes --max-num-seqs \"\$SEQS\" from SEQS=256 .*\(no fix: serve, the proven mode, boots with it"
  bench) exec vllm serve "$MODEL" --max-num-seqs 256 ;; # want "bench passes --max-num-seqs 256; .*\(no fix: serve, the proven mode, boots with 256 too \(line 10\); \$MAX_NUM_SEQS here would boot bench apart from it\)"
esac
