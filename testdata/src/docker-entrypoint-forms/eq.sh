#!/usr/bin/env bash
# --entrypoint=python3 (the value attached) is followed like --entrypoint python3.
set -euo pipefail
. "$(dirname "$0")/sg.env"
case "$1" in
  serve) seqs=$SG_MAX_RUNNING_REQUESTS ;;
  bench) seqs=128 ;; # want "bench boots with --max-running-requests 128 where serve boots with 64" "bench passes --max-running-requests 128"
esac
exec docker run --rm --gpus all --entrypoint=python3 lmsysorg/sglang:v0.4.6 \
  -m sglang.launch_server --model-path "$SG_MODEL" --max-running-requests "$seqs"
