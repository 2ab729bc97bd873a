#!/bin/sh
# On the serving host the files live in /opt/serve; elsewhere the script
# falls back to its own directory. The sandbox never reads /opt/serve (it
# is outside the linted tree), so ./sglang.env is read beside the script,
# where the static model reads it: both modes evaluate, at one shape.
set -eu
cd /opt/serve 2>/dev/null || cd "$(dirname "$0")"
. ./sglang.env
case "${1:-serve}" in
  serve) extra= ;;
  eval) extra=--disable-radix-cache ;;
  *) exit 2 ;;
esac
exec python3 -m sglang.launch_server --model-path "$SGL_MODEL" \
  --max-running-requests "$SGL_MAX_RUNNING" --chunked-prefill-size "$SGL_CHUNKED_PREFILL" $extra
