#!/usr/bin/env bash
# serve.sh [prod|dev|canary]: the env/ files are the modes, the guard
# names none; prod, the default, is the proven one.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
mode=${1:-prod}
[[ -f "$here/env/$mode.env" ]] || { echo "no such mode: $mode" >&2; exit 2; }
. "$here/env/common.env"
. "$here/env/$mode.env"
exec vllm serve "$MODEL" --port "$PORT" --max-num-seqs "$MAX_NUM_SEQS" # want "canary boots with --max-num-seqs 512 where prod boots with 128; .*common.env:2 owns it"
