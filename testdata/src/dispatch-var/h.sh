#!/usr/bin/env bash
# The mode function's name is built in a variable, then called.
set -euo pipefail
. "$(dirname "$0")/f.env"
launch() {
  exec vllm serve /models/m \
    --max-num-seqs "$F_MAX_NUM_SEQS" \
    --max-num-batched-tokens "$F_MAX_NUM_BATCHED_TOKENS" \
    "$@"
}
cmd_serve() { launch --port 8000; }
cmd_score_ppl() { launch --port 8001 --disable-log-requests; }
cmd_bench() { launch --port 8002 --max-num-seqs 256; } # want "bench passes a second --max-num-seqs 256 that overrides the shared one; .*f.env:1 owns it as F_MAX_NUM_SEQS=32" "bench boots with --max-num-seqs 256 where serve boots with 32"
fn="cmd_$1"
"$fn"
