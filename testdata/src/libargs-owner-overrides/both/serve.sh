#!/usr/bin/env bash
# The shared 256 is what bench boots with (argvdrift, at its line); serve's
# copy is the owner's, what law 2 asks for, not a second copy to report.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
args=(--max-num-seqs 256) # want "bench boots with --max-num-seqs 256 where serve boots with 128"
case "${1:-serve}" in
  serve) args+=(--max-num-seqs "$MAX_NUM_SEQS") ;;
  bench) args+=(--port 8001) ;;
esac
exec vllm serve "$MODEL" "${args[@]}"
