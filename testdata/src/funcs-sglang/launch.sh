#!/bin/bash
# SGLang launcher with one function per mode, dispatched by name.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
set -a
. "$here/launch.env"
set +a

MODE=${1:?usage: launch.sh serve|score-kl|batch-heavy}

start() {
  exec python3 -m sglang.launch_server --model-path "$SG_MODEL" --tp "$SG_TP" "$@"
}

mode_serve() {
  start --max-running-requests "$SG_MAX_RUNNING_REQUESTS" --chunked-prefill-size "$SG_CHUNKED_PREFILL_SIZE"
}

mode_score_kl() {
  local chunk=$SG_CHUNKED_PREFILL_SIZE
  start --max-running-requests "$SG_MAX_RUNNING_REQUESTS" --chunked-prefill-size "$chunk"
}

mode_batch_heavy() {
  start --max-running-requests "$((SG_MAX_RUNNING_REQUESTS * 4))" --chunked-prefill-size "$SG_CHUNKED_PREFILL_SIZE" # want "batch-heavy passes --max-running-requests .*SG_MAX_RUNNING_REQUESTS \* 4.*arithmetic on its owner" "batch-heavy boots with --max-running-requests 192 where serve boots with 48.*\(argvdrift\)"
}

"mode_${MODE//-/_}"
