#!/usr/bin/env bash
# Arithmetic on the owner: inside a quoted --flag=VALUE word (the message
# quotes the value, not the word), and through a mode-local variable (the
# message says so, and the fix deletes the assignment it leaves dead).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/sgl.env"

launch() {
  local seats=$1 chunk=$2
  shift 2
  exec python3 -m sglang.launch_server --model-path /models/m \
    --max-running-requests "$seats" --chunked-prefill-size "$chunk" "$@"
}

mode_serve() { launch "$AS_MAX_RUNNING_REQUESTS" "$AS_CHUNKED_PREFILL_SIZE"; }
mode_bench() {
  exec python3 -m sglang.launch_server --model-path /models/m \
    --max-running-requests "$AS_MAX_RUNNING_REQUESTS" \
    "--chunked-prefill-size=$((AS_CHUNKED_PREFILL_SIZE * 4))" # want "^bench passes --chunked-prefill-size \$\(\(AS_CHUNKED_PREFILL_SIZE \* 4\)\), arithmetic on its owner" "bench boots with --chunked-prefill-size 16384"
}
mode_bench2() {
  local seats2=$((AS_MAX_RUNNING_REQUESTS * 2))
  exec python3 -m sglang.launch_server --model-path /models/m \
    --max-running-requests "$seats2" \
    --chunked-prefill-size "$AS_CHUNKED_PREFILL_SIZE"
}
"mode_${1//-/_}"
# want@24 "^bench2 passes --max-running-requests \$\(\(AS_MAX_RUNNING_REQUESTS \* 2\)\) through the mode-local seats2=\$\(\(AS_MAX_RUNNING_REQUESTS \* 2\)\) \(line 22\), arithmetic on its owner" "bench2 boots with --max-running-requests 128"
