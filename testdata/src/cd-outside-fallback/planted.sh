#!/bin/sh
# As run.sh, but eval halves the running requests: the drift shows once
# the modes evaluate (the env file read beside the script).
set -eu
cd /opt/serve 2>/dev/null || cd "$(dirname "$0")"
. ./sglang.env
running=$SGL_MAX_RUNNING
case "${1:-serve}" in
  serve) ;;
  eval) running=$((SGL_MAX_RUNNING / 2)) ;; # want "eval boots with --max-running-requests 32 where serve boots with 64" "eval passes --max-running-requests .*arithmetic on its owner"
  *) exit 2 ;;
esac
exec python3 -m sglang.launch_server --model-path "$SGL_MODEL" \
  --max-running-requests "$running" --chunked-prefill-size "$SGL_CHUNKED_PREFILL"
