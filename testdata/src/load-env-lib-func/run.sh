#!/usr/bin/env bash
# run.sh MODE: the env file is loaded through the library's load_env.
set -Eeuo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib/common.sh"
load_env "$here/env/sglang.env"
base=(--model-path "$SG_MODEL" --port "$SG_PORT"
      --max-running-requests "$SG_MAX_RUNNING_REQUESTS"
      --chunked-prefill-size "$SG_CHUNKED_PREFILL_SIZE")
case "${1:-serve}" in
  serve) exec python3 -m sglang.launch_server "${base[@]}" ;;
  bench)
    exec python3 -m sglang.launch_server "${base[@]}" --max-running-requests 256 # want "bench passes a second --max-running-requests 256 that overrides the shared one; .*env/sglang.env:2 owns it as SG_MAX_RUNNING_REQUESTS=64" "bench boots with --max-running-requests 256 where serve boots with 64"
    ;;
esac
