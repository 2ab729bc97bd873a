#!/usr/bin/env bash
# A mode passes arithmetic on the owner as an argument to a shared launcher:
# argvdrift points at the mode's arithmetic (as privateshape does, and as
# it does for a literal argument), not at the launcher's `chunk=$2` that
# every mode runs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/af.env"

launch() {
  local seats=$1 chunk=$2
  shift 2
  exec python3 -m sglang.launch_server --model-path /models/m \
    --max-running-requests "$seats" --chunked-prefill-size "$chunk" "$@"
}

mode_serve() { launch "$AF_MAX_RUNNING_REQUESTS" "$AF_CHUNKED_PREFILL_SIZE"; }
mode_kl() { launch "$AF_MAX_RUNNING_REQUESTS" "$((AF_CHUNKED_PREFILL_SIZE * 2))"; } # want "kl passes --chunked-prefill-size \"\$\(\(AF_CHUNKED_PREFILL_SIZE \* 2\)\)\" \(line 13\), arithmetic on its owner" "^kl boots with --chunked-prefill-size 8192 where serve boots with 4096"
mode_kl_ref() {
  local reqs=$((AF_MAX_RUNNING_REQUESTS / 2)) # want "kl-ref passes --max-running-requests \$\(\(AF_MAX_RUNNING_REQUESTS / 2\)\) \(line 13\), arithmetic on its owner" "kl-ref boots with --max-running-requests 32"
  launch "$reqs" "$AF_CHUNKED_PREFILL_SIZE"
}
mode_bench() { launch 256 "$AF_CHUNKED_PREFILL_SIZE"; } # want "bench passes --max-running-requests 256 through seats=\$1 \(line 10\) to --max-running-requests \(line 13\)" "bench boots with --max-running-requests 256"
"mode_${1//-/_}"
