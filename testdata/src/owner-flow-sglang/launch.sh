#!/usr/bin/env bash
# No key is named for SGLang's --max-running-requests or --chunked-prefill-size:
# the keys the shared launch line reads own them.
set -euo pipefail
source "$(dirname "$0")/launch.env"
args=(--model-path "$MODEL_PATH" --max-running-requests "$MAX_NUM_SEQS" --chunked-prefill-size "$CHUNK")
case "${1:-serve}" in
  serve) ;;
  bench) args+=(--max-running-requests 128) ;; # want "bench passes a second --max-running-requests 128 that overrides the shared one; .*launch.env:3 owns it as MAX_NUM_SEQS=32" "bench boots with --max-running-requests 128 where serve boots with 32"
  kl) args+=(--chunked-prefill-size 4096) ;; # want "kl passes a second --chunked-prefill-size 4096 .*launch.env:4 owns it as CHUNK=8192" "kl boots with --chunked-prefill-size 4096 where serve boots with 8192"
esac
exec python3 -m sglang.launch_server "${args[@]}"
