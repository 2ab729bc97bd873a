#!/usr/bin/env bash
# serve and bench both read the top level's SEQS=256: bench boots exactly
# as serve does, the proven shape; only serve's use is reported, no fix.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
SEQS=256
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" ;; # want "serve passes --max-num-seqs 256 through SEQS=256 \(line 7\); .* \(no fix: serve, the proven mode, boots with it"
  bench) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" ;;
esac
